"""The beats mode's content: heroes, foes, tools, specials and locations from assets/data/beats, validated."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.core.content import DATA, load_entries, require, require_entries, require_within
from game.core.errors import ContentError
from game.modes.beats.dice import LADDER, TRAITS

FOLDER = DATA / "beats"
MAX_SPARKS = 5  # no combatant of ours carries more; a file asking more is a mistake
MAX_TOOLS = 6


@dataclass(frozen=True)
class Tool:
    """A tool: rolled as a d8 for the trait it serves while held; ``hurts`` says how an attack with it wounds."""

    id: str
    name: str
    trait: str
    hurts: str


@dataclass(frozen=True)
class Special:
    """A special a combatant may activate once a fight: its die is rolled and added to the die presented."""

    id: str
    name: str
    die: int


@dataclass(frozen=True)
class Fighter:
    """A hero or a foe: three trait dice, the tools it starts with, its specials and its sparks."""

    id: str
    name: str
    brawn: int
    finesse: int
    wits: int
    sparks: int
    unarmed: str  # how its attacks wound without a tool: "Punched in Jaw"
    tools: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()

    def traits(self) -> dict[str, int]:
        """Each trait's die size, by trait name."""
        return {"brawn": self.brawn, "finesse": self.finesse, "wits": self.wits}


@dataclass(frozen=True)
class Location:
    """Where a fight happens: the Elements die the GM rolls against first aid, and the tools lying about."""

    id: str
    name: str
    elements: int
    tools: tuple[str, ...] = ()


@dataclass(frozen=True)
class BeatsContent:
    """Everything the beats mode fields."""

    tools: dict[str, Tool]
    specials: dict[str, Special]
    heroes: dict[str, Fighter]
    foes: dict[str, Fighter]
    locations: dict[str, Location]


def _die(value: int, where: str, field: str) -> None:
    require(value in LADDER, where, f"field '{field}' must be one of {', '.join(str(s) for s in LADDER)} "
            f"(the sides of a die), not {value}")


def _fighters(path: Path, tools: dict[str, Tool], specials: dict[str, Special]) -> dict[str, Fighter]:
    entries = load_entries(path, Fighter)
    require_entries(entries, path)
    for key, fighter in entries.items():
        where = f"{path}: [{key}]"
        for trait in TRAITS:
            _die(getattr(fighter, trait), where, trait)
        require_within(fighter.sparks, 0, MAX_SPARKS, where, "sparks")
        require(len(fighter.tools) <= MAX_TOOLS, where, f"field 'tools' names more than {MAX_TOOLS} tools")
        for tool in fighter.tools:
            require(tool in tools, where, f"field 'tools' names an unknown tool '{tool}' "
                    f"(known: {', '.join(sorted(tools))})")
        for special in fighter.specials:
            require(special in specials, where, f"field 'specials' names an unknown special '{special}' "
                    f"(known: {', '.join(sorted(specials))})")
        require(bool(fighter.unarmed.strip()), where, "field 'unarmed' is empty")
    return entries


def load_from(folder: Path) -> BeatsContent:
    """Read and check every file of the folder; ContentError names the file, the entry and the field."""
    tools = load_entries(folder / "tools.toml", Tool)
    for key, tool in tools.items():
        where = f"{folder / 'tools.toml'}: [{key}]"
        require(tool.trait in TRAITS, where, f"field 'trait' must be one of {', '.join(TRAITS)}, not '{tool.trait}'")
        require(bool(tool.hurts.strip()), where, "field 'hurts' is empty")
    specials = load_entries(folder / "specials.toml", Special)
    for key, special in specials.items():
        _die(special.die, f"{folder / 'specials.toml'}: [{key}]", "die")
    heroes = _fighters(folder / "heroes.toml", tools, specials)
    foes = _fighters(folder / "foes.toml", tools, specials)
    locations = load_entries(folder / "locations.toml", Location)
    require_entries(locations, folder / "locations.toml")
    for key, location in locations.items():
        where = f"{folder / 'locations.toml'}: [{key}]"
        _die(location.elements, where, "elements")
        for name in location.tools:
            require(name in tools, where, f"field 'tools' names an unknown tool '{name}'")
    clash = sorted(set(heroes) & set(foes))
    if clash:
        raise ContentError(f"{folder / 'foes.toml'}: [{clash[0]}]: a hero has the same id")
    return BeatsContent(tools, specials, heroes, foes, locations)


@cache
def load_content() -> BeatsContent:
    """The game's own beats content (read once)."""
    return load_from(FOLDER)
