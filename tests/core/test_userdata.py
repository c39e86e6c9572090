"""The player's data folder is where each system keeps a program's own data, and on Linux where it always was."""

from __future__ import annotations

from pathlib import Path

import platformdirs.macos
import platformdirs.unix
import pytest

from game.core.userdata import data_dir, saves_dir


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
