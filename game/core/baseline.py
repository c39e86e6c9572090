"""The computer's baselines every mode offers: uniformly random, and random with attacks weighted up."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.core.events import Action

ATTACK_WEIGHT = 4
OTHER_WEIGHT = 2


def is_retreat(action: Action) -> bool:
    """Whether an action gives up the encounter."""
    return type(action).__name__ == "Retreat"


def never_an_attack(action: Action) -> bool:
    """For a mode whose weighted baseline weighs every action alike."""
    return False


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


class WeightedPlayer:
    """Picks at random among the legal actions but Retreat, an attack twice as likely as anything else."""

    def __init__(self, seed: int, is_attack: Callable[[Action], bool] = never_an_attack) -> None:
        self.rng = random.Random(seed)
        self.is_attack = is_attack

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick a legal action with weight 4 for attacks and 2 for every other one."""
        options = [a for a in legal if not is_retreat(a)] or list(legal)
        weights = [ATTACK_WEIGHT if self.is_attack(a) else OTHER_WEIGHT for a in options]
        return self.rng.choices(options, weights)[0]
