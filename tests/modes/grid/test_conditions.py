"""Text 003, "At the end of a turn": each condition is checked."""

from game.modes.grid.actions import EndTurn
from game.modes.grid.events import ConditionChecked
from tests.modes.grid.scenario import Scenario, of_type


def end_turn_of(s: Scenario, cid: str, *dice: int):
    s.begin_turn(cid, order=[])
    s.script(*dice)
    return s.act(EndTurn())


def test_beneficial_condition_loses_a_rank_at_the_end_of_the_turn():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "blessed", 2)
    end_turn_of(s, "warrior")
    assert s.conditions("warrior") == {"blessed": 1}


def test_other_condition_whose_trait_roll_beats_its_rank_is_removed():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "poisoned", 3)
    events = end_turn_of(s, "warrior", 4, 1, 1, 1)  # Endurance 3 + chain mail: 4 beats 3
    checked = of_type(events, ConditionChecked)[0]
    assert checked.removed and checked.rank == 0
    assert s.conditions("warrior") == {}


def test_other_condition_not_beaten_loses_a_rank():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "poisoned", 3)
    end_turn_of(s, "warrior", 3, 1, 1, 1)  # 3 does not beat 3
    assert s.conditions("warrior") == {"poisoned": 2}


def test_condition_reaching_rank_0_is_removed():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "blessed", 1)
    events = end_turn_of(s, "warrior")
    assert of_type(events, ConditionChecked)[0].removed
    assert s.conditions("warrior") == {}


def test_each_condition_is_resisted_with_its_own_trait():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "frightened", 2)  # Resolve 3
    events = end_turn_of(s, "warrior", 1, 1, 2)
    assert of_type(events, ConditionChecked)[0].roll.label == "Resolve"


def test_applying_a_condition_again_keeps_the_higher_rank():
    from game.modes.grid.conditions import apply_condition

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    apply_condition(s.state, s.ent("warrior"), "poisoned", 3, "test")
    apply_condition(s.state, s.ent("warrior"), "poisoned", 1, "test")
    assert s.conditions("warrior") == {"poisoned": 3}
