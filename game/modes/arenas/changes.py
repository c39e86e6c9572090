"""Arenas that change mid-fight, as a map schedules them (docs/maps.md, "Arenas that change")."""

from __future__ import annotations

from game.core.battlefield import Battlefield


def changes_of(battlefield: Battlefield) -> tuple[tuple[str, int, str], ...]:
    """The (arena, round, kind) changes a battlefield's map file schedules; none for a map without a file."""
    if battlefield.source is None or not battlefield.arenas:
        return ()
    from game.maps.arena_changes import read_arena_changes

    return read_arena_changes(battlefield.source)
