"""Undo takes back a hero's sealed plan while the round still waits for plans, and nothing else."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.arenas.plans import Plan, choose, declare

SEATS = (Seat("gm", ("monsters",)), Seat("heroes", ("heroes",)))


def _declared() -> Match:
    match = Match(MatchSetup("arenas", SEATS), seed=3)
    while match.pending_seat() == "gm":
        cid = match.mode.view("gm").pending.cid
        match.apply(declare(cid, Plan("defend")), "gm")
    return match


def test_a_heroes_sealed_plan_is_taken_back_while_the_round_waits_for_more():
    match = _declared()
    match.apply(choose("fighter", Plan("defend")), "heroes")
    assert match.undo_reason() is None
    match.undo()
    assert match.mode.view("heroes").pending.cid == "fighter" and match.mode.view("heroes").own_plans == ()


def test_the_last_plan_which_plays_the_round_out_cannot_be_taken_back():
    match = _declared()
    for cid in ("fighter", "ranger", "duelist", "priest"):
        match.apply(choose(cid, Plan("defend")), "heroes")
    assert match.undo_reason() in ("the plans were revealed and the steps played out", "the last action was "
                                   "another seat's")
    with pytest.raises(IllegalAction):
        match.undo()


def test_a_declaration_cannot_be_taken_back():
    match = Match(MatchSetup("arenas", SEATS), seed=3)
    match.apply(declare("goblin_pack", Plan("defend")), "gm")
    assert match.undo_reason() == "a declaration is told to the heroes at once and cannot be taken back"
