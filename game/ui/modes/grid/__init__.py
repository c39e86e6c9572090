"""The grid mode (text 003) on the encounter screen."""

from game.ui.modes.grid.screen import GridScreen

__all__ = ["GridScreen"]
