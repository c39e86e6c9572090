"""Text 003, "Dice": keep the highest d10, a 10 explodes, rank 0 rolls one die and halves it."""

import random

import pytest

from game.core.dice import DiceScriptExhausted, ScriptedDice, SeededDice
from game.core.pools import Modifier, roll_pool


def test_rank_n_rolls_n_dice_and_keeps_the_highest():
    roll = roll_pool(ScriptedDice([3, 8, 5]), 3, "Weapon")
    assert [d.total for d in roll.dice] == [3, 8, 5]
    assert roll.result == 8


def test_a_ten_is_rolled_again_and_added_while_it_keeps_rolling_ten():
    roll = roll_pool(ScriptedDice([10, 10, 4, 9]), 2, "Weapon")
    assert roll.dice[0].chain == (10, 10, 4)
    assert roll.result == 24


def test_rank_0_rolls_one_die_and_halves_it_rounding_down():
    assert roll_pool(ScriptedDice([7]), 0, "Stealth").result == 3
    assert roll_pool(ScriptedDice([1]), 0, "Stealth").result == 0
    halved = roll_pool(ScriptedDice([10, 5]), 0, "Stealth")
    assert halved.halved and halved.result == 7


def test_modifiers_are_added_to_the_kept_die_with_their_sources():
    roll = roll_pool(ScriptedDice([6]), 1, "Weapon", (Modifier(2, "Blessed"), Modifier(-1, "Frightened")))
    assert roll.natural == 6 and roll.result == 7


def test_negative_rank_counts_as_0():
    assert roll_pool(ScriptedDice([9]), -2, "Speed").rank == 0


def test_seeded_dice_repeat_for_the_same_seed():
    a, b = SeededDice(42), SeededDice(42)
    assert [a.roll(10) for _ in range(50)] == [b.roll(10) for _ in range(50)]


def test_seeded_dice_roll_what_randint_rolls_from_the_same_seed():
    # Saves replay from the seed: a seeded die draws exactly what randint draws.
    for seed in (1, 42, 20240601):
        dice, rng = SeededDice(seed), random.Random(seed)
        sides = [10, 6, 10, 1, 20, 10, 3] * 30
        assert [dice.roll(n) for n in sides] == [rng.randint(1, n) for n in sides]


def test_seeded_dice_refuse_a_die_without_sides():
    with pytest.raises(ValueError):
        SeededDice(1).roll(0)


def test_scripted_dice_refuse_to_run_out_silently():
    with pytest.raises(DiceScriptExhausted):
        ScriptedDice([]).roll(10)


def test_scripted_dice_refuse_a_result_the_die_cannot_show():
    with pytest.raises(AssertionError):
        ScriptedDice([11]).roll(10)
