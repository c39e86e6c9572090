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
    events = end_turn_of(s, "warrior", 4, 1, 1, 1, 3, 1, 1)  # Endurance 3 + chain mail: 4 beats rank 3's 3
    checked = of_type(events, ConditionChecked)[0]
    assert checked.removed and checked.rank == 0
    assert s.conditions("warrior") == {}


def test_other_condition_not_beaten_loses_a_rank():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "poisoned", 3)
    end_turn_of(s, "warrior", 3, 1, 1, 1, 3, 1, 1)  # 3 does not beat rank 3's 3
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
    events = end_turn_of(s, "warrior", 1, 1, 2, 5, 5)
    assert of_type(events, ConditionChecked)[0].roll.label == "Resolve"


def test_applying_a_condition_again_keeps_the_higher_rank():
    from game.modes.grid.conditions import apply_condition

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    apply_condition(s.state, s.ent("warrior"), "poisoned", 3, "test")
    apply_condition(s.state, s.ent("warrior"), "poisoned", 1, "test")
    assert s.conditions("warrior") == {"poisoned": 3}


def test_a_condition_is_shaken_off_only_when_the_trait_roll_beats_a_roll_of_its_rank():
    # Ruling grid-condition-check: "rolls their Trait vs the Conditon's rank" reads as an attack's
    # "[Skill] vs [Trait]": both sides roll. Endurance 4 rolls 3; Poisoned rank 2 rolls 5: not beaten.
    from game.modes.grid.conditions import check_conditions
    from game.modes.grid.events import ConditionResisted

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "poisoned", 2)
    s.script(3, 1, 1, 1)  # Endurance 4 (3 and Chain Mail's 1): 3
    s.script(5, 1)  # the poison's rank 2: 5
    events = check_conditions(s.state, s.ent("warrior"))
    checked = events[0]
    assert isinstance(checked, ConditionResisted) and checked.against.result == 5
    assert s.conditions("warrior") == {"poisoned": 1}


def test_a_trait_roll_that_beats_the_conditions_roll_ends_it():
    from game.modes.grid.conditions import check_conditions

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.add_condition("warrior", "poisoned", 2)
    s.script(6, 1, 1, 1)
    s.script(5, 1)
    check_conditions(s.state, s.ent("warrior"))
    assert s.conditions("warrior") == {}


def test_the_computer_reads_the_odds_of_shaking_off_a_condition_as_the_rule_rolls_them():
    import dataclasses

    from game.core import odds
    from game.modes.grid.ai.lore import Lore
    from game.modes.grid.content import load_content
    from game.modes.grid.preview import p_shaken_off

    # Endurance 2 against rank 2: both roll two dice; about 45 %, not the 96 % of beating the number 2.
    assert 0.4 < p_shaken_off(2, 0, 2) < 0.5
    assert p_shaken_off(2, 0, 2) == odds.p_beats(2, 2)
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    wolf = dataclasses.replace(s.mode.view("heroes").combatant("wolf"), conditions=())
    lore = Lore(load_content())
    endurance = lore.build(wolf).rank("Endurance")
    assert lore.condition_turns(lore.build(wolf), "poisoned", 3) == \
        1.0 + 2 * (1.0 - p_shaken_off(endurance, 0, 3))
