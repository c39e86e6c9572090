"""Text 003, "Other options": Inspire, Scan, Hide, and standing up from Prone."""

from game.modes.grid.actions import Hide, Inspire, Scan, StandUp
from game.modes.grid.events import Hid, Inspired, Scanned
from tests.modes.grid.scenario import Scenario, of_type


def test_inspire_on_8_or_higher_frees_every_ally_in_sight_from_stunned():
    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1), "ranger": (5, 3)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "stunned", 1)
    s.add_condition("ranger", "stunned", 1)
    s.begin_turn("cleric", movement=6)
    s.script(8, 1, 1)  # Presence 3: 8 is kept
    events = s.act(Inspire())
    inspired = of_type(events, Inspired)[0]
    assert inspired.success and set(inspired.freed) == {"warrior", "ranger"}
    assert s.conditions("warrior") == {} and s.conditions("ranger") == {}
    assert s.scores("cleric").movement == 2


def test_inspire_below_8_frees_nobody():
    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "stunned", 1)
    s.begin_turn("cleric", movement=6)
    s.script(7, 1, 1)
    events = s.act(Inspire())
    assert not of_type(events, Inspired)[0].success
    assert s.conditions("warrior") == {"stunned": 1}


def test_inspire_does_not_free_an_ally_out_of_sight():
    walled = """
#########
#...#...#
#...#...#
#########
"""
    s = Scenario(walled, heroes={"cleric": (1, 1), "warrior": (6, 1)}, monsters={"wolf": (7, 2)})
    s.add_condition("warrior", "stunned", 1)
    s.begin_turn("cleric", movement=6)
    s.script(9, 1, 1)
    s.act(Inspire())
    assert s.conditions("warrior") == {"stunned": 1}


def test_inspire_costs_4_movement_points():
    s = Scenario(heroes={"cleric": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("cleric", movement=3)
    assert s.check(Inspire()) == "needs 4 movement points, 3 left"


def test_scan_adds_a_perception_roll_to_senses():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=6, senses=5)
    s.script(2, 6, 3)
    events = s.act(Scan())
    assert of_type(events, Scanned)[0].senses == 11
    assert s.scores("ranger").movement == 2


def test_hide_adds_a_stealth_roll_to_hidden():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=6, hidden=0)
    # ranger Stealth 3, leather armour changes nothing: 4, 7, 2
    s.script(4, 7, 2)
    events = s.act(Hide())
    assert of_type(events, Hid)[0].hidden == 7
    assert s.scores("ranger").movement == 2


def test_hide_costs_4_movement_points():
    s = Scenario(heroes={"ranger": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("ranger", movement=3)
    assert s.check(Hide()) is not None
    assert s.check(Scan()) is not None


def test_prone_combatant_stands_up_for_2_points():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.health("warrior").state = "prone"
    s.begin_turn("warrior", movement=3)
    s.act(StandUp())
    assert s.health("warrior").state == "standing"
    assert s.scores("warrior").movement == 1


def test_standing_combatant_cannot_stand_up():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("warrior", movement=3)
    assert s.check(StandUp()) == "not Prone"
