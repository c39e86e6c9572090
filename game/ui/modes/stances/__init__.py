"""The stances mode (text 001) on the encounter screen."""

from game.ui.modes.stances.screen import StancesScreen

__all__ = ["StancesScreen"]
