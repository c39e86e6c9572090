"""The random baseline: a computer player that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.core.events import Action
from game.players.base import register_policy


def is_retreat(action: Action) -> bool:
    """Whether an action gives up the encounter."""
    return type(action).__name__ == "Retreat"


class RandomPlayer:
    """Picks uniformly at random among the legal actions, never retreating.

    A baseline that retreated at random would end almost every match in its first round
    and measure nothing, so Retreat is left out of its choices.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick any legal action but Retreat, each as likely as the others."""
        options = [a for a in legal if not is_retreat(a)] or list(legal)
        return options[self.rng.randrange(len(options))]


register_policy("random", RandomPlayer)
