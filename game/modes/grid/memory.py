"""What a seat remembers of the grid match, worked out by the match from its own history.

A seat may keep what it has seen. After the match starts and after every action, each seat's view
is read and each enemy in it is noted as seen then, where it stood and in which round. The screen
draws the enemies out of sight where they were last seen; the computer goes looking for them there.
Nothing here depends on who asked for views or when: a match resumed from its save, its actions
applied again, remembers exactly what the unbroken match did, and undo puts the memory back with
the rest of the match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.core.battlefield import Square
from game.core.fields import plain_squares
from game.core.fov import SightMap
from game.modes.grid.view import CombatantView, GridView


@dataclass
class SeatMemory:
    """One seat's memory: each enemy it has seen, as last seen and the round of it, and those it found gone."""

    seen: dict[str, tuple[CombatantView, int]] = field(default_factory=dict)
    # Enemies whose last square the seat has since had in sight, empty, more than a round after it saw them
    # there: it has looked where they were long ago and they are gone. Seen again, they are remembered again.
    gone: set[str] = field(default_factory=set)
    # Every square the seat has had in sight (its combatants' fields of view from every square they stood on
    # able to see), and those squares: the computer searches where it never looked.
    terrain: frozenset[Square] = frozenset()
    looked_from: set[Square] = field(default_factory=set)

    def look(self, origins: Iterable[Square], sight: SightMap) -> None:
        """Remember the squares in sight from where the seat's combatants stand (each origin once)."""
        new = [origin for origin in origins if origin not in self.looked_from]
        if not new:
            return
        self.looked_from.update(new)
        added = frozenset().union(*(plain_squares(sight.visible_from(origin)) for origin in new)) - self.terrain
        if added:
            self.terrain = self.terrain | added

    def note(self, view: GridView) -> None:
        """Remember what the seat's view shows now."""
        known = set()
        for c in view.combatants:
            if not c.controlled:
                known.add(c.cid)
                self.seen[c.cid] = (c, view.round)
                self.gone.discard(c.cid)
        visible = view.visible
        for cid, (c, seen_in) in self.seen.items():
            if cid not in known and cid not in self.gone and c.square is not None and c.square in visible \
                    and view.round - seen_in > 1:
                self.gone.add(cid)
