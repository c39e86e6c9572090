"""Summed rolls: named dice added up, advantage and disadvantage, halving rounding up, dice stepping down."""

from game.core.dice import ScriptedDice
from game.core.pools import Modifier
from game.core.rolls import roll_sum, step_down


def test_a_sum_adds_every_die_and_modifier():
    roll = roll_sum(ScriptedDice([3, 5, 7]), [("heart", 6), ("might", 8), ("axe", 8)], "attack",
                    [Modifier(2, "chain")])
    assert [d.source for d in roll.dice] == ["heart", "might", "axe"]
    assert roll.natural == 15 and roll.result == 17


def test_a_level_of_advantage_rolls_the_sum_again_and_keeps_the_best():
    roll = roll_sum(ScriptedDice([1, 2, 4, 4]), [("heart", 6), ("might", 6)], "check", advantage=1)
    assert roll.result == 8 and roll.set_aside[0][0].value == 1


def test_a_level_of_disadvantage_keeps_the_worst():
    roll = roll_sum(ScriptedDice([5, 5, 1, 2]), [("heart", 6), ("medicine", 6)], "check", advantage=-1)
    assert roll.result == 3


def test_two_levels_of_advantage_roll_three_times():
    dice = ScriptedDice([1, 6, 3])
    roll = roll_sum(dice, [("heart", 6)], "check", advantage=2)
    assert roll.result == 6 and len(roll.set_aside) == 2 and dice.remaining == 0


def test_a_halved_sum_rounds_up():
    assert roll_sum(ScriptedDice([3, 4]), [("heart", 6), ("might", 6)], "grapple", halve=True).result == 4


def test_dice_step_down_one_size_and_stop_at_d4():
    assert step_down(12) == 10 and step_down(6) == 4 and step_down(4) is None
