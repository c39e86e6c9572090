"""The player's files: temporary files of writes a killed game left behind are removed at the next start."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from game.core.userdata import OLD_TEMPORARY_AGE, atomic_write_text, remove_stale_temporaries
from tests.hostile import ROOT

DEAD = 4_999_999  # above Linux's largest process id: no process has it


def _touch(folder: Path, name: str, age: float = 0) -> Path:
    path = folder / name
    path.write_text("half a save")
    if age:
        os.utime(path, (time.time() - age, time.time() - age))
    return path


def test_a_temporary_file_of_a_write_that_was_killed_is_removed(tmp_path):
    stale = _touch(tmp_path, f".autosave.json.{DEAD}.ab12cd_3.tmp")
    assert remove_stale_temporaries(tmp_path) == [stale]
    assert not stale.exists()


def test_a_write_still_going_on_is_left_alone(tmp_path):
    writer = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        going = _touch(tmp_path, f".autosave.json.{writer.pid}.ab12cd_3.tmp")
        mine = _touch(tmp_path, f".settings.json.{os.getpid()}.zz12cd_3.tmp")
        assert remove_stale_temporaries(tmp_path) == []
        assert going.exists() and mine.exists()
    finally:
        writer.kill()
        writer.wait()


def test_a_temporary_file_named_before_process_ids_is_removed_once_old(tmp_path):
    old = _touch(tmp_path, ".autosave.json.k3j4h5g6.tmp", age=OLD_TEMPORARY_AGE + 60)
    fresh = _touch(tmp_path, ".autosave.json.q3j4h5g6.tmp")
    assert remove_stale_temporaries(tmp_path) == [old]
    assert fresh.exists()


def test_files_that_are_not_the_games_temporaries_are_never_touched(tmp_path):
    others = [_touch(tmp_path, name, age=OLD_TEMPORARY_AGE * 10)
              for name in (".notes.tmp", "autosave.json", f"x.json.{DEAD}.ab12cd_3.tmp", ".hidden")]
    assert remove_stale_temporaries(tmp_path) == []
    assert all(path.exists() for path in others)


def test_a_write_names_its_temporary_file_after_its_process(tmp_path, monkeypatch):
    seen: list[str] = []
    real_replace = os.replace

    def spy(source: str, target: Path) -> None:
        seen.append(Path(source).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", spy)
    atomic_write_text(tmp_path / "autosave.json", "{}")
    assert seen and seen[0].startswith(f".autosave.json.{os.getpid()}.") and seen[0].endswith(".tmp")


def test_any_start_of_the_game_removes_stale_temporary_files(tmp_path):
    saves = tmp_path / "rulebound" / "saves"
    saves.mkdir(parents=True)
    stale = _touch(saves, f".autosave.json.{DEAD}.ab12cd_3.tmp")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "main.py", "odds", "--skill", "3", "--trait", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert not stale.exists()
