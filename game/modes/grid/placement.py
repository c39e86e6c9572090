"""Side placement lives in the engine now (``game.core.placement``); kept for imports not yet moved."""

from game.core.placement import place_sides

__all__ = ["place_sides"]
