"""The screens of the game: the only package that imports pygame or pygame_gui."""

import os

# pygame greets on standard output when imported; the game's commands keep their output clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
