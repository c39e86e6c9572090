"""What each seat has seen of the map: the terrain it keeps drawn, dimmed, once out of sight (fog).

A seat remembers every square its view has shown it, after each action the match has taken. The
memory is worked out from the match alone (a resumed match, replayed action by action, remembers
the same), is kept per seat (each person at a hot-seat screen has their own), and an action taken
back forgets what it showed.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from game.core.battlefield import Square
from game.core.fields import plain_squares

_NONE: frozenset[Square] = frozenset()


def sight_of(view: Any) -> AbstractSet[Square] | None:
    """The squares a seat's view shows now, or None for a mode that hides nothing on its map (stances)."""
    visible = getattr(view, "visible", None)
    return visible if isinstance(visible, AbstractSet) else None


class TerrainMemory:
    """Per seat, every square it has had in sight; one step per batch of events, so that undo can forget one."""

    def __init__(self) -> None:
        self._seen: dict[str, frozenset[Square]] = {}
        self._last: dict[str, AbstractSet[Square]] = {}  # the sight last noted, to skip one that did not change
        self._steps: list[dict[str, frozenset[Square]]] = []  # what each step added, per seat

    def note(self, sights: dict[str, AbstractSet[Square] | None]) -> None:
        """Remember what each seat sees after one action (or the match's start)."""
        added: dict[str, frozenset[Square]] = {}
        for seat, sight in sights.items():
            if sight is None:
                continue
            last = self._last.get(seat)
            if last is not None and (last is sight or last == sight):
                continue
            self._last[seat] = sight
            seen = self._seen.get(seat, _NONE)
            new = plain_squares(sight) - seen
            if new:
                added[seat] = new
                self._seen[seat] = seen | new
        self._steps.append(added)

    def forget_last(self) -> None:
        """Forget what the last step showed (its action was taken back)."""
        if not self._steps:
            return
        for seat, new in self._steps.pop().items():
            self._seen[seat] = self._seen.get(seat, _NONE) - new
        self._last.clear()

    def seen_by(self, seat: str) -> frozenset[Square]:
        """Every square the seat has had in sight (the same object until it grows)."""
        return self._seen.get(seat, _NONE)
