"""The grid mode's esper components, besides the Position every mode shares: small dataclasses without behaviour."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battlefield import Square

STANDING, PRONE, UNCONSCIOUS, DEAD = "standing", "prone", "unconscious", "dead"


@dataclass
class Combatant:
    """Who a combatant is: stable id, template, name, side."""

    cid: str
    template: str
    name: str
    side: str
    hero: bool


@dataclass
class Ranks:
    """Base Trait and Skill ranks, before gear."""

    base: dict[str, int]


@dataclass
class Health:
    """Damage score, Wounds score and state (standing, prone, unconscious, dead)."""

    damage: int = 0
    wounds: int = 0
    state: str = STANDING


@dataclass
class TurnScores:
    """Movement points, Senses and Hidden, whether the turn's action is spent, and where moves were stopped."""

    movement: int = 0
    senses: int = 0
    hidden: int = 0
    acted: bool = False
    # Squares where an unseen combatant stopped a move this turn: the mover knows they are taken
    # (ruling grid-move-knowledge).
    bumped: set[Square] = field(default_factory=set)


@dataclass
class Gear:
    """Items carried, and which of them are equipped."""

    carried: list[str] = field(default_factory=list)
    equipped: list[str] = field(default_factory=list)


@dataclass
class Traits:
    """Keywords, action cards and innate damage resistance of a combatant."""

    keywords: frozenset[str]
    actions: tuple[str, ...]
    resistance: dict[str, int]
    role: str = ""


@dataclass
class ConditionState:
    """A condition on a combatant, as its own entity: which, its rank, where it came from."""

    bearer: int
    condition: str
    rank: int
    source: str


INNATE = "innate"  # the source of an aura a combatant's template gives it


@dataclass
class AuraState:
    """An aura borne by a combatant, as its own entity."""

    bearer: int
    aura: str
    source: str


@dataclass
class Pile:
    """A pile of treasure lying on a square."""

    square: Square
    items: list[str]
