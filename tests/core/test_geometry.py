"""Grid geometry: distance, neighbours, areas and single steps."""

from hypothesis import given
from hypothesis import strategies as st

from game.core.battlefield import Battlefield
from game.core.geometry import NEIGHBOUR_OFFSETS, can_step, distance, is_diagonal, neighbours, squares_within

coordinates = st.integers(min_value=-50, max_value=50)
squares = st.tuples(coordinates, coordinates)


def test_distance_counts_diagonal_moves_as_one():
    assert distance((0, 0), (3, 3)) == 3
    assert distance((2, 5), (7, 3)) == 5
    assert distance((4, 4), (4, 4)) == 0
    assert distance((-2, 0), (1, -1)) == 3


@given(squares, squares, squares)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_neighbours_are_the_eight_squares_around_in_reading_order():
    assert neighbours((5, 5)) == ((4, 4), (5, 4), (6, 4), (4, 5), (6, 5), (4, 6), (5, 6), (6, 6))
    assert tuple((5 + dx, 5 + dy) for dx, dy in NEIGHBOUR_OFFSETS) == neighbours((5, 5))


@given(squares)
def test_every_neighbour_is_at_distance_one(square):
    around = neighbours(square)
    assert len(set(around)) == 8
    assert all(distance(square, other) == 1 for other in around)


def test_is_diagonal_only_for_diagonally_adjacent_squares():
    assert is_diagonal((1, 1), (2, 2))
    assert is_diagonal((1, 1), (0, 2))
    assert not is_diagonal((1, 1), (1, 2))
    assert not is_diagonal((1, 1), (1, 1))
    assert not is_diagonal((1, 1), (3, 3))


ROOM = Battlefield.from_ascii(
    """
#####
#...#
#.,.#
#...#
#####
"""
)


def test_squares_within_radius_form_a_square_in_reading_order():
    assert squares_within((2, 2), 1, ROOM) == [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (1, 3), (2, 3), (3, 3)]


def test_squares_within_stay_on_the_map():
    assert squares_within((0, 0), 1, ROOM) == [(0, 0), (1, 0), (0, 1), (1, 1)]
    holed = Battlefield.from_ascii("...\n. .\n...")
    assert (1, 1) not in squares_within((0, 0), 2, holed)
    assert len(squares_within((0, 0), 2, holed)) == 8


def test_squares_within_radius_zero_is_the_center_and_negative_is_nothing():
    assert squares_within((2, 2), 0, ROOM) == [(2, 2)]
    assert squares_within((2, 2), -1, ROOM) == []


@given(st.tuples(st.integers(0, 6), st.integers(0, 6)), st.integers(0, 4))
def test_squares_within_are_exactly_the_map_squares_in_range(center, radius):
    field = Battlefield.from_ascii("\n".join(["......."] * 7))
    expected = sorted((s for s in field.squares if distance(center, s) <= radius), key=lambda s: (s[1], s[0]))
    assert squares_within(center, radius, field) == expected


def test_orthogonal_step_into_open_square_is_allowed():
    assert can_step(ROOM, (1, 1), (2, 1))
    assert can_step(ROOM, (2, 1), (2, 2))  # obstructed squares can be entered, at a cost


def test_diagonal_step_into_open_square_is_allowed():
    assert can_step(ROOM, (1, 1), (2, 2))


def test_no_step_into_a_wall_or_off_the_map():
    assert not can_step(ROOM, (1, 1), (0, 1))
    assert not can_step(ROOM, (1, 1), (1, 0))
    holed = Battlefield.from_ascii("...\n. .\n...")
    assert not can_step(holed, (0, 0), (1, 1))


def test_no_step_into_impassable_square():
    field = Battlefield.from_ascii("..~..")
    assert not can_step(field, (1, 0), (2, 0))


def test_only_adjacent_squares_can_be_stepped_into():
    assert not can_step(ROOM, (1, 1), (3, 1))
    assert not can_step(ROOM, (1, 1), (1, 1))


def test_diagonal_may_not_squeeze_between_two_walls():
    field = Battlefield.from_ascii(
        """
.#
#.
"""
    )
    assert not can_step(field, (0, 0), (1, 1))
    assert not can_step(field, (1, 1), (0, 0))


def test_diagonal_wall_drawn_by_a_map_maker_holds():
    field = Battlefield.from_ascii(
        """
...#
..#.
.#..
#...
"""
    )
    assert not can_step(field, (1, 1), (2, 2))
    assert not can_step(field, (2, 0), (3, 1))
    assert not can_step(field, (0, 2), (1, 3))


def test_diagonal_may_not_squeeze_between_impassable_squares_or_map_holes():
    chasm = Battlefield.from_ascii(".~\n~.")
    assert not can_step(chasm, (0, 0), (1, 1))
    holes = Battlefield.from_ascii(". \n .")
    assert not can_step(holes, (0, 0), (1, 1))
    mixed = Battlefield.from_ascii(".#\n~.")
    assert not can_step(mixed, (0, 0), (1, 1))


def test_a_mode_that_allows_squeezing_lets_a_diagonal_pass_between_two_closed_squares():
    # The corner rule is each mode's ruling: with squeeze the diagonal between two walls, impassable squares or map
    # holes is a step like any other, but a wall or a hole is still never stepped into.
    for art in (".#\n#.", ".~\n~.", ". \n .", ".#\n~."):
        field = Battlefield.from_ascii(art)
        assert can_step(field, (0, 0), (1, 1), squeeze=True), art
        assert can_step(field, (1, 1), (0, 0), squeeze=True), art
        assert not can_step(field, (0, 0), (1, 0), squeeze=True), art
    assert not can_step(ROOM, (1, 1), (0, 0), squeeze=True)


def test_diagonal_past_one_wall_corner_is_allowed():
    field = Battlefield.from_ascii(".#\n..")
    assert can_step(field, (0, 0), (1, 1))
    assert can_step(field, (1, 1), (0, 0))


def test_diagonal_between_obstructed_or_opaque_squares_is_allowed():
    field = Battlefield.from_ascii(".,\no.")
    assert can_step(field, (0, 0), (1, 1))


def test_no_step_out_of_a_wall():
    assert not can_step(ROOM, (0, 1), (1, 1))
