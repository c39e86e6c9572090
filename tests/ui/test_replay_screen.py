"""`replay FILE`: a saved match played back on the screen, paused, stepped, sped up, seen through any seat."""

import json
from pathlib import Path

import pygame
import pytest

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import read_save, write_save
from game.modes.grid.skirmish import BUILTIN
from game.players.baseline import RandomPlayer
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.replay import EVERYONE, open_replay
from main import main
from tests.ui.helpers import click_button, make_app, press, run_replay_command, settle, step_on_the_clock

SEATS = (Seat("Ann", ("warrior",)), Seat("Bo", ("mage",)), Seat("Computer", ("monsters",), True))


def saved_match(folder: Path, seed: int = 5, rounds: int = 3, seats: tuple[Seat, ...] = SEATS) -> Path:
    """Play a small seeded match with random decisions and save it."""
    match = Match(MatchSetup("grid", seats, {"map": BUILTIN, "heroes": ["warrior", "mage"],
                                             "monsters": ["wolf", "skeleton"], "max_rounds": rounds}), seed)
    players = {seat.name: RandomPlayer(seed + i) for i, seat in enumerate(seats)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    return write_save(match, folder / "match.json")


def _replay(tmp_path, speed: float = 1.0) -> tuple[App, EncounterScreen]:
    app = make_app()
    screen = open_replay(app, read_save(saved_match(tmp_path)), speed, on_quit=app.quit)
    app.show(screen)
    return app, screen


def test_the_replay_plays_every_saved_action_and_every_event_comes_out_as_saved(tmp_path):
    app, screen = _replay(tmp_path)
    saved = read_save(tmp_path / "match.json")
    while not screen.replay.finished:
        press(app, pygame.K_n)
    assert screen.match.event_log() == saved.events and screen.replay.differs is None
    assert "finished" in screen.status and not screen.status_is_bad()
    assert screen.overlay is None  # no result dialog over a replay: it just ends


def test_space_pauses_and_n_steps_one_action_at_a_time(tmp_path):
    app, screen = _replay(tmp_path)
    assert screen.replay.playing
    press(app, pygame.K_SPACE)
    assert not screen.replay.playing
    index = screen.replay.index
    for _ in range(5):
        settle(app)
    assert screen.replay.index == index  # paused: nothing plays on by itself
    press(app, pygame.K_n)
    assert screen.replay.index == index + 1 and not screen.replay.playing
    click_button(app, "Step")
    assert screen.replay.index == index + 2
    click_button(app, "Play")
    assert screen.replay.playing


def test_playing_goes_on_by_itself_at_the_chosen_speed(tmp_path, monkeypatch):
    app, screen = _replay(tmp_path, speed=4.0)
    step_on_the_clock(app, monkeypatch, 10, 176)  # a little more than 700 ms / 4 between two actions
    assert screen.replay.index == 10
    press(app, pygame.K_RIGHTBRACKET)
    assert screen.replay.speed == 8.0
    press(app, pygame.K_LEFTBRACKET)
    press(app, pygame.K_LEFTBRACKET)
    assert screen.replay.speed == 2.0


def test_the_match_is_seen_through_the_chosen_seat_and_its_own_log(tmp_path):
    app, screen = _replay(tmp_path)
    press(app, pygame.K_SPACE)
    for _ in range(40):
        screen.replay.step()
    assert screen.watching_seat() == "Ann"
    assert screen.view == screen.match.view("Ann") and screen.log.lines == screen.session.log_for("Ann")
    press(app, pygame.K_v)
    assert screen.watching_seat() == "Bo" and screen.view == screen.match.view("Bo")
    assert screen.log.lines == screen.session.log_for("Bo")
    click_button(app, "every side")
    assert screen.watching_seat() == EVERYONE
    everyone = {c.cid for c in screen.view.combatants}
    assert everyone == {"warrior", "mage", "wolf", "skeleton"}
    assert all(c.movement is not None for c in screen.view.combatants if c.state != "dead")
    assert len(screen.log.lines) >= len(screen.session.log_for("Ann"))


def test_a_seat_that_plays_every_side_is_not_offered_beside_every_sides_eyes(tmp_path):
    app = make_app()
    alone = (Seat("Computer", ("heroes", "monsters"), True),)
    screen = open_replay(app, read_save(saved_match(tmp_path, seats=alone)), 1.0, on_quit=app.quit)
    # Its eyes are every side's: one choice, not two that show the same.
    assert screen.replay.spectators == [EVERYONE] and screen.watching_seat() == EVERYONE


def test_quit_leaves_the_replay(tmp_path):
    app, screen = _replay(tmp_path)
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_the_replay_command_opens_the_window_at_the_given_speed_and_returns_0(tmp_path, monkeypatch):
    path = saved_match(tmp_path)
    status, seen = run_replay_command(monkeypatch, ["replay", str(path), "--speed", "4"])
    assert status == 0
    assert seen[0].replay.speed == 4.0 and seen[0].replay.differs is None
    assert seen[0].match.event_log() == json.loads(path.read_text())["events"]


@pytest.mark.parametrize("change, message", [
    (lambda data: data["setup"]["options"].update(map="/nowhere/gone.tmx"), "its map /nowhere/gone.tmx is gone"),
    (lambda data: data["actions"].insert(0, ["Ann", {"type": "EndTurn"}]), "action 1 does not replay"),
], ids=["map gone", "an action that does not replay"])
def test_a_save_that_cannot_be_played_back_is_one_line_and_exit_2_before_any_window(tmp_path, capsys, monkeypatch,
                                                                                     change, message):
    path = saved_match(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window opened for a bad save"))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_speed_out_of_range_is_refused(tmp_path, capsys):
    path = saved_match(tmp_path)
    assert main(["replay", str(path), "--speed", "0"]) == 2
    assert "--speed must be from 0.1 to 20" in capsys.readouterr().err
