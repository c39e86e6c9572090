"""How an encounter ends on the board: a side with nobody left able to fight, or a round limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

BEATEN = "none of the {} is left able to fight"  # why a side won when the others have nobody able to fight


def last_side_standing(able: Mapping[str, bool]) -> tuple[str | None, str] | None:
    """The winner (None for a draw) and the reason once at most one side has anybody able to fight, else None.

    ``able`` says, for every side in order, whether any of its combatants can still fight.
    """
    left = [side for side, ok in able.items() if ok]
    if len(left) > 1:
        return None
    if not left:
        return None, "nobody is left able to fight"
    beaten = [side for side in able if side != left[0]]
    return left[0], BEATEN.format(" or the ".join(beaten))


def round_limit_reason(max_rounds: int) -> str:
    """Why a match set up with a round limit ended in a draw."""
    return f"no side won within {max_rounds} rounds"


def with_older_win_wording(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A saved log as the game words it now, where the reason a side won read "nobody of the <sides> ..."."""
    old = "nobody of the "
    out = []
    for event in events:
        reason = event.get("reason")
        if event.get("type") == "EncounterEnded" and isinstance(reason, str) and reason.startswith(old):
            event = {**event, "reason": "none of the " + reason[len(old):]}
        out.append(event)
    return out
