"""The beats tests play the mode as the game registers it."""

from __future__ import annotations

import game.modes  # noqa: F401  (registers every mode, beats among them)
