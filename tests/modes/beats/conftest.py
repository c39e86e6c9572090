"""The beats mode's spec, registered for these tests (as game/modes/__init__.py does once the screen plays it)."""

from __future__ import annotations

import game.modes  # noqa: F401  (the game's own modes first, as the game registers them)
from game.core.modespec import register_spec
from game.modes.beats.spec import BEATS

register_spec(BEATS)
