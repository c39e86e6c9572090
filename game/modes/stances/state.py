"""The state of one stances match besides the esper world: content, map, dice, round, priority, engagement."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.core.battlefield import Battlefield, Square
from game.core.dice import Dice
from game.core.events import Action
from game.core.flow import ActionTrack, DecisionQueue, ResponseWindow
from game.core.fov import SightMap
from game.core.mode import Outcome
from game.core.roster import Roster
from game.core.secret import SealedChoices
from game.modes.stances.components import DEAD, UP, Fighter, Vitals
from game.modes.stances.content import StancesContent

STANCES = ("cunning", "agility", "might", "defensive")
ATTACKING = ("cunning", "agility", "might")  # the order attacks resolve in
BEATS = {"cunning": "agility", "agility": "might", "might": "cunning"}
# The steps of an engagement once the stances are revealed: attacks in stance order, agility's sidesteps between
# its attacks made first and those made after moving, the offensive actions last.
STEPS = ("cunning", "agility", "sidestep", "agility-after", "might", "offensive")


@dataclass
class Hit:
    """Damage on its way to a fighter, waiting for the fighter's choice to shrug it off or not."""

    target: str
    amount: int
    attacker: str
    kind: str  # the kind of wound it would leave (cut, pierce, crush, bite)
    push: int = 0  # squares the attacker chose to push the target, once the damage is dealt
    origin: Square | None = None  # where the attacker struck from: a push goes straight away from it


def _steps() -> ActionTrack[str]:
    return ActionTrack(highest_first=False, steps=STEPS)


@dataclass
class Engagement:
    """One engagement from its start to its end: who is in it, the stances, and where resolution stands.

    It runs on the shared turn structures (game.core.flow): the sides answer in turn whether more join
    (``joining``) until both in a row decline; the stances are sealed choices (``stances``); the steps after
    the reveal are a track taken off first step first (``steps``); a fighter's choice about damage or falling
    is a decision queued before everything else (``decisions``); each stance's declarations are sealed too.
    """

    initiator: str
    target: str
    initiator_side: str
    targeted_side: str
    participants: list[str]
    joining: ResponseWindow[str]  # the sides in turn, the initiator's first; an answer is a fighter joining
    passed_seats: set[str] = field(default_factory=set)  # seats of the side asked that chose to stay out
    stances: SealedChoices[str] | None = None
    revealed: dict[str, str | None] = field(default_factory=dict)
    steps: ActionTrack[str] = field(default_factory=_steps)  # queued at the reveal, one entry per step
    decisions: DecisionQueue[str] = field(default_factory=DecisionQueue)  # "damage" and "fall", by fighter id
    declaring: SealedChoices[Action] | None = None
    declared: tuple[tuple[str, Action], ...] = ()  # the last declarations revealed
    holders: list[str] = field(default_factory=list)  # agility fighters that sidestep before attacking
    movers: list[str] = field(default_factory=list)  # agility fighters still to choose whether to sidestep
    move_side: str = ""  # the side whose agility fighter sidesteps next
    offensives: list[Action] = field(default_factory=list)  # grapples and climbs, resolved after all attacks
    hits: list[Hit] = field(default_factory=list)
    pushes: list[tuple[str, str, Square, int]] = field(default_factory=list)  # (target, attacker, from, squares)
    resolving: bool = False  # the current stage's declarations are revealed and being resolved
    # Agility's attacks made before moving, with the square each was made from: rolled with the attacks made
    # after the sidesteps, and all of agility's damage dealt together (ruling stances-agility-together).
    early: list[tuple[Action, Square | None]] = field(default_factory=list)
    stepped: list[str] = field(default_factory=list)  # fighters that sidestepped first and then moved
    out_of_reach: list[str] = field(default_factory=list)  # pushed beyond everyone's reach (stances-out-of-reach)

    @property
    def stage(self) -> str:
        """Where the engagement stands: joining, stances, or the step under way (one of STEPS)."""
        if not self.joining.closed:
            return "joining"
        if self.stances is None or not self.stances.revealed:
            return "stances"
        step = self.steps.peek()
        assert step is not None, "an engagement whose steps are all taken has ended"
        return self.steps.step_name(step)


@dataclass
class StancesState(Roster[Fighter]):
    """Everything the rules read besides components; the esper world is switched to by the mode."""

    content: StancesContent
    battlefield: Battlefield
    dice: Dice
    sight: SightMap
    round: int = 0
    first_side: str = "heroes"  # the side with priority when the fight begins
    round_side: str = "heroes"  # the side that had priority first this round
    priority: str = "heroes"
    passes: int = 0  # sides that passed one after the other
    passed_seats: set[str] = field(default_factory=set)
    engagement: Engagement | None = None
    outcome: Outcome | None = None
    max_rounds: int | None = None
    legacy_ties: bool = False  # set up and dashed as before the second save format (game.core.mode.LEGACY_TIES)
    legacy_pushes: bool = False  # blocked pushes unlogged, as before the fifth (game.core.mode.LEGACY_PUSHES)
    legacy_rules: bool = False  # the rules as before the sixth save format (game.core.mode.LEGACY_STANCES_RULES)
    sides: tuple[str, str] = ("heroes", "monsters")
    view_cache: dict[str, dict] = field(default_factory=dict)  # what views show of a fighter that never changes

    def other(self, side: str) -> str:
        """The opposing side."""
        return self.sides[1] if side == self.sides[0] else self.sides[0]


def who(ent: int) -> Fighter:
    """The Fighter component of an entity."""
    return esper.component_for_entity(ent, Fighter)


def is_up(ent: int) -> bool:
    """Alive and conscious: able to fight (hit points at zero or fewer do not stop a fighter who stays awake)."""
    return esper.component_for_entity(ent, Vitals).state == UP


def is_dead(ent: int) -> bool:
    """Whether the fighter has died."""
    return esper.component_for_entity(ent, Vitals).state == DEAD
