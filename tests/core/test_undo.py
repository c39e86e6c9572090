"""Undo: a person takes back movement of the current turn while no die was rolled and nothing was revealed."""

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.mode import MatchSetup
from game.modes.grid.actions import EndTurn, Move, RollInitiative, Scan
from game.modes.grid.mode import default_seats

HALL = """
##########
#H.......#
#........#
##########
#M.......#
##########
"""


def started(seed: int = 3) -> Match:
    from game.core.battlefield import Battlefield

    bf = Battlefield.from_ascii(HALL)
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": bf, "heroes": ["warrior"],
                                                       "monsters": ["wolf"]}), seed)
    match.apply(RollInitiative())
    while match.pending_seat() != "heroes":
        match.apply(EndTurn(), match.pending_seat())
    return match


def test_a_move_that_revealed_nothing_can_be_taken_back():
    match = started()
    log = match.event_log()
    hero = match.view("heroes").combatant("warrior")
    match.apply(Move((hero.square[0] + 1, hero.square[1])))
    assert match.undo_reason() is None
    match.undo()
    assert match.event_log() == log
    assert match.view("heroes").combatant("warrior").movement == hero.movement


def test_several_moves_of_the_turn_can_be_taken_back_one_by_one():
    match = started()
    start = match.view("heroes").combatant("warrior").square
    match.apply(Move((start[0] + 1, start[1])))
    match.apply(Move((start[0] + 2, start[1])))
    match.undo()
    match.undo()
    assert match.view("heroes").combatant("warrior").square == start


def test_an_action_that_rolled_dice_cannot_be_taken_back():
    match = started()
    assert match.view("heroes").combatant("warrior").movement >= 4, "the seed must give enough points to Scan"
    match.apply(Scan())
    assert match.undo_reason() == "Scan cannot be taken back: only movement can"
    with pytest.raises(IllegalAction):
        match.undo()


def test_nothing_can_be_taken_back_after_the_turn_ended():
    match = started()
    match.apply(EndTurn())
    assert match.undo_reason() is not None


def test_a_move_that_revealed_new_squares_cannot_be_taken_back():
    from game.core.battlefield import Battlefield

    corner = """
#########
#H..#...#
#...#...#
#.......#
#########
"""
    bf = Battlefield.from_ascii(corner)
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": bf, "heroes": ["warrior"],
                                                       "monsters": ["zombie"]}), 1)
    match.apply(RollInitiative())
    while match.pending_seat() != "heroes":
        match.apply(EndTurn(), match.pending_seat())
    assert (6, 1) not in match.view("heroes").visible  # behind the wall, seen only from the gap
    match.apply(Move((3, 3)))
    assert match.undo_reason() in ("the move revealed new squares", "the move revealed an enemy")
    with pytest.raises(IllegalAction):
        match.undo()


def test_a_step_back_to_where_the_turn_began_can_be_taken_back_though_the_step_out_showed_new_squares():
    # "New" is new to the seat this turn: stepping back shows only what it saw as the turn began, though not
    # all of it was in sight from the square it steps back from.
    from game.core.battlefield import Battlefield

    pillar = """
##########
#H.#.....#
#........#
#..#....M#
##########
"""
    bf = Battlefield.from_ascii(pillar)
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": bf, "heroes": ["warrior"],
                                                       "monsters": ["zombie"]}), 2)
    match.apply(RollInitiative())
    while match.pending_seat() != "heroes":
        match.apply(EndTurn(), match.pending_seat())
    start = match.view("heroes").combatant("warrior").square
    seen = set(match.view("heroes").visible)
    match.apply(Move((1, 2)))
    assert match.undo_reason() == "the move revealed new squares"  # past the pillar
    assert seen - set(match.view("heroes").visible)  # and lost some of what it saw from where it began
    match.apply(Move(start))
    assert match.undo_reason() is None
    match.undo()
    assert match.view("heroes").combatant("warrior").square == (1, 2)
    assert match.undo_reason() is not None


def test_a_match_with_dice_given_to_it_cannot_take_back_since_its_seed_would_roll_otherwise():
    from game.core.battlefield import Battlefield
    from game.core.dice import SeededDice

    bf = Battlefield.from_ascii(HALL)
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": bf, "heroes": ["warrior"],
                                                       "monsters": ["wolf"]}), 3, SeededDice(99))
    match.apply(RollInitiative())
    while match.pending_seat() != "heroes":
        match.apply(EndTurn(), match.pending_seat())
    hero = match.view("heroes").combatant("warrior")
    match.apply(Move((hero.square[0] + 1, hero.square[1])))
    assert match.undo_reason() == "this match's dice were given to it, so it cannot be replayed from its seed"
    with pytest.raises(IllegalAction):
        match.undo()
