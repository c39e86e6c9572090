"""The stances mode's content: weapons, armour, abilities, wound descriptions, heroes and monsters from TOML."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from game.core.content import DATA, load_entries, require, require_entries
from game.core.rolls import DIE_SIZES

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
WOUND_KINDS = ("cut", "pierce", "crush", "bite")
ABILITY_EFFECTS = ("execute", "heal")

# The largest numbers the data may hold: beyond them the rules gain nothing (a reach past the largest map,
# 256 squares, reaches nothing more) and dice, moves and turns only cost more time.
MAX_REACH = 256
MAX_BONUS = 20
MAX_HIT_POINTS = 1000
MAX_USES = 100
MAX_HANDS = 10


def _within(value: int, low: int, high: int, what: str) -> None:
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}")


def _die(value: int, what: str) -> None:
    if value not in DIE_SIZES:
        raise ValueError(f"{what} must be one of d{', d'.join(map(str, DIE_SIZES))}, not {value}")


@dataclass(frozen=True)
class Weapon:
    """A weapon: the die it adds to attack rolls, its range in squares and its might stance bonus.

    ``push`` is how many squares a hit may push the target away (melee weapons only); ``kind``
    says what wounds it leaves.
    """

    id: str
    name: str
    die: int
    range: int
    might_bonus: int
    hands: int
    kind: Literal["cut", "pierce", "crush", "bite"]
    push: int = 0

    def __post_init__(self) -> None:
        _die(self.die, "die")
        _within(self.range, 1, MAX_REACH, "range")
        _within(self.might_bonus, 0, MAX_BONUS, "might_bonus")
        if self.hands not in (0, 1, 2):
            raise ValueError("hands must be 0, 1 or 2")
        _within(self.push, 0, MAX_BONUS, "push")
        if self.push < 0 or (self.push and self.range > 1):
            raise ValueError("push must be 0 or more, and only a melee weapon (range 1) pushes")


@dataclass(frozen=True)
class Armour:
    """Something worn or carried that adds its bonus to defence rolls."""

    id: str
    name: str
    bonus: int
    hands: int = 0

    def __post_init__(self) -> None:
        _within(self.bonus, 0, MAX_BONUS, "bonus")
        if self.hands not in (0, 1):
            raise ValueError("hands must be 0 or 1")


@dataclass(frozen=True)
class Ability:
    """A special ability: instant ones can be used during an engagement, the others only outside one."""

    id: str
    name: str
    effect: Literal["execute", "heal"]
    instant: bool
    uses: int
    die: int = 0  # the heal die
    range: int = 0  # how far a heal reaches, in squares

    def __post_init__(self) -> None:
        _within(self.uses, 1, MAX_USES, "uses")
        _within(self.range, 0, MAX_REACH, "range")
        if self.effect == "heal":
            _die(self.die, "die")
            if self.range < 1:
                raise ValueError("a heal needs a range of 1 or more")
            if self.instant:
                raise ValueError("a heal is not instant: it is used outside engagements")
        if self.effect == "execute" and not self.instant:
            raise ValueError("execute is used with an attack, so it must be instant")


@dataclass(frozen=True)
class WoundTable:
    """Plain descriptions of the wounds one kind of weapon leaves, as the GM would tell them."""

    id: str
    descriptions: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.descriptions:
            raise ValueError("descriptions must name at least one wound")


@dataclass(frozen=True)
class Fighter:
    """A hero or monster: heart die, the three ability dice, hit points, size, speed, hands and kit."""

    id: str
    name: str
    heart: int
    cunning: int
    agility: int
    might: int
    hit_points: int
    size: Literal["tiny", "small", "medium", "large", "huge", "gargantuan"]
    speed: int
    hands: int
    weapon: str
    armour: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    skills: dict[str, int] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for what in ("heart", "cunning", "agility", "might"):
            _die(getattr(self, what), what)
        for skill, die in self.skills.items():
            _die(die, f"skill {skill}")
        _within(self.hit_points, 1, MAX_HIT_POINTS, "hit_points")
        _within(self.speed, 0, MAX_REACH, "speed")
        _within(self.hands, 0, MAX_HANDS, "hands")


@dataclass(frozen=True)
class StancesContent:
    """Everything the stances mode loads from assets/data/stances."""

    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    abilities: dict[str, Ability]
    wounds: dict[str, WoundTable]
    heroes: dict[str, Fighter]
    monsters: dict[str, Fighter]

    def fighter(self, template: str) -> Fighter:
        """A hero or monster by id."""
        if template in self.heroes:
            return self.heroes[template]
        if template in self.monsters:
            return self.monsters[template]
        raise KeyError(f"unknown fighter {template!r}")


def load_content(folder: Path | None = None) -> StancesContent:
    """Read and cross-check the stances content (cached for the game's own folder)."""
    return _load(folder or DATA / "stances")


def read_content(folder: Path) -> StancesContent:
    """Read and cross-check the content of a data folder afresh, past the cache (checks of a changed folder)."""
    return _load.__wrapped__(folder)


@lru_cache(maxsize=4)
def _load(folder: Path) -> StancesContent:
    weapons = load_entries(folder / "weapons.toml", Weapon)
    armour = load_entries(folder / "armour.toml", Armour)
    abilities = load_entries(folder / "abilities.toml", Ability)
    wounds = load_entries(folder / "wounds.toml", WoundTable)
    heroes = load_entries(folder / "heroes.toml", Fighter)
    monsters = load_entries(folder / "monsters.toml", Fighter)
    require_entries(heroes, folder / "heroes.toml")
    require_entries(monsters, folder / "monsters.toml")
    for kind in WOUND_KINDS:
        require(kind in wounds, str(folder / "wounds.toml"), f"no descriptions for {kind} wounds")
    for file, fighters in (("heroes.toml", heroes), ("monsters.toml", monsters)):
        for fid, f in fighters.items():
            where = f"{folder / file}: [{fid}]"
            require(f.weapon in weapons, where, f"field 'weapon': unknown weapon {f.weapon!r}")
            for a in f.armour:
                require(a in armour, where, f"field 'armour': unknown armour {a!r}")
            for a in f.abilities:
                require(a in abilities, where, f"field 'abilities': unknown ability {a!r}")
            held = weapons[f.weapon].hands + sum(armour[a].hands for a in f.armour)
            require(held <= f.hands, where, f"needs {held} hands for its weapon and armour but has {f.hands}")
    clash = sorted(set(heroes) & set(monsters))
    require(not clash, str(folder), f"{clash[0] if clash else ''} is both a hero and a monster")
    return StancesContent(weapons, armour, abilities, wounds, heroes, monsters)
