"""The grid mode (text 003) on the encounter screen."""

from game.ui.modes.grid.screen import GridReplayScreen, GridScreen

__all__ = ["GridReplayScreen", "GridScreen"]
