"""Every test here plays the hand-signs mode, registered by the tests alone and dropped after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game.modes  # noqa: F401  (the game's own modes are registered first, as the game does)
from game.core import modespec
from tests.nomap.spec import register


@pytest.fixture
def signs() -> Iterator[str]:
    """The hand-signs mode's name, registered for the test."""
    name = register()
    yield name
    modespec._SPECS.pop(name, None)


@pytest.fixture
def hands(signs: str, tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The hand-signs mode registered with the rules and the screen, the player's files in the test's folder."""
    import pygame

    from game.ui import modes, theme
    from game.ui.estimate import forget_estimates
    from tests.nomap.setup import register_screen

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)
    pygame.font.init()
    theme.reset_caches()
    forget_estimates()
    yield register_screen()
    forget_estimates()
    modes._REGISTERED.pop(signs, None)
    modes._LOADED.pop(signs, None)
    pygame.quit()
