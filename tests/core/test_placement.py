"""Where each side starts: the map's spawns, the first side's front spawns to the first of its combatants."""

from dataclasses import replace

import pytest

from game.core.battlefield import Battlefield, Spawn
from game.core.placement import NoRoom, place_sides, room_for_second

# Four hero spawns in a block, listed back to front: the two at the back first, in reading order.
FIELD = Battlefield.from_ascii(
    """
..........
.HH.....M.
.HH.....M.
..........
"""
)


def _listed(battlefield: Battlefield, squares: list[tuple[int, int]]) -> Battlefield:
    """The battlefield with its hero spawns listed in the given order."""
    return replace(battlefield, hero_spawns=tuple(Spawn(sq, "heroes") for sq in squares))


def test_the_first_combatants_of_the_first_side_take_the_spawns_nearest_the_other_side():
    # Ruling grid-spawn-order: the first of the party (the warrior, by default) stands at the front.
    field = _listed(FIELD, [(1, 1), (1, 2), (2, 1), (2, 2)])
    placed = place_sides(field, [("heroes", 4), ("monsters", 2)])
    assert placed["heroes"] == [(2, 1), (2, 2), (1, 1), (1, 2)]


def test_spawns_as_near_the_other_side_keep_the_order_of_the_map():
    field = _listed(FIELD, [(2, 2), (1, 2), (2, 1), (1, 1)])
    placed = place_sides(field, [("heroes", 4), ("monsters", 2)])
    assert placed["heroes"] == [(2, 2), (2, 1), (1, 2), (1, 1)]


def test_the_front_is_found_by_walking_not_as_the_crow_flies():
    # The wall puts the spawn nearer on the map further away on foot.
    field = Battlefield.from_ascii(
        """
.H#.....
..#..M..
..#.....
H.......
"""
    )
    field = _listed(field, [(1, 0), (0, 3)])
    placed = place_sides(field, [("heroes", 2), ("monsters", 1)])
    assert placed["heroes"] == [(0, 3), (1, 0)]


def test_the_other_side_takes_its_spawns_in_map_order_since_they_may_name_their_monsters():
    field = replace(FIELD, monster_spawns=(Spawn((8, 2), "monsters", "wolf"), Spawn((8, 1), "monsters", "ogre")))
    placed = place_sides(field, [("heroes", 4), ("monsters", 2)])
    assert placed["monsters"] == [(8, 2), (8, 1)]


def test_without_spawns_for_the_other_side_the_map_order_stands():
    field = replace(_listed(FIELD, [(1, 1), (2, 1)]), monster_spawns=())
    placed = place_sides(field, [("heroes", 2), ("monsters", 1)])
    assert placed["heroes"][:2] == [(1, 1), (2, 1)]


def test_a_side_with_more_combatants_than_open_squares_it_can_reach_has_no_room():
    walled = Battlefield.from_ascii(
        """
.H#..M
..#...
"""
    )
    with pytest.raises(NoRoom, match="room for only 4 of the 5 heroes"):
        place_sides(walled, [("heroes", 5), ("monsters", 1)])


def test_the_room_for_the_second_side_is_what_its_start_reaches_once_the_first_side_stands():
    walled = Battlefield.from_ascii(
        """
.H#..M
..#...
"""
    )
    assert room_for_second(walled, ("heroes", 2)) == 6  # the wall keeps the heroes' side out of its reach
    assert room_for_second(FIELD, ("heroes", 4)) == 36  # one open hall: every square the heroes do not hold
    assert room_for_second(walled, ("heroes", 5)) == 0  # the first side does not fit at all
