"""`replay FILE` for a stances save: the saved actions play on the stances screen, seen through any seat's eyes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import SavedMatch, read_save, write_save
from game.players.baseline import RandomPlayer
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.modes.stances import StancesScreen
from game.ui.modes.stances.log import stance_word
from game.ui.replay import EVERYONE, open_replay
from main import main
from tests.ui.helpers import click_button, make_app, press, run_replay_command, step_on_the_clock
from tests.ui.test_stances_screen import shown_text

SEATS = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True))


def stances_save(folder: Path, seed: int = 8, rounds: int = 6) -> Path:
    """Play a small seeded stances match with random decisions and save it."""
    setup = MatchSetup("stances", SEATS, {"map": "builtin:crossing", "heroes": ["warrior", "archer"],
                                          "monsters": ["undead_orc", "wolf"], "max_rounds": rounds})
    match = Match(setup, seed)
    players = {seat.name: RandomPlayer(seed + i) for i, seat in enumerate(SEATS)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    path = write_save(match, folder / "fight.json")
    match.mode.close()
    return path


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


@pytest.fixture
def saved(tmp_path: Path) -> SavedMatch:
    """A stances save in which a sealed stance waits for the other seat's at least once."""
    saved = read_save(stances_save(tmp_path))
    kinds = [plain["type"] for _seat, plain in saved.actions]
    assert "ChooseStance" in kinds and "Dash" in kinds, "the seeded match should engage and dash"
    return saved


def _replay(app: App, saved: SavedMatch, speed: float = 1.0) -> EncounterScreen:
    screen = open_replay(app, saved, speed, on_quit=app.quit)
    app.show(screen)
    return screen


def _row(screen: EncounterScreen, cid: str) -> str:
    row = next(r for r in screen._rows() if r.cid == cid)
    return " ".join(row.conditions)


def _badge(screen: EncounterScreen, cid: str) -> str | None:
    square = screen.view.fighter(cid).square
    return next((text for at, text, _colour in screen.scene().badges if at == square), None)


def test_a_stances_save_plays_on_the_stances_screen_step_by_step_as_saved(app: App, saved: SavedMatch) -> None:
    screen = _replay(app, saved)
    assert isinstance(screen, StancesScreen) and screen.replay is not None and screen.replay.playing
    assert screen.watching_seat() == "Ann" and screen.replay.spectators == ["Ann", "Computer", EVERYONE]
    press(app, pygame.K_SPACE)
    assert not screen.replay.playing
    names = {f.cid: f.name for f in screen.view.fighters}
    dashes = 0
    while not screen.replay.finished:
        seat, plain = saved.actions[screen.replay.index]
        before, logged = screen.replay.index, len(screen.log.lines)
        if before % 2:
            press(app, pygame.K_n)
        else:
            click_button(app, "Step")
        assert screen.replay.index == before + 1 and not screen.replay.playing
        # What is drawn follows the save: a dash puts the token on the saved square, and says so in the log.
        if plain["type"] == "Dash":
            dashes += 1
            token = next(t for t in screen.scene().tokens if t.cid == plain["cid"])
            assert tuple(token.position) == tuple(plain["to"])
            assert any(line.text.startswith(f"{names[plain['cid']]} dashes") for line in screen.log.lines[logged:])
        assert f"action {screen.replay.index} of {len(saved.actions)}" in screen.status
        assert screen.log.lines == screen.session.log_for("Ann")
    assert dashes > 0
    assert screen.match.event_log() == saved.events and screen.replay.differs is None
    assert "finished" in screen.status and not screen.status_is_bad() and screen.overlay is None
    assert any(line.text.startswith("The encounter ends") for line in screen.log.lines)


def test_play_speed_and_whose_eyes_work_as_for_the_grid(app: App, saved: SavedMatch,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _replay(app, saved, speed=4.0)
    assert screen.replay is not None
    step_on_the_clock(app, monkeypatch, 6, 176)  # a little more than 700 ms / 4 between two actions
    assert screen.replay.index == 6
    press(app, pygame.K_RIGHTBRACKET)
    assert screen.replay.speed == 8.0
    press(app, pygame.K_SPACE)
    press(app, pygame.K_v)
    assert screen.watching_seat() == "Computer" and screen.view == screen.match.view("Computer")
    assert screen.log.lines == screen.session.log_for("Computer")
    click_button(app, "every side")
    assert screen.watching_seat() == EVERYONE
    assert {f.cid for f in screen.view.fighters} == {"warrior", "archer", "undead_orc", "wolf"}
    assert not any(f.controlled for f in screen.view.fighters)
    assert screen.log.lines == screen.session.log_for(EVERYONE)
    press(app, pygame.K_v)
    assert screen.watching_seat() == "Ann"
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_a_seat_sees_another_seats_stance_only_once_it_is_revealed(app: App, saved: SavedMatch) -> None:
    screen = _replay(app, saved)
    assert screen.replay is not None
    press(app, pygame.K_SPACE)
    # Play up to the first stance Ann seals while the computer's fighter has still to choose its own.
    while True:
        seat, plain = saved.actions[screen.replay.index]
        screen.replay.step()
        if plain["type"] == "ChooseStance" and seat == "Ann" and screen.view.decision.kind == "stance":
            break
    cid, stance = plain["cid"], plain["stance"]
    word = stance_word(stance)
    assert _row(screen, cid) == f"{word} (sealed)" and _badge(screen, cid) == word
    for eyes in ("Computer", EVERYONE):
        screen.replay.watch(eyes)
        assert screen.view.fighter(cid).stance is None
        assert _row(screen, cid) == "stance chosen" and _badge(screen, cid) == "chosen"
        assert f"{word} (sealed)" not in shown_text(screen)
        assert any(line.text.startswith(f"{screen.ctx.name(cid)} has chosen in secret") for line in screen.log.lines)
    # The computer's fighter chooses: both are revealed together, to every eye. (The engagement may end in the
    # same action, when no attack can be made and nobody has a sidestep to choose: then the log shows it.)
    screen.replay.step()
    for eyes in ("Ann", "Computer", EVERYONE):
        screen.replay.watch(eyes)
        revealed = [line.text for line in screen.log.lines if line.text.startswith("Stances revealed: ")]
        assert revealed and word.lower() in revealed[-1].lower()
        assert "sealed" not in _row(screen, cid)
        if screen.view.engagement is not None:
            assert screen.view.engagement.stances_revealed and screen.view.fighter(cid).stance == stance
            assert word in _row(screen, cid)


def test_the_replay_command_shows_a_stances_save_and_returns_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = stances_save(tmp_path)
    status, seen = run_replay_command(monkeypatch, ["replay", str(path), "--speed", "2"])
    assert status == 0
    assert isinstance(seen[0], StancesScreen) and seen[0].replay is not None
    assert seen[0].replay.speed == 2.0 and seen[0].replay.differs is None
    assert seen[0].match.event_log() == json.loads(path.read_text())["events"]


@pytest.mark.parametrize("change, message", [
    (lambda data: data["setup"]["options"].update(map="/nowhere/gone.tmx"), "its map /nowhere/gone.tmx is gone"),
    (lambda data: data["actions"].insert(0, ["Ann", {"type": "StayOut"}]), "action 1 does not replay"),
    (lambda data: data["actions"].insert(0, ["Ann", {"type": "Dash", "cid": "nobody", "to": [1, 1]}]),
     "action 1 does not replay"),
], ids=["map gone", "an action out of turn", "an unknown fighter"])
def test_a_stances_save_that_does_not_replay_is_one_line_naming_it_and_exit_2(tmp_path, capsys, monkeypatch,
                                                                               change, message):
    path = stances_save(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window opened for a bad save"))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{path}: ") and message in err and "Traceback" not in err
    assert "cannot be shown at the screen" not in err
