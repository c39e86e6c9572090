"""Beats: dice selected in secret and shown together, the lowest acting first; Attack, Disarm, Disadvantage and
the other actions; counters by a higher die and substituted dice; specials; surrender."""

from __future__ import annotations

from game.core.mode import MatchSetup, Seat
from game.modes.beats.actions import ARM, ATTACK, DISADVANTAGE, HOLD, KICK, THROW, Act, Counter, Present, Reroll
from game.modes.beats.choices import choices
from game.modes.beats.events import Countered, DicePresented, Surrendered, ToolMoved, WoundTaken
from game.modes.beats.run import ACT, COUNTER, PRESENT
from game.modes.beats.state import SURRENDERED
from tests.modes.beats.scenario import more, run_of, sizes, values


def test_a_selected_die_stays_secret_until_every_combatant_has_selected_then_all_are_shown_together() -> None:
    from game.core.dice import ScriptedDice
    from game.modes.beats.mode import BeatsMode

    seats = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))
    mode = BeatsMode(MatchSetup("beats", seats, {"heroes": ["bruiser"], "monsters": ["thug"], "fights": 1}),
                     ScriptedDice([7, 3, 2, 5, 1, 4]))
    mode.start()
    mode.apply(mode.legal_actions("Ann")[2], "Ann")  # the bruiser's d4, showing 2
    ann, bo = mode.view("Ann").member("bruiser"), mode.view("Bo").member("bruiser")
    assert ann is not None and bo is not None
    assert ann.shown == 2 and bo.shown is None and bo.chosen and bo.value is None
    # Nothing in Bo's view tells which die: no die of the round is marked used yet.
    assert all(not used for _s, _v, used in bo.dice)
    events = mode.apply(mode.legal_actions("Bo")[0], "Bo")
    shown = next(e for e in events if isinstance(e, DicePresented))
    assert shown.presented == (("bruiser", 2, 4, 2), ("thug", 0, 8, 5))
    after = mode.view("Bo").member("bruiser")
    assert after is not None and after.shown == 2 and after.value == 2


def test_an_uncountered_attack_gives_the_target_a_wound_written_down_as_a_tool() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", ATTACK, "thug"))
    events = run.allow("thug")
    wound = next(e for e in events if isinstance(e, WoundTaken))
    assert (wound.cid, wound.level, wound.wound) == ("thug", 1, "Wound: Cracked on Skull")  # the staff's words
    assert run.combatants["thug"].wounds == 1


def test_a_higher_die_may_counter_an_action_no_wound_no_disarm_no_disadvantage() -> None:
    for kind, item in ((ATTACK, ""), ("disarm", "bruiser:staff"), (DISADVANTAGE, "")):
        run, _dice = run_of([7, 3, 2, 5, 1, 4])
        run.present("bruiser", 0)
        run.present("thug", 0)
        run.act(Act("thug", kind, "bruiser", item))
        assert run.phase == COUNTER and run.deciding() == "bruiser"
        events = run.counter("bruiser", None)
        assert any(isinstance(e, Countered) for e in events)
        bruiser = run.combatants["bruiser"]
        assert bruiser.wounds == 0 and bruiser.tools == ["bruiser:staff"] and bruiser.disadvantage == 0


def test_a_lower_or_equal_die_cannot_counter() -> None:
    run, _dice = run_of([5, 3, 2, 5, 1, 4, 3, 1])
    run.present("bruiser", 0)
    run.present("thug", 0)  # both 5: the tie is rerolled to order them (3 and 1), and the thug acts first
    assert run.phase == ACT and run.order == ("thug", "bruiser")
    run.act(Act("thug", ATTACK, "bruiser"))
    assert run.value("bruiser") == run.value("thug") == 5
    assert run.can_counter("bruiser") is False and not any(type(a).__name__ == "Counter" for a in choices(run))


def test_a_counter_is_not_an_action_the_counterer_still_acts_in_its_turn() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.act(Act("thug", ATTACK, "bruiser"))
    run.counter("bruiser", None)
    assert run.phase == ACT and run.deciding() == "bruiser"


def test_one_that_has_acted_must_substitute_another_die_to_counter_and_the_current_one_is_put_aside() -> None:
    # Two foes: the thug (2) acts first, the bruiser (3) next, the footpad (6) last. Attacked by the footpad,
    # the bruiser has acted: its 3 cannot counter; it substitutes its 7 and puts the 3 aside.
    run, _dice = run_of([7, 3, 1, 2, 1, 1, 1, 6, 1], fights=(("thug", "footpad"),))
    run.present("bruiser", 1)
    run.present("thug", 0)
    run.present("footpad", 1)
    assert run.order == ("thug", "bruiser", "footpad")
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", HOLD))
    run.act(Act("footpad", ATTACK, "bruiser"))
    assert run.can_counter("bruiser") is False and run.substitutes("bruiser") == [0]
    events = run.counter("bruiser", 0)
    countered = next(e for e in events if isinstance(e, Countered))
    assert (countered.value, countered.actor_value, countered.put_aside) == (7, 6, 1)
    bruiser = run.combatants["bruiser"]
    assert bruiser.wounds == 0
    # The 3 is back for an upcoming beat; the 7 was this beat's die.
    assert run.beat == 2 and bruiser.unused() == [1, 2] and bruiser.dice[0].used


def test_a_countered_actor_may_activate_no_more_specials_to_change_its_die() -> None:
    # The bandit chief (a special: Dirty Fighting) attacks with a 3; the bruiser's 7 counters it.
    run, _dice = run_of([7, 3, 2, 3, 1, 1], fights=(("bandit_chief",),))
    run.present("bruiser", 0)
    run.present("bandit_chief", 0)
    assert run.specials_left("bandit_chief") == ["dirty_fighting"]
    run.act(Act("bandit_chief", ATTACK, "bruiser"))
    run.counter("bruiser", None)
    assert run.specials_left("bandit_chief") == []
    run.act(Act("bruiser", ATTACK, "bandit_chief"))
    assert run.deciding() == "bandit_chief"
    assert not any(type(a).__name__ == "UseSpecial" for a in choices(run))


def test_a_special_adds_its_die_to_the_presented_one_in_the_hope_of_beating_the_actors_die() -> None:
    # The bruiser (2) acts first and attacks; the bandit chief (1... then 3 with its special's d4) counters it.
    run, _dice = run_of([2, 3, 2, 1, 1, 1, 3], fights=(("bandit_chief",),))
    run.present("bruiser", 2)
    run.present("bandit_chief", 0)
    assert run.order == ("bandit_chief", "bruiser")
    run.act(Act("bandit_chief", HOLD))
    run.act(Act("bruiser", ATTACK, "bandit_chief"))
    assert not run.can_counter("bandit_chief")
    run.special("bandit_chief", "dirty_fighting")  # it has acted: the special lets it try
    assert run.value("bandit_chief") == 4 and run.can_counter("bandit_chief")
    run.counter("bandit_chief", None)
    assert run.combatants["bandit_chief"].wounds == 0


def test_surrender_leaves_the_fight_at_once_puts_the_dice_back_and_avoids_the_threatened_result() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4, 4, 4, 4], fights=(("thug", "footpad"),))
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.present("footpad", 0)
    assert run.order[-1] == "bruiser"
    while run.deciding() != "bruiser":
        actor = run.deciding()
        assert actor is not None
        run.act(Act(actor, HOLD))
    run.act(Act("bruiser", ATTACK, "thug"))
    events = run.surrender("thug")
    assert any(isinstance(e, Surrendered) for e in events)
    thug = run.combatants["thug"]
    assert thug.status == SURRENDERED and thug.dice == [] and thug.wounds == 0
    assert "thug" not in run.active()


def test_disarm_drops_the_tool_to_the_ground_where_a_beat_recovers_it_or_kicks_it_out_of_reach() -> None:
    run, _dice = run_of([7, 6, 2, 5, 1, 4, 1, 1, 4], fights=(("thug", "footpad"),))
    run.present("bruiser", 0)
    run.present("thug", 0)
    run.present("footpad", 0)
    assert run.order == ("footpad", "thug", "bruiser")
    run.act(Act("footpad", HOLD))
    run.act(Act("thug", HOLD))
    run.act(Act("bruiser", "disarm", "thug", "thug:bottle"))
    run.allow("thug")
    assert "thug:bottle" in run.ground
    # Beat 2: the thug (1) recovers its bottle; the footpad (4) lets it; the bruiser (6) kicks the tavern's chair away.
    run.present("bruiser", 1)
    run.present("thug", 1)
    run.present("footpad", 2)
    run.act(Act("thug", ARM, "", "thug:bottle"))
    assert run.deciding() == "bruiser"  # the footpad is its ally: only the other side may counter
    run.allow("bruiser")
    assert run.combatants["thug"].tools == ["thug:bottle"]
    run.act(Act("footpad", HOLD))
    chair = next(i for i in run.ground if "chair" in i)
    events = run.act(Act("bruiser", KICK, "", chair))  # nobody left can counter: the thug's 4 and footpad's 1
    assert chair in run.away and chair not in run.ground
    assert ToolMoved(KICK, "bruiser", chair, "away") in events
    assert not any(a == Act("thug", ARM, "", chair) for a in choices(run))


def test_arming_takes_a_tool_from_the_location_and_an_ally_may_throw_one() -> None:
    run, _dice = run_of([7, 3, 2, 1, 9, 1, 2, 1, 1], heroes=("bruiser", "cutpurse"))
    run.present("bruiser", 0)
    run.present("cutpurse", 1)
    run.present("thug", 0)
    assert run.order == ("thug", "bruiser", "cutpurse")
    run.act(Act("thug", HOLD))
    bottle = next(i for i in run.ground if "bottle" in i)
    run.act(Act("bruiser", ARM, "", bottle))
    assert bottle in run.combatants["bruiser"].tools and bottle not in run.ground
    run.act(Act("cutpurse", THROW, "bruiser", "cutpurse:knife"))
    assert run.combatants["bruiser"].tools[-1] == "cutpurse:knife" and run.combatants["cutpurse"].tools == []
    assert run.phase == PRESENT and run.beat == 2


def test_disadvantage_turns_the_next_roll_down_one_step_two_if_twice_and_only_that_roll() -> None:
    run, dice = run_of([7, 5, 3, 1, 1, 1], heroes=("bruiser",))
    for beat in range(3):
        run.present("bruiser", beat)
        run.present("thug", beat)
        run.act(Act("thug", HOLD))
        if beat < 2:
            run.act(Act("bruiser", DISADVANTAGE, "thug"))
            run.allow("thug")
        else:
            more(dice, [2, 3, 4, 1, 1, 1])
            run.act(Act("bruiser", HOLD))
    # Disadvantaged twice: its d8 (the bottle's), d4, d4 turned down two steps (a d4 is the bottom).
    assert sizes(run, "thug") == [4, 4, 4] and sizes(run, "bruiser") == [10, 6, 4]
    assert run.combatants["thug"].disadvantage == 0
    for beat in range(3):
        run.present("bruiser", beat)
        run.present("thug", beat)
        if beat == 2:
            more(dice, [1, 1, 1, 1, 1, 1])
        for _ in range(2):
            actor = run.deciding()
            if actor is not None and run.phase == ACT:
                run.act(Act(actor, HOLD))
    assert sizes(run, "thug") == [8, 4, 4]  # only the next roll
    assert values(run, "thug") == [1, 1, 1]


def test_all_three_dice_are_used_one_per_beat_and_a_new_round_rolls_three_again() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4])
    for beat, (mine, theirs) in enumerate(((0, 0), (1, 2), (2, 1))):
        assert len(run.combatants["bruiser"].unused()) == 3 - beat
        run.present("bruiser", mine)
        run.present("thug", theirs)
        if beat == 2:
            more(dice, [1, 2, 3, 4, 3, 2])
        for _ in range(2):
            actor = run.deciding()
            assert actor is not None and run.phase == ACT
            run.act(Act(actor, HOLD))
    assert run.round == 2 and run.beat == 1
    assert values(run, "bruiser") == [1, 2, 3] and run.combatants["bruiser"].unused() == [0, 1, 2]


def test_a_tool_on_the_ground_is_recovered_only_by_a_beat_that_is_not_countered() -> None:
    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    run.present("bruiser", 0)
    run.present("thug", 0)
    bottle = next(i for i in run.ground if "bottle" in i)
    run.act(Act("thug", ARM, "", bottle))
    run.counter("bruiser", None)  # the bruiser's 7 beats the thug's 5
    assert bottle in run.ground and bottle not in run.combatants["thug"].tools


def test_the_foes_are_split_in_order_into_the_fights_of_the_run() -> None:
    from game.modes.beats.gauntlet import encounters

    assert encounters(["a", "b", "c"], 2) == (("a", "b"), ("c",))
    assert encounters(["a", "b"], 5) == (("a",), ("b",))
    assert encounters(["a", "b", "c", "d"], 1) == (("a", "b", "c", "d"),)


def test_a_run_that_reaches_the_round_limit_is_a_draw() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4], max_rounds=1)
    for beat in range(3):
        run.present("bruiser", beat)
        run.present("thug", beat)
        for _ in range(2):
            actor = run.deciding()
            assert actor is not None
            run.act(Act(actor, HOLD))
    assert run.phase == "over" and run.winner is None and "round limit" in run.reason
    assert dice.remaining == 0


def test_a_run_naming_an_unknown_hero_is_refused_in_one_line() -> None:
    import pytest

    from game.core.dice import ScriptedDice
    from game.core.errors import GameError
    from game.modes.beats.mode import BeatsMode

    seats = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))
    with pytest.raises(GameError, match="the beats mode has no hero 'wizard'"):
        BeatsMode(MatchSetup("beats", seats, {"heroes": ["wizard"]}), ScriptedDice([]))


def test_a_seat_may_decide_for_a_single_hero_and_sees_only_its_own_selection() -> None:
    from game.core.dice import ScriptedDice
    from game.modes.beats.mode import BeatsMode

    seats = (Seat("Cy", ("cutpurse",)), Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))  # the first that names it
    mode = BeatsMode(MatchSetup("beats", seats, {"heroes": ["bruiser", "cutpurse"], "monsters": ["thug"]}),
                     ScriptedDice([7, 3, 2, 1, 9, 1, 2, 1, 1]))
    mode.start()
    assert mode.pending_seat() == "Ann"
    mode.apply(Present("bruiser", 0), "Ann")
    assert mode.pending_seat() == "Cy"
    cy = mode.view("Cy")
    bruiser, cutpurse = cy.member("bruiser"), cy.member("cutpurse")
    assert bruiser is not None and cutpurse is not None
    assert not bruiser.controlled and bruiser.shown is None and cutpurse.controlled
    mode.apply(Present("cutpurse", 1), "Cy")
    ann_sees = mode.view("Ann").member("cutpurse")
    assert ann_sees is not None and ann_sees.shown is None and mode.pending_seat() == "Bo"


def test_a_refused_choice_says_why_in_the_rules_words() -> None:
    from game.modes.beats.choices import refusal

    run, _dice = run_of([7, 3, 2, 5, 1, 4])
    assert refusal(run, Act("thug", HOLD)) == "it is not thug's decision now"
    assert refusal(run, Reroll("bruiser")) == "sparks are applied after dice are presented"
    run.present("bruiser", 2)
    run.present("thug", 0)
    run.act(Act("bruiser", ATTACK, "thug"))  # 2 against the thug's 5: the thug may counter
    run.counter("thug", None)
    run.act(Act("thug", ATTACK, "bruiser"))
    assert refusal(run, Counter("bruiser")) == "having acted, it must substitute another die or activate a special"
