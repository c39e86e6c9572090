"""The cards mode's tests play the mode the game registers."""

import game.modes  # noqa: F401  (registers every mode, the cards mode among them)
