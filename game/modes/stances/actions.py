"""The stances mode's actions: what a seat asks one of its fighters (or its side) to do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.battlefield import Square
from game.core.events import Action, action_from_plain

# -- with priority, outside engagements ---------------------------------------------------------


@dataclass(frozen=True)
class Dash(Action):
    """Move a fighter up to its speed (its one dash this round)."""

    cid: str
    to: Square


@dataclass(frozen=True)
class Engage(Action):
    """Enter an engagement against an enemy within the fighter's weapon range (its action this round)."""

    cid: str
    target: str


@dataclass(frozen=True)
class Help(Action):
    """Help an ally: one level of advantage on its next attack roll or check this round (an action)."""

    cid: str
    ally: str


@dataclass(frozen=True)
class UseAbility(Action):
    """Use an ability that is not instant (a heal) on a fighter in its range (an action)."""

    cid: str
    ability: str
    target: str


@dataclass(frozen=True)
class TreatWounds(Action):
    """Make a medicine check to treat every untreated wound of an adjacent fighter or oneself (an action)."""

    cid: str
    target: str


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing more with this priority: it passes to the other side."""


# -- joining an engagement ----------------------------------------------------------------------


@dataclass(frozen=True)
class Join(Action):
    """Join the engagement that has started (the fighter's action this round)."""

    cid: str


@dataclass(frozen=True)
class StayOut(Action):
    """Let no more of the side's fighters join the engagement for now."""


# -- inside an engagement -----------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseStance(Action):
    """Pick a fighter's stance in secret: cunning, agility, might or defensive."""

    secret: ClassVar[bool] = True

    cid: str
    stance: str


@dataclass(frozen=True)
class Attack(Action):
    """Attack one creature whose stance the fighter's stance beats (or ties), in range of its weapon."""

    cid: str
    target: str
    push: bool = False
    execute: bool = False


@dataclass(frozen=True)
class Grapple(Action):
    """Instead of attacking a creature whose stance it directly beats, grapple it with one or two hands."""

    cid: str
    target: str
    hands: int


@dataclass(frozen=True)
class Climb(Action):
    """Instead of attacking a larger creature whose stance it directly beats, climb onto it."""

    cid: str
    target: str


@dataclass(frozen=True)
class SidestepFirst(Action):
    """Agility: sidestep first and choose whom to attack after moving."""

    cid: str


@dataclass(frozen=True)
class Forgo(Action):
    """Make no attack in this engagement."""

    cid: str


@dataclass(frozen=True)
class Sidestep(Action):
    """Agility: take the free sidestep to an adjacent open square."""

    cid: str
    to: Square


@dataclass(frozen=True)
class StayPut(Action):
    """Agility: do not take the sidestep."""

    cid: str


# -- taking damage ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShrugOff(Action):
    """Take half the damage (rounding up) and let the heart die fall one size."""

    cid: str


@dataclass(frozen=True)
class TakeDamage(Action):
    """Take the full damage and keep the heart die."""

    cid: str


@dataclass(frozen=True)
class GoUnconscious(Action):
    """At zero hit points or fewer, choose to go unconscious now."""

    cid: str


@dataclass(frozen=True)
class KeepFighting(Action):
    """At zero hit points or fewer, stay awake for now."""

    cid: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Dash, Engage, Help, UseAbility, TreatWounds, Pass, Join, StayOut, ChooseStance, Attack, Grapple,
                Climb, SidestepFirst, Forgo, Sidestep, StayPut, ShrugOff, TakeDamage, GoUnconscious, KeepFighting)
}
DECLARATIONS = (Attack, Grapple, Climb, SidestepFirst, Forgo)
"""What a fighter declares, sealed, when its stance's turn to attack comes."""


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from ``Action.to_dict()``."""
    return action_from_plain(ACTION_TYPES, data)
