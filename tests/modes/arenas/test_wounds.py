"""Numbered wounds marked by damage dice, the tests that follow, incapacitation, bleeding out, death, recovery."""

from __future__ import annotations

from game.core.dice import ScriptedDice
from game.modes.arenas.combat import mark_wounds
from game.modes.arenas.events import AttributeTested, StatusChanged, WoundMarked
from game.modes.arenas.plans import Plan
from game.modes.arenas.state import BLEEDING, DEAD, INCAPACITATED, OUT, UP
from game.modes.arenas.wounds import recover, wound_to_mark
from tests.modes.arenas.scenario import GATE, Scene


def test_a_damage_die_marks_the_wound_of_its_number():
    assert wound_to_mark(6, [], 4) == 4


def test_a_rolled_wound_above_the_highest_marks_the_highest():
    assert wound_to_mark(4, [], 5) == 4
    assert wound_to_mark(4, [4], 9) == 3  # the highest is marked: the next lower


def test_a_marked_wound_passes_to_the_next_lower():
    assert wound_to_mark(6, [4], 4) == 3


def test_when_the_next_lower_is_marked_too_the_next_higher_is_marked():
    assert wound_to_mark(6, [3, 4], 4) == 5
    assert wound_to_mark(6, [1], 1) == 2  # wound 1 has no lower one


def test_when_lower_and_higher_are_marked_the_search_goes_on_outwards_lower_first():
    assert wound_to_mark(6, [3, 4, 5], 4) == 2
    assert wound_to_mark(6, [1, 2, 3, 4, 5, 6], 4) is None


def test_marking_either_of_the_two_highest_wounds_tests_daring_or_commitment_to_go_on():
    scene = Scene()
    duelist = scene.add("duelist", GATE)  # Daring 3, Commitment 1: tests Daring
    scene.script(3)  # 3 + 3 = 6 does not beat 6
    events, _ = mark_wounds(scene.st, duelist, [(6, 5, "damage")])
    assert [(e.attribute, e.die, e.success) for e in events if isinstance(e, AttributeTested)] == [("daring", 3, False)]
    assert duelist.status == OUT and not duelist.able


def test_passing_the_test_to_go_on_keeps_a_character_fighting():
    scene = Scene()
    fighter = scene.add("fighter", GATE)  # Daring 2, Commitment 2
    scene.script(5)  # 5 + 2 = 7 beats 6
    mark_wounds(scene.st, fighter, [(8, 6, "damage")])
    assert fighter.status == UP and fighter.marked == [6]


def test_both_highest_wounds_marked_incapacitates_and_tests_commitment_against_the_wounds_marked():
    scene = Scene()
    priest = scene.add("priest", GATE)  # Commitment 3, 6 wounds
    priest.marked = [1, 6]
    scene.script(1)  # 1 + 3 = 4 beats the 3 wounds marked
    events, _ = mark_wounds(scene.st, priest, [(6, 5, "damage")])
    tested = [e for e in events if isinstance(e, AttributeTested)]
    assert tested[0].attribute == "commitment" and tested[0].against == 3 and tested[0].success
    assert priest.status == INCAPACITATED and not priest.able


def test_failing_the_commitment_test_when_incapacitated_is_bleeding_out():
    scene = Scene()
    ranger = scene.add("ranger", GATE)  # Commitment 1
    ranger.marked = [1, 2, 6]
    scene.script(2)  # 2 + 1 = 3 does not beat 4 marked
    events, _ = mark_wounds(scene.st, ranger, [(6, 5, "damage")])
    assert ranger.status == BLEEDING
    assert [e.status for e in events if isinstance(e, StatusChanged)] == [INCAPACITATED, BLEEDING]


def test_bleeding_out_marks_one_more_wound_each_round_until_a_healing_ability_succeeds():
    scene = Scene()
    ranger = scene.add("ranger", GATE)
    priest = scene.add("priest", GATE)
    ranger.marked, ranger.status = [5, 6], BLEEDING
    events = scene.play()  # nobody has a plan: the round ends and the bleeding marks the lowest wound
    assert [(e.wound, e.why) for e in events if isinstance(e, WoundMarked)] == [(1, "bleeding out")]
    scene.plan("priest", Plan("focus", "ranger", ability="healing"))
    scene.script(4)  # the priest's Cunning test: 4 + 3 = 7 beats 6
    events = scene.play()
    assert ranger.status == INCAPACITATED and ranger.marked == [5, 6]  # wound 1 healed, no more bleeding
    assert not [e for e in events if isinstance(e, WoundMarked)]
    assert priest.able


def test_every_wound_marked_is_death():
    scene = Scene()
    wolf = scene.add("wolf", GATE)  # 4 wounds
    wolf.marked = [1, 2, 3]
    events, _ = mark_wounds(scene.st, wolf, [(6, 2, "damage")])
    assert wolf.status == DEAD and events[-1] == StatusChanged("wolf", DEAD, "every wound is marked", 0)


def test_a_bleeding_character_whose_last_wound_is_marked_bleeds_to_death():
    scene = Scene()
    wolf = scene.add("wolf", GATE)
    wolf.marked, wolf.status = [1, 3, 4], BLEEDING
    scene.play()
    assert wolf.status == DEAD


def test_natural_recovery_rolls_1d5_and_rerolls_a_miss_up_to_commitment_times():
    dice = ScriptedDice([2, 5, 3])
    assert recover(dice, [1, 3, 4, 6], 2) == (3, (2, 5, 3))
    dice = ScriptedDice([2, 2])
    assert recover(dice, [1, 3], 1) == (None, (2, 2))  # Commitment 1: one re-roll only
