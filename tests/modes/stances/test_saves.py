"""A stances match saves as plain data and resumes exactly, sealed stances and all."""

import game.modes  # noqa: F401  (registers the modes)
from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.saves import load_match, write_save
from game.core.seats import default_seats
from game.modes.stances.actions import Dash
from game.modes.stances.spec import LEGACY_TIES
from tests.saved_games import advance, as_format


def test_a_stances_match_saved_mid_fight_resumes_with_the_same_events(tmp_path):
    setup = MatchSetup("stances", default_seats(), {"map": "builtin:crossing", "heroes": ["warrior", "archer"],
                                                    "monsters": ["undead_orc", "wolf"], "max_rounds": 30})
    match = Match(setup, 8)
    advance(match, 120, 1)
    path = write_save(match, tmp_path / "fight.json")
    again = load_match(path)
    assert again.event_log() == match.event_log()
    assert again.pending_seat() == match.pending_seat()
    match.mode.close()
    again.mode.close()


def test_a_stances_save_of_the_first_format_replays_its_dashes_as_they_went(tmp_path):
    # Format 1 dashed along the first path found; read as such, its Dashed events come out the same.
    options = {"map": "builtin:crossing", "heroes": ["warrior", "archer"], "monsters": ["undead_orc", "wolf"],
               "max_rounds": 30, LEGACY_TIES: True}
    match = Match(MatchSetup("stances", default_seats(), options), 8)
    # Past the wall at (5, 2) the first path found and the one nearest the line differ.
    match.apply(Dash("warrior", (6, 2)))
    advance(match, 60, 1)
    path = write_save(match, tmp_path / "old.json")
    as_format(path, 1)
    again = load_match(path)
    assert again.event_log() == match.event_log()
    dashed = next(e for e in again.event_log() if e["type"] == "Dashed")
    assert [tuple(sq) for sq in dashed["path"]] == [(2, 1), (3, 1), (4, 1), (5, 1), (6, 2)]
    match.mode.close()
    again.mode.close()


def test_a_stances_save_of_the_fifth_format_replays_as_played_though_the_rules_changed_since(tmp_path):
    # Format 5 was played before agility's attacks were rolled together and sidesteps tied to attacks
    # (LEGACY_STANCES_RULES): read as such, every event comes out as it was saved.
    from game.modes.stances.spec import LEGACY_STANCES_RULES

    for seed in range(4):
        options = {"map": "builtin:crossing", "heroes": ["rogue", "archer"], "monsters": ["wolf", "wolf"],
                   "max_rounds": 20, LEGACY_STANCES_RULES: True}
        match = Match(MatchSetup("stances", default_seats(), options), seed)
        advance(match, 400, seed)
        path = write_save(match, tmp_path / f"old{seed}.json")
        as_format(path, 5)
        again = load_match(path)
        assert again.event_log() == match.event_log()
        match.mode.close()
        again.mode.close()
