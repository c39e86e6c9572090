"""The weighted baseline: a simple weighted random choice, attack options weighted 4 and the others 2."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.core.events import Action
from game.modes.grid.actions import UseAction
from game.modes.grid.content import load_content
from game.players.base import register_policy
from game.players.baseline import is_retreat

ATTACK_WEIGHT = 4
OTHER_WEIGHT = 2


def is_attack(action: Action) -> bool:
    """Whether an action is an attack option: an action card of the attack kind."""
    if not isinstance(action, UseAction):
        return False
    card = load_content().actions.get(action.action)
    return card is not None and card.kind == "attack"


class WeightedPlayer:
    """Picks at random among the legal actions but Retreat, an attack twice as likely as anything else."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick a legal action with weight 4 for attacks and 2 for every other one."""
        options = [a for a in legal if not is_retreat(a)] or list(legal)
        weights = [ATTACK_WEIGHT if is_attack(a) else OTHER_WEIGHT for a in options]
        return self.rng.choices(options, weights)[0]


register_policy("weighted", WeightedPlayer)
