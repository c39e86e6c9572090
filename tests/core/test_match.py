"""The match: actions in, events out; a seed and the actions replay a match exactly."""

import random

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.modes.grid.actions import EndTurn, Move
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS, skirmish_battlefield
from game.players.baseline import RandomPlayer


def setup() -> MatchSetup:
    return MatchSetup("grid", default_seats(), {"battlefield": skirmish_battlefield(), "heroes": list(DEFAULT_HEROES),
                                                "monsters": list(DEFAULT_MONSTERS), "max_rounds": 6})


def play(seed: int) -> Match:
    match = Match(setup(), seed)
    players = {"heroes": RandomPlayer(seed), "monsters": RandomPlayer(seed + 1)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    return match


@pytest.mark.parametrize("seed", [random.Random(7).randrange(10**9) for _ in range(25)])
def test_replaying_seed_and_actions_gives_the_identical_event_log(seed):
    first = play(seed)
    again = replay(first.setup, seed, first.actions)
    assert again.event_log() == first.event_log()
    assert again.outcome() == first.outcome()


def test_different_seeds_give_different_matches():
    assert play(1).event_log() != play(2).event_log()


def test_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    match = Match(setup(), 3)
    before = match.event_log()
    with pytest.raises(IllegalAction, match="the round begins with Roll Initiative"):
        match.apply(Move((2, 2)))
    assert match.event_log() == before
    assert match.actions == []


def test_only_the_pending_seat_may_act():
    match = Match(setup(), 3)
    with pytest.raises(IllegalAction, match="it is not for monsters to decide now"):
        match.apply(EndTurn(), "monsters")


def test_events_and_actions_are_plain_data():
    match = play(5)
    import json

    json.dumps(match.event_log())
    json.dumps([a.to_dict() for _, a in match.actions])
    rebuilt = [match.mode.action_from_dict(a.to_dict()) for _, a in match.actions]
    assert rebuilt == [a for _, a in match.actions]
