"""One package per rule text; importing this package registers every mode by name."""

from game.modes import grid, stances  # noqa: F401
