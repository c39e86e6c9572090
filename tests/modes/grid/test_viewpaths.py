"""Movement previews from a view cost exactly what the rules charge for the same move."""

import random

from game.modes.grid import movement
from game.modes.grid.actions import Move
from game.modes.grid.components import PRONE
from game.modes.grid.events import Moved, MoveStopped
from game.modes.grid.viewpaths import path_for_view, paths_for_view
from tests.modes.grid.scenario import Scenario, of_type

ROOM = """
##########
#........#
#..,,....#
#..,,.#..#
#.....#..#
#........#
##########
"""


def test_reach_from_the_view_matches_the_rules_reach():
    s = Scenario(ROOM, heroes={"warrior": (1, 1)}, monsters={"wolf": (5, 4)})
    s.begin_turn("warrior", movement=9)
    view = s.mode.view("heroes")
    reach = paths_for_view(view, "warrior")
    assert reach is not None
    assert reach.costs == movement.reach_of(s.state, s.ent("warrior")).costs


def test_leaving_a_square_next_to_a_seen_opponent_costs_four_more():
    s = Scenario(ROOM, heroes={"warrior": (4, 4)}, monsters={"wolf": (5, 4)})
    s.begin_turn("warrior", movement=10)
    planned = path_for_view(s.mode.view("heroes"), "warrior", (3, 4))
    assert planned is not None and planned[1] == 1 + 4


def test_prone_mover_pays_double():
    s = Scenario(ROOM, heroes={"warrior": (1, 1)}, monsters={"wolf": (8, 5)})
    s.begin_turn("warrior", movement=10)
    s.health("warrior").state = PRONE
    planned = path_for_view(s.mode.view("heroes"), "warrior", (2, 1))
    assert planned is not None and planned[1] == 2


def test_previewed_cost_is_what_the_move_spends():
    rng = random.Random(3)
    for _ in range(20):
        s = Scenario(ROOM, heroes={"warrior": (1, 1)}, monsters={"wolf": (rng.randint(5, 8), rng.randint(4, 5))})
        s.begin_turn("warrior", movement=rng.randint(3, 12))
        view = s.mode.view("heroes")
        reach = paths_for_view(view, "warrior")
        assert reach is not None
        goals = [sq for sq in reach.costs if sq != (1, 1) and s.state.occupant(sq) is None]
        goal = rng.choice(goals)
        planned = path_for_view(view, "warrior", goal)
        assert planned is not None
        events = s.act(Move(goal))
        moved = of_type(events, Moved)[0]
        assert planned[1] == reach.costs[goal]
        if of_type(events, MoveStopped):
            # An opponent that comes into sight on the way changes the costs: the walk stops early.
            assert list(moved.path) == planned[0][:len(moved.path)]
        else:
            assert list(moved.path) == planned[0]
            assert sum(moved.costs) == planned[1]


def test_no_preview_for_a_combatant_of_another_seat():
    s = Scenario(ROOM, heroes={"warrior": (1, 1)}, monsters={"wolf": (3, 1)})
    s.begin_turn("warrior")
    assert paths_for_view(s.mode.view("heroes"), "wolf") is None


def test_the_preview_of_a_match_saved_in_the_first_format_walks_its_reading_order_path():
    # A resumed first-format match settles ties in reading order (game.core.mode.LEGACY_TIES):
    # the hover preview must draw the path the move will walk, not the straight one.
    for legacy in (False, True):
        s = Scenario(heroes={"warrior": (1, 3)}, monsters={"skeleton": (7, 1)})
        s.state.legacy_ties = legacy
        s.begin_turn("warrior", movement=10)
        planned = path_for_view(s.mode.view("heroes"), "warrior", (7, 3))
        assert planned is not None
        walked = of_type(s.act(Move((7, 3))), Moved)[0].path
        assert list(walked) == planned[0], legacy


def test_the_preview_goes_around_where_an_unseen_combatant_stopped_the_mover_as_the_move_will():
    hall = "\n".join(["#########", "#.......#", "#.......#", "#.......#", "#########"])
    s = Scenario(hall, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.scores("skeleton").hidden = 9  # Hidden beats the warrior's Senses of 0
    s.begin_turn("warrior", movement=10)
    s.act(Move((6, 2)))  # stopped at (3, 2), next to the skeleton it cannot see
    view = s.mode.view("heroes")
    planned = path_for_view(view, "warrior", (6, 2))
    assert planned is not None and (4, 2) not in planned[0]
    assert list(of_type(s.act(Move((6, 2))), Moved)[0].path) == planned[0]


def test_only_the_movers_own_seat_learns_where_it_was_stopped():
    hall = "\n".join(["#########", "#.......#", "#.......#", "#.......#", "#########"])
    s = Scenario(hall, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.scores("skeleton").hidden = 9
    s.begin_turn("warrior", movement=10)
    s.act(Move((6, 2)))
    own = s.mode.view("heroes").combatant("warrior")
    other = s.mode.view("monsters").combatant("warrior")
    assert own is not None and own.bumped == ((4, 2),)
    assert other is not None and other.bumped is None


def test_an_enemy_only_an_ally_sees_neither_adds_four_nor_blocks_the_preview_as_the_move_knows_nothing_of_it():
    # Ruling grid-opponent-adjacent: the +4 counts only opponents the mover can see. The ranger sees the
    # wolf; the warrior, whose Senses its Hidden beats, does not, and the rules charge it nothing extra.
    s = Scenario(ROOM, heroes={"warrior": (4, 4), "ranger": (1, 1)}, monsters={"wolf": (5, 4)})
    s.scores("ranger").senses = 9
    s.begin_turn("warrior", movement=10, senses=2)
    s.scores("wolf").hidden = 6
    view = s.mode.view("heroes")
    assert view.combatant("wolf") is not None
    reach = paths_for_view(view, "warrior")
    assert reach is not None
    assert reach.costs == movement.reach_of(s.state, s.ent("warrior")).costs
    planned = path_for_view(view, "warrior", (3, 4))
    assert planned is not None and planned[1] == 1
    moved = of_type(s.act(Move((3, 4))), Moved)[0]
    assert sum(moved.costs) == planned[1]
