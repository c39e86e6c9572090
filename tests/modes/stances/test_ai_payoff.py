"""The stance game's payoffs, read from tables laid out once, equal their plain definitions up to rounding."""

from __future__ import annotations

import random

import pytest

from game.modes.stances.ai import StanceGame, StancesPlayer
from game.modes.stances.state import STANCES
from tests.modes.stances.scenario import Scenario
from tests.modes.stances.test_ai import PERSON_AND_COMPUTER


def plain_dealt(game: StanceGame, x: str, s: str) -> float:
    """The expected best of x's attacks in stance s, each target's stance drawn from its mixture."""
    if s == "defensive":
        return 0.0
    options: list[tuple[tuple[float, float], ...]] = []
    for y in game.foes[x]:
        if not game.reach[(x, y)]:
            continue
        if y not in game.mix:
            options.append(((game.deal.get((x, y, s, None), 0.0), 1.0),))
        else:
            options.append(tuple((game.deal.get((x, y, s, t), 0.0), p) for t, p in game.mix[y].items()))
    if not options:
        return 0.0
    expected, below = 0.0, 0.0
    for v in sorted({v for option in options for v, _ in option}):
        at_most = 1.0
        for option in options:
            at_most *= sum(p for w, p in option if w <= v)
        expected += v * (at_most - below)
        below = at_most
    return expected


def plain_taken(game: StanceGame, x: str, s: str) -> float:
    """What x's enemies are expected to deal it in stance s, each sharing its attack among those it reaches."""
    taken = 0.0
    for y in game.foes[x]:
        if y not in game.mix or not game.reach[(y, x)]:
            continue
        for t, p in game.mix[y].items():
            if p and t != "defensive":
                taken += p * game.deal.get((y, x, t, s), 0.0) / game.crowd[y]
    return taken


def assert_payoffs_are_plain(game: StanceGame, seed: int) -> None:
    """Under 200 random sets of mixtures, every payoff equals what the plain definitions give."""
    rng = random.Random(seed)
    for _ in range(200):
        for x in game.up:
            weights = [rng.choice((0.0, rng.random())) for _ in STANCES]
            total = sum(weights) or 1.0
            game.mix[x] = {t: w / total for t, w in zip(STANCES, weights, strict=True)}
        for x in game.up:
            for stance, payoff in zip(STANCES, game.payoffs(x), strict=True):
                assert payoff == pytest.approx(plain_dealt(game, x, stance) - plain_taken(game, x, stance),
                                               rel=1e-12, abs=1e-12)


def test_payoffs_equal_their_plain_definitions_for_any_mixtures_when_many_reach_many() -> None:
    s = Scenario(heroes={"warrior": (4, 2), "archer": (3, 4), "priest": (4, 3)},
                 monsters={"undead_orc": (5, 2), "ogre": (5, 3), "skeleton_archer": (8, 2)},
                 seats=PERSON_AND_COMPUTER)
    s.vitals("priest").hit_points = 0
    s.vitals("priest").state = "unconscious"  # a fighter down: it has no stance, only a value to be struck at
    board = StancesPlayer(1)._board(s.mode.view("monsters"))
    game = StanceGame(board, list(board.fighters))
    assert "priest" in game.ids and "priest" not in game.up
    assert any(len(aims) > 1 for aims in game._aims.values())
    assert_payoffs_are_plain(game, 5)


def test_payoffs_equal_their_plain_definitions_for_any_mixtures_when_each_reaches_one() -> None:
    s = Scenario(heroes={"warrior": (2, 2)}, monsters={"undead_orc": (3, 2)}, seats=PERSON_AND_COMPUTER)
    board = StancesPlayer(1)._board(s.mode.view("monsters"))
    game = StanceGame(board, list(board.fighters))
    assert all(len(aims) == 1 for aims in game._aims.values()) and game._aims
    assert_payoffs_are_plain(game, 6)
