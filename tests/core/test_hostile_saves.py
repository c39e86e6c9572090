"""Saves from other hands: numbers too long for Python, wrong targets, names with control characters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.saves import SaveError, read_save, resume, write_save
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import BUILTIN
from main import main
from tests.saved_games import advance

LONG_NUMBER = "9" * 5000  # Python refuses to read an integer of more than 4,300 digits


def _save(tmp_path: Path, steps: int = 30) -> Path:
    match = Match(MatchSetup("grid", default_seats(), {"map": BUILTIN, "heroes": ["warrior", "mage"],
                                                       "monsters": ["skeleton", "wolf"], "max_rounds": 12}), 11)
    advance(match, steps, 5)
    return write_save(match, tmp_path / "save.json")


def _with_raw(path: Path, old: str, new: str) -> Path:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_seed_too_long_for_python_is_a_corrupt_save(tmp_path):
    path = _with_raw(_save(tmp_path), '"seed":11', f'"seed":{LONG_NUMBER}')
    with pytest.raises(SaveError, match=r"save\.json: the save is corrupt \(it holds a number far too long"):
        read_save(path)


def test_an_event_field_too_long_for_python_is_refused_by_replay_check(tmp_path, capsys):
    path = _with_raw(_save(tmp_path), '"round":1', f'"round":{LONG_NUMBER}')
    assert main(["replay", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "number far too long" in err


def test_a_seed_of_over_a_hundred_digits_is_refused(tmp_path):
    path = _with_raw(_save(tmp_path), '"seed":11', '"seed":' + "7" * 200)
    with pytest.raises(SaveError, match="its seed has over 100 digits"):
        read_save(path)


def test_an_unreadable_autosave_is_set_aside_so_a_new_game_can_start(tmp_path):
    from game.ui.session import keep_unreadable

    path = _with_raw(_save(tmp_path), '"seed":11', f'"seed":{LONG_NUMBER}')
    aside = keep_unreadable(path)
    assert aside is not None and aside.exists() and not path.exists()


def test_resume_of_a_save_with_a_target_nobody_is_refused_as_corrupt(tmp_path):
    path = _save(tmp_path, 60)
    data = json.loads(path.read_text())
    uses = [pair for pair in data["actions"] if pair[1].get("type") == "UseAction" and "target" in pair[1]]
    assert uses, "the scripted match uses an action on a target"
    for target in ("nobody", 123, ["x"], {"cid": "x"}):
        uses[0][1]["target"] = target
        path.write_text(json.dumps(data))
        with pytest.raises(SaveError, match=r"save\.json: (the save is corrupt|action \d+ does not replay)"):
            resume(read_save(path))
