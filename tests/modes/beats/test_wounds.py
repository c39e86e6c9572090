"""Wounds: beaten, bloody, broken, burst, then helpless; wounds as tools; wound disadvantage in a new fight's
first round; first aid between fights; tended wounds coming back; sparks and their return."""

from __future__ import annotations

from game.core.dice import ScriptedDice
from game.modes.beats.actions import ATTACK, HOLD, Act, Reroll, Shift
from game.modes.beats.choices import choices
from game.modes.beats.content import load_content
from game.modes.beats.events import FightEnded, WoundsReopened
from game.modes.beats.run import AID, PRESENT, Run
from game.modes.beats.state import HELPLESS, OUT_HELPLESS, Combatant
from game.modes.beats.wounds import first_aid, gain_wound
from tests.modes.beats.scenario import run_of, sizes, values


def _hero() -> Combatant:
    return Combatant("bruiser", "Mara", "heroes", load_content().heroes["bruiser"])


def test_wounds_go_beaten_bloody_broken_burst_and_one_more_after_four_is_helpless() -> None:
    hero = _hero()
    levels = [gain_wound(hero, "Shivved in Gut")[1] for _ in range(5)]
    assert levels == [1, 2, 3, 4, HELPLESS] and hero.helpless
    assert [w.name for w in hero.wound_tools] == ["Wound: Shivved in Gut"] * 4
    assert [w.level for w in hero.wound_tools] == [1, 2, 3, 4]  # "instead" of a fifth wound: no fifth tool


def test_a_combatant_that_falls_helpless_leaves_the_fight_and_the_fight_ends_with_its_side_gone() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    run.combatants["thug"].wounds = 4
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", ATTACK, "thug"))
    events = run.allow("thug")
    assert run.combatants["thug"].status == OUT_HELPLESS
    assert FightEnded(1, "heroes") in events and run.winner == "heroes"


def test_in_a_new_fights_first_round_all_dice_turn_down_one_step_per_level_of_the_worst_wound() -> None:
    # A broken hero (three bubbles) rolls its d10, d6, d4 as d4, d4, d4 in the first round only.
    dice = ScriptedDice([1, 2, 3, 5, 1, 4, 5, 4, 3, 2, 1, 1])
    run = Run(load_content(), dice, ["bruiser"], [("thug",)], 50)
    run.combatants["bruiser"].wounds = 3
    run.begin_fight()
    assert sizes(run, "bruiser") == [4, 4, 4]
    for beat in range(3):
        run.present("bruiser", beat)
        run.present("thug", beat)
        while run.phase != PRESENT and run.deciding() is not None:
            actor = run.deciding()
            assert actor is not None
            run.act(Act(actor, HOLD))
        if run.round == 2:
            break
    assert run.round == 2 and sizes(run, "bruiser") == [10, 6, 4]


def test_first_aid_erases_the_highest_bubble_but_not_the_wound_tool() -> None:
    patient = _hero()
    gain_wound(patient, "Shivved in Gut")
    gain_wound(patient, "Shivved in Gut")
    # The tender's 9 beats the GM's Elements (d6: 4) and one d8 per wound tool (5, 6).
    mine, theirs, worked = first_aid((10, 6, 4), 0, 6, patient, ScriptedDice([9, 2, 1, 4, 5, 6]))
    assert worked and mine == ((10, 9), (6, 2), (4, 1)) and theirs == ((6, 4), (8, 5), (8, 6))
    assert patient.wounds == 1 and patient.tended == 1 and len(patient.wound_tools) == 2


def test_first_aid_fails_unless_the_tender_beats_the_gms_highest_die() -> None:
    patient = _hero()
    gain_wound(patient, "Shivved in Gut")
    _mine, _theirs, worked = first_aid((10, 6, 4), 0, 6, patient, ScriptedDice([6, 2, 1, 4, 6]))
    assert not worked and patient.wounds == 1 and patient.tended == 0


def test_a_tended_wound_comes_back_with_a_new_wound() -> None:
    patient = _hero()
    gain_wound(patient, "Shivved in Gut")
    gain_wound(patient, "Shivved in Gut")
    first_aid((10, 6, 4), 0, 6, patient, ScriptedDice([9, 1, 1, 1, 1, 1]))
    back, level = gain_wound(patient, "Glassed in Face")
    assert (back, level) == (1, 3) and patient.tended == 0


def test_a_tended_wound_comes_back_on_a_failed_exertion_an_action_that_is_countered() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    thug = run.combatants["thug"]
    thug.wounds, thug.tended = 1, 1
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", ATTACK, "bruiser"))
    events = run.counter("bruiser", None)
    assert WoundsReopened("thug", 2) in events and thug.wounds == 2


def test_between_fights_first_aid_is_offered_and_the_run_goes_on_to_the_next_fight() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4], fights=(("thug",), ("hound",)))
    run.combatants["thug"].wounds = 4
    run.combatants["bruiser"].wounds = 1
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", ATTACK, "thug"))
    run.allow("thug")
    assert run.phase == AID and run.combatants["bruiser"].tools == ["bruiser:staff"]
    assert [type(a).__name__ for a in choices(run)] == ["FirstAid", "Onward"]
    dice.restore(((9, 1, 1, 1, 1), ()))
    run.tend("bruiser", "bruiser")
    assert run.combatants["bruiser"].wounds == 0 and [type(a).__name__ for a in choices(run)] == ["Onward"]
    dice.restore(((5, 4, 3, 2, 7, 1), ()))
    run.onward()
    assert run.fight == 2 and run.active() == ["bruiser", "hound"] and values(run, "bruiser") == [5, 4, 3]


def test_sparks_are_applied_only_after_a_die_is_presented() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    assert not any(isinstance(a, Reroll | Shift) for a in choices(run))  # nothing presented yet
    run.present("bruiser", 2)
    run.present("thug", 0)
    assert Reroll("bruiser") in choices(run)


def test_a_spark_rerolls_the_presented_die() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4, 4])
    run.present("bruiser", 2)
    run.present("thug", 0)
    run.reroll("bruiser")
    assert values(run, "bruiser") == [7, 3, 4] and run.value("bruiser") == 4
    assert run.combatants["bruiser"].sparks == 1


def test_a_spark_shifts_a_point_between_the_presented_die_and_another() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    run.present("bruiser", 2)
    run.present("thug", 0)
    assert Shift("bruiser", 0, 2) in choices(run) and Shift("bruiser", 2, 0) in choices(run)
    run.shift("bruiser", 0, 2)
    assert values(run, "bruiser") == [6, 3, 3] and run.value("bruiser") == 3


def test_sparks_all_come_back_at_the_start_of_each_fight() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4], fights=(("thug",), ("hound",)))
    run.combatants["bruiser"].sparks = 0
    run.combatants["thug"].wounds = 4
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", ATTACK, "thug"))
    run.allow("thug")
    dice.restore(((5, 4, 3, 2, 7, 1), ()))
    run.onward()
    assert run.combatants["bruiser"].sparks == load_content().heroes["bruiser"].sparks == 2
