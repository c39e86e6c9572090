"""The real program in a real X window (Xvfb), driven by xdotool: menu, encounter, a click, a screenshot."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ui.layout import layout_for

ROOT = Path(__file__).resolve().parents[2]
MISSING = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]

pytestmark = pytest.mark.skipif(
    bool(MISSING), reason=f"needs {' and '.join(MISSING)} (apt-get install xvfb xdotool; .ci/run installs them)")


def _xdotool(display: str, *args: str, timeout: float = 120) -> str:
    result = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, f"xdotool {' '.join(args)}: exit {result.returncode}: {result.stderr.strip()}"
    return result.stdout.strip()


def _game_window(display: str, pid: int, seconds: float = 120) -> str:
    """The game's window, looked up by process (SDL names its window in a form some xdotool builds do not
    match with --name); the last one mapped, should SDL have made more than one.

    A search lists every window of the display and then asks for each one's attributes: a window that
    goes away in between fails the whole search with BadWindow (seen on a loaded machine as the game started),
    so a search that fails so is made again.
    """
    deadline = time.monotonic() + seconds
    while True:
        result = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)],
                                env={**os.environ, "DISPLAY": display}, capture_output=True, text=True, timeout=120)
        if result.returncode == 0 and result.stdout.strip():
            return result.stdout.split()[-1]
        assert "BadWindow" in result.stderr and time.monotonic() < deadline, \
            f"xdotool search --pid {pid}: exit {result.returncode}: {result.stderr.strip()}"
        time.sleep(0.1)


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An X server on a free display, which it names on a pipe when it is ready."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    deadline = time.monotonic() + 120
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        server.kill()
        pytest.skip("Xvfb did not start")
    return server, f":{number.decode().strip()}"


def _wait_for(predicate, seconds: float = 120) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_the_program_opens_a_window_plays_a_turn_and_shows_the_encounter_screen(tmp_path):
    server, display = _start_xvfb()
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    env.update(DISPLAY=display, XDG_DATA_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    game = subprocess.Popen([sys.executable, "main.py", "play", "--map", "maps/crypt.tmx", "--size", "1280x800",
                             "--seed", "4"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    shots = tmp_path / "rulebound" / "screenshots"
    try:
        window = _game_window(display, game.pid)
        assert _wait_for(lambda: _xdotool(display, "getwindowname", window) == "Rulebound")
        _xdotool(display, "windowfocus", "--sync", window)
        layout = layout_for((1280, 800))

        def screenshot() -> pygame.Surface:
            """Press F12 and read the picture the game saved (written whole under its final name)."""
            before = set(shots.glob("*.png")) if shots.is_dir() else set()
            _xdotool(display, "key", "F12")
            assert _wait_for(lambda: shots.is_dir() and set(shots.glob("*.png")) - before), "no screenshot was saved"
            return pygame.image.load(str(sorted(set(shots.glob("*.png")) - before)[0]))

        def on_encounter_screen() -> bool:
            picture = screenshot()
            return tuple(picture.get_at((layout.left.x + 5, layout.left.bottom - 5)))[:3] == (32, 35, 42)

        # Each step waits for the window to show its result, however slowly a loaded machine draws.
        _xdotool(display, "key", "Return")  # the menu starts the encounter
        assert _wait_for(on_encounter_screen), "the menu did not start the encounter"
        _xdotool(display, "key", "space")  # Roll Initiative

        def end_turn_offered() -> bool:
            r, g, b = tuple(screenshot().get_at(layout.end_button.move(6, 0).midleft))[:3]
            if b > r + 40 and b > 110:  # Go (blue): a monster in sight acts first and waits to be watched
                _xdotool(display, "key", "space")
                return False
            return r > 150 and g > 100 and b < 90

        assert _wait_for(end_turn_offered), "no hero's turn came after Roll Initiative"
        x, y = layout.map.center
        # Looked up again: a loaded machine once had the first window id gone by now (BadWindow).
        _xdotool(display, "mousemove", "--window", _game_window(display, game.pid), str(x), str(y), "click", "1")
        time.sleep(0.5)
        picture = screenshot()
    except AssertionError as failure:
        game.terminate()
        try:
            _, said = game.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            game.kill()
            _, said = game.communicate()
        raise AssertionError(f"{failure}\nthe game's stderr:\n{said.decode(errors='replace')[-3000:]}") from None
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
        server.terminate()
        server.wait(10)
    assert game.returncode is not None
    assert picture.get_size() == (1280, 800)
    # The encounter screen: its toolbar on top, the combatant list on the left, a gold button at the bottom right.
    assert tuple(picture.get_at((3, 3)))[:3] == (26, 28, 34)
    assert tuple(picture.get_at((layout.left.x + 5, layout.left.bottom - 5)))[:3] == (32, 35, 42)
    r, g, b = tuple(picture.get_at(layout.end_button.move(6, 0).midleft))[:3]
    assert r > 150 and g > 100 and b < 90, (r, g, b)


def _persons_actions(autosave: Path) -> int:
    """How many actions the people at the screen took, as the autosave holds them."""
    import json

    data = json.loads(autosave.read_text())
    people = {seat["name"] for seat in data["setup"]["seats"] if not seat["computer"]}
    return sum(1 for seat, _ in data["actions"] if seat in people)


def test_space_hammered_through_the_computers_turn_and_esc_held_in_the_replay_lose_nothing(tmp_path):
    """Space pressed every 0.2 s through the computer's turn never does a person's choice; an Esc held down in the
    replay of the finished encounter brings its result back, and never quits the game."""
    server, display = _start_xvfb()
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    env.update(DISPLAY=display, XDG_DATA_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    # The arena is open: the monsters are in sight, so their turns wait for Go.
    game = subprocess.Popen([sys.executable, "main.py", "play", "--map", "maps/arena.tmx", "--size", "1280x800",
                             "--seed", "4"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    shots = tmp_path / "rulebound" / "screenshots"
    autosave = tmp_path / "rulebound" / "saves" / "autosave.json"
    layout = layout_for((1280, 800))
    try:
        window = _game_window(display, game.pid)
        assert _wait_for(lambda: _xdotool(display, "getwindowname", window) == "Rulebound")
        _xdotool(display, "windowfocus", "--sync", window)

        def screenshot() -> pygame.Surface:
            before = set(shots.glob("*.png")) if shots.is_dir() else set()
            _xdotool(display, "key", "F12")
            assert _wait_for(lambda: shots.is_dir() and set(shots.glob("*.png")) - before), "no screenshot was saved"
            return pygame.image.load(str(sorted(set(shots.glob("*.png")) - before)[0]))

        def big_button() -> str:
            """What the big button at the bottom right shows: a person's (gold), Go (blue), or neither."""
            r, g, b = tuple(screenshot().get_at(layout.end_button.move(6, 0).midleft))[:3]
            return "person" if r > 150 and g > 100 and b < 90 else "go" if b > r + 40 else "none"

        def on_encounter_screen() -> bool:
            return tuple(screenshot().get_at((layout.left.x + 5, layout.left.bottom - 5)))[:3] == (32, 35, 42)

        _xdotool(display, "key", "Return")
        assert _wait_for(on_encounter_screen), "the menu did not start the encounter"
        _xdotool(display, "key", "space")  # Roll Initiative
        # The heroes end their turns (Space twice: the first only asks) until the computer's turn shows Go.
        for _ in range(30):
            assert _wait_for(lambda: big_button() != "none"), "neither a hero's turn nor Go came"
            if big_button() == "go":
                break
            time.sleep(1.0)  # past the moment a hero's turn begins with
            _xdotool(display, "key", "--delay", "300", "space", "space")
        else:
            raise AssertionError("the computer never had a turn")
        assert _wait_for(autosave.exists)
        before = _persons_actions(autosave)
        _xdotool(display, "key", "--delay", "200", "--repeat", "20", "space")  # Go, and on and on
        time.sleep(2.0)
        assert _wait_for(lambda: big_button() == "person"), "the person's turn did not come back"
        assert _persons_actions(autosave) == before, "a Space meant for Go did a person's choice"
        # Leave the encounter (Q, Tab to Retreat, Enter), watch it again, and hold Esc down in the replay.
        _xdotool(display, "key", "q")
        time.sleep(0.3)
        _xdotool(display, "key", "Tab")
        time.sleep(0.3)
        _xdotool(display, "key", "Return")
        assert _wait_for(lambda: not on_encounter_screen()), "the result did not come"  # the board shaded
        _xdotool(display, "key", "w")
        assert _wait_for(on_encounter_screen), "Watch it again did not start the replay"
        _xdotool(display, "keydown", "Escape")
        time.sleep(1.5)
        _xdotool(display, "keyup", "Escape")
        assert _wait_for(lambda: game.poll() is not None or not on_encounter_screen())
        assert game.poll() is None, "Esc held in the replay quit the game"
        time.sleep(1.0)
        _xdotool(display, "key", "w")  # on the result, W watches it again; on the menu it would do nothing
        assert _wait_for(on_encounter_screen), "Esc in the replay did not bring the result back"
    except AssertionError as failure:
        game.terminate()
        try:
            _, said = game.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            game.kill()
            _, said = game.communicate()
        raise AssertionError(f"{failure}\nthe game's stderr:\n{said.decode(errors='replace')[-3000:]}") from None
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
        server.terminate()
        server.wait(10)
