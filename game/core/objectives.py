"""What a side sets out to do in an encounter, as a map names it, and whether the match's end did it.

One objective exists: "defeat them all", the end every mode already plays to. A side meets it by
winning with none of its enemies left able to fight; a win because the enemies retreated does not
meet it, for they were not defeated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ending import BEATEN

if TYPE_CHECKING:
    from game.core.mode import Outcome

DEFEAT_ALL = "defeat them all"
OBJECTIVES: dict[str, str] = {
    DEFEAT_ALL: "Defeat them all: win with none of the enemy left able to fight.",
}
"""Each objective a map may name, and how the menu explains it."""


def objective_met(objective: str, outcome: Outcome, side: str) -> bool:
    """Whether a side met the objective, the match having ended as it did (False for an objective unknown)."""
    if objective == DEFEAT_ALL:
        before, after = BEATEN.split("{}")
        return outcome.winner == side and outcome.reason.startswith(before) and outcome.reason.endswith(after)
    return False
