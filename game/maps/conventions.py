"""What a map maker writes in Tiled to mark terrain and markers (docs/maps.md lists the same)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from game.core.content import entry_key

# Terrain kinds, in the order the battlefield resolves overlaps: a wall wins over everything.
WALL, IMPASSABLE, OBSTRUCTED, OPAQUE = "wall", "impassable", "obstructed", "opaque"
TERRAIN_KINDS = (WALL, IMPASSABLE, OBSTRUCTED, OPAQUE)

# A tile (its own or its tileset's properties), a layer or a tile object with one of these set to true.
TERRAIN_PROPERTIES: dict[str, frozenset[str]] = {
    WALL: frozenset({"wall", "collides", "collision", "collidable", "solid", "blocked", "block", "obstacle"}),
    IMPASSABLE: frozenset({"impassable", "water"}),
    OBSTRUCTED: frozenset({"obstructed"}),
    OPAQUE: frozenset({"opaque"}),
}

# Every non-empty tile of a tile layer so named, and every shape on an object layer so named.
TERRAIN_LAYER_NAMES: dict[str, frozenset[str]] = {
    WALL: frozenset({"walls", "wall", "collision", "collisions", "obstacles"}),
    IMPASSABLE: frozenset({"impassable", "water"}),
    OBSTRUCTED: frozenset({"obstructed", "difficult"}),
    OPAQUE: frozenset({"opaque"}),
}

# Objects of these types (Tiled's "type" or "class") cover terrain of that kind on any object layer.
TERRAIN_OBJECT_TYPES: dict[str, frozenset[str]] = {
    WALL: frozenset({"wall"}),
    IMPASSABLE: frozenset({"impassable", "water"}),
    OBSTRUCTED: frozenset({"obstructed"}),
    OPAQUE: frozenset({"opaque"}),
}
WALL_TYPE_PREFIX = "collision"

HERO_SPAWN, MONSTER_SPAWN, TREASURE, ARENA, TOOL = "hero_spawn", "monster_spawn", "treasure", "arena", "tool"
MARKER_TYPES = frozenset({HERO_SPAWN, MONSTER_SPAWN, TREASURE, ARENA, TOOL})
ARENA_KINDS = ("tight", "hazardous", "open", "dense", "neutral")

# The property each marker type reads, and what a warning calls what it holds.
MONSTER, ITEM, KIND = "monster", "item", "kind"
READ_PROPERTIES: dict[str, str] = {MONSTER_SPAWN: MONSTER, TREASURE: ITEM, ARENA: KIND}
HELD = {MONSTER: "name monsters", ITEM: "hold items", KIND: "have an arena kind"}

# What becomes of a monster spawn that names no monster the game knows: the grid and stances modes
# take the monsters the spawns name (else a band of their own) and put them on the monster spawns,
# the spawns that name one first (see the loader), so such a spawn is used only by a larger encounter.
KEPT_EMPTY = ("the spawn is kept as a place to start: it stays empty unless the encounter has more monsters "
              "than the spawns name")

KNOWN_TYPES = tuple(sorted(MARKER_TYPES | {name for names in TERRAIN_OBJECT_TYPES.values() for name in names}
                           | {WALL_TYPE_PREFIX}))
_TRAILING_NUMBER = re.compile(r"_?[0-9]+$")
_NAMING_WORDS = frozenset({"layer", "layers", "tile", "tiles", "object", "objects", "group"})  # say nothing of terrain

_TRUE_WORDS = frozenset({"true", "1", "yes", "y", "on"})


def is_true(value: Any) -> bool:
    """Whether a Tiled property value means true: a bool property, a non-zero number, or "true"/"1"/"yes"/"on"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value != 0
    return isinstance(value, str) and value.strip().lower() in _TRUE_WORDS


def lower_keys(properties: Mapping[str, Any]) -> dict[str, Any]:
    """The same properties with lower-case names, because names match without regard to case."""
    return {str(key).lower(): value for key, value in properties.items()}


def terrain_from_properties(properties: Mapping[str, Any]) -> frozenset[str]:
    """The terrain kinds that (lower-cased) properties switch on."""
    return frozenset(
        kind for kind, names in TERRAIN_PROPERTIES.items()
        if any(is_true(properties[name]) for name in names if name in properties)
    )


def type_key(written: str) -> str:
    """An object type as the conventions spell it: "Hero Spawn" and "monster-spawn" are hero_spawn, monster_spawn."""
    return entry_key(written)


def layer_key(name: str | None) -> str:
    """A layer name as the conventions spell it, without a number at its end ("Walls 1", "walls-2": walls)."""
    return _TRAILING_NUMBER.sub("", entry_key(name or ""))


def terrain_from_layer_name(name: str | None) -> frozenset[str]:
    """The terrain kinds a layer's own name gives to everything on it."""
    key = layer_key(name)
    return frozenset(kind for kind, names in TERRAIN_LAYER_NAMES.items() if key in names)


@functools.lru_cache(maxsize=256)  # asked once per object, and a map has few layers
def terrain_hinted_by(name: str) -> frozenset[str]:
    """Terrain kinds that a layer's path (its groups' names and its own) seems meant to give, without giving them.

    "Wall Layer", or any layer in a group "Walls", looks meant to make walls, though only a layer's own
    name counts and it must be the terrain's name alone; the loader warns when the tiles then lack it.
    A name that adds other words ("Grass and Water", "walls_top") says what it holds, not what it is.
    """
    found: set[str] = set()
    for part in name.split("/"):
        words = {layer_key(word) for word in entry_key(part).split("_")} - _NAMING_WORDS - {""}
        found.update(kind for kind, names in TERRAIN_LAYER_NAMES.items() if len(words) == 1 and words <= names)
    return frozenset(found)


@functools.lru_cache(maxsize=256)  # asked for every object of a type the game does not know, and types repeat
def close_type(key: str) -> str | None:
    """The known object type that a type the game does not know seems a slip for, if any ("herospawn")."""
    return _nearest_slip(key, KNOWN_TYPES)


@functools.lru_cache(maxsize=1024)  # asked for every property of every object, and names repeat
def close_property(name: str, known: tuple[str, ...]) -> str | None:
    """The property the game reads that ``name`` (not one it reads) seems meant for: "monsters", "Item Name", "itme"."""
    key = entry_key(name)
    for wanted in known:
        if key.startswith(wanted):  # the same with other spacing, a plural, or "_name" after it
            return wanted
    return _nearest_slip(key, known)


def _nearest_slip(key: str, known: Iterable[str]) -> str | None:
    """The known name ``key`` is a slip of the keyboard for: a letter or two added, left out, changed or swapped.

    One slip is allowed in names of up to five letters, two in longer ones: "tresure" and "herospawn" are
    slips, "chest", "door" and "torch" are not.
    """
    found = [(_slips(key, name), name) for name in known if abs(len(key) - len(name)) <= 2]
    fits = [(slips, name) for slips, name in found if 0 < slips <= (1 if len(name) <= 5 else 2)]
    return min(fits)[1] if fits else None


def _slips(first: str, second: str) -> int:
    """How many letters must be added, removed, changed or swapped with a neighbour to turn one word into the other."""
    previous: list[int] = []
    current = list(range(len(second) + 1))
    for i, a in enumerate(first, 1):
        before, previous, current = previous, current, [i] + [0] * len(second)
        for j, b in enumerate(second, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
            if i > 1 and j > 1 and a == second[j - 2] and first[i - 2] == b:
                current[j] = min(current[j], before[j - 2] + 1)
    return current[-1]


def terrain_from_object_type(object_type: str) -> frozenset[str]:
    """The terrain kinds an object's type (as ``type_key`` spells it) gives to the squares it covers."""
    kinds = {kind for kind, types in TERRAIN_OBJECT_TYPES.items() if object_type in types}
    if object_type.startswith(WALL_TYPE_PREFIX):
        kinds.add(WALL)
    return frozenset(kinds)
