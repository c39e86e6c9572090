"""Arenas that change mid-fight, read from an arena object's ``changes`` property."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.errors import MapError
from game.maps import load_map
from game.maps.arena_changes import parse_changes, read_arena_changes

ROOT = Path(__file__).resolve().parents[2]


def test_an_arenas_changes_are_read_as_rounds_and_kinds():
    assert parse_changes("2: neutral, 4: open", "here") == [(2, "neutral"), (4, "open")]
    for bad in ("two: open", "3: lava", "3 open", "4: open, 2: dense", "0: open"):
        with pytest.raises(MapError, match="here"):
            parse_changes(bad, "here")


def test_the_burning_barn_map_schedules_its_arenas_changes():
    path = ROOT / "maps" / "barn.tmx"
    changes = read_arena_changes(path)
    assert ("Hayloft", 3, "hazardous") in changes
    assert ("Crowd", 2, "neutral") in changes and ("Crowd", 4, "open") in changes
    kinds = {arena.name: arena.kind for arena in load_map(path).arenas}
    assert kinds["Hayloft"] == "dense" and kinds["Crowd"] == "dense"  # the kinds the fight starts with
