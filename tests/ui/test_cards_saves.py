"""The cards mode's autosave, Continue, a save made at the screen, replay --check, the replay on screen, undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.mode import Seat
from game.core.saves import autosave_path, load_match, read_save, save_path, write_save
from game.ui.app import App
from game.ui.menu import MenuScreen, start_encounter
from game.ui.modes.cards.screen import CardsScreen
from game.ui.replay import open_replay
from game.ui.session import EncounterChoice
from tests.ui.helpers import click_button, make_app, press, settle

ALONE = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True))


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


def _fight(app: App, seed: int = 5) -> CardsScreen:
    choice = EncounterChoice(mode="cards", heroes=("knight", "mage"), monsters=("ogre",), seed=seed, seats=ALONE)
    start_encounter(app, choice)
    settle(app)
    assert isinstance(app.screen, CardsScreen)
    return app.screen


def _place_one(app: App, screen: CardsScreen) -> None:
    """Ann's character places its first card at its first target, with the keys."""
    press(app, pygame.K_1)
    if screen.picked is not None:
        press(app, pygame.K_1)


def _to_placing(app: App, screen: CardsScreen) -> None:
    for _ in range(60):
        pending = screen.view.pending
        if pending is not None and pending.kind == "place" and screen.my_turn:
            return
        press(app, pygame.K_SPACE)  # join, keep the dice, Go
    raise AssertionError("Ann never came to place cards")


def test_the_autosave_follows_each_seal_and_continue_picks_the_fight_up(app: App) -> None:
    screen = _fight(app)
    _to_placing(app, screen)
    _place_one(app, screen)
    press(app, pygame.K_SPACE)  # done: the autosave is written
    saved = read_save(autosave_path())
    sealed = max(i for i, (_seat, plain) in enumerate(saved.actions) if plain["type"] == "SealCards")
    assert saved.actions[:sealed + 1] == [(s, a.to_dict()) for s, a in screen.match.actions[:sealed + 1]]
    _to_placing(app, screen)
    before = screen.match.event_log()
    press(app, pygame.K_ESCAPE)
    click_button(app, "Main menu")
    assert isinstance(app.screen, MenuScreen)
    click_button(app, "Continue")
    resumed = app.screen
    assert isinstance(resumed, CardsScreen) and resumed is not screen
    assert resumed.match.event_log() == before
    assert resumed.log.lines == resumed.session.log_for("Ann")


def test_a_fight_saved_at_the_screen_replays_with_check(app: App, capsys) -> None:
    from game.cli import main

    screen = _fight(app, seed=6)
    _to_placing(app, screen)
    _place_one(app, screen)
    press(app, pygame.K_SPACE)
    assert screen.save_as("cards-half")
    path = save_path("cards-half")
    assert read_save(path).setup.mode == "cards"
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out.endswith("every one as saved\n")


def test_undo_takes_back_a_card_placed_until_dice_are_rolled(app: App) -> None:
    screen = _fight(app, seed=7)
    _to_placing(app, screen)
    me = screen.current
    assert me is not None
    hand = len(me.hand)
    _place_one(app, screen)
    assert screen.current is not None and len(screen.current.hand) == hand - 1
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert screen.current is not None and len(screen.current.hand) == hand and not screen.current.placed
    _place_one(app, screen)
    press(app, pygame.K_SPACE)
    while screen.view.pending is not None and screen.view.pending.kind == "place":
        press(app, pygame.K_SPACE)  # the other character places nothing: the cards are turned up, dice roll
    assert screen.undo_reason() is not None


def test_a_saved_fight_plays_again_on_the_screen(app: App, tmp_path: Path) -> None:
    from game.core.baseline import RandomPlayer
    from game.core.match import Match
    from game.core.mode import MatchSetup

    match = Match(MatchSetup("cards", ALONE, {"heroes": ["knight"], "monsters": ["giant_rat"], "max_rounds": 8}), 3)
    player = RandomPlayer(3)
    while not match.over:
        seat = match.pending_seat() or ""
        match.apply(player.choose(match.view(seat), match.legal_actions(seat)), seat)
    saved = read_save(write_save(match, tmp_path / "fight.json"))
    screen = open_replay(app, saved, 1.0, on_quit=app.quit)
    app.show(screen)
    assert isinstance(screen, CardsScreen) and screen.replay is not None
    press(app, pygame.K_SPACE)  # pause, then step to the end
    while not screen.replay.finished:
        click_button(app, "Step")
    assert screen.match.event_log() == saved.events and screen.replay.differs is None
    assert [e.to_dict() for e in load_match(tmp_path / "fight.json").events] == match.event_log()
