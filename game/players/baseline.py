"""The random baseline: a computer player that picks uniformly among the legal actions (kept in game.core)."""

from game.core.baseline import RandomPlayer, is_retreat

__all__ = ["RandomPlayer", "is_retreat"]
