"""The stances mode's esper components, besides the Position every mode shares: small dataclasses without behaviour."""

from __future__ import annotations

from dataclasses import dataclass, field

UP, UNCONSCIOUS, DEAD = "up", "unconscious", "dead"


@dataclass
class Fighter:
    """Who a fighter is: stable id, template, name, side."""

    cid: str
    template: str
    name: str
    side: str
    hero: bool


@dataclass
class Wound:
    """Serious bodily harm: the GM's plain description and its rank (the damage taken)."""

    description: str
    rank: int
    treated: bool = False


@dataclass
class Vitals:
    """Hit points against the normal maximum, the heart die, wounds and whether the fighter is up.

    ``down_since`` is the round in which the hit points last reached zero or fewer while the
    fighter stayed awake: the clock of "you fall unconscious anyway after 10 minutes".
    """

    hit_points: int
    maximum: int
    heart: int
    wounds: list[Wound] = field(default_factory=list)
    state: str = UP
    down_since: int | None = None


@dataclass
class AbilityDice:
    """The die of each attacking stance's ability, and the skill dice (medicine)."""

    cunning: int
    agility: int
    might: int
    skills: dict[str, int] = field(default_factory=dict)


@dataclass
class Kit:
    """What a fighter fights with and how it moves: weapon, armour, size, speed, hands, abilities."""

    weapon: str
    armour: tuple[str, ...]
    size: str
    speed: int
    hands: int
    abilities: tuple[str, ...]
    uses: dict[str, int] = field(default_factory=dict)  # uses left this fight, per ability


@dataclass
class RoundUse:
    """What a fighter has spent this round: its dash, its action, and the advantage Help gave it."""

    moved: bool = False
    acted: bool = False
    helped: int = 0  # levels of advantage on its next attack roll or check this round


@dataclass
class Holds:
    """Grapples and climbs: whom this fighter grapples (and with how many hands), climbs, or is grappled by."""

    grappling: str | None = None
    grapple_hands: int = 0
    grappled_by: str | None = None
    climbing: str | None = None
