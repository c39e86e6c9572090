"""A computer player's dice for a decision come from the match's seed, the seat and the decision's number."""

from __future__ import annotations

from game.core.match import replay
from game.core.mode import MatchSetup
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import skirmish_battlefield
from game.players.base import make_policy, remembers, reseed
from game.players.runner import LegalActions, play_match

SETUP = MatchSetup("grid", default_seats(), {"battlefield": skirmish_battlefield(), "heroes": ["warrior", "mage"],
                                             "monsters": ["kobold", "goblin_archer"], "max_rounds": 4})


def test_a_player_made_afresh_decides_a_past_decision_as_the_one_that_played_the_whole_match():
    played = play_match(SETUP, 11, {seat.name: make_policy("random", 1, "grid") for seat in default_seats()})
    assert len(played.actions) > 30
    checked = 0
    for decision in range(3, len(played.actions), 4):
        seat, action = played.actions[decision]
        match = replay(SETUP, 11, played.actions[:decision])
        legal = LegalActions(match, seat)
        if len(legal) > 5:  # a real choice, which other dice would most likely make otherwise
            # Another first seed and no past decisions: only the decision's own seed counts.
            fresh = make_policy("random", 999, "grid")
            reseed(fresh, 11, seat, decision)
            assert fresh.choose(match.view(seat), legal) == action
            checked += 1
        match.mode.close()
    assert checked >= 3
    played.mode.close()


def test_only_the_grids_tactical_player_remembers_between_decisions():
    assert remembers("tactical", "grid") and remembers("tactical-hard", "grid")
    assert not remembers("random", "grid") and not remembers("weighted", "grid")
    assert not remembers("tactical", "stances")
