"""What one seat may know of an arenas match: every character and arena, the GM side's declarations as told,
and its own sealed plans; never another seat's sealed plan or a monster's secret or bluffed tactics."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core.battlefield import Battlefield, Square
from game.core.mode import Outcome, Pending
from game.modes.arenas.arenas import FAVOUR_WORDS
from game.modes.arenas.plans import STEP_OF, Plan


@dataclass(frozen=True)
class FighterView:
    """One character as every seat knows it (text 002 hides nothing on the battlefield but plans)."""

    cid: str
    name: str
    template: str
    side: str
    hero: bool
    arena: str
    square: Square | None
    wounds: int
    marked: tuple[int, ...]
    members: int
    status: str
    awesome: int
    controlled: bool
    brawn: int
    cunning: int
    daring: int
    commitment: int
    awareness: int
    weapon: str
    weapon_type: str
    ranged: str
    armour: int
    cornered: bool
    pushed: bool
    ranged_type: str = ""

    @property
    def weapon_types(self) -> tuple[str, ...]:
        """The types of its weapons, the main one first."""
        return (self.weapon_type, self.ranged_type) if self.ranged_type else (self.weapon_type,)

    @property
    def able(self) -> bool:
        """Whether it can still fight."""
        return self.status == "up" and self.members > 0


@dataclass(frozen=True)
class ArenaView:
    """One arena: its name, kind now, the weapon it favours, its squares and its neighbours."""

    name: str
    kind: str
    favours: str
    squares: tuple[Square, ...]
    neighbours: tuple[str, ...]
    rubble: bool = False  # the rubble-strewn hole of a broken wall


@dataclass(frozen=True)
class WallView:
    """A flimsy wall still standing: its squares, the map's rubble kind ("" for the game master's choice), and the
    arenas beside it, whose characters may try to break it."""

    name: str
    squares: tuple[Square, ...]
    rubble: str
    beside: tuple[str, ...]


@dataclass(frozen=True)
class Told:
    """What the GM side told of one monster's tactics this round: all (``plan``), only the ``step``, or secret."""

    cid: str
    shown: str
    step: int
    plan: str


@dataclass(frozen=True)
class ArenasView:
    """One seat's view of the match."""

    seat: str
    round: int
    phase: str
    battlefield: Battlefield
    fighters: tuple[FighterView, ...]
    arenas: tuple[ArenaView, ...]
    gm_awesome: int
    told: tuple[Told, ...]
    own_plans: tuple[tuple[str, str], ...]  # this seat's sealed plans (cid, words), or its monsters' true plans
    chosen: tuple[str, ...]  # who has chosen this round
    chances: tuple[tuple[Plan, Fraction], ...]  # the exact chance to hit of each attack open to the one choosing
    decision: Pending | None
    outcome: Outcome | None
    walls: tuple[WallView, ...] = ()  # flimsy walls still standing
    possible: tuple[ArenaView, ...] = ()  # possible arenas not drawn in (their neighbours left empty)
    asking: tuple[str, str] | None = None  # (hero, possible arena) the game master is answering

    @property
    def members(self) -> tuple[FighterView, ...]:
        """Every character, as the SeatView protocol names them."""
        return self.fighters

    @property
    def pending(self) -> Pending | None:
        """The decision the match waits for."""
        return self.decision

    def fighter(self, cid: str) -> FighterView | None:
        """A character by id."""
        return next((f for f in self.fighters if f.cid == cid), None)

    def arena(self, name: str) -> ArenaView | None:
        """An arena by name."""
        return next((a for a in self.arenas if a.name == name), None)

    def chance(self, plan: Plan) -> Fraction | None:
        """The exact chance to hit of an attack plan (or to break a wall), or None for a plan that rolls nothing."""
        return next((c for p, c in self.chances if p == plan), None)

    def step_of(self, plan: Plan) -> int:
        """The step of the round a plan is taken in."""
        return STEP_OF[plan.act]


def favour_words(kind: str) -> str:
    """What an arena kind favours, in words."""
    return FAVOUR_WORDS[kind]
