"""Arenas that change mid-fight, as a map schedules them (docs/maps.md, "Arenas that change"), and the map's flimsy
walls and possible arenas (docs/maps.md, "Flimsy walls", "Possible arenas")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.battlefield import Battlefield

if TYPE_CHECKING:
    from game.maps.arena_marks import ArenaMarks


def changes_of(battlefield: Battlefield) -> tuple[tuple[str, int, str], ...]:
    """The (arena, round, kind) changes a battlefield's map file schedules; none for a map without a file."""
    if battlefield.source is None or not battlefield.arenas:
        return ()
    from game.maps.arena_changes import read_arena_changes

    return read_arena_changes(battlefield.source)


def marks_of(battlefield: Battlefield) -> ArenaMarks:
    """The flimsy walls and possible arenas of a battlefield's map file; none for a map without a file."""
    from game.maps.arena_marks import NO_MARKS, arena_marks

    if battlefield.source is None or not battlefield.arenas:
        return NO_MARKS
    return arena_marks(battlefield)
