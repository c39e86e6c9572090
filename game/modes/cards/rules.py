"""The cards mode's rules as plain functions: dice pools, bonuses, rerolls, defense, hits, Accuracy, Block, Injury.

Text 000: "Never add the values of individual dice together"; every function here reads dice one by one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from game.core.dice import Dice
from game.modes.cards.content import DIE

ACCURACY = 8  # "Accuracy increases the attack's damage by 1 for each 8 or higher rolled"
SUPPORT_NEEDS = 6  # "If you do not attain 6 or higher, the Spell has no effect"
SECOND_DAMAGE_PENALTY = 2  # "the character has -2 on the roll if they have already used an action ..."
SLOW_PRIORITY = 6  # "Slow: Suffer -6 Priority"
REROLL_FAME = 2  # "expend 2 of their Fame to cause a single die ... to be rerolled"


class RerollRefused(ValueError):
    """A die that was rerolled already: "Once a die has been rerolled, it cannot be rerolled again in any way"."""


@dataclass
class Roll:
    """One roll: each die as it fell, whether it was rerolled, and the bonus (or penalty) every die takes."""

    raw: list[int]
    bonus: int = 0
    rerolled: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.rerolled:
            self.rerolled = [False] * len(self.raw)

    @property
    def values(self) -> list[int]:
        """Each die as the rules read it: "treat the number rolled on each die as increased by the amount"."""
        return modified(self.raw, self.bonus)

    @property
    def highest(self) -> int:
        """The highest die (as read), for a card where "only the highest number rolled matters"."""
        return max(self.values) if self.raw else 0

    def can_reroll(self) -> bool:
        """Whether any die is still there to be rerolled."""
        return not all(self.rerolled)


def roll_pool(dice: Dice, count: int, bonus: int = 0) -> Roll:
    """Roll ``count`` d12s (a fighter's Tier in the Skill used) with a bonus on each die."""
    return Roll([dice.roll(DIE) for _ in range(count)], bonus)


def modified(raw: Sequence[int], bonus: int) -> list[int]:
    """Each die with the bonus added (a penalty is a negative bonus): +1 on 11, 7, 3 reads 12, 8, 4."""
    return [value + bonus for value in raw]


def reroll(roll: Roll, index: int, dice: Dice) -> int:
    """Roll one die of a roll again (RerollRefused if it was rerolled already); its new face."""
    if not 0 <= index < len(roll.raw):
        raise RerollRefused(f"the roll has no die {index + 1}")
    if roll.rerolled[index]:
        raise RerollRefused(f"die {index + 1} was rerolled already")
    roll.raw[index] = dice.roll(DIE)
    roll.rerolled[index] = True
    return roll.raw[index]


def defense(tier: int) -> int:
    """"A fighter's defense is equal to 3 + double their Skill Tier"."""
    return 3 + 2 * tier


def hits(values: Sequence[int], needed: int, count: str) -> int:
    """How many times an attack lands: 1 or 0 by the highest die, or once per die that reaches ``needed``."""
    if count == "each":
        return sum(1 for value in values if value >= needed)
    return 1 if values and max(values) >= needed else 0


def accuracy(values: Sequence[int], shift: int = 0) -> int:
    """Extra damage: 1 for each die of 8 or higher; ``shift`` moves the 8 ("that much higher" or lower)."""
    needed = ACCURACY + shift
    return sum(1 for value in values if value >= needed)


def damage_dealt(base: int, landed: int, extra: int, weak: int) -> int:
    """An attack's damage before Block: the card's per hit, Accuracy, less Weak ("Deal -1 damage"), never below 0."""
    return max(0, base * landed + extra - weak)


def injury(damage: int, blocks: Iterable[int]) -> int:
    """What is not Blocked: each Block applies, and "Damage cannot be reduced below 0"."""
    return max(0, damage - sum(blocks))


def support_works(values: Sequence[int]) -> bool:
    """A Spell that does not attack works only when its Wit roll attains 6 or higher (the highest die)."""
    return bool(values) and max(values) >= SUPPORT_NEEDS


def chance_of(count: int, bonus: int, succeeds: object) -> Fraction:
    """The exact chance that ``succeeds(values)`` holds for ``count`` d12s with ``bonus``, before any reroll.

    Every set of faces is weighed by how many orders it falls in, and judged by the very function the
    rules resolve with (``hits`` or ``support_works``), so the hand's chances are the rules' own.
    """
    assert callable(succeeds)
    total = Fraction(0)
    for faces in combinations_with_replacement(range(1, DIE + 1), count):
        if succeeds(modified(faces, bonus)):
            orders = factorial(count)
            for n in Counter(faces).values():
                orders //= factorial(n)
            total += orders
    return total / DIE ** count


@cache
def hit_chance(count: int, bonus: int, needed: int, how: str = "highest") -> Fraction:
    """The exact chance that an attack of ``count`` dice with ``bonus`` lands against a defense of ``needed``."""
    return chance_of(count, bonus, lambda values: hits(values, needed, how) > 0)


@cache
def support_chance(count: int, bonus: int) -> Fraction:
    """The exact chance that a support spell's Wit roll attains 6."""
    return chance_of(count, bonus, support_works)


def rolloff_order(rolls: dict[str, list[int]]) -> list[str] | None:
    """Who wins a Finesse roll-off: "comparing second highest and lower dice if higher values match".

    The rollers from best to worst, or None when the best two are tied die for die (a reroll is needed).
    """
    ranked = sorted(rolls, key=lambda who: sorted(rolls[who], reverse=True), reverse=True)
    if len(ranked) > 1 and sorted(rolls[ranked[0]], reverse=True) == sorted(rolls[ranked[1]], reverse=True):
        return None
    return ranked
