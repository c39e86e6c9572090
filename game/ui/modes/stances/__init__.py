"""The stances mode (text 001) on the encounter screen."""

from game.ui.modes.stances.screen import StancesReplayScreen, StancesScreen

__all__ = ["StancesReplayScreen", "StancesScreen"]
