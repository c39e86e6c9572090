"""No usable display: play and replay say so in one line and exit 2, with no traceback and no line of SDL's own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.saves import write_save
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import BUILTIN
from tests.hostile import ROOT, assert_refused


def _no_display(tmp_path: Path, driver: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(XDG_DATA_HOME=str(tmp_path), XDG_RUNTIME_DIR="")
    if driver is None:
        env.pop("SDL_VIDEODRIVER", None)
    else:
        env["SDL_VIDEODRIVER"] = driver
    return env


def _run(tmp_path: Path, driver: str | None, *args: str):  # noqa: ANN202
    import subprocess
    import sys

    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=_no_display(tmp_path, driver),
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("driver", ["x11", "wayland", "kmsdrm", "no-such-driver", ""])
def test_play_with_a_driver_that_cannot_start_is_one_line(tmp_path, driver):
    assert_refused(_run(tmp_path, driver, "play"), "play: there is no screen to open the window on")


def test_play_with_no_display_and_no_driver_asked_prints_only_the_games_line(tmp_path):
    assert_refused(_run(tmp_path, None, "play"), "play: there is no screen to open the window on")


def test_replay_on_screen_with_a_driver_that_cannot_start_is_one_line(tmp_path):
    save = write_save(Match(MatchSetup("grid", default_seats(), {"map": BUILTIN, "heroes": ["warrior"],
                                                                  "monsters": ["skeleton"]}), 3), tmp_path / "s.json")
    assert_refused(_run(tmp_path, "x11", "replay", str(save)), "replay: there is no screen to open the window on")
