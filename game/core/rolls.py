"""Summed rolls: several named dice added together, with levels of advantage or disadvantage.

Text 001 adds dice of different sizes ("your heart die + ability die for the stance you chose +
weapon die") and gives rolls "a level of advantage". A level of advantage rolls the whole sum
once more and keeps the best total; a level of disadvantage keeps the worst; levels of each
cancel one for one. Every attempt is kept in the record, so the log can show each die.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.dice import Dice
from game.core.pools import Modifier

DIE_SIZES = (4, 6, 8, 10, 12)
"""The dice a sum may name, smallest first."""


@dataclass(frozen=True)
class NamedDie:
    """One die of a sum: its size, what it rolled and where it came from (heart, might, a weapon)."""

    sides: int
    value: int
    source: str


@dataclass(frozen=True)
class SumRoll:
    """A rolled sum: the kept dice, the modifiers, any halving and the attempts advantage set aside."""

    label: str
    dice: tuple[NamedDie, ...]
    modifiers: tuple[Modifier, ...] = ()
    advantage: int = 0  # net levels: above 0 advantage, below 0 disadvantage
    set_aside: tuple[tuple[NamedDie, ...], ...] = field(default=())
    halved: bool = False  # halved, rounding up, after the modifiers

    @property
    def natural(self) -> int:
        """The kept dice added up."""
        return sum(d.value for d in self.dice)

    @property
    def result(self) -> int:
        """The kept dice plus every modifier, halved rounding up when the roll is halved."""
        total = self.natural + sum(m.amount for m in self.modifiers)
        return -(-total // 2) if self.halved else total


def roll_sum(
    dice: Dice,
    parts: Sequence[tuple[str, int]],
    label: str,
    modifiers: Sequence[Modifier] = (),
    advantage: int = 0,
    halve: bool = False,
) -> SumRoll:
    """Roll every (source, sides) die and add them; each level of advantage (disadvantage) rolls it all again.

    With advantage the attempt with the highest total is kept, with disadvantage the lowest; the
    first of equal attempts is kept. Attempts are rolled one after the other, die by die in order.
    """
    for source, sides in parts:
        if sides < 1:
            raise ValueError(f"a {source} die needs at least one side, not {sides}")
    attempts = [
        tuple(NamedDie(sides, dice.roll(sides), source) for source, sides in parts) for _ in range(1 + abs(advantage))
    ]
    totals = [sum(d.value for d in attempt) for attempt in attempts]
    best = max(totals) if advantage >= 0 else min(totals)
    kept = totals.index(best)
    rest = tuple(a for i, a in enumerate(attempts) if i != kept)
    return SumRoll(label, attempts[kept], tuple(modifiers), advantage, rest, halve)


def step_down(sides: int) -> int | None:
    """The next smaller die (a d8 falls to a d6), or None for the smallest."""
    index = DIE_SIZES.index(sides)
    return DIE_SIZES[index - 1] if index > 0 else None
