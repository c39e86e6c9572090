"""The arenas mode's content: weapons, armour, abilities, heroes and monsters from TOML, checked on load."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from game.core.content import DATA, load_entries, require, require_entries

MELEE = ("light", "medium", "heavy", "very_heavy", "reach", "hand")
BOWS = ("short_bow", "long_bow", "sling")
RANGED = (*BOWS, "crossbow", "thrown")
WEAPON_TYPES = (*MELEE, *RANGED, "shield")
# Ruling arenas-attack-dice: the d10s a weapon rolls to hit. Text 002: with a parrying weapon "roll 1d10 to hit
# with a light or heavy weapon and 2d10 with a medium weapon", one fewer than without it.
ATTACK_DICE = {"light": 2, "medium": 3, "heavy": 2, "very_heavy": 2, "reach": 2, "hand": 2, "short_bow": 2,
               "long_bow": 2, "sling": 2, "crossbow": 2, "thrown": 2, "shield": 1}
PARRIES_WITH = ("light", "hand", "heavy")  # "can be used only with a light, hand, or heavy weapon"
PARRYING = ("light", "medium", "shield")  # "A parrying weapon must be a light or medium weapon, or a shield"
MAX_ATTRIBUTE = 10
MAX_WOUNDS = 20
MAX_MINIONS = 8
MAX_DIE = 20


def _within(value: int, low: int, high: int, what: str) -> None:
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")


@dataclass(frozen=True)
class Weapon:
    """A weapon: its type, and the dice it rolls for damage (each die marks the wound of its number)."""

    id: str
    name: str
    type: Literal["light", "medium", "heavy", "very_heavy", "reach", "hand", "short_bow", "long_bow", "sling",
                  "crossbow", "thrown", "shield"]
    damage: tuple[int, ...]
    parrying: bool = False

    def __post_init__(self) -> None:
        if not self.damage and self.type != "shield":
            raise ValueError("damage must list at least one die")
        for die in self.damage:
            _within(die, 2, MAX_DIE, "a damage die")
        if self.parrying and self.type not in PARRYING:
            raise ValueError("a parrying weapon must be a light or medium weapon, or a shield")

    @property
    def ranged(self) -> bool:
        """Whether it shoots or is thrown."""
        return self.type in RANGED


@dataclass(frozen=True)
class Armour:
    """Armour: what it adds to the number an attack must reach to hit its wearer."""

    id: str
    name: str
    bonus: int

    def __post_init__(self) -> None:
        _within(self.bonus, 0, 5, "bonus")


@dataclass(frozen=True)
class Ability:
    """An ability used as a Focus action: it goes off in step 7 if the focuser is still unwounded."""

    id: str
    name: str
    effect: Literal["heal", "strike"]
    healing: bool = False  # a Healing ability stops bleeding out


@dataclass(frozen=True)
class Character:
    """A hero or monster: the five attributes, its numbered wounds, its weapons and what it can do."""

    id: str
    name: str
    brawn: int
    cunning: int
    daring: int
    commitment: int
    awareness: int
    wounds: int
    weapon: str  # the main weapon, used in melee (or the only one)
    ranged: str = ""  # a weapon to shoot or throw with in step 2
    offhand: str = ""  # a shield or parrying weapon in the other hand
    armour: str = ""
    awesome: int = 0  # Awesome points it starts with (the game-master side has its own pool)
    minions: int = 1  # more than 1: a group of minions that act and roll as one
    abilities: tuple[str, ...] = ()
    hands: int = 2
    notes: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        for what in ("brawn", "cunning", "daring", "commitment", "awareness"):
            _within(getattr(self, what), 0, MAX_ATTRIBUTE, what)
        _within(self.wounds, 2, MAX_WOUNDS, "wounds")
        _within(self.awesome, 0, 10, "awesome")
        _within(self.minions, 1, MAX_MINIONS, "minions")


@dataclass(frozen=True)
class ArenasContent:
    """Everything the arenas mode loads from assets/data/arenas."""

    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    abilities: dict[str, Ability]
    heroes: dict[str, Character]
    monsters: dict[str, Character]

    def character(self, template: str) -> Character:
        """A hero or monster by id."""
        found = self.heroes.get(template) or self.monsters.get(template)
        if found is None:
            raise KeyError(f"unknown character {template!r}")
        return found


def load_content(folder: Path | None = None) -> ArenasContent:
    """Read and cross-check the arenas content (cached for each folder)."""
    return _load(folder or DATA / "arenas")


def read_content(folder: Path) -> ArenasContent:
    """Read and cross-check the content of a data folder afresh, past the cache (checks of a changed folder)."""
    return _load.__wrapped__(folder)


@lru_cache(maxsize=4)
def _load(folder: Path) -> ArenasContent:
    weapons = load_entries(folder / "weapons.toml", Weapon)
    armour = load_entries(folder / "armour.toml", Armour)
    abilities = load_entries(folder / "abilities.toml", Ability)
    heroes = load_entries(folder / "heroes.toml", Character)
    monsters = load_entries(folder / "monsters.toml", Character)
    require_entries(heroes, folder / "heroes.toml")
    require_entries(monsters, folder / "monsters.toml")
    for file, characters in (("heroes.toml", heroes), ("monsters.toml", monsters)):
        for cid, c in characters.items():
            _check_character(f"{folder / file}: [{cid}]", c, weapons, armour, abilities)
    clash = sorted(set(heroes) & set(monsters))
    require(not clash, str(folder), f"{clash[0] if clash else ''} is both a hero and a monster")
    return ArenasContent(weapons, armour, abilities, heroes, monsters)


def _check_character(where: str, c: Character, weapons: dict[str, Weapon], armour: dict[str, Armour],
                     abilities: dict[str, Ability]) -> None:
    require(c.weapon in weapons, where, f"field 'weapon': unknown weapon {c.weapon!r}")
    main = weapons[c.weapon]
    require(main.type in MELEE, where, f"field 'weapon': the main weapon is a melee weapon, not a {main.type}")
    if c.ranged:
        require(c.ranged in weapons and weapons[c.ranged].ranged, where,
                f"field 'ranged': {c.ranged!r} is no bow, sling, crossbow or thrown weapon")
    if c.offhand:
        require(c.offhand in weapons, where, f"field 'offhand': unknown weapon {c.offhand!r}")
        off = weapons[c.offhand]
        require(off.type == "shield" or off.parrying, where,
                f"field 'offhand': {c.offhand!r} is neither a shield nor a parrying weapon")
        require(main.type != "very_heavy", where, "field 'offhand': a very heavy main weapon needs both hands")
    if c.armour:
        require(c.armour in armour, where, f"field 'armour': unknown armour {c.armour!r}")
    for a in c.abilities:
        require(a in abilities, where, f"field 'abilities': unknown ability {a!r}")
