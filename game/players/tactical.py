"""The tactical policy for the grid mode, registered by name: ``tactical`` and one name per difficulty."""

from __future__ import annotations

from game.modes.grid.ai import DEFAULT_DIFFICULTY, DIFFICULTIES, TacticalPlayer
from game.players.base import register_policy


def make_tactical(seed: int, difficulty: str = DEFAULT_DIFFICULTY) -> TacticalPlayer:
    """A tactical player of the given difficulty with its own generator seeded from ``seed``."""
    return TacticalPlayer(seed, difficulty)


def _at(difficulty: str):  # noqa: ANN202  (a factory per difficulty for the registry)
    return lambda seed: make_tactical(seed, difficulty)


register_policy("tactical", make_tactical)
for _level in DIFFICULTIES:
    register_policy(f"tactical-{_level}", _at(_level))
