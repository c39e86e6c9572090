"""Dice: the only door through which chance enters a match."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    """Something that rolls one die with a given number of sides."""

    def roll(self, sides: int) -> int:
        """Return a result from 1 to ``sides``."""
        ...


class SeededDice:
    """One ``random.Random(seed)`` per match, so a seed and the actions replay a match exactly."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """Return a uniform result from 1 to ``sides``."""
        # randint's public draw: saves replay from the seed, so the draw must not rest on private methods.
        return self._rng.randint(1, sides)


class DiceScriptExhausted(AssertionError):
    """A test scripted fewer dice than the rules rolled."""


class ScriptedDice:
    """Dice that return the given results in order; for tests."""

    def __init__(self, results: Iterable[int]) -> None:
        self._results = list(results)
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        """Return the next scripted result, checking that it fits the die."""
        if not self._results:
            raise DiceScriptExhausted(f"no scripted result left for a d{sides} (rolled so far: {self.rolled})")
        value = self._results.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted {value} cannot come from a d{sides}")
        self.rolled.append((sides, value))
        return value

    @property
    def remaining(self) -> int:
        """How many scripted results have not been used."""
        return len(self._results)
