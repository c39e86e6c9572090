"""The tactical policy, registered by name: ``tactical`` and one name per difficulty.

It plays whichever mode its view comes from: the grid mode's tactical player, or the stances
mode's policy for a stances view (which has one level of play for every difficulty).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.events import Action
from game.modes.grid.ai import DEFAULT_DIFFICULTY, DIFFICULTIES, TacticalPlayer
from game.modes.stances.ai import StancesPlayer
from game.modes.stances.view import StancesView
from game.players.base import register_policy


class TacticalByMode(TacticalPlayer):
    """The grid's tactical player that hands a stances view to the stances mode's policy."""

    def __init__(self, seed: int, difficulty: str = DEFAULT_DIFFICULTY) -> None:
        super().__init__(seed, difficulty)
        self.stances = StancesPlayer(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick an action with the policy of the view's mode."""
        if isinstance(view, StancesView):
            return self.stances.choose(view, legal)
        return super().choose(view, legal)


def make_tactical(seed: int, difficulty: str = DEFAULT_DIFFICULTY) -> TacticalPlayer:
    """A tactical player of the given difficulty with its own generator seeded from ``seed``."""
    return TacticalByMode(seed, difficulty)


def _at(difficulty: str):  # noqa: ANN202  (a factory per difficulty for the registry)
    return lambda seed: make_tactical(seed, difficulty)


register_policy("tactical", make_tactical)
for _level in DIFFICULTIES:
    register_policy(f"tactical-{_level}", _at(_level))
