"""Text 003, "Moving": costs of each step, and what cannot be moved through."""

from game.modes.grid.actions import Move
from game.modes.grid.events import Moved, MoveStopped
from game.modes.grid.turns import start_turn
from tests.modes.grid.scenario import Scenario, of_type

ROOM_WITH_RUBBLE = """
#########
#...,...#
#...#...#
#.......#
#########
"""


def test_moving_into_an_adjacent_square_costs_one_point():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=5)
    events = s.act(Move((2, 1)))
    assert of_type(events, Moved)[0].costs == (1,)
    assert s.scores("warrior").movement == 4


def test_moving_diagonally_costs_one_point():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=5)
    s.act(Move((2, 2)))
    assert s.scores("warrior").movement == 4
    assert s.square("warrior") == (2, 2)


def test_moving_into_an_obstructed_square_adds_one_point():
    s = Scenario(ROOM_WITH_RUBBLE, heroes={"warrior": (3, 1)}, monsters={"skeleton": (7, 3)})
    s.begin_turn("warrior", movement=5)
    events = s.act(Move((4, 1)))
    assert of_type(events, Moved)[0].costs == (2,)


def test_moving_out_of_a_square_adjacent_to_an_opponent_adds_four_points():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"skeleton": (4, 3)})
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((2, 3)))
    assert of_type(events, Moved)[0].costs == (5,)
    assert s.scores("warrior").movement == 5


def test_leaving_an_unconscious_opponents_side_adds_four_points_as_it_is_still_an_opponent():
    # Ruling grid-opponent-adjacent: "adjacent to an opponent" - an Unconscious one is still an opponent.
    from game.modes.grid.viewpaths import seen_by_mover

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"skeleton": (4, 3), "wolf": (7, 5)})
    s.health("skeleton").state = "unconscious"
    s.begin_turn("warrior", movement=10)
    view = s.mode.view("heroes")
    _, threatened = seen_by_mover(view, view.combatant("warrior"))
    assert (3, 3) in threatened  # the screen's and the computer's previews charge it too
    events = s.act(Move((2, 3)))
    assert of_type(events, Moved)[0].costs == (5,)


def test_a_match_of_the_fifth_save_format_leaves_an_unconscious_opponents_side_for_nothing_extra():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"skeleton": (4, 3), "wolf": (7, 5)})
    s.state.legacy_rules = True  # as the option LEGACY_GRID_RULES sets it
    s.health("skeleton").state = "unconscious"
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((2, 3)))
    assert of_type(events, Moved)[0].costs == (1,)


def test_prone_doubles_the_movement_cost():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.health("warrior").state = "prone"
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((2, 1)))
    assert of_type(events, Moved)[0].costs == (2,)


def test_hidden_doubles_the_movement_cost_including_the_extra_four():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"skeleton": (4, 3)})
    s.begin_turn("warrior", movement=20, hidden=3)
    s.scores("skeleton").senses = 5  # the skeleton still sees the warrior, and the warrior sees it
    events = s.act(Move((2, 3)))
    assert of_type(events, Moved)[0].costs == (10,)


def test_cannot_move_into_a_wall():
    s = Scenario(ROOM_WITH_RUBBLE, heroes={"warrior": (3, 2)}, monsters={"skeleton": (7, 3)})
    s.begin_turn("warrior", movement=5)
    assert s.check(Move((4, 2))) == "that square cannot be stood on"


def test_cannot_move_through_other_combatants():
    corridor = """
#######
#.....#
#######
"""
    s = Scenario(corridor, heroes={"warrior": (1, 1), "ranger": (2, 1)}, monsters={"skeleton": (5, 1)})
    s.begin_turn("warrior", movement=10)
    assert s.check(Move((3, 1))) is not None


def test_cheapest_path_goes_around_rubble_when_that_is_cheaper():
    open_below = """
#########
#...,...#
#.......#
#########
"""
    s = Scenario(open_below, heroes={"warrior": (3, 1)}, monsters={"skeleton": (7, 2)})
    s.begin_turn("warrior", movement=5)
    events = s.act(Move((5, 1)))
    moved = of_type(events, Moved)[0]
    assert moved.path == ((4, 2), (5, 1))
    assert sum(moved.costs) == 2


def test_cannot_move_further_than_movement_points_allow():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=2)
    assert s.check(Move((4, 1))) == "too far for the movement points left"


def test_an_unseen_combatant_in_the_way_stops_the_move():
    corridor = """
#########
#.......#
#########
"""
    s = Scenario(corridor, heroes={"warrior": (1, 1)}, monsters={"skeleton": (4, 1), "wolf": (7, 1)})
    s.scores("skeleton").hidden = 9  # Hidden beats the warrior's Senses of 0
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((6, 1)))
    assert of_type(events, Moved)[0].path == ((2, 1), (3, 1))
    assert of_type(events, MoveStopped)[0].reason == "an unseen combatant is in the way"
    assert s.square("warrior") == (3, 1)


HALL = """
#########
#.......#
#.......#
#.......#
#########
"""


def test_a_move_goes_around_the_square_where_an_unseen_combatant_stopped_the_mover_this_turn():
    # Ruling grid-move-knowledge: a square the mover walked into and could not enter is one it knows is taken.
    s = Scenario(HALL, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.scores("skeleton").hidden = 9  # Hidden beats the warrior's Senses of 0
    s.begin_turn("warrior", movement=10)
    assert of_type(s.act(Move((6, 2))), MoveStopped)[0].square == (3, 2)
    again = s.act(Move((6, 2)))
    assert not of_type(again, MoveStopped)
    path = of_type(again, Moved)[0].path
    assert (4, 2) not in path and path[-1] == (6, 2)
    assert s.scores("warrior").movement == 10 - 2 - 3


def test_a_square_where_an_unseen_combatant_stopped_the_mover_cannot_be_moved_into_that_turn():
    s = Scenario(HALL, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.scores("skeleton").hidden = 9
    s.begin_turn("warrior", movement=10)
    s.act(Move((6, 2)))
    assert s.check(Move((4, 2))) == "somebody unseen stands there"


def test_the_mover_forgets_where_it_was_stopped_when_its_next_turn_starts():
    s = Scenario(HALL, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.scores("skeleton").hidden = 9
    s.begin_turn("warrior", movement=10)
    s.act(Move((6, 2)))
    assert s.scores("warrior").bumped == {(4, 2)}
    s.state.round += 1
    s.script(*[1] * 40)  # every roll of the start of the turn
    start_turn(s.state, s.ent("warrior"))
    assert s.scores("warrior").bumped == set()


def test_a_match_saved_before_the_third_format_forgets_where_the_mover_was_stopped():
    # Saves of formats 1 and 2 were played before moves remembered bumps: they replay as they were played.
    s = Scenario(HALL, heroes={"warrior": (1, 2)}, monsters={"skeleton": (4, 2), "wolf": (7, 3)})
    s.state.legacy_bumps = True
    s.scores("skeleton").hidden = 9
    s.begin_turn("warrior", movement=10)
    s.act(Move((6, 2)))
    again = s.act(Move((6, 2)))
    assert of_type(again, MoveStopped)[0].reason == "an unseen combatant is in the way"
    assert not of_type(again, Moved) and s.square("warrior") == (3, 2)


def test_of_equally_cheap_paths_a_move_walks_the_one_nearest_the_straight_line():
    # Ruling grid-path-choice: every zigzag of six steps costs 6 as well.
    s = Scenario(heroes={"warrior": (1, 3)}, monsters={"skeleton": (7, 1)})
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((7, 3)))
    assert of_type(events, Moved)[0].path == ((2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3))


def test_a_move_steps_around_an_ally_and_back_onto_the_line():
    s = Scenario(heroes={"warrior": (1, 3), "ranger": (2, 3)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=10)
    path = of_type(s.act(Move((6, 3))), Moved)[0].path
    assert len(path) == 5 and path[1:] == ((3, 3), (4, 3), (5, 3), (6, 3))

def test_a_square_taken_by_a_seen_combatant_cannot_be_moved_into():
    s = Scenario(heroes={"warrior": (1, 1), "ranger": (2, 1)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=5)
    assert s.check(Move((2, 1))) == "somebody stands there"


def test_moves_listed_for_a_seat_do_not_betray_where_an_unseen_combatant_stands():
    from game.modes.grid.actions import Move as MoveAction

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (4, 1), "wolf": (7, 5)})
    s.scores("skeleton").hidden = 9
    s.begin_turn("warrior", movement=10)
    listed = {a.to for a in s.mode.legal_actions(s.seat()) if isinstance(a, MoveAction)}
    assert (4, 1) in listed  # the warrior cannot know the Hidden skeleton stands there
    assert (7, 5) not in listed  # but it sees the wolf


def test_prone_and_hidden_together_double_the_cost_once():
    # Ruling grid-prone-or-hidden: "If you are Prone or Hidden, double the movement point cost" is one
    # doubling when either holds, both included.
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.begin_turn("warrior", movement=10, hidden=3)
    s.health("warrior").state = "prone"
    events = s.act(Move((2, 1)))
    assert of_type(events, Moved)[0].costs == (2,)


def test_a_square_no_path_leads_to_is_refused_as_such_not_for_want_of_points():
    walled = """
#######
#.#.#.#
#######
"""
    s = Scenario(walled, heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 1)})
    s.begin_turn("warrior", movement=10)
    assert s.check(Move((3, 1))) == "no way leads there"


# The warrior's square is closed on every side but the diagonal between the two walls at (2, 1) and (1, 2).
SQUEEZE = """
#######
#.#...#
##....#
#.....#
#######
"""


def test_a_diagonal_step_between_two_walls_is_allowed():
    # Ruling grid-diagonal-squeeze: "You can move into any adjacent empty square, including diagonally".
    s = Scenario(SQUEEZE, heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.begin_turn("warrior", movement=10)
    events = s.act(Move((2, 2)))
    assert of_type(events, Moved)[0].path == ((2, 2),) and of_type(events, Moved)[0].costs == (1,)
    assert s.square("warrior") == (2, 2) and s.scores("warrior").movement == 9
    events = s.act(Move((1, 1)))  # and back the same way
    assert of_type(events, Moved)[0].path == ((1, 1),) and s.scores("warrior").movement == 8


def test_a_path_squeezes_between_two_walls_when_that_is_the_cheapest_way():
    s = Scenario(SQUEEZE, heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.begin_turn("warrior", movement=3)
    events = s.act(Move((3, 3)))
    assert of_type(events, Moved)[0].path == ((2, 2), (3, 3))


def test_in_matches_of_the_seventh_save_format_a_diagonal_may_not_squeeze_between_two_walls():
    s = Scenario(SQUEEZE, heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.state.legacy_corners = True  # as the option LEGACY_CORNERS sets it
    s.begin_turn("warrior", movement=10)
    assert s.check(Move((2, 2))) == "no way leads there"
    assert s.check(Move((3, 3))) == "no way leads there"


BEND = """
##########
#........#
####..####
####..####
####..####
##########
"""


def test_a_move_goes_around_an_ally_the_mover_does_not_see():
    # Ruling grid-move-allies: a side always knows where its own members stand.
    s = Scenario(BEND, heroes={"warrior": (1, 1), "ranger": (4, 3)}, monsters={"skeleton": (8, 1)})
    s.begin_turn("warrior", movement=10)
    assert (4, 3) not in s.state.sight.visible_from((1, 1))  # the ranger stands behind the wall
    events = s.act(Move((4, 4)))
    assert not of_type(events, MoveStopped)
    assert s.square("warrior") == (4, 4) and (4, 3) not in of_type(events, Moved)[0].path


def test_in_matches_of_the_sixth_save_format_a_move_still_stops_at_an_unseen_ally():
    s = Scenario(BEND, heroes={"warrior": (1, 1), "ranger": (4, 3)}, monsters={"skeleton": (8, 1)})
    s.state.legacy_allies = True
    s.begin_turn("warrior", movement=10)
    assert of_type(s.act(Move((4, 4))), MoveStopped)
    assert s.square("warrior") == (4, 2)  # it walked into the ranger it did not see, and stopped before it
