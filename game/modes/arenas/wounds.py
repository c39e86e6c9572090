"""Numbered wounds (text 002): damage dice mark wounds, tests to go on, incapacitation, bleeding out, death,
and natural recovery."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.dice import Dice

RECOVERY_DIE = 5  # "a character rolls 1d5 each day"


def wound_to_mark(total: int, marked: Iterable[int], rolled: int) -> int | None:
    """The wound a damage die of ``rolled`` marks on a character with wounds 1..``total``, or None when all are.

    "If the rolled wound is higher than any of a character's wounds ... the character's highest wound is
    marked. If a wound already has been marked, then the next lower wound is marked; if the next lower wound
    already has been marked, then the next higher wound is marked." Ruling arenas-wound-search: when those are
    marked too, the search goes on outwards, lower first, one step further each time.
    """
    done = set(marked)
    at = min(rolled, total)
    for step in range(total + 1):
        for wound in ((at,) if step == 0 else (at - step, at + step)):
            if 1 <= wound <= total and wound not in done:
                return wound
    return None


def two_highest(total: int) -> tuple[int, int]:
    """A character's two highest wounds."""
    return total - 1, total


def must_test_to_continue(total: int, marked: Iterable[int]) -> bool:
    """ "When either of a character's two highest wounds has been marked, they must test Daring or Commitment
    in order to continue combat" (and both marked is incapacitation instead)."""
    done = set(marked)
    return sum(1 for w in two_highest(total) if w in done) == 1


def incapacitated(total: int, marked: Iterable[int]) -> bool:
    """ "When a character's two highest wounds have been marked, they are incapacitated"."""
    done = set(marked)
    return all(w in done for w in two_highest(total))


def dead(total: int, marked: Iterable[int]) -> bool:
    """ "When all of a character's wounds are marked, they die"."""
    return len(set(marked)) >= total


def bleed_wound(total: int, marked: Iterable[int]) -> int | None:
    """The wound bleeding out marks at the end of a round: the lowest unmarked (ruling arenas-bleeding)."""
    done = set(marked)
    return next((w for w in range(1, total + 1) if w not in done), None)


def recover(dice: Dice, marked: Iterable[int], commitment: int) -> tuple[int | None, tuple[int, ...]]:
    """A day's natural recovery: the wound recovered (or None) and every 1d5 rolled.

    "a character rolls 1d5 each day, and recovers the rolled wound ... A daily roll that does not match any
    marked wound can be re-rolled a number of times not exceeding the character's Commitment."
    """
    done = set(marked)
    rolls: list[int] = []
    for _ in range(commitment + 1):
        rolled = dice.roll(RECOVERY_DIE)
        rolls.append(rolled)
        if rolled in done:
            return rolled, tuple(rolls)
    return None, tuple(rolls)
