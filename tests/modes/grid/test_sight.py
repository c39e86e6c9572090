"""Text 003: Senses against Hidden, and the view hidden outside the current combatant's sight."""

from game.modes.grid.actions import UseAction
from tests.modes.grid.scenario import Scenario

WALLED = """
###########
#...#.....#
#...#.....#
#.........#
###########
"""


def test_enemy_whose_hidden_beats_senses_cannot_be_attacked():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior", senses=5)
    s.scores("wolf").hidden = 6
    assert s.check(UseAction("strike", "wolf")) == "cannot see the target"


def test_hidden_equal_to_senses_does_not_beat_it():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior", senses=6)
    s.scores("wolf").hidden = 6
    assert s.check(UseAction("strike", "wolf")) is None


def test_hidden_enemy_is_absent_from_the_view_of_a_seat_that_cannot_see_it():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior", senses=2)
    s.scores("wolf").hidden = 6
    view = s.mode.view("heroes")
    assert view.combatant("wolf") is None
    assert "wolf" not in view.order


def test_squares_outside_the_current_combatants_sight_are_not_in_its_view():
    s = Scenario(WALLED, heroes={"warrior": (1, 1)}, monsters={"wolf": (8, 1)})
    s.begin_turn("warrior")
    view = s.mode.view("heroes")
    assert (2, 2) in view.visible
    assert (6, 1) not in view.visible  # behind the wall at column 4
    assert view.combatant("wolf") is None


def test_enemy_in_sight_is_in_the_view_without_its_private_scores():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (6, 4)})
    s.begin_turn("warrior")
    s.scores("wolf").movement = 9
    wolf = s.mode.view("heroes").combatant("wolf")
    assert wolf is not None and wolf.square == (6, 4)
    assert wolf.movement is None and wolf.senses is None and wolf.hidden is None and wolf.carried is None


def test_walls_block_sight_of_attacks():
    s = Scenario(WALLED, heroes={"ranger": (1, 1)}, monsters={"wolf": (6, 1)})
    s.begin_turn("ranger")
    assert s.check(UseAction("shoot", "wolf")) == "cannot see the target"


def test_obstructed_squares_do_not_block_sight():
    rubble = """
#########
#..,,,..#
#########
"""
    s = Scenario(rubble, heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 1)})
    s.begin_turn("ranger")
    assert s.check(UseAction("shoot", "wolf")) is None


def test_the_view_names_an_enemy_an_ally_sees_whose_hidden_beats_the_current_combatants_senses():
    # The seat sees the wolf through the ranger; the warrior, whose turn it is, sees it nowhere.
    s = Scenario(heroes={"warrior": (3, 3), "ranger": (1, 1)}, monsters={"wolf": (4, 3)})
    s.scores("ranger").senses = 9
    s.begin_turn("warrior", senses=2)
    s.scores("wolf").hidden = 6
    view = s.mode.view("heroes")
    assert view.combatant("wolf") is not None
    assert view.hidden_from_current == frozenset({"wolf"})
    s.begin_turn("ranger", senses=9)
    assert s.mode.view("heroes").hidden_from_current == frozenset()


def test_no_other_seat_learns_whom_the_current_combatant_cannot_see():
    s = Scenario(heroes={"warrior": (3, 3), "ranger": (1, 1)}, monsters={"wolf": (4, 3)})
    s.scores("ranger").senses = 9
    s.begin_turn("warrior", senses=2)
    s.scores("wolf").hidden = 6
    assert s.mode.view("monsters").hidden_from_current == frozenset()
