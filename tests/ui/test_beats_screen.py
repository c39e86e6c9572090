"""The beats mode on the real screen: a run played to its end by clicks, hand-overs hiding a selected die,
and the screenshot command."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.modes import open_screen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, make_app, settle, until


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


def test_a_person_plays_a_run_to_its_end_by_clicking_the_choices(beats: str) -> None:
    from game.ui.modes.beats.screen import BeatsScreen
    from game.ui.modes.beats.words import choice_words

    app = make_app()
    session = Session(EncounterChoice(mode=beats, heroes=("bruiser",), monsters=("thug",), hero_control="person",
                                      monster_control="computer", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, BeatsScreen)
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
