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
