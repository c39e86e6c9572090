"""The cards mode's spec registered for these tests, as the game's own registration line will."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game.modes  # noqa: F401  (the game's own modes first)
from game.core import modespec
from game.modes.cards.spec import CARDS


@pytest.fixture(autouse=True)
def cards_registered() -> Iterator[None]:
    """Register the cards spec for a test when the game has not, and drop it after if it was added here."""
    added = CARDS.name not in modespec._SPECS
    modespec.register_spec(CARDS)
    yield
    if added:
        modespec._SPECS.pop(CARDS.name, None)
