"""The player's files: the data folder each system keeps for a program (on Linux where it always was), and
temporary files of writes a killed game left behind, removed at the next start."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import platformdirs.macos
import platformdirs.unix
import pytest

from game.core.userdata import OLD_TEMPORARY_AGE, atomic_write_text, data_dir, remove_stale_temporaries, saves_dir
from tests.hostile import ROOT


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A home folder of the test's own."""
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


def test_on_linux_the_folder_is_under_xdg_data_home_when_it_is_set(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    assert data_dir(platformdirs.unix.Unix) == home / "data" / "rulebound"


@pytest.mark.parametrize("value", [None, ""])
def test_on_linux_the_folder_is_local_share_when_xdg_data_home_is_unset_or_empty(home, monkeypatch, value):
    # The folder the game used before it asked platformdirs, so that no save is lost.
    if value is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", value)
    assert data_dir(platformdirs.unix.Unix) == home / ".local" / "share" / "rulebound"


def test_on_macos_the_folder_is_in_application_support(home):
    assert data_dir(platformdirs.macos.MacOS) == home / "Library" / "Application Support" / "rulebound"


@pytest.mark.skipif(platformdirs.PlatformDirs is not platformdirs.unix.Unix, reason="the system's own convention")
def test_the_game_asks_for_this_systems_convention(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "elsewhere"))
    assert data_dir() == home / "elsewhere" / "rulebound"
    assert saves_dir() == home / "elsewhere" / "rulebound" / "saves"

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
