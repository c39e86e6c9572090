"""simulate --mode arenas, saves, resume and replay --check for the arenas mode."""

from __future__ import annotations

import json
from pathlib import Path

from game.cli import main
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, resume, write_save
from game.modes.arenas.ai import ArenasPlayer

SEATS = (Seat("heroes", ("heroes",), computer=True, policy="tactical"),
         Seat("monsters", ("monsters",), computer=True, policy="tactical"))


def test_simulate_plays_arenas_matches_to_their_end(capsys) -> None:
    assert main(["simulate", "--mode", "arenas", "--games", "3", "--seed", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["hero_wins"] + report["monster_wins"] + report["draws"] == 3


def _played(stop: int | None = None) -> Match:
    match = Match(MatchSetup("arenas", SEATS, {"max_rounds": 8}), seed=11)
    players = {"heroes": ArenasPlayer(1), "monsters": ArenasPlayer(2)}
    while not match.over and (stop is None or len(match.actions) < stop):
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.mode.view(seat), match.legal_actions(seat)), seat)
    return match


def test_a_saved_arenas_match_replays_with_check_event_for_event(tmp_path: Path, capsys) -> None:
    match = _played()
    path = write_save(match, tmp_path / "arenas.json")
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out.endswith("every one as saved\n")
    assert len(read_save(path).events) == len(match.events)


def test_an_arenas_match_saved_halfway_resumes_where_it_stopped(tmp_path: Path) -> None:
    half = _played(stop=9)
    path = write_save(half, tmp_path / "half.json")
    again = resume(read_save(path))
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in half.events]
    assert again.pending_seat() == half.pending_seat()


def test_a_map_without_arenas_is_refused_with_one_line(capsys) -> None:
    root = Path(__file__).resolve().parents[3]
    assert main(["simulate", "--mode", "arenas", "--map", str(root / "maps" / "crypt.tmx"), "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "crypt.tmx" in err and "no arena" in err and "Traceback" not in err


def test_a_malformed_arena_change_is_refused_naming_the_arena(tmp_path: Path, capsys) -> None:
    root = Path(__file__).resolve().parents[3]
    text = (root / "maps" / "barn.tmx").read_text().replace('value="3: hazardous"', 'value="3: lava"')
    text = text.replace("../assets/tiles/", str(root / "assets" / "tiles") + "/")
    path = tmp_path / "barn.tmx"
    path.write_text(text)
    assert main(["simulate", "--mode", "arenas", "--map", str(path), "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "'Hayloft'" in err and "'lava' is not an arena kind" in err
