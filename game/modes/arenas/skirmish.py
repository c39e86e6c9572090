"""The arenas mode's built-in map and default fighters, and how it reads a Tiled map."""

from __future__ import annotations

import dataclasses

from game.core.battlefield import Arena, Battlefield
from game.core.errors import MapError

YARD = """
##################
#....#.....#.....#
#....#.....#..MM.#
#...........,..M.#
#....#.....#.....#
###.####.####.####
#.....#.....#....#
#HH...#.....#..M.#
#HH.........#....#
##################
"""
# Each arena: its name, kind and the rectangle (left, top, right, bottom, inclusive) it covers; walls in it are
# not part of it.
YARD_ARENAS = (
    ("Cellar Stair", "tight", (1, 1, 5, 5)),
    ("Broken Ledge", "hazardous", (6, 1, 11, 5)),
    ("Crowded Market", "dense", (12, 1, 16, 5)),
    ("Gatehouse", "neutral", (1, 6, 6, 8)),
    ("Sand Yard", "open", (7, 6, 11, 8)),
    ("Back Alley", "tight", (13, 6, 16, 8)),
)

BUILTIN = "builtin:yard"
DEFAULT_HEROES = ("fighter", "ranger", "duelist", "priest")
DEFAULT_MONSTERS = ("goblin_pack", "orc_brute", "kobold_slinger", "cultist", "ogre")


def yard_battlefield() -> Battlefield:
    """The built-in Market Yard: six arenas, one of every kind and two tight ones."""
    bf = Battlefield.from_ascii(YARD, name="Market Yard")
    arenas = tuple(Arena(name, kind, frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)))
                   for name, kind, (x0, y0, x1, y1) in YARD_ARENAS)
    return dataclasses.replace(bf, arenas=arenas)


def battlefield_for(spec: str) -> Battlefield:
    """The battlefield a map setting names: ``builtin:yard`` or the path of a Tiled map with arenas."""
    if spec == BUILTIN:
        return yard_battlefield()
    if spec.startswith("builtin:"):
        raise MapError(f"{spec}: no such built-in map (the arenas mode's own is {BUILTIN})")
    from game.maps import load_map
    from game.maps.arena_changes import read_arena_changes
    from game.maps.arena_marks import arena_marks
    from game.modes.arenas.content import load_content

    bf = load_map(spec, monsters=load_content().monsters.keys())
    if not any(bf.is_open(s) for a in bf.arenas for s in a.squares):
        raise MapError(f"{spec}: the map has no arena (objects of type 'arena' with a kind) to fight in")
    read_arena_changes(spec)  # a malformed 'changes' property is refused now, with the arena it is on
    marks = arena_marks(bf)  # flimsy walls and possible arenas: what looks wrong is a warning
    return dataclasses.replace(bf, warnings=(*bf.warnings, *marks.warnings)) if marks.warnings else bf
