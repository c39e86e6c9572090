"""Exact chances of the stances mode's rolls: sums of dice, and the damage an attack or a contest deals.

Everything here is computed from dice sizes and bonuses only, so the screen's previews and the
computer's choices can use it on what a view shows.
"""

from __future__ import annotations

from functools import lru_cache

Distribution = tuple[tuple[int, float], ...]
"""(total, probability) pairs, lowest total first."""


@lru_cache(maxsize=4096)
def sum_distribution(dice: tuple[int, ...]) -> Distribution:
    """The exact distribution of the sum of fair dice of the given sizes."""
    totals: dict[int, float] = {0: 1.0}
    for sides in dice:
        step: dict[int, float] = {}
        share = 1.0 / sides
        for total, p in totals.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0.0) + p * share
        totals = step
    return tuple(sorted(totals.items()))


@lru_cache(maxsize=1 << 16)
def expected_damage(attack: tuple[int, ...], bonus: int, defence: tuple[int, ...], armour: int,
                    defensive: bool = False, execute: bool = False) -> float:
    """The mean damage of an attack roll against a defence roll: the difference, never below 0.

    Execute doubles it; the defensive stance halves what is left, rounding up.
    """
    mean = 0.0
    for a, pa in sum_distribution(attack):
        for d, pd in sum_distribution(defence):
            damage = a + bonus - d - armour
            if damage <= 0:
                continue
            if execute:
                damage *= 2
            if defensive:
                damage = -(-damage // 2)
            mean += pa * pd * damage
    return mean


@lru_cache(maxsize=1 << 16)
def contest(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[float, float]:
    """Two contested attack rolls: (mean damage the other takes, mean damage I take)."""
    dealt = taken = 0.0
    for a, pa in sum_distribution(mine):
        for b, pb in sum_distribution(theirs):
            if a > b:
                dealt += pa * pb * (a - b)
            elif b > a:
                taken += pa * pb * (b - a)
    return dealt, taken


@lru_cache(maxsize=1 << 14)
def chance_above(mine: tuple[int, ...], theirs: tuple[int, ...], my_halved: bool = False) -> float:
    """The chance that my roll beats theirs (a tie does not), for contested checks."""
    win = 0.0
    for a, pa in sum_distribution(mine):
        a = -(-a // 2) if my_halved else a
        for b, pb in sum_distribution(theirs):
            if a > b:
                win += pa * pb
    return win
