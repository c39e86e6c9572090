"""Text 003, "At the start of a turn"."""

import esper

from game.modes.grid.actions import EndTurn, RollInitiative
from game.modes.grid.components import Ranks
from game.modes.grid.events import (
    DamageRolled,
    Died,
    Healed,
    MovementPointsSet,
    ResolveRolled,
    SensesSet,
    TurnSkipped,
    TurnStarted,
)
from tests.modes.grid.scenario import Scenario, of_type


def start_warrior_turn(s: Scenario, *dice: int):
    """Roll initiative so that the warrior goes first, then its start of turn with ``dice``."""
    s.script(9, 9, 1)  # warrior Reactions 2 -> 9; skeleton Reactions 1 -> 1
    s.script(*dice)
    return s.act(RollInitiative())


def test_speed_roll_sets_movement_points():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    # warrior Speed 2 with chain mail (-1) -> rank 1: rolls 7. Perception 1: rolls 4.
    events = start_warrior_turn(s, 7, 4)
    assert of_type(events, MovementPointsSet)[0].points == 7
    assert s.scores("warrior").movement == 7


def test_perception_roll_sets_senses_and_hidden_resets_to_zero():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.scores("warrior").hidden = 12
    events = start_warrior_turn(s, 7, 4)
    assert of_type(events, SensesSet)[0].senses == 4
    assert s.scores("warrior").senses == 4
    assert s.scores("warrior").hidden == 0


def test_exploding_ten_is_rolled_again_and_added_for_movement():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    events = start_warrior_turn(s, 10, 10, 3, 4)
    assert of_type(events, MovementPointsSet)[0].roll.dice[0].chain == (10, 10, 3)
    assert s.scores("warrior").movement == 23


def test_automatic_damage_from_a_condition_is_applied_first():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.add_condition("warrior", "poisoned", 2)
    # poison: damage rank 1 rolls 6, chain mail gives no poison resistance -> 6 damage;
    # Endurance 3 (+1 chain mail = 4) rolls 9, 9, 9, 9 -> no wound. Then Speed, Perception.
    events = start_warrior_turn(s, 6, 9, 9, 9, 9, 7, 4)
    damage = of_type(events, DamageRolled)[0]
    assert damage.amount == 6
    assert events.index(damage) < events.index(of_type(events, MovementPointsSet)[0])
    assert s.health("warrior").damage == 6


def test_automatic_healing_from_a_condition_heals_a_wound():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.health("warrior").wounds = 2
    s.add_condition("warrior", "regenerating", 2)
    events = start_warrior_turn(s, 7, 4)
    assert of_type(events, Healed)[0].amount == 1
    assert s.health("warrior").wounds == 1


def test_automatic_healing_of_a_combatant_without_wounds_reports_nothing():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    s.add_condition("warrior", "regenerating", 2)
    events = start_warrior_turn(s, 7, 4)
    assert not of_type(events, Healed)
    assert s.health("warrior").wounds == 0


def test_unconscious_combatant_dies_on_a_resolve_result_of_1():
    s = Scenario(heroes={"warrior": (1, 1), "ranger": (2, 2)}, monsters={"skeleton": (7, 5)})
    s.health("warrior").state = "unconscious"
    s.health("warrior").wounds = 3
    # initiative: warrior 9 9, ranger 1 1 1, skeleton 1; warrior Resolve 3: 1, 1, 1 -> dies.
    s.script(9, 9, 1, 1, 1, 1, 1, 1, 1)
    s.script(5, 5, 5, 5)  # the ranger's turn starts next: Speed 3, Perception 3 (spares)
    s.script(*[5] * 6)
    events = s.act(RollInitiative())
    roll = of_type(events, ResolveRolled)[0]
    assert roll.roll.result == 1 and roll.died
    assert of_type(events, Died)[0].cid == "warrior"
    # "the combatant dies and the next combatant's turn starts"
    assert of_type(events, TurnStarted)[-1].cid == "ranger"


def test_unconscious_combatant_dies_on_a_resolve_result_of_0():
    s = Scenario(heroes={"warrior": (1, 1), "ranger": (2, 2)}, monsters={"skeleton": (7, 5)})
    # The warrior's Resolve is 3; lower its base rank to 0 for this test.
    esper.component_for_entity(s.ent("warrior"), Ranks).base["Resolve"] = 0
    s.health("warrior").state = "unconscious"
    s.script(9, 9, 1, 1, 1, 1, 1)  # initiative
    s.script(1)  # Resolve rank 0: one die, halved: 1 // 2 = 0
    s.script(*[5] * 8)
    events = s.act(RollInitiative())
    assert of_type(events, ResolveRolled)[0].roll.result == 0
    assert of_type(events, ResolveRolled)[0].died


def test_unconscious_combatant_that_survives_its_resolve_roll_does_nothing_this_turn():
    s = Scenario(heroes={"warrior": (1, 1), "ranger": (2, 2)}, monsters={"skeleton": (7, 5)})
    s.health("warrior").state = "unconscious"
    s.health("warrior").wounds = 3
    s.script(9, 9, 1, 1, 1, 1)  # initiative: warrior first, ranger, skeleton
    s.script(2, 2, 2)  # Resolve 3 -> 2: survives
    s.script(*[5] * 8)  # the ranger's turn
    events = s.act(RollInitiative())
    assert not of_type(events, ResolveRolled)[0].died
    assert of_type(events, TurnSkipped)[0].reason == "Unconscious"
    assert not [e for e in of_type(events, MovementPointsSet) if e.cid == "warrior"]
    assert s.health("warrior").state == "unconscious"


def test_turn_of_a_standing_combatant_waits_for_its_seat():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    start_warrior_turn(s, 7, 4)
    assert s.mode.pending_seat() == "heroes"
    assert s.check(EndTurn()) is None
