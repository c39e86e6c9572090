"""Text 000's dice and attack arithmetic, each rule with scripted dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.dice import ScriptedDice
from game.modes.cards.rules import (
    RerollRefused,
    Roll,
    accuracy,
    damage_dealt,
    defense,
    hit_chance,
    hits,
    injury,
    modified,
    reroll,
    roll_pool,
    rolloff_order,
    support_chance,
    support_works,
)


def test_a_fighter_rolls_as_many_d12s_as_its_tier_in_the_skill_used() -> None:
    dice = ScriptedDice([12, 1, 7])
    roll = roll_pool(dice, 3)
    assert roll.raw == [12, 1, 7] and dice.rolled == [(12, 12), (12, 1), (12, 7)]


def test_a_bonus_changes_every_die_plus_one_on_11_7_3_reads_12_8_4() -> None:
    assert modified([11, 7, 3], 1) == [12, 8, 4]
    # "when afflicted with a penalty, each die is treated as that much lower"
    assert Roll([11, 7, 3], -1).values == [10, 6, 2]


def test_dice_are_never_added_only_the_highest_counts_or_each_die() -> None:
    # 6 and 6 would add to 12, which beats a defense of 9; read one by one neither does.
    assert hits([6, 6], 9, "highest") == 0
    assert hits([9, 2], 9, "highest") == 1
    assert hits([9, 10, 2], 9, "each") == 2


def test_a_die_can_be_rerolled_only_once_by_any_means() -> None:
    dice = ScriptedDice([3, 5, 11])
    roll = roll_pool(dice, 2)
    assert reroll(roll, 0, dice) == 11 and roll.rerolled == [True, False]
    with pytest.raises(RerollRefused):
        reroll(roll, 0, dice)
    assert roll.can_reroll()


def test_a_fighters_defense_is_3_plus_double_its_tier() -> None:
    assert [defense(t) for t in (1, 2, 3, 4)] == [5, 7, 9, 11]


def test_accuracy_adds_1_per_die_of_8_or_higher_and_effects_move_the_8() -> None:
    assert accuracy([8, 7, 12]) == 2
    assert accuracy([8, 7, 12], -1) == 3  # "the number is reduced by that amount"
    assert accuracy([8, 7, 12], 1) == 1


def test_block_reduces_damage_each_block_applies_and_damage_never_goes_below_0() -> None:
    assert injury(5, [1, 2]) == 2
    assert injury(2, [1, 2]) == 0
    assert damage_dealt(1, 1, 0, 2) == 0  # Weak 2 on a 1-damage hit: "Damage cannot be reduced below 0"


def test_weak_deals_minus_1_damage() -> None:
    assert damage_dealt(2, 1, 1, 0) == 3 and damage_dealt(2, 1, 1, 1) == 2


def test_a_support_spell_works_only_on_6_or_higher() -> None:
    assert support_works([5, 6]) and not support_works([5, 2]) and not support_works([])


def test_the_hands_chance_is_exact_and_uses_the_rules_own_check() -> None:
    # One d12 against 7: six faces of twelve. Two d12s: 1 - (6/12)^2.
    assert hit_chance(1, 0, 7) == Fraction(1, 2)
    assert hit_chance(2, 0, 7) == Fraction(3, 4)
    assert hit_chance(1, 1, 7) == Fraction(7, 12)  # +1 makes a 6 read 7
    assert hit_chance(2, 0, 7, "each") == hit_chance(2, 0, 7)  # at least one die lands either way
    assert support_chance(1, -1) == Fraction(6, 12)


def test_a_rolloff_compares_the_second_highest_die_when_the_highest_match() -> None:
    assert rolloff_order({"a": [9, 4], "b": [9, 6]}) == ["b", "a"]
    assert rolloff_order({"a": [9, 4], "b": [4, 9]}) is None  # a full tie: rolled again
