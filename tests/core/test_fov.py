"""Field of view: symmetric shadowcasting and the per-battlefield sight map."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield
from game.core.fov import SightMap, field_of_view


def parse(art):
    """A battlefield from art where ``@`` marks the origin (a floor square)."""
    lines = art.strip("\n").splitlines()
    origin = next((x, y) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch == "@")
    return Battlefield.from_ascii(art.replace("@", ".")), origin


def seen_from(art, radius=None):
    field, origin = parse(art)
    return field, origin, field_of_view(origin, field.blocks_sight, field.squares.__contains__, radius)


def test_origin_is_visible():
    field, origin, seen = seen_from("@")
    assert seen == {origin}


def test_open_room_is_all_visible():
    field, origin, seen = seen_from(
        """
.....
.....
..@..
.....
"""
    )
    assert seen == field.squares


def test_walls_block_sight_but_are_seen():
    field, origin, seen = seen_from("@.#..")
    assert (2, 0) in seen
    assert (3, 0) not in seen and (4, 0) not in seen


def test_opaque_squares_block_sight_but_are_seen():
    field, origin, seen = seen_from("@.o..")
    assert (2, 0) in seen
    assert (3, 0) not in seen


def test_obstructed_squares_do_not_block_sight():
    field, origin, seen = seen_from("@.,,..")
    assert seen == field.squares


def test_map_holes_block_sight_and_are_not_seen():
    field, origin, seen = seen_from("@. ..")
    assert seen == {(0, 0), (1, 0)}


def test_pillar_casts_a_shadow():
    field, origin, seen = seen_from(
        """
.......
.......
...#...
.......
...@...
"""
    )
    assert (3, 2) in seen
    assert (3, 1) not in seen and (3, 0) not in seen
    # The shadow stays narrow near the pillar: squares beside it are in sight.
    assert {(2, 2), (4, 2), (2, 1), (4, 1)} <= seen


def test_corridor_shows_its_length_but_not_round_the_corner():
    field, origin, seen = seen_from(
        """
#########
@.......#
######..#
     #..#
"""
    )
    assert {(x, 1) for x in range(9)} <= seen
    assert {(6, 3), (7, 3), (6, 2)}.isdisjoint(seen)  # round the corner, behind the corridor wall


def test_doorway_shows_a_cone_of_the_room_beyond():
    field, origin, seen = seen_from(
        """
....@....
####.####
.........
.........
"""
    )
    assert {(3, 2), (4, 2), (5, 2), (3, 3), (4, 3), (5, 3)} <= seen
    assert {(0, 2), (2, 2), (6, 3), (8, 3)}.isdisjoint(seen)


def test_radius_limits_sight_to_the_game_distance():
    field, origin, seen = seen_from(
        """
.......
.......
...@...
.......
.......
""",
        radius=1,
    )
    assert seen == {(x, y) for x in range(2, 5) for y in range(1, 4)}


def test_radius_zero_sees_only_the_origin():
    field, origin, seen = seen_from("..@..", radius=0)
    assert seen == {origin}


def test_origin_at_the_edge_of_the_map():
    field, origin, seen = seen_from(
        """
@...
....
"""
    )
    assert seen == field.squares


def test_sight_map_matches_field_of_view():
    field, origin, seen = seen_from(
        """
..#....o..
.,,...#...
....@.....
.###......
..........
"""
    )
    assert SightMap(field).visible_from(origin) == seen


def test_sight_map_remembers_an_origin():
    field, origin = parse("@...#..")
    sight = SightMap(field)
    assert sight.visible_from(origin) is sight.visible_from(origin)


def test_sight_map_forgets_the_least_recently_used_origin():
    field, _ = parse("@...")
    sight = SightMap(field, cache_size=2)
    first = sight.visible_from((0, 0))
    sight.visible_from((1, 0))
    sight.visible_from((0, 0))
    sight.visible_from((2, 0))
    assert sight.visible_from((0, 0)) is first
    assert sight.visible_from((3, 0)) == field.squares


def test_can_see_through_open_ground_and_not_through_walls():
    field, _ = parse(
        """
@..#..
......
"""
    )
    sight = SightMap(field)
    assert sight.can_see((0, 0), (2, 1))
    assert sight.can_see((0, 0), (3, 0))  # the wall itself
    assert not sight.can_see((0, 0), (5, 0))
    assert not sight.can_see((5, 0), (0, 0))


def test_can_see_answers_the_same_from_either_end_first():
    field, _ = parse(
        """
.....#....
..#.......
......#...
@.......#.
"""
    )
    squares = sorted(field.playable)
    fresh = SightMap(field)
    expected = {(a, b): b in fresh.visible_from(a) for a in squares for b in squares}
    reverse = SightMap(field)
    for b in squares:
        reverse.visible_from(b)
    assert {(a, b): reverse.can_see(a, b) for a in squares for b in squares} == expected


def test_sight_map_radius():
    field, origin = parse("..@....")
    assert SightMap(field, radius=2).visible_from(origin) == {(x, 0) for x in range(0, 5)}


# -- properties on random small maps ---------------------------------------------------------------

CELLS = "......,#o "


@st.composite
def small_maps(draw):
    width = draw(st.integers(1, 9))
    height = draw(st.integers(1, 9))
    rows = ["".join(draw(st.sampled_from(CELLS)) for _ in range(width)) for _ in range(height)]
    if not "".join(rows).strip():
        rows[0] = "." + rows[0][1:]
    return Battlefield.from_ascii("\n".join(rows).join("\n\n"))


def clear_squares(field):
    return sorted(field.squares - field.walls - field.opaque)


@settings(max_examples=200, deadline=None)
@given(small_maps(), st.one_of(st.none(), st.integers(0, 4)))
def test_sight_is_symmetric_between_open_squares(field, radius):
    clear = clear_squares(field)
    seen = {a: field_of_view(a, field.blocks_sight, field.squares.__contains__, radius) for a in clear}
    for a in clear:
        for b in seen[a]:
            if b in seen:
                assert a in seen[b], f"{b} seen from {a} but not the reverse"


@settings(max_examples=200, deadline=None)
@given(small_maps(), st.one_of(st.none(), st.integers(0, 4)))
def test_sight_map_agrees_with_field_of_view_everywhere(field, radius):
    sight = SightMap(field, radius=radius)
    # Origins a few squares off the map too: their quadrants may start off the map.
    for x in range(-3, field.width + 3):
        for y in range(-3, field.height + 3):
            expected = field_of_view((x, y), field.blocks_sight, field.squares.__contains__, radius)
            assert sight.visible_from((x, y)) == expected


@settings(max_examples=200, deadline=None)
@given(small_maps())
def test_only_map_squares_are_seen_and_nothing_lies_behind_a_wall_in_a_straight_line(field):
    for origin in clear_squares(field):
        seen = field_of_view(origin, field.blocks_sight, field.squares.__contains__)
        assert seen <= field.squares
        ox, oy = origin
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            x, y, blocked = ox + dx, oy + dy, False
            while field.in_bounds((x, y)):
                if blocked:
                    assert (x, y) not in seen
                elif (x, y) not in field.squares or field.blocks_sight((x, y)):
                    blocked = True
                else:
                    assert (x, y) in seen  # a straight, clear line of squares is always in sight
                x, y = x + dx, y + dy
