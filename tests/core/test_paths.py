"""Paths: bounded Dijkstra, A*, distance fields and the terrain step cost."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.battlefield import Battlefield
from game.core.geometry import can_step, distance, neighbours
from game.core.paths import cheapest_grid_path, cheapest_path, distance_field, grid_step_cost, reachable

OPEN = Battlefield.from_ascii("\n".join(["......."] * 7))


def plain(field, blocked=frozenset()):
    return grid_step_cost(field, blocked)


def path_cost(start, path, step_cost):
    total, here = 0, start
    for there in path:
        step = step_cost(here, there)
        assert step is not None, f"illegal step {here} -> {there}"
        total += step
        here = there
    return total


def test_diagonal_move_costs_one():
    assert plain(OPEN)((3, 3), (4, 4)) == 1
    assert reachable((3, 3), 1, plain(OPEN)).cost_to((4, 4)) == 1


def test_open_ground_costs_the_distance():
    reach = reachable((3, 3), None, plain(OPEN))
    assert reach.costs == {square: distance((3, 3), square) for square in OPEN.squares}


def test_entering_obstructed_square_costs_one_more():
    field = Battlefield.from_ascii("..,..")
    step = plain(field)
    assert step((1, 0), (2, 0)) == 2
    assert step((2, 0), (3, 0)) == 1  # leaving it costs nothing extra
    assert reachable((0, 0), None, step).costs == {(0, 0): 0, (1, 0): 1, (2, 0): 3, (3, 0): 4, (4, 0): 5}


def test_walls_impassable_and_map_holes_cannot_be_entered():
    field = Battlefield.from_ascii(".#~ .")
    step = plain(field)
    assert step((0, 0), (1, 0)) is None
    assert step((1, 0), (2, 0)) is None
    assert step((2, 0), (3, 0)) is None
    assert step((4, 0), (5, 0)) is None  # off the edge of the map
    assert reachable((0, 0), None, step).costs == {(0, 0): 0}


def test_occupied_squares_cannot_be_entered():
    step = plain(OPEN, {(1, 0)})
    assert step((0, 0), (1, 0)) is None
    assert step((0, 0), (1, 1)) == 1


def test_stepping_out_of_an_occupied_square_is_allowed():
    assert plain(OPEN, {(0, 0)})((0, 0), (1, 0)) == 1


def test_blocked_squares_are_copied_when_the_cost_is_made():
    occupied = {(1, 0)}
    step = plain(OPEN, occupied)
    occupied.add((1, 1))
    assert step((0, 0), (1, 1)) == 1


def test_diagonal_squeeze_between_walls_is_no_step():
    field = Battlefield.from_ascii(
        """
.#.
#..
...
"""
    )
    assert plain(field)((0, 0), (1, 1)) is None
    assert reachable((0, 0), None, plain(field)).costs == {(0, 0): 0}


def test_a_diagonal_wall_holds_against_paths():
    field = Battlefield.from_ascii(
        """
..#
.#.
#..
"""
    )
    assert cheapest_path((0, 0), (2, 2), plain(field)) is None


def test_occupied_squares_do_not_close_a_diagonal():
    field = Battlefield.from_ascii("..\n..")
    assert plain(field, {(1, 0), (0, 1)})((0, 0), (1, 1)) == 1


@pytest.mark.parametrize("squeeze", [False, True])
def test_grid_cost_and_the_step_table_agree_with_can_step(squeeze):
    from game.core.paths import grid_steps

    field = Battlefield.from_ascii(
        """
.#..,
#.~..
..o#.
 ..,.
"""
    )
    step = grid_step_cost(field, squeeze=squeeze)
    extras = grid_step_cost(field, leaving=frozenset({(1, 1)}), leaving_cost=4, multiplier=2, squeeze=squeeze)
    table = grid_steps(field, squeeze)
    for a in sorted(field.squares):
        allowed = [b for b in neighbours(a) if can_step(field, a, b, squeeze)]
        for b in neighbours(a):
            assert (step(a, b) is not None) == (extras(a, b) is not None) == (b in allowed), (a, b)
        assert [b for b, _ in table.steps_from(a)] == allowed, a
    # The squeeze between the walls at (1, 0) and (0, 1) is the one step that differs.
    assert (step((0, 0), (1, 1)) is not None) == squeeze


def test_a_path_squeezes_between_two_walls_only_where_the_mode_allows_it():
    field = Battlefield.from_ascii(
        """
.#...
#.#..
..#..
"""
    )
    assert cheapest_grid_path(field, (0, 0), (1, 1), squeeze=True) == ([(1, 1)], 1)
    assert cheapest_path((0, 0), (1, 1), grid_step_cost(field, squeeze=True)) == ([(1, 1)], 1)
    # Without it (0, 0) is walled in; asking with squeeze first does not change the table without it.
    assert cheapest_grid_path(field, (0, 0), (1, 1)) is None
    assert reachable((0, 0), None, plain(field)).costs == {(0, 0): 0}


def test_reach_stops_at_the_budget():
    reach = reachable((3, 3), 2, plain(OPEN))
    assert set(reach.costs) == {s for s in OPEN.squares if distance((3, 3), s) <= 2}
    assert reach.cost_to((0, 0)) is None
    assert (3, 5) in reach and (3, 6) not in reach


def test_zero_budget_reaches_only_the_start():
    reach = reachable((3, 3), 0, plain(OPEN))
    assert reach.costs == {(3, 3): 0}
    assert reach.path_to((3, 3)) == []


def test_path_to_lists_squares_stepped_into_without_the_start():
    field = Battlefield.from_ascii(
        """
.....
.###.
.....
"""
    )
    reach = reachable((0, 1), None, plain(field))
    path = reach.path_to((4, 1))
    assert path[-1] == (4, 1) and (0, 1) not in path
    assert len(path) == reach.cost_to((4, 1)) == 4
    assert path_cost((0, 1), path, plain(field)) == 4


def test_path_to_an_unreachable_square_is_an_error():
    reach = reachable((0, 0), 1, plain(OPEN))
    with pytest.raises(ValueError):
        reach.path_to((5, 5))


def test_cheapest_path_goes_around_a_wall():
    field = Battlefield.from_ascii(
        """
.....
..#..
..#..
..#..
"""
    )
    result = cheapest_path((0, 3), (4, 3), plain(field))
    assert result is not None
    path, cost = result
    assert cost == 6
    assert path[-1] == (4, 3) and (2, 0) in path
    assert path_cost((0, 3), path, plain(field)) == 6


def test_cheapest_path_prefers_going_around_obstructed_squares_when_cheaper():
    field = Battlefield.from_ascii(
        """
.....
.,,,.
.....
"""
    )
    path, cost = cheapest_path((0, 1), (4, 1), plain(field))
    assert cost == 4
    assert not set(path) & field.obstructed


def test_cheapest_path_to_the_start_is_empty():
    assert cheapest_path((2, 2), (2, 2), plain(OPEN)) == ([], 0)


def test_cheapest_path_to_an_unreachable_goal_is_none():
    field = Battlefield.from_ascii("..#..")
    assert cheapest_path((0, 0), (4, 0), plain(field)) is None


def test_cheapest_path_beyond_the_budget_is_none():
    assert cheapest_path((0, 0), (6, 0), plain(OPEN), budget=5) is None
    assert cheapest_path((0, 0), (6, 0), plain(OPEN), budget=6)[1] == 6


WIDE = Battlefield.from_ascii("\n".join(["............"] * 12))


def _furthest_from_line(start, goal, path):
    """How far (in squares, perpendicular) the path strays from the straight line between start and goal."""
    (sx, sy), (gx, gy) = start, goal
    length = ((gx - sx) ** 2 + (gy - sy) ** 2) ** 0.5
    return max(abs((x - sx) * (gy - sy) - (y - sy) * (gx - sx)) / length for x, y in path)


def test_cheapest_path_on_open_ground_walks_straight():
    # Every zigzag of eight steps costs 8 as well; the walk shown and taken is the straight one.
    path, cost = cheapest_path((0, 5), (8, 5), plain(WIDE))
    assert cost == 8
    assert path == [(x, 5) for x in range(1, 9)]


def test_cheapest_path_keeps_close_to_the_line_between_start_and_goal():
    for start, goal in (((0, 0), (8, 3)), ((10, 1), (2, 6)), ((3, 11), (5, 0)), ((1, 1), (11, 11))):
        path, cost = cheapest_path(start, goal, plain(WIDE))
        assert cost == distance(start, goal)
        assert _furthest_from_line(start, goal, path) < 1, (start, goal, path)


def test_cheapest_path_around_a_body_returns_to_the_line():
    # Around a friend in the way the walk steps aside once and comes back, as a player would walk.
    blocked = frozenset({(2, 5)})
    path, cost = cheapest_path((1, 5), (9, 5), plain(WIDE, blocked))
    assert cost == 8
    assert max(abs(y - 5) for _, y in path) == 1
    assert path[-4:] == [(6, 5), (7, 5), (8, 5), (9, 5)]


def test_distance_field_measures_to_the_nearest_source():
    field = distance_field([(0, 0), (6, 6)], plain(OPEN))
    assert field[(0, 0)] == field[(6, 6)] == 0
    assert field[(3, 3)] == 3
    assert field[(1, 4)] == 4
    assert set(field) == OPEN.squares


def test_distance_field_stops_at_the_limit():
    field = distance_field([(0, 0)], plain(OPEN), limit=2)
    assert set(field) == {s for s in OPEN.squares if distance((0, 0), s) <= 2}


def test_distance_field_counts_the_walk_towards_the_sources_by_default():
    # Walking into the obstructed square costs 2, walking out of it costs 1.
    field = Battlefield.from_ascii("..,")
    step = plain(field)
    assert distance_field([(2, 0)], step) == {(2, 0): 0, (1, 0): 2, (0, 0): 3}
    assert distance_field([(2, 0)], step, towards=False) == {(2, 0): 0, (1, 0): 1, (0, 0): 2}


def test_same_inputs_give_the_same_paths():
    field = Battlefield.from_ascii("\n".join(["........."] * 9))
    first = reachable((4, 4), 6, plain(field, [(5, 5), (3, 4), (4, 2)]))
    again = reachable((4, 4), 6, plain(field, [(4, 2), (3, 4), (5, 5)]))
    assert first.costs == again.costs and list(first.costs) == list(again.costs)
    assert first.previous == again.previous
    assert cheapest_path((0, 0), (8, 3), plain(field)) == cheapest_path((0, 0), (8, 3), plain(field))
    towards = distance_field([(8, 8), (0, 4), (3, 3)], plain(field))
    assert list(towards.items()) == list(distance_field([(3, 3), (8, 8), (0, 4)], plain(field)).items())
    # Among equally cheap paths A* takes the one along the line, Dijkstra the first found in reading order.
    line = [(1, 0), (2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3)]
    assert cheapest_path((0, 0), (8, 3), plain(field)) == (line, 8)
    first_found = [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 1), (7, 2), (8, 3)]
    assert reachable((0, 0), None, plain(field)).path_to((8, 3)) == first_found


# -- properties against brute force --------------------------------------------------------------

CELLS = ".......,,#~o "


@st.composite
def small_maps(draw):
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, 6))
    rows = ["".join(draw(st.sampled_from(CELLS)) for _ in range(width)) for _ in range(height)]
    art = "\n".join(rows)
    field = Battlefield.from_ascii("\n" + art + "\n") if art.strip() else None
    return field


@st.composite
def scenarios(draw):
    field = draw(small_maps())
    if field is None or not field.playable:
        field = Battlefield.from_ascii(".")
    playable = sorted(field.playable)
    start = draw(st.sampled_from(playable))
    blocked = draw(st.sets(st.sampled_from(playable), max_size=3)) - {start}
    # A mode's extras: a surcharge to leave some squares (next to an opponent) and doubled costs (prone).
    surcharge = draw(st.dictionaries(st.sampled_from(playable), st.integers(1, 2), max_size=4))
    doubled = draw(st.booleans())
    base = grid_step_cost(field, blocked)

    def step(a, b):
        cost = base(a, b)
        if cost is None:
            return None
        cost += surcharge.get(a, 0)
        return cost * 2 if doubled else cost

    return field, start, step


def bellman_ford(field, sources, step, towards=False):
    costs = {s: 0 for s in sources}
    changed = True
    while changed:
        changed = False
        for a in sorted(field.squares):
            for b in neighbours(a):
                here, there = (b, a) if towards else (a, b)
                if here not in costs:
                    continue
                cost = step(a, b)
                if cost is not None and costs[here] + cost < costs.get(there, 10**9):
                    costs[there] = costs[here] + cost
                    changed = True
    return costs


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_dijkstra_costs_equal_brute_force(scenario):
    field, start, step = scenario
    assert reachable(start, None, step).costs == bellman_ford(field, [start], step)


@settings(max_examples=150, deadline=None)
@given(scenarios(), st.integers(0, 8))
def test_bounded_reach_never_exceeds_the_budget_and_misses_nothing_within_it(scenario, budget):
    field, start, step = scenario
    full = bellman_ford(field, [start], step)
    reach = reachable(start, budget, step)
    assert all(cost <= budget for cost in reach.costs.values())
    assert reach.costs == {s: c for s, c in full.items() if c <= budget}


@settings(max_examples=150, deadline=None)
@given(scenarios())
def test_every_path_costs_what_the_reach_reports(scenario):
    field, start, step = scenario
    reach = reachable(start, None, step)
    for square, cost in reach.costs.items():
        path = reach.path_to(square)
        assert path_cost(start, path, step) == cost
        assert (path[-1] if path else start) == square


@settings(max_examples=150, deadline=None)
@given(scenarios(), st.data())
def test_a_star_finds_the_cheapest_cost(scenario, data):
    field, start, step = scenario
    goal = data.draw(st.sampled_from(sorted(field.squares)))
    best = bellman_ford(field, [start], step).get(goal)
    result = cheapest_path(start, goal, step)
    if best is None:
        assert result is None
    else:
        path, cost = result
        assert cost == best
        assert path_cost(start, path, step) == cost


@settings(max_examples=100, deadline=None)
@given(scenarios(), st.data())
def test_distance_field_equals_brute_force_both_ways(scenario, data):
    field, start, step = scenario
    sources = data.draw(st.sets(st.sampled_from(sorted(field.playable)), min_size=1, max_size=3))
    assert distance_field(sources, step) == bellman_ford(field, sources, step, towards=True)
    assert distance_field(sources, step, towards=False) == bellman_ford(field, sources, step)


@st.composite
def grid_searches(draw):
    field = draw(small_maps())
    if field is None or not field.playable:
        field = Battlefield.from_ascii(".")
    squares = sorted(field.squares | {(-1, 0), (6, 6)})
    start = draw(st.sampled_from(squares))
    goal = draw(st.sampled_from(squares))
    blocked = frozenset(draw(st.sets(st.sampled_from(squares), max_size=4)))
    leaving = frozenset(draw(st.sets(st.sampled_from(squares), max_size=6)))
    return field, start, goal, blocked, leaving, draw(st.integers(0, 4)), draw(st.sampled_from((1, 2))), \
        draw(st.one_of(st.none(), st.integers(0, 12)))


@settings(max_examples=300, deadline=None)
@given(grid_searches())
def test_grid_path_search_gives_the_same_path_as_a_star_with_the_grid_step_cost(search):
    field, start, goal, blocked, leaving, leaving_cost, multiplier, budget = search
    step = grid_step_cost(field, blocked, leaving, leaving_cost, multiplier)
    base = grid_step_cost(field, blocked)

    def wrapped(a, b):
        cost = base(a, b)
        if cost is None:
            return None
        return (cost + (leaving_cost if a in leaving else 0)) * multiplier

    for a in field.squares:
        for b in neighbours(a):
            assert step(a, b) == wrapped(a, b)
    expected = cheapest_path(start, goal, wrapped, budget)
    assert cheapest_grid_path(field, start, goal, budget, blocked, leaving, leaving_cost, multiplier) == expected


def test_grid_path_search_for_matches_of_the_first_save_format_settles_ties_in_reading_order():
    field = Battlefield.from_ascii("\n".join(["........."] * 9))
    found = cheapest_grid_path(field, (0, 0), (8, 3), straight=False)
    assert found == ([(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 1), (7, 2), (8, 3)], 8)


def test_entering_cost_is_what_every_step_into_the_square_costs_on_the_shipped_maps():
    from game.core.bundled import MAPS
    from game.core.paths import entering_cost, grid_steps
    from game.maps import load_map

    for path in sorted(MAPS.glob("*.tmx")):
        battlefield = load_map(path)
        step = grid_step_cost(battlefield)
        steps = grid_steps(battlefield)
        for here in battlefield.playable:
            for there, cost in steps.steps_from(here):
                assert entering_cost(battlefield, there) == cost == step(here, there), (path.name, there)
        for square in battlefield.squares - battlefield.playable:
            assert entering_cost(battlefield, square) is None
        assert any(entering_cost(battlefield, sq) == 2 for sq in battlefield.obstructed) or not battlefield.obstructed
