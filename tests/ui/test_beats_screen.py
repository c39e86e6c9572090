"""The beats mode on the real screen: a run played to its end by clicks, hand-overs hiding a selected die,
and the screenshot command."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.modes import open_screen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, make_app, settle, until

if TYPE_CHECKING:
    from game.ui.modes.beats.screen import BeatsScreen


@pytest.fixture
def beats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The beats mode's name, the player's files in the test's folder."""
    import pygame

    import game.modes  # noqa: F401  (registers every mode, beats among them)
    from game.ui import theme

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)
    pygame.font.init()
    theme.reset_caches()
    yield "beats"
    pygame.quit()


def _computer_acted(app: App, screen: EncounterScreen) -> Callable[[], bool]:
    """Press Go; the test for the computer's decision having been taken."""
    before = len(screen.match.events)
    click(app, button(app, "Go").center)
    return lambda: len(screen.match.events) > before or screen.match.over


def _bruiser_against_a_thug(beats: str) -> tuple[App, BeatsScreen]:
    """A person's bruiser against the computer's thug, on the beats screen."""
    from game.ui.modes.beats.screen import BeatsScreen

    app = make_app()
    session = Session(EncounterChoice(mode=beats, heroes=("bruiser",), monsters=("thug",), hero_control="person",
                                      monster_control="computer", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
    return app, screen


def test_a_person_plays_a_run_to_its_end_by_clicking_the_choices(beats: str) -> None:
    from game.ui.modes.beats.words import choice_words

    app, screen = _bruiser_against_a_thug(beats)
    for _ in range(400):
        if screen.match.over:
            break
        if screen.overlay == "handover":
            click(app, button(app, "I am ready").center)
            continue
        if not screen.my_turn:
            assert until(app, _computer_acted(app, screen))
            continue
        legal = screen.match.legal_actions()
        # Hold or let stand where it can (the last choice), else the first: every choice is a button.
        choice = next((a for a in legal if choice_words(a, screen.view).startswith(("Hold", "Let"))), legal[0])
        label = choice_words(choice, screen.view)
        while True:
            try:
                click(app, button(app, label).center)
                break
            except AssertionError:
                click(app, button(app, "More choices").center)
    settle(app)
    assert screen.match.over and screen.overlay == "result"


def test_screenshot_draws_the_beats_table(beats: str, tmp_path: Path, capsys) -> None:
    from game.cli import main

    out = tmp_path / "beats.png"
    assert main(["screenshot", "--mode", beats, "--out", str(out), "--turns", "2", "--size", "1024x640"]) == 0
    assert capsys.readouterr().out == f"{out}: 1024x640, 2 turns played in the beats mode\n"
    assert out.is_file()


def test_the_menus_balance_estimate_plays_the_beats_mode(beats: str) -> None:
    import time

    from game.players.balance import BalanceRequest, game_seed, make_plan, play_many, summarise
    from game.ui import estimate
    from game.ui.estimate import BalanceEstimate
    from game.ui.menu import MenuScreen

    app = make_app()
    menu = MenuScreen(app)
    menu._set_mode(beats)
    menu.heroes = ["bruiser", "cutpurse"]
    menu.monsters = ["thug", "footpad"]
    menu.balance = BalanceEstimate(games=2)
    app.show(menu)
    try:
        end = time.monotonic() + 180
        while menu.balance.report() is None:
            assert time.monotonic() < end, f"gave up waiting: {menu.balance.text()}"
            app.step(15)
        plan = make_plan(BalanceRequest(mode=beats, heroes="bruiser,cutpurse", monsters="thug,footpad", games=2))
        assert menu.balance.report() == summarise(play_many(plan, [game_seed(estimate.SEED, i) for i in range(2)]))
        assert menu.balance.text().startswith("Heroes win about ")
    finally:
        menu.close()


def _person_plays_one(app: App, screen: EncounterScreen) -> None:
    """The person's choice by its button: hold or let stand where it may, else the first."""
    from game.ui.modes.beats.words import choice_words

    legal = screen.match.legal_actions()
    choice = next((a for a in legal if choice_words(a, screen.view).startswith(("Hold", "Let"))), legal[0])
    label = choice_words(choice, screen.view)
    for _ in range(10):
        try:
            click(app, button(app, label).center)
            return
        except AssertionError:
            click(app, button(app, "More choices").center)
    raise AssertionError(f"no button for {label}")


def test_a_beats_run_is_autosaved_after_a_beat_and_continue_picks_it_up(beats: str) -> None:
    import pygame

    from game.core.saves import autosave_path, read_save
    from game.modes.beats.events import BeatEnded
    from game.ui.menu import MenuScreen
    from game.ui.modes.beats.screen import BeatsScreen
    from tests.ui.helpers import click_button, press

    app = make_app()
    menu = MenuScreen(app, EncounterChoice(mode=beats, heroes=("bruiser",), monsters=("thug",), seed=3))
    menu.balance.close()
    app.show(menu)
    settle(app)
    menu.start()
    settle(app)
    screen = app.screen
    assert isinstance(screen, BeatsScreen)
    path = autosave_path()
    assert not read_save(path).actions  # saved as it begins, before any action
    while not any(isinstance(e, BeatEnded) for e in screen.match.events):
        if screen.my_turn:
            _person_plays_one(app, screen)
        else:
            assert until(app, _computer_acted(app, screen))
    saved = read_save(path)
    assert saved.setup.mode == beats and len(saved.actions) <= len(screen.match.actions)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Main menu")
    assert isinstance(app.screen, MenuScreen)
    click_button(app, "Continue")
    resumed = app.screen
    assert isinstance(resumed, BeatsScreen) and resumed is not screen
    assert resumed.match.event_log() == screen.match.event_log()[:len(resumed.match.event_log())]
    assert any(isinstance(e, BeatEnded) for e in resumed.match.events)


def test_undo_takes_back_a_die_selected_before_the_reveal(beats: str) -> None:
    from game.modes.beats.actions import Present
    from game.ui.modes.beats.screen import BeatsScreen
    from game.ui.modes.beats.words import choice_words

    app = make_app()
    session = Session(EncounterChoice(mode=beats, heroes=("bruiser", "cutpurse"), monsters=("thug",),
                                      hero_control="person", monster_control="computer", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
    first = screen.match.legal_actions()[0]
    assert isinstance(first, Present)
    click(app, button(app, choice_words(first, screen.view)).center)
    member = screen.view.member(first.cid)
    assert len(screen.match.actions) == 1 and member is not None and member.shown == first.slot
    click(app, button(app, "Undo").center)
    assert screen.match.actions == [] and screen.match.legal_actions()[0] == first


def test_a_saved_beats_run_is_replayed_on_the_screen_event_for_event(beats: str, tmp_path: Path) -> None:
    import pygame

    from game.core.match import Match
    from game.core.mode import MatchSetup, Seat
    from game.core.saves import read_save, write_save
    from game.players.base import make_policy
    from game.ui.replay import open_replay
    from tests.ui.helpers import press

    seats = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))
    match = Match(MatchSetup(beats, seats, {"heroes": ["bruiser"], "monsters": ["thug"], "fights": 1}), 7)
    players = {"Ann": make_policy("random", 1, beats), "Bo": make_policy("random", 2, beats)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    saved = read_save(write_save(match, tmp_path / "run.json"))
    app = make_app()
    screen = open_replay(app, saved, 1.0, on_quit=app.quit)
    app.show(screen)
    replay = screen.replay
    assert replay is not None
    while not replay.finished:
        press(app, pygame.K_n)
    assert screen.match.event_log() == saved.events and replay.differs is None


def test_each_die_on_the_right_says_its_chance_to_win_its_beat_against_the_dice_on_the_table(beats: str) -> None:
    from game.core.dice import ScriptedDice
    from game.ui.modes.beats.screen import BeatsScreen

    app = make_app()
    session = Session(EncounterChoice(mode=beats, heroes=("bruiser",), monsters=("thug",), hero_control="person",
                                      monster_control="computer", seed=5), dice=ScriptedDice([7, 3, 2, 5, 1, 4]))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
    bruiser = screen.view.member("bruiser")
    assert bruiser is not None
    # The thug may present its 5, 1 or 4: the 7 beats all three, the 3 and the 2 only the 1.
    assert screen.chance_words(bruiser) == "Your dice: d10:7 wins 100%; d6:3 wins 33%; d4:2 wins 33%"


def test_the_choices_fit_the_right_column_at_a_small_window_and_a_large_scale(beats: str) -> None:
    from game.modes.beats.actions import Present
    from game.ui.modes.beats.screen import BeatsScreen
    from tests.ui.helpers import as_buttons

    app = make_app(size=(1024, 640), scale=1.5)
    session = Session(EncounterChoice(mode=beats, heroes=("bruiser", "cutpurse"), monsters=("thug", "footpad"),
                                      hero_control="person", monster_control="person", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
    seen = 0
    for _ in range(6):  # dice selected until an actor has its many choices
        if screen.overlay == "handover":
            click(app, button(app, "I am ready").center)
        legal = screen.match.legal_actions()
        body = screen.layout.tab_body
        options = [b for b in as_buttons(screen.buttons)
                   if b.rect.x >= body.x and b.rect.right <= body.right and b.rect.y >= body.y]
        assert options and all(b.rect.bottom <= body.bottom for b in options)
        seen = max(seen, len(legal))
        if not isinstance(legal[0], Present):
            break
        screen.act(legal[0])
        settle(app)
    assert seen > 4


def test_the_status_line_says_whose_decision_it_is(beats: str) -> None:
    _app, screen = _bruiser_against_a_thug(beats)
    assert screen.my_turn and screen.current is not None
    assert screen.status.endswith(f"{screen.current.name} selects a die (you)")
