"""What a character does in a round (its plan), the GM side's declarations, and the actions that carry them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, cast

from game.core.events import Action, action_from_plain

# The seven steps of a round, in order (text 002, "Sequence of Actions").
STEPS = ("Defend or Protect", "Shoot or Throw", "Focus or Impede", "Move", "Attack, Assist or Aimed shot", "Push",
         "Focused actions")
ACTS = ("defend", "protect", "shoot", "aim", "focus", "impede", "move", "attack", "assist", "push", "wait", "break")
# Ruling arenas-break: breaking a flimsy wall is an attack on the wall, taken in step 5.
STEP_OF = {"defend": 1, "protect": 1, "shoot": 2, "aim": 2, "focus": 3, "impede": 3, "move": 4, "attack": 5,
           "assist": 5, "push": 6, "wait": 0, "break": 5}
SHOWN = ("all", "step", "secret", "bluff")  # what the GM side tells of a monster's tactics
PARRIES = ("", "plus2", "lowest", "daring")

Act = Literal["defend", "protect", "shoot", "aim", "focus", "impede", "move", "attack", "assist", "push", "wait",
              "break"]


@dataclass(frozen=True)
class Plan:
    """One character's action for the round and what it is aimed at.

    ``target`` a character (or the friend protected, the ally assisted or healed), ``arena`` where a Move or a
    Push goes (or the flimsy wall a Break breaks), ``targets`` those pushed, ``extra`` an Awesome point spent (one
    arena further on a Move; on an Assist, to attack ``foe`` independently instead when the ally does not attack),
    ``parry`` the once-a-round use of a parrying weapon (``foe`` the one whose attack roll takes the Daring
    penalty), ``ability`` a focus.
    """

    act: Act
    target: str = ""
    arena: str = ""
    targets: tuple[str, ...] = ()
    extra: bool = False
    parry: str = ""
    foe: str = ""
    ability: str = ""

    @property
    def step(self) -> int:
        """The step of the round its action is taken in (0: it does nothing)."""
        return STEP_OF[self.act]


@dataclass(frozen=True)
class Declaration:
    """What the GM side said of a monster's tactics, and its true plan: ``shown`` all of it, only its ``step``,
    nothing (``secret``, paid for), or a ``bluff`` showing the ``apparent`` plan (paid to the heroes affected)."""

    plan: Plan
    shown: str
    apparent: Plan | None = None

    def told(self) -> Plan | None:
        """The plan the heroes are told of: the true one, the apparent one, or None when secret."""
        if self.shown == "secret":
            return None
        if self.shown == "bluff":
            return self.apparent
        return self.plan


@dataclass(frozen=True)
class Declare(Action):
    """The GM side declares one monster's tactics (its true plan, and what is shown of it)."""

    secret: ClassVar[bool] = True

    cid: str
    act: str
    target: str = ""
    arena: str = ""
    targets: tuple[str, ...] = ()
    extra: bool = False
    parry: str = ""
    foe: str = ""
    ability: str = ""
    shown: str = "all"
    apparent: str = ""  # for a bluff: the act shown instead (its step)

    @property
    def plan(self) -> Plan:
        """The monster's true plan."""
        return _plan(self)


@dataclass(frozen=True)
class Choose(Action):
    """A hero's plan for the round, sealed until the steps play out."""

    secret: ClassVar[bool] = True

    cid: str
    act: str
    target: str = ""
    arena: str = ""
    targets: tuple[str, ...] = ()
    extra: bool = False
    parry: str = ""
    foe: str = ""
    ability: str = ""

    @property
    def plan(self) -> Plan:
        """The hero's plan."""
        return _plan(self)


@dataclass(frozen=True)
class Suggest(Action):
    """A hero, while choosing, suggests drawing in a possible arena next to its own (no action of the seven)."""

    cid: str
    arena: str


@dataclass(frozen=True)
class DrawIn(Action):
    """The game master's answer to a suggestion: draw the arena in, or not."""

    arena: str
    drawn: bool


def _plan(action: Declare | Choose) -> Plan:
    if action.act not in ACTS:
        raise ValueError(f"no action {action.act!r}")
    return Plan(cast(Act, action.act), action.target, action.arena, tuple(action.targets), action.extra,
                action.parry, action.foe, action.ability)


def choose(cid: str, plan: Plan) -> Choose:
    """The action choosing a plan for a hero."""
    return Choose(cid, plan.act, plan.target, plan.arena, plan.targets, plan.extra, plan.parry, plan.foe,
                  plan.ability)


def declare(cid: str, plan: Plan, shown: str = "all", apparent: str = "") -> Declare:
    """The action declaring a monster's plan."""
    return Declare(cid, plan.act, plan.target, plan.arena, plan.targets, plan.extra, plan.parry, plan.foe,
                   plan.ability, shown, apparent)


def action_from_dict(data: dict[str, Any]) -> Action:
    """An arenas action back from its saved form."""
    return action_from_plain({"Declare": Declare, "Choose": Choose, "Suggest": Suggest, "DrawIn": DrawIn}, data)
