"""The arenas mode's spec, registered for these tests until the game's own registration line names it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import game.modes  # noqa: F401  (the game's own modes are registered first, as the game does)
from game.core import modespec
from game.modes.arenas.spec import ARENAS


@pytest.fixture(autouse=True)
def arenas_registered() -> Iterator[None]:
    """Register the mode for a test, and drop it after unless the game registers it itself."""
    known = "arenas" in modespec._SPECS
    modespec.register_spec(ARENAS)
    yield
    if not known:
        modespec._SPECS.pop("arenas", None)
