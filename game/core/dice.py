"""Dice: the only door through which chance enters a match."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable


class Dice(Protocol):
    """Something that rolls one die with a given number of sides."""

    def roll(self, sides: int) -> int:
        """Return a result from 1 to ``sides``."""
        ...


@runtime_checkable
class RestorableDice(Protocol):
    """Dice whose state a snapshot can keep and put back, so that later rolls come out the same again."""

    def roll(self, sides: int) -> int:
        """Return a result from 1 to ``sides``."""
        ...

    def state(self) -> Any:
        """Everything that decides the next rolls, as a value the dice do not change later."""
        ...

    def restore(self, state: Any) -> None:
        """Roll from a state ``state()`` returned."""
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

    def state(self) -> tuple[Any, ...]:
        """The generator's state (``random.Random.getstate``): the next rolls follow from it."""
        return self._rng.getstate()

    def restore(self, state: tuple[Any, ...]) -> None:
        """Put back a state ``state()`` returned."""
        self._rng.setstate(state)


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

    def state(self) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The results still scripted and those rolled."""
        return tuple(self._results), tuple(self.rolled)

    def restore(self, state: tuple[tuple[int, ...], tuple[tuple[int, int], ...]]) -> None:
        """Put back a state ``state()`` returned."""
        self._results, self.rolled = list(state[0]), list(state[1])

    @property
    def remaining(self) -> int:
        """How many scripted results have not been used."""
        return len(self._results)
