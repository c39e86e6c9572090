"""The commands play the beats mode: simulate, saves that resume and replay with --check, and undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import IllegalAction
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, resume, write_save
from game.modes.beats.actions import Present

SEATS = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def test_simulate_plays_runs_of_the_beats_mode_to_their_end(capsys) -> None:
    assert main(["simulate", "--mode", "beats", "--games", "4", "--hero-ai", "tactical", "--monster-ai", "random",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["hero_wins"] + report["monster_wins"] + report["draws"] == 4


def _played(stop: int) -> Match:
    """A run of Ann's heroes against Bo's foes, each seat taking its first legal action, ``stop`` times."""
    match = Match(MatchSetup("beats", SEATS, {"fights": 1}), seed=3)
    for _ in range(stop):
        seat = match.pending_seat()
        if seat is None:
            break
        match.apply(match.legal_actions(seat)[0], seat)
    return match


def test_a_saved_run_resumes_where_it_stopped_and_replays_with_check(tmp_path: Path, capsys) -> None:
    match = _played(12)
    assert not match.over
    path = write_save(match, tmp_path / "beats.json")
    again = resume(read_save(path))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in match.events]
    assert again.pending_seat() == match.pending_seat()
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out == f"{path}: {len(match.events)} events replayed, every one as saved\n"


def test_a_die_selected_before_the_reveal_may_be_taken_back_but_not_once_the_dice_are_shown() -> None:
    match = Match(MatchSetup("beats", SEATS, {"fights": 1}), seed=3)
    first = match.legal_actions("Ann")[0]
    assert isinstance(first, Present)
    match.apply(first, "Ann")
    assert match.undo_reason() is None
    match.undo()
    assert match.legal_actions("Ann")[0] == first and len(match.actions) == 0
    match.apply(first, "Ann")
    match.apply(match.legal_actions("Ann")[0], "Ann")  # the second hero's die
    match.apply(match.legal_actions("Bo")[0], "Bo")
    match.apply(match.legal_actions("Bo")[0], "Bo")
    match.apply(match.legal_actions("Bo")[0], "Bo")  # the last die: all are shown
    seat = match.pending_seat()
    assert seat is not None
    match.apply(match.legal_actions(seat)[-1], seat)
    with pytest.raises(IllegalAction):
        match.undo()


TAVERN = Path(__file__).resolve().parents[3] / "maps" / "tavern.tmx"
OLD_SAVE = Path(__file__).resolve().parent / "saves" / "table_run_v1.json"


def test_simulate_plays_the_beats_mode_on_a_map_when_one_is_given(capsys) -> None:
    assert main(["simulate", "--mode", "beats", "--map", str(TAVERN), "--games", "2", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith("2 games on The Crooked Tavern: ")
    assert main(["simulate", "--mode", "beats", "--games", "2", "--jobs", "1"]) == 0
    assert capsys.readouterr().out.startswith("2 games in the beats mode: ")


def test_a_run_on_a_map_is_saved_naming_its_map_and_resumes_and_replays_with_check(tmp_path: Path, capsys) -> None:
    match = Match(MatchSetup("beats", SEATS, {"fights": 1, "map": str(TAVERN)}), seed=3)
    for _ in range(10):
        seat = match.pending_seat()
        assert seat is not None
        match.apply(match.legal_actions(seat)[0], seat)
    path = write_save(match, tmp_path / "tavern.json")
    assert json.loads(path.read_text())["setup"]["options"]["map"] == str(TAVERN)
    again = resume(read_save(path))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in match.events]
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out == f"{path}: {len(match.events)} events replayed, every one as saved\n"


def test_a_run_saved_before_beats_played_on_maps_still_replays_event_for_event(capsys) -> None:
    assert json.loads(OLD_SAVE.read_text())["version"] == 1
    saved = read_save(OLD_SAVE)
    assert "map" not in saved.setup.options
    match = resume(saved)
    assert match.over and [e.to_dict() for e in match.events] == [dict(e) for e in json.loads(
        OLD_SAVE.read_text())["events"]]
    assert main(["replay", str(OLD_SAVE), "--check"]) == 0
    assert capsys.readouterr().out.endswith("events replayed, every one as saved\n")


def test_the_balance_estimate_plays_beats_on_the_table_or_on_the_map_chosen() -> None:
    from game.players.balance import BalanceRequest, make_plan, play_one

    table = make_plan(BalanceRequest(mode="beats", heroes="bruiser", monsters="thug", games=1))
    assert table["battlefield"] is None
    on_map = make_plan(BalanceRequest(mode="beats", map_path=str(TAVERN), heroes="bruiser", monsters="thug", games=1))
    assert on_map["battlefield"] is not None and on_map["battlefield"].name == "The Crooked Tavern"
    assert set(play_one((on_map, 1)).casualties) == {"bruiser"}  # a run on the map, played to its end


def test_a_map_beats_cannot_play_on_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    for given, said in (("builtin:hall", "builtin:hall: no such built-in map (the beats mode has none: without a "
                                         "map it plays on the table)"),
                        (str(tmp_path / "gone.tmx"), f"{tmp_path / 'gone.tmx'}: no such file")):
        assert main(["simulate", "--mode", "beats", "--map", given, "--games", "1", "--jobs", "1"]) == 2
        captured = capsys.readouterr()
        assert captured.err.strip().endswith(said) and captured.err.count("\n") == 1 and captured.out == ""
