"""The stances mode's built-in battlefield and default fighters, for headless matches, tests and the menu."""

from __future__ import annotations

from dataclasses import replace

from game.core.battlefield import Battlefield
from game.core.errors import MapError

CROSSING = """
################
#H.....,,.....M#
#H...#....#...M#
#H...#....#...M#
#H.....,,.....M#
#.....#..#.....#
################
"""

BUILTIN = "builtin:crossing"
DEFAULT_HEROES = ("warrior", "archer", "priest", "rogue")
DEFAULT_MONSTERS = ("undead_orc", "undead_hound", "ogre", "skeleton_archer")


def crossing_battlefield() -> Battlefield:
    """The built-in river crossing: 16 by 7 squares, heroes on the left, monsters on the right."""
    return replace(Battlefield.from_ascii(CROSSING, name="Old Crossing"),
                   intro="The dead walk at the old crossing, and nobody dares the ford. Cut your way across.")


def battlefield_for(spec: str) -> Battlefield:
    """The battlefield a map setting names: ``builtin:crossing`` or the path of a Tiled map.

    The stances mode has fighters of its own: a spawn naming a monster it does not have (the grid
    mode's, say) is reported in the battlefield's warnings, listing the stances monsters, and names
    none. The mode places no treasure, so item names are not checked.
    """
    if spec == BUILTIN:
        return crossing_battlefield()
    if spec.startswith("builtin:"):
        raise MapError(f"{spec}: no such built-in map (the stances mode's own is {BUILTIN})")
    from game.maps import load_map
    from game.modes.stances.content import load_content

    return load_map(spec, monsters=load_content().monsters.keys())
