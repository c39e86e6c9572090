"""Screen tests keep the player's files (settings, saves, the autosave) in a folder of their own."""

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.menu import MenuScreen
from tests.ui.helpers import make_app


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Point the game's data folder at the test's temporary folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield tmp_path / "data" / "rulebound"


@pytest.fixture(autouse=True)
def fresh_fonts() -> None:
    """Start pygame's fonts and forget the ones made before: an earlier test's pygame.quit() spoilt them."""
    from game.ui import theme

    pygame.font.init()
    theme.reset_caches()


@pytest.fixture(autouse=True)
def space_at_once(monkeypatch):
    """Screen tests press keys as fast as the loop runs, so Space is not held back after the computer's run
    (test_computer_turns checks that it is, for a person)."""
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)


@pytest.fixture(autouse=True)
def no_estimates_yet() -> Iterator[None]:
    """Each test starts with no balance estimate finished: the game keeps them for its whole run."""
    from game.ui.estimate import forget_estimates

    forget_estimates()
    yield
    forget_estimates()


@pytest.fixture(autouse=True)
def small_estimates(monkeypatch):
    """A menu left open in a test plays 2 estimate games, not 60: the games are not what most screen tests
    check, and on a busy machine the workers playing 60 outlive the test (test_menu_estimate.py checks them)."""
    monkeypatch.setattr("game.ui.estimate.GAMES", 2)


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app that remembers the menu's choices in the test's own data folder (files may define their own)."""
    app = make_app()
    app.remember = True
    yield app
    if isinstance(app.screen, MenuScreen):
        app.screen.close()
    pygame.quit()
