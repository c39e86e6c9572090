"""The beats mode chosen in the menu and played by two people at one screen: the hand-over before each person
presents hides the die the other selected; a run saved at the screen resumes there and replays with --check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.saves import read_save, save_path, write_save
from game.modes.beats.actions import Present
from game.ui.app import App
from game.ui.menu import MenuScreen
from game.ui.modes import open_screen, resume_session
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import as_buttons, button, choose_option, click, drawn_texts, make_app, settle


@pytest.fixture
def screen_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The player's files in the test's folder, the hand-back pause off."""
    import pygame

    from game.ui import theme

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)
    pygame.font.init()
    theme.reset_caches()
    yield
    pygame.quit()


def _menu(app: App) -> MenuScreen:
    """The menu with the beats mode chosen and a second person given the foes."""
    first = MenuScreen(app, EncounterChoice(seed=2))
    first.balance.close()
    app.show(first)
    settle(app)
    choose_option(app, first, "grid", "beats")
    settle(app)
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == "beats"
    menu.balance.close()
    plus = next(b for b in as_buttons(menu.buttons) if (b.tool_tip_text or "").startswith("One more person"))
    click(app, plus.rect.center)
    menu.control["monsters"] = "person:1"
    return menu


def _hand_over(app: App) -> None:
    screen = app.screen
    assert getattr(screen, "overlay", None) == "handover"
    click(app, button(app, "I am ready").center)


def _present_first(app: App) -> str:
    """The person deciding presents its first die by its button; the combatant that did."""
    from game.ui.modes.beats.screen import BeatsScreen
    from game.ui.modes.beats.words import choice_words

    screen = app.screen
    assert isinstance(screen, BeatsScreen)
    action = screen.match.legal_actions()[0]
    assert isinstance(action, Present)
    click(app, button(app, choice_words(action, screen.view)).center)
    return action.cid


def test_two_people_play_beats_and_the_hand_over_hides_the_die_the_first_selected(
        screen_files: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.modes.beats.mode import BeatsMode
    from game.ui.modes.beats.screen import BeatsScreen

    app = make_app()
    menu = _menu(app)
    menu.start()
    settle(app)
    screen = app.screen
    assert isinstance(screen, BeatsScreen) and screen.session.battlefield is None
    if screen.overlay == "handover":
        _hand_over(app)
    heroes_seat = screen.session.pending_seat()
    assert heroes_seat is not None
    mode = screen.match.mode
    assert isinstance(mode, BeatsMode)
    while screen.session.pending_seat() == heroes_seat:
        _present_first(app)
    assert all(mode.run.sealing.known_to(cid)[0] is not None for cid in mode.run.heroes)
    # The other person is next: the board is handed over, and nothing drawn marks a selected die.
    assert screen.overlay == "handover"
    texts = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert "*d" not in texts
    _hand_over(app)
    for cid in mode.run.heroes:
        member = screen.view.member(cid)
        assert member is not None and member.shown is None and member.chosen
    texts = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert "*d" not in texts and "has selected" in texts
    while screen.match.legal_actions() and type(screen.match.legal_actions()[0]).__name__ == "Present":
        _present_first(app)
    # All dice are in: they are shown together, every one of them marked on the board (once the person whose
    # decision comes next has taken the screen).
    assert screen.view.order
    if screen.overlay == "handover":
        _hand_over(app)
    texts = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert texts.count("*d") >= len(screen.view.order)


def test_a_run_saved_at_the_screen_resumes_there_and_replays_with_check(screen_files: None, capsys) -> None:
    from game.cli import main
    from game.ui.modes.beats.screen import BeatsScreen

    app = make_app()
    session = Session(EncounterChoice(mode="beats", heroes=("bruiser",), monsters=("thug",), hero_control="person",
                                      monster_control="person", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
    if screen.overlay == "handover":
        _hand_over(app)
    _present_first(app)
    assert screen.save_as("half")
    path = save_path("half")
    again = resume_session(read_save(path))
    assert [e.to_dict() for e in again.match.events] == [e.to_dict() for e in session.match.events]
    assert again.pending_seat() == session.pending_seat()
    resumed = open_screen(app, again, on_menu=lambda: None, on_again=lambda: None)
    app.show(resumed)
    settle(app)
    assert isinstance(resumed, BeatsScreen)
    if resumed.overlay == "handover":
        _hand_over(app)
    _present_first(app)
    assert resumed.view.order  # both dice are shown
    write_save(again.match, path)
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out == f"{path}: {len(again.match.events)} events replayed, every one as saved\n"
