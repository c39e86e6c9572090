"""Seeds derived from a match's (or a run's) seed: one helper, stable across runs, machines and Python versions.

``derive_seed`` hashes the seed and its labels (blake2b of a canonical text), never ``hash()``, whose value
for strings changes from run to run. ``decision_seed`` gives a computer player's randomness for one decision,
so the player carries no dice from one decision to the next. ``match_seed`` and ``computer_seed`` keep the
formulas seeded runs were played with before it (the matches of a run, and each computer player's first
generator, which ``decision_seed`` now reseeds before every decision).
"""

from __future__ import annotations

import hashlib
import json

_PERSON = b"rulebound-seed"  # keeps these hashes apart from any other use of blake2b


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed made from ``seed`` and the labels: the same inputs give the same seed everywhere."""
    for value in (seed, *labels):
        # bool is an int to Python but True and 1 would derive alike; refuse it and anything not str or int.
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise TypeError(f"a seed is derived from whole numbers and words, not {value!r}")
    text = json.dumps([seed, *labels], ensure_ascii=True, separators=(",", ":"))
    digest = hashlib.blake2b(text.encode("ascii"), digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big")


def decision_seed(seed: int, seat: str, decision: int) -> int:
    """The seed of a computer player's randomness for one decision: the match's seed, the seat, the decision's number.

    The decision's number is how many actions the match had taken before it, so a match resumed from a save,
    or taken back by undo to that point, gives the computer the same dice for it again.
    """
    return derive_seed(seed, "computer", seat, decision)


def match_seed(run_seed: int, index: int) -> int:
    """The seed of the index-th match of a run of many (simulate, the menu's estimate)."""
    # The formula every seeded simulate run was played with; derive_seed(run_seed, "match", index) would
    # change each one's output.
    return run_seed * 1_000_003 + index


def computer_seed(seed: int, seat_index: int) -> int:
    """The seed of the computer player deciding for a match's seat, by the seat's place in the setup."""
    # The formula simulate and the encounter screen have played with; derive_seed(seed, "computer", seat)
    # would change every seeded simulate output.
    return seed * 2 + seat_index + 1
