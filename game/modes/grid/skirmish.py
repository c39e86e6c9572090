"""A small built-in battlefield for headless matches and tests: a ruined hall with cover."""

from __future__ import annotations

from game.core.battlefield import Battlefield

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
DEFAULT_MONSTERS = ("skeleton", "goblin_archer", "orc_brute", "giant_rat")


def skirmish_battlefield() -> Battlefield:
    """The built-in ruined hall: 18 by 9 squares, heroes on the left, monsters on the right."""
    return Battlefield.from_ascii(SKIRMISH_HALL, name="Ruined Hall")
