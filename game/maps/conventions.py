"""What a map maker writes in Tiled to mark terrain and markers (docs/maps.md lists the same)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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

HERO_SPAWN, MONSTER_SPAWN, TREASURE, ARENA = "hero_spawn", "monster_spawn", "treasure", "arena"
MARKER_TYPES = frozenset({HERO_SPAWN, MONSTER_SPAWN, TREASURE, ARENA})
ARENA_KINDS = ("tight", "hazardous", "open", "dense", "neutral")

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


def terrain_from_layer_name(name: str | None) -> frozenset[str]:
    """The terrain kinds a layer's own name gives to everything on it."""
    lowered = (name or "").strip().lower()
    return frozenset(kind for kind, names in TERRAIN_LAYER_NAMES.items() if lowered in names)


def terrain_from_object_type(object_type: str) -> frozenset[str]:
    """The terrain kinds an object's (lower-cased) type gives to the squares it covers."""
    kinds = {kind for kind, types in TERRAIN_OBJECT_TYPES.items() if object_type in types}
    if object_type.startswith(WALL_TYPE_PREFIX):
        kinds.add(WALL)
    return frozenset(kinds)
