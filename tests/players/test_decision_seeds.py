"""A computer player's dice for a decision come from the match's seed, the seat and the decision's number."""

from __future__ import annotations

from game.core.match import replay
from game.core.mode import MatchSetup
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import skirmish_battlefield
from game.players.base import make_policy, reseed
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


def test_the_grids_tactical_player_made_afresh_mid_encounter_decides_as_the_one_that_played_the_whole_match():
    # Every decision from the second round on, turns half played included: what the seat remembers comes from
    # the match replayed up to there, the rest of the turn's plan from its view, its dice from the decision.
    setup = MatchSetup("grid", default_seats(), {**SETUP.options, "heroes": ["warrior", "ranger", "rogue"],
                                                 "monsters": ["orc_brute", "goblin_archer", "kobold"], "max_rounds": 8})
    played = play_match(setup, 4, {seat.name: make_policy("tactical", 1, "grid") for seat in default_seats()})
    match = replay(setup, 4, [])
    checked = remembered = 0
    for decision, (seat, action) in enumerate(played.actions):
        if match.mode.state.round >= 2:
            view = match.view(seat)
            fresh = make_policy("tactical", 999, "grid")
            reseed(fresh, 4, seat, decision)
            assert fresh.choose(view, LegalActions(match, seat)) == action, decision
            checked += 1
            remembered += bool(view.last_seen or view.this_turn)
        match.apply(action, seat)
    assert checked >= 20 and remembered >= 5
    match.mode.close()
    played.mode.close()
