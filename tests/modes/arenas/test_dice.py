"""Attack rolls keep their top two d10s, the face die is the first; exact odds; tests and contests."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from game.core.dice import ScriptedDice
from game.modes.arenas.dice import contest, contest_chance, hit_chance, roll_attack, roll_test, success_chance


def test_an_attack_roll_keeps_its_top_two_dice_and_its_first_die_is_the_face_die():
    roll = roll_attack(ScriptedDice([3, 9, 7]), 3, 1, 17)
    assert roll.kept == (9, 7) and roll.total == 17 and roll.hit and roll.face == 3 and not roll.face_ten


def test_the_chance_to_hit_is_exact_for_the_rule_the_resolver_rolls_by():
    for count, bonus, need in ((1, 0, 9), (2, 2, 13), (3, -4, 11), (4, 0, 18)):
        rolls = list(product(range(1, 11), repeat=count))
        hits = sum(1 for r in rolls if roll_attack(ScriptedDice(r), count, bonus, need).hit)
        assert hit_chance(count, bonus, need) == Fraction(hits, len(rolls))


def test_a_test_beats_the_number_with_1d10_plus_the_attribute():
    assert roll_test(ScriptedDice([4]), 3).success  # 7 beats 6
    assert not roll_test(ScriptedDice([3]), 3).success
    assert not roll_test(ScriptedDice([2]), 1, 3).success  # against 3 wounds marked
    assert success_chance(3) == Fraction(7, 10)


def test_each_party_to_a_contest_uses_its_best_of_brawn_cunning_and_daring():
    roll = contest(ScriptedDice([5, 5]), (1, 4, 2), (3, 0, 3), penalty=1)
    assert (roll.attribute, roll.their_attribute, roll.total, roll.their_total, roll.won) == ("cunning", "brawn", 8, 8,
                                                                                             False)
    assert contest_chance((0, 0, 0), (0, 0, 0)) == Fraction(45, 100)
