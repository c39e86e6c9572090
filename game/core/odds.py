"""Exact odds of pool rolls: computed with rational arithmetic, never sampled.

Text 003, "Dice": roll as many d10 as the rank and keep the highest; "if a die rolls a 10, roll
it again and add the result; keep going until it doesn't roll a 10"; "if the Trait or Skill has
a rank of 0, roll one die and halve the result" (halves round down, ruling grid-dice-0). A
negative rank counts as 0, as in game.core.pools.roll_pool.

One exploding die X never totals a multiple of 10, and for v = 10k + r (0 <= r <= 9)
P(X > v) = 0.1**k * (10 - r) / 10. The highest of N dice has P(max <= v) = P(X <= v)**N, and
rank 0 has P(floor(X / 2) > v) = P(X > 2v + 1).

Results are unbounded, so the infinite sums are taken in CLOSED FORM, not truncated: within
each block of ten results, v = 10k + r, every tail probability and point probability is a
finite sum of terms c * 0.1**(k * m) (binomial expansion of 1 - (1 - t)**N), and
sum over k >= K of 0.1**(k * m) = 0.1**(K * m) / (1 - 0.1**m). Every ``*_exact`` function is
therefore an exact Fraction; the float functions only round that Fraction once, so their error
is the float rounding alone (relative error below 2**-53).

Everything is memoised with functools.lru_cache on integer arguments: the computer player asks
the same few questions many times a turn.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

_ONE = Fraction(1)
_CACHE = 1 << 16

# Per residue r = 0..9 of a result v = 10k + r: ((m, c), ...) meaning the sum of
# c / 10**scale * 0.1**(k*m); integer coefficients keep the inner loops free of Fractions.
_Expansion = tuple[tuple[tuple[int, int], ...], ...]


def _rank(rank: int) -> int:
    """A rank as it is rolled: a negative rank counts as 0."""
    return max(0, int(rank))


def _die_tail(value: int) -> Fraction:
    """P(one exploding d10 > value) for value >= 0: 0.1**k * (10 - r) / 10 with value = 10k + r."""
    k, r = divmod(value, 10)
    return Fraction(10 - r, 10 ** (k + 1))


@lru_cache(maxsize=_CACHE)
def tail_exact(rank: int, value: int) -> Fraction:
    """P(pool(rank) > value), exactly."""
    rank = _rank(rank)
    if value < 0:
        # Every pool result is at least 0 (rank 0 halves a 1 down to 0).
        return _ONE
    if rank == 0:
        # "roll one die and halve the result", rounding down: floor(X / 2) > v exactly when X > 2v + 1.
        return _die_tail(2 * value + 1)
    # "The result of the roll is the highest individual die roll": P(max <= v) = P(X <= v)**N.
    return _ONE - (_ONE - _die_tail(value)) ** rank


def mass_exact(rank: int, value: int) -> Fraction:
    """P(pool(rank) == value), exactly."""
    return tail_exact(rank, value - 1) - tail_exact(rank, value)


def _scale(rank: int) -> int:
    """The power of ten that turns a rank's expansion coefficients into integers."""
    return rank if rank else 2


@cache
def _tail_expansion(rank: int) -> _Expansion:
    """P(pool > 10k + r) as sum of c / 10**_scale(rank) * 0.1**(k*m) per residue r, for every k >= 0."""
    rows: list[tuple[tuple[int, int], ...]] = []
    for r in range(10):
        if rank == 0:
            # P(X > 2(10k + r) + 1) = P(X > 10(2k + carry) + rest) = 0.1**(2k) * 0.1**carry * (10 - rest) / 10.
            carry, rest = divmod(2 * r + 1, 10)
            rows.append(((2, (10 - rest) * 10 ** (1 - carry)),))
        else:
            # 1 - (1 - t)**N with t = 0.1**k * (10 - r) / 10, expanded by the binomial theorem:
            # the sum over j of (-1)**(j+1) * C(N, j) * ((10 - r) / 10)**j * 0.1**(k*j).
            rows.append(
                tuple(
                    (j, (-1) ** (j + 1) * comb(rank, j) * (10 - r) ** j * 10 ** (rank - j)) for j in range(1, rank + 1)
                )
            )
    return tuple(rows)


@cache
def _mass_expansion(rank: int) -> _Expansion:
    """P(pool == 10k + r) as sum of c / 10**_scale(rank) * 0.1**(k*m) per residue r, for every k >= 1."""
    tails = _tail_expansion(rank)
    rows = []
    for r in range(10):
        terms: defaultdict[int, int] = defaultdict(int)
        if r == 0:
            # The result before 10k is 10(k - 1) + 9: its terms carry an extra 0.1**(-m).
            for m, c in tails[9]:
                terms[m] += c * 10**m
        else:
            for m, c in tails[r - 1]:
                terms[m] += c
        for m, c in tails[r]:
            terms[m] -= c
        rows.append(tuple((m, c) for m, c in sorted(terms.items()) if c))
    return tuple(rows)


@lru_cache(maxsize=_CACHE)
def _beats_by(skill_rank: int, trait_rank: int, margin: int) -> Fraction:
    """P(pool(skill_rank) > pool(trait_rank) + margin), exactly, for ranks already at least 0."""
    # Trait results below 10 * first are summed one by one; from there on, 10k + r + margin is
    # never negative, so both expansions hold and each block-sum is a geometric series.
    first = max(1, -(margin // 10))
    total = Fraction(0)
    for value in range(10 * first):
        total += mass_exact(trait_rank, value) * tail_exact(skill_rank, value + margin)
    masses = _mass_expansion(trait_rank)
    tails = _tail_expansion(skill_rank)
    # Terms are gathered by power p = m + n as integers over 10**denominator; the extra 10**shift
    # keeps 0.1**(carry * n) whole when carry > 0.
    shift = max(0, (9 + margin) // 10) * max(n for row in tails for n, _ in row)
    by_power: defaultdict[int, int] = defaultdict(int)
    for r in range(10):
        carry, rest = divmod(r + margin, 10)
        for m, mass_coefficient in masses[r]:
            for n, tail_coefficient in tails[rest]:
                by_power[m + n] += mass_coefficient * tail_coefficient * 10 ** (shift - carry * n)
    denominator = _scale(trait_rank) + _scale(skill_rank) + shift
    for power, numerator in by_power.items():
        # sum over k >= first of 0.1**(k * power) = 0.1**(first * power) / (1 - 0.1**power).
        total += Fraction(numerator * 10**power, 10 ** (denominator + first * power) * (10**power - 1))
    return total


def p_beats_exact(skill_rank: int, trait_rank: int, skill_modifier: int = 0, trait_modifier: int = 0) -> Fraction:
    """P(pool(skill) + skill_modifier > pool(trait) + trait_modifier), exactly; a tie misses."""
    # Text 003: "if your roll beats your target's roll, you hit" - strictly greater.
    return _beats_by(_rank(skill_rank), _rank(trait_rank), int(trait_modifier) - int(skill_modifier))


def p_tie_exact(skill_rank: int, trait_rank: int, skill_modifier: int = 0, trait_modifier: int = 0) -> Fraction:
    """P(pool(skill) + skill_modifier == pool(trait) + trait_modifier), exactly."""
    margin = int(trait_modifier) - int(skill_modifier)
    skill, trait = _rank(skill_rank), _rank(trait_rank)
    # Equal exactly when skill >= trait + margin but not skill > trait + margin.
    return _beats_by(skill, trait, margin - 1) - _beats_by(skill, trait, margin)


@cache
def expected_exact(rank: int) -> Fraction:
    """E[pool(rank)], exactly: the sum over v >= 0 of P(pool > v), in closed form."""
    rank = _rank(rank)
    total = Fraction(0)
    for row in _tail_expansion(rank):
        for m, c in row:
            # sum over k >= 0 of 0.1**(k * m) = 10**m / (10**m - 1).
            total += Fraction(c * 10**m, 10 ** _scale(rank) * (10**m - 1))
    return total


@lru_cache(maxsize=_CACHE)
def p_beats(skill_rank: int, trait_rank: int, skill_modifier: int = 0, trait_modifier: int = 0) -> float:
    """Chance that a Skill roll plus its modifier beats a Trait roll plus its modifier; a tie misses."""
    return float(p_beats_exact(skill_rank, trait_rank, skill_modifier, trait_modifier))


@lru_cache(maxsize=_CACHE)
def p_tie(skill_rank: int, trait_rank: int, skill_modifier: int = 0, trait_modifier: int = 0) -> float:
    """Chance that a Skill roll plus its modifier equals a Trait roll plus its modifier."""
    return float(p_tie_exact(skill_rank, trait_rank, skill_modifier, trait_modifier))


@lru_cache(maxsize=_CACHE)
def p_at_least(rank: int, target: int, modifier: int = 0) -> float:
    """Chance that a roll of ``rank`` plus ``modifier`` is ``target`` or more."""
    return float(tail_exact(rank, int(target) - int(modifier) - 1))


@lru_cache(maxsize=_CACHE)
def p_below(rank: int, target: int, modifier: int = 0) -> float:
    """Chance that a roll of ``rank`` plus ``modifier`` is less than ``target``."""
    return float(_ONE - tail_exact(rank, int(target) - int(modifier) - 1))


@lru_cache(maxsize=_CACHE)
def expected_result(rank: int, modifier: int = 0) -> float:
    """Mean result of a roll of ``rank`` plus ``modifier``."""
    return float(expected_exact(rank) + int(modifier))


@lru_cache(maxsize=_CACHE)
def expected_positive_part(rank: int, offset: int) -> float:
    """E[max(0, pool(rank) + offset)]: e.g. mean damage of a roll plus bonus minus resistance."""
    # Text 003, "Dealing Damage": "if this result is 0 or less, no damage has been done".
    # E[max(0, Y + offset)] is the sum over v >= 0 of P(Y > v - offset).
    offset = int(offset)
    if offset >= 0:
        return float(expected_exact(rank) + offset)
    below = sum((tail_exact(rank, value) for value in range(-offset)), Fraction(0))
    return float(expected_exact(rank) - below)


@lru_cache(maxsize=_CACHE)
def _distribution(rank: int, limit: int) -> tuple[float, ...]:
    """The memoised body of distribution()."""
    masses = [float(mass_exact(rank, value)) for value in range(limit)]
    return (*masses, float(tail_exact(rank, limit - 1)))


def distribution(rank: int, limit: int) -> list[float]:
    """[P(result == v) for v in 0..limit-1] followed by P(result >= limit); the list sums to 1."""
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, got {limit}")
    return list(_distribution(_rank(rank), int(limit)))


@cache
def p_unreliable_works(rank: int) -> float:
    """Chance that a weapon with this Unreliable rank works: a roll of that rank is under 10."""
    # Text 003: "roll that number of dice; if the result is 10 or over, the weapon has not worked".
    # Rank 0 (or less) rolls no dice at all, so the weapon always works.
    if rank <= 0:
        return 1.0
    return float(_ONE - tail_exact(rank, 9))
