"""A stances match saves as plain data and resumes exactly, sealed stances and all."""

import game.modes  # noqa: F401  (registers the modes)
from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.saves import load_match, write_save
from game.core.seats import default_seats
from game.players.baseline import RandomPlayer


def test_a_stances_match_saved_mid_fight_resumes_with_the_same_events(tmp_path):
    setup = MatchSetup("stances", default_seats(), {"map": "builtin:crossing", "heroes": ["warrior", "archer"],
                                                    "monsters": ["undead_orc", "wolf"], "max_rounds": 30})
    match = Match(setup, 8)
    players = {"heroes": RandomPlayer(1), "monsters": RandomPlayer(2)}
    for _ in range(120):
        if match.over:
            break
        seat = match.pending_seat()
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    path = write_save(match, tmp_path / "fight.json")
    again = load_match(path)
    assert again.event_log() == match.event_log()
    assert again.pending_seat() == match.pending_seat()
    match.mode.close()  # type: ignore[attr-defined]
    again.mode.close()  # type: ignore[attr-defined]
