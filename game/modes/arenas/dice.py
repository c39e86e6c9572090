"""Attack rolls, tests and contests of text 002, and the exact odds of an attack roll.

Ruling arenas-keep-two: an attack roll keeps its top two d10s and adds them ("the ally keeps the top 2 rolls").
Ruling arenas-hit-number: an attack hits when its total reaches HIT_NUMBER plus the target's armour.
Ruling arenas-test-number: a test with no number named succeeds when 1d10 + the attribute beats TEST_NUMBER;
a test "against" a number beats that number; in a contest the higher total wins, a tie going to the one
tested against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from game.core.dice import Dice

HIT_NUMBER = 9
TEST_NUMBER = 6
KEPT = 2
FACE_DIE_DAMAGE = 3  # "an extra 1d3 damage"


@dataclass(frozen=True)
class AttackRoll:
    """The d10s of an attack roll (the first is the face die), the two kept, the modifiers and the total."""

    dice: tuple[int, ...]
    bonus: int
    need: int

    @property
    def kept(self) -> tuple[int, ...]:
        """The top two dice, which make the roll."""
        return tuple(sorted(self.dice, reverse=True)[:KEPT])

    @property
    def total(self) -> int:
        """The kept dice and the modifiers."""
        return sum(self.kept) + self.bonus

    @property
    def hit(self) -> bool:
        """Whether the total reaches the number to hit."""
        return self.total >= self.need

    @property
    def face(self) -> int:
        """The face die: "One of the dice for an attack roll is the face die" (ruling arenas-face-die: the first)."""
        return self.dice[0]

    @property
    def face_ten(self) -> bool:
        """A 10 on the face die with a hit: "the attack does an extra 1d3 damage"."""
        return self.hit and self.face == 10


def roll_attack(dice: Dice, count: int, bonus: int, need: int) -> AttackRoll:
    """Roll ``count`` d10s (at least the face die) for an attack with the given modifiers."""
    return AttackRoll(tuple(dice.roll(10) for _ in range(max(1, count))), bonus, need)


@lru_cache(maxsize=256)
def _kept_counts(count: int) -> dict[int, int]:
    """How many of the 10**count ordered rolls give each sum of the top two dice."""
    out: dict[int, int] = {}
    for faces in combinations_with_replacement(range(1, 11), count):
        ways = factorial(count)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        total = sum(sorted(faces, reverse=True)[:KEPT])
        out[total] = out.get(total, 0) + ways
    return out


def hit_chance(count: int, bonus: int, need: int) -> Fraction:
    """The exact chance that ``count`` d10s, top two kept, plus ``bonus`` reach ``need`` (the resolver's rule)."""
    count = max(1, count)
    hits = sum(ways for total, ways in _kept_counts(count).items() if total + bonus >= need)
    return Fraction(hits, 10 ** count)


@dataclass(frozen=True)
class AttributeRoll:
    """A test of an attribute: the d10, the attribute, and the number it had to beat."""

    die: int
    attribute: int
    against: int

    @property
    def total(self) -> int:
        """The die and the attribute."""
        return self.die + self.attribute

    @property
    def success(self) -> bool:
        """Whether the total beats the number."""
        return self.total > self.against


def roll_test(dice: Dice, attribute: int, against: int = TEST_NUMBER) -> AttributeRoll:
    """Test an attribute: 1d10 + the attribute must beat the number (TEST_NUMBER when none is named)."""
    return AttributeRoll(dice.roll(10), attribute, against)


def success_chance(attribute: int, against: int = TEST_NUMBER) -> Fraction:
    """The exact chance a test succeeds."""
    return Fraction(sum(1 for d in range(1, 11) if d + attribute > against), 10)


ATTRIBUTES = ("brawn", "cunning", "daring")


@dataclass(frozen=True)
class ContestRoll:
    """A contest: each side's die, the attribute each used and its value, and any penalty on the tester."""

    die: int
    attribute: str
    value: int
    penalty: int
    their_die: int
    their_attribute: str
    their_value: int

    @property
    def total(self) -> int:
        """The tester's total."""
        return self.die + self.value - self.penalty

    @property
    def their_total(self) -> int:
        """The total of the one tested against."""
        return self.their_die + self.their_value

    @property
    def won(self) -> bool:
        """Whether the tester beat the other (a tie goes to the one tested against)."""
        return self.total > self.their_total


def best_attribute(values: Sequence[int]) -> int:
    """Which of Brawn, Cunning and Daring (by index) a party uses: its highest, the first of equals.

    Ruling arenas-contest-choice: "each party chooses which attribute they'll use"; a party gains nothing by a
    lower one, so each uses its highest.
    """
    return max(range(len(values)), key=lambda i: (values[i], -i))


def contest(dice: Dice, mine: Sequence[int], theirs: Sequence[int], penalty: int = 0) -> ContestRoll:
    """Test the best of Brawn, Cunning or Daring against the other's best (Impede and Push)."""
    a, b = best_attribute(mine), best_attribute(theirs)
    return ContestRoll(dice.roll(10), ATTRIBUTES[a], mine[a], penalty, dice.roll(10), ATTRIBUTES[b], theirs[b])


def contest_chance(mine: Sequence[int], theirs: Sequence[int], penalty: int = 0) -> Fraction:
    """The exact chance the tester wins a contest."""
    a, b = max(mine), max(theirs)
    wins = sum(1 for x in range(1, 11) for y in range(1, 11) if x + a - penalty > y + b)
    return Fraction(wins, 100)
