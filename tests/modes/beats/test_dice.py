"""Dice of the beats mode: three traits, three dice; a held tool's d8; the ladder; lowest first, ties rerolled."""

from __future__ import annotations

from game.core.dice import ScriptedDice
from game.modes.beats.actions import DISARM, Act
from game.modes.beats.dice import acting_order, die_sizes, turn_down
from tests.modes.beats.scenario import more, run_of, sizes, values


def test_three_traits_give_three_dice_and_a_held_tool_gives_a_d8_for_the_trait_it_serves() -> None:
    traits = {"brawn": 4, "finesse": 6, "wits": 10}
    assert die_sizes(traits, []) == (4, 6, 10)
    assert die_sizes(traits, ["brawn"]) == (8, 6, 10)
    # A trait already larger than a d8 keeps its own die.
    assert die_sizes(traits, ["wits"]) == (4, 6, 10)


def test_every_combatant_rolls_its_three_dice_at_the_start_of_a_round() -> None:
    run, dice = run_of([7, 3, 2, 5, 1, 4])
    assert sizes(run, "bruiser") == [10, 6, 4] and values(run, "bruiser") == [7, 3, 2]
    assert sizes(run, "thug") == [8, 4, 4] and values(run, "thug") == [5, 1, 4]
    assert dice.remaining == 0


def test_turning_a_die_down_one_step_follows_the_ladder_and_a_d4_is_its_bottom() -> None:
    assert [turn_down(s, 1) for s in (12, 10, 8, 6, 4)] == [10, 8, 6, 4, 4]
    assert turn_down(10, 3) == 4 and turn_down(12, 2) == 8 and turn_down(8, 0) == 8


def test_the_lowest_die_presented_acts_first() -> None:
    order = acting_order({"a": (10, 9), "b": (6, 2), "c": (8, 5)}, ScriptedDice([]))
    assert order == ("b", "c", "a")


def test_tied_dice_are_rerolled_to_order_them_and_again_while_they_tie() -> None:
    rolloffs: list[tuple[str, int]] = []
    # a and b both show 4: they roll again (3 and 3, still tied), then (5 and 2): b first.
    order = acting_order({"a": (8, 4), "b": (6, 4), "c": (4, 1)}, ScriptedDice([3, 3, 5, 2]), rolloffs)
    assert order == ("c", "b", "a")
    assert rolloffs == [("a", 3), ("b", 3), ("a", 5), ("b", 2)]


def test_a_disarmed_tool_cannot_be_rolled_its_trait_falls_back_to_its_own_die() -> None:
    # Beat 1: the bruiser (7) disarms the thug (5) of its bottle, uncountered; beats 2 and 3 pass.
    run, dice = run_of([7, 3, 2, 5, 1, 4])
    run.present("bruiser", 0)
    run.present("thug", 0)
    assert run.deciding() == "thug"
    run.act(Act("thug", "hold"))
    run.act(Act("bruiser", DISARM, "thug", "thug:bottle"))
    assert run.deciding() == "thug"  # it may surrender instead
    run.allow("thug")
    assert "thug:bottle" in run.ground and run.combatants["thug"].tools == []
    for _beat in range(2):
        run.present("bruiser", run.combatants["bruiser"].unused()[0])
        run.present("thug", run.combatants["thug"].unused()[0])
        for _ in range(2):
            actor = run.deciding()
            assert actor is not None
            run.act(Act(actor, "hold"))
        if _beat == 0:
            more(dice, [6, 2, 1, 3, 2, 2])  # the next round's dice
    assert sizes(run, "thug") == [6, 4, 4]  # no d8 for the bottle on the ground
    assert sizes(run, "bruiser") == [10, 6, 4]
