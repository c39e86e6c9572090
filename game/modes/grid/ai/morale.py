"""A side the computer plays that can no longer win: it breaks and retreats, or makes a last stand.

A fight whose loser hides and waits for the round limit is over in all but name. So a side that has
lost most of its number and is outnumbered by the enemies it knows of stops playing for time: its
combatants no longer weigh danger or hide (a last stand), and a monster side with any combatant left
that could flee breaks and retreats, which ends the encounter (ruling grid-retreat).
"""

from __future__ import annotations

from game.modes.grid.ai.lore import ABLE
from game.modes.grid.view import GridView

MONSTERS = "monsters"  # only the monsters break: the heroes' retreat is their player's to choose
# Combatants that never flee: the Mindless do not weigh their chances, Beasts and the Undead fight to the end.
FEARLESS = frozenset(("Mindless", "Beast", "Undead"))


def losing(view: GridView, side: str) -> bool:
    """Whether the side has lost most of its number (more than half can no longer fight) and the enemies it knows of
    still able to fight outnumber those it has left."""
    ours = [c for c in view.combatants if c.side == side]
    left = sum(1 for c in ours if c.state in ABLE)
    enemies = sum(1 for c in view.combatants if c.side != side and c.state in ABLE)
    return 2 * left < len(ours) and enemies > left


def breaks(view: GridView, side: str) -> bool:
    """Whether a losing monster side retreats rather than makes a last stand: some of those it has left could flee."""
    if side != MONSTERS or not losing(view, side):
        return False
    return any(FEARLESS.isdisjoint(c.keywords) for c in view.combatants if c.side == side and c.state in ABLE)
