"""How an encounter ends on the board: a side with nobody left able to fight, or a round limit."""

from __future__ import annotations

from collections.abc import Mapping


def last_side_standing(able: Mapping[str, bool], nouns: Mapping[str, str]) -> tuple[str | None, str] | None:
    """The winner (None for a draw) and the reason once at most one side has anybody able to fight, else None.

    ``able`` says for each side whether any of its combatants can still fight; ``nouns`` names one
    member of each side ("hero", "monster") for the reason.
    """
    standing = [side for side, ok in able.items() if ok]
    if len(standing) > 1:
        return None
    if not standing:
        return None, "nobody is left able to fight"
    fallen = " or ".join(nouns.get(side, side) for side in able if side != standing[0])
    return standing[0], f"no {fallen} is left able to fight"


def round_limit_reason(max_rounds: int) -> str:
    """Why a match set up with a round limit ended in a draw."""
    return f"no side won within {max_rounds} rounds"
