"""Text 003: "If you're Stunned, you can't do anything for one round"."""

from game.modes.grid.actions import EndTurn, Move, RollInitiative, UseAction
from game.modes.grid.events import TurnSkipped
from tests.modes.grid.scenario import Scenario, of_type


def test_stunned_combatant_can_neither_move_nor_act():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.add_condition("warrior", "stunned", 1)
    s.begin_turn("warrior")
    assert s.check(Move((2, 2))) == "Stunned: can do nothing this round"
    assert s.check(UseAction("strike", "wolf")) == "Stunned: can do nothing this round"
    assert s.check(EndTurn()) is None


def test_stunned_turn_is_skipped_and_a_rank_1_stun_is_gone_after_it():
    s = Scenario(heroes={"warrior": (3, 3), "ranger": (1, 1)}, monsters={"wolf": (6, 5)})
    s.add_condition("warrior", "stunned", 1)
    s.script(9, 9, 1, 1, 1, 1, 1, 1)  # initiative: warrior, then ranger, then wolf
    s.script(5, 5)  # warrior's Speed (chain mail: rank 1) and Perception
    s.script(1, 1, 1)  # end of turn: Resolve 3 against stunned 1 -> fails, rank 1 -> 0
    s.script(*[5] * 8)  # ranger's turn starts
    events = s.act(RollInitiative())
    assert of_type(events, TurnSkipped)[0].reason == "Stunned"
    assert s.conditions("warrior") == {}


def test_a_stun_of_rank_2_not_shaken_off_costs_the_next_round_too():
    # Ruling grid-stunned-turn: "you can't do anything for one round" holds for each round the combatant
    # is still Stunned; the end-of-turn check of "each Condition" sets how many.
    from game.modes.grid.conditions import check_conditions

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (6, 5)})
    s.add_condition("warrior", "stunned", 2)
    s.script(1, 1, 1, 5, 1)  # Resolve 3: 1 against the stun's rank 2: 5 -> rank 1
    check_conditions(s.state, s.ent("warrior"))
    assert s.conditions("warrior") == {"stunned": 1}
    s.begin_turn("warrior")
    assert s.check(Move((2, 2))) == "Stunned: can do nothing this round"
