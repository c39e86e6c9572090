"""The commands play, save, resume and check a mode with no map that only the tests register."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli import main
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, resume, to_save, write_save
from tests.core.sealed_mode import SealedSignsMode, ShowSign

SEATS = (Seat("Ann", ("red",)), Seat("Bo", ("blue",)))


def _played(signs: str, rounds: list[tuple[str, str]], stop: int | None = None) -> Match:
    """A match of Ann against Bo, each round's signs as given (Ann's first), stopped after ``stop`` actions."""
    match = Match(MatchSetup(signs, SEATS), seed=4)
    moves = [(seat, sign) for ann, bo in rounds for seat, sign in (("Ann", ann), ("Bo", bo))]
    for seat, sign in moves[:stop]:
        match.apply(ShowSign(sign), seat)
    return match


def test_simulate_plays_the_mode_without_a_map_to_its_end(signs: str, capsys) -> None:
    assert main(["simulate", "--mode", signs, "--games", "6", "--hero-ai", "random", "--monster-ai", "random",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 6
    # Every game ends on two points (first to two), never on the round limit: nobody draws a match of signs
    # unless both reach two points in one round, which a round of two seats cannot give.
    assert report["draws"] == 0 and report["hero_wins"] + report["monster_wins"] == 6


def test_a_saved_match_replays_with_check_event_for_event(signs: str, tmp_path: Path, capsys) -> None:
    match = _played(signs, [("rock", "scissors"), ("paper", "paper"), ("paper", "rock")])
    outcome = match.mode.outcome()
    assert match.over and outcome is not None and outcome.winner == "Ann"
    path = write_save(match, tmp_path / "signs.json")
    assert main(["replay", str(path), "--check"]) == 0
    saved = len(read_save(path).events)
    assert capsys.readouterr().out == f"{path}: {saved} events replayed, every one as saved\n"
    assert saved == len(match.events)


def test_replay_check_finds_a_save_whose_events_were_changed(signs: str, tmp_path: Path, capsys) -> None:
    match = _played(signs, [("rock", "scissors"), ("rock", "scissors")])
    data = to_save(match)
    scored = next(e for e in data["events"] if e["type"] == "RoundScored")
    scored["points"] = [["Ann", 0], ["Bo", 1]]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--check"]) != 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_match_saved_halfway_resumes_where_it_stopped_and_plays_on(signs: str, tmp_path: Path) -> None:
    half = _played(signs, [("rock", "scissors"), ("scissors", "rock")], stop=3)
    path = write_save(half, tmp_path / "half.json")
    again = resume(read_save(path))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in half.events]
    mode = again.mode
    assert isinstance(mode, SealedSignsMode) and mode.scores == {"Ann": 1, "Bo": 0}
    assert again.pending_seat() == "Bo"
    # Ann's second sign is sealed: Bo, whose turn it is, does not know it; Ann does.
    assert mode.view("Bo").own_sign is None and mode.view("Ann").own_sign == "scissors"
    again.apply(ShowSign("paper"), "Bo")  # paper loses to Ann's scissors: her second point
    outcome = mode.outcome()
    assert again.over and outcome is not None and outcome.winner == "Ann"
