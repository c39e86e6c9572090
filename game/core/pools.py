"""Dice pools: roll a number of dice, keep the highest, let the top face explode.

Text 003, "Dice": take a number of 10-sided dice equal to the rank and keep the highest;
a die that rolls 10 is rolled again and added for as long as it keeps rolling 10; a rank of
0 rolls one die and halves the result. Other modes reuse the same pool with other dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.dice import Dice


@dataclass(frozen=True)
class Modifier:
    """A bonus (positive) or penalty (negative) on a result, and where it came from."""

    amount: int
    source: str


@dataclass(frozen=True)
class DieRoll:
    """One die of a pool with its explosion chain, e.g. (10, 10, 4) totals 24."""

    chain: tuple[int, ...]

    @property
    def total(self) -> int:
        """The die's value: every roll of its chain added up."""
        return sum(self.chain)


@dataclass(frozen=True)
class PoolRoll:
    """A rolled pool: what was rolled, what was kept, every modifier and the result."""

    label: str
    rank: int
    dice: tuple[DieRoll, ...]
    natural: int
    modifiers: tuple[Modifier, ...] = field(default=())
    halved: bool = False
    rank_modifiers: tuple[Modifier, ...] = field(default=())  # where the rank came from (gear)

    @property
    def result(self) -> int:
        """The kept (or halved) die plus every modifier."""
        return self.natural + sum(m.amount for m in self.modifiers)


def roll_die(dice: Dice, sides: int = 10, explode: bool = True) -> DieRoll:
    """Roll one die; on its top face roll again and add, for as long as it keeps coming up."""
    first = dice.roll(sides)
    if first != sides or not explode:
        return DieRoll((first,))  # the usual case, without a list to grow
    chain = [first]
    while chain[-1] == sides:
        chain.append(dice.roll(sides))
    return DieRoll(tuple(chain))


def roll_pool(
    dice: Dice,
    rank: int,
    label: str,
    modifiers: tuple[Modifier, ...] = (),
    sides: int = 10,
    rank_modifiers: tuple[Modifier, ...] = (),
) -> PoolRoll:
    """Roll a rank: ``rank`` dice keeping the highest, or at rank 0 one die halved, rounding down.

    A negative rank counts as 0. Halving rounds down (ruling grid-dice-0: the text's
    "0 or 1" for an Unconscious Resolve roll can only be a 0 when halves round down).
    """
    if rank <= 0:
        die = roll_die(dice, sides)
        return PoolRoll(label, 0, (die,), die.total // 2, tuple(modifiers), True, tuple(rank_modifiers))
    # roll_die for each die in turn, inlined: every roll of a match comes through here.
    roll = dice.roll
    rolled = []
    best = 0
    for _ in range(rank):
        total = roll(sides)
        if total != sides:
            rolled.append(DieRoll((total,)))
        else:
            chain = [total]
            while chain[-1] == sides:
                chain.append(roll(sides))
            total = sum(chain)
            rolled.append(DieRoll(tuple(chain)))
        if total > best:
            best = total
    return PoolRoll(label, rank, tuple(rolled), best, tuple(modifiers), False, tuple(rank_modifiers))
