"""Seeds derived from a match's (or a run's) seed: one helper, stable across runs, machines and Python versions.

``derive_seed`` hashes the seed and its labels (blake2b of a canonical text), never ``hash()``, whose value
for strings changes from run to run. ``match_seed`` and ``computer_seed`` keep the two formulas seeded runs
were played with before it, so that ``simulate --seed`` prints what it printed: moving them onto
``derive_seed`` changes every seeded result, which is the lead's call to make.
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
