"""A small built-in battlefield for headless matches and tests: a ruined hall with cover."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.battlefield import Battlefield
from game.core.errors import MapError

SKIRMISH_HALL = """
##################
#H...,,....#....M#
#H.........#..,.M#
#H..##..........M#
#H..#......##...M#
#......,,.....$..#
#...$..,,....#...#
#..#.....##......#
##################
"""

DEFAULT_HEROES = ("warrior", "ranger", "mage", "cleric")
DEFAULT_MONSTERS = ("skeleton", "goblin_archer", "cultist", "ghoul")


def skirmish_battlefield() -> Battlefield:
    """The built-in ruined hall: 18 by 9 squares, heroes on the left, monsters on the right."""
    return replace(Battlefield.from_ascii(SKIRMISH_HALL, name="Ruined Hall"),
                   intro="Something has made its lair in the ruined hall at the edge of the moor. Clear it out.")


BUILTIN = "builtin:hall"


def battlefield_for(spec: str, content: Any = None) -> Battlefield:
    """The battlefield a map setting names: ``builtin:hall`` or the path of a Tiled map.

    A map that cannot be read raises MapError with one line naming the file; names of
    monsters and items the content does not know are reported in the battlefield's warnings.
    """
    if spec == BUILTIN:
        return skirmish_battlefield()
    if spec.startswith("builtin:"):
        raise MapError(f"{spec}: no such built-in map (the grid mode's own is {BUILTIN})")
    from game.maps import load_map

    if content is None:
        return load_map(spec)
    return load_map(spec, monsters=content.monsters.keys(), items=content.items.keys())
