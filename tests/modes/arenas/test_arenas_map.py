"""Arenas from the map: regions, adjacency, walls that are no arena, weapon bonuses, arenas that change."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import load_map
from game.modes.arenas.arenas import arena_bonus, arena_map, collateral
from game.modes.arenas.skirmish import yard_battlefield
from tests.modes.arenas.scenario import ALLEY, GATE, LEDGE, MARKET, STAIR, YARD

ROOT = Path(__file__).resolve().parents[3]


def test_two_arenas_are_adjacent_when_their_squares_touch():
    arenas = arena_map(yard_battlefield())
    assert arenas.adjacent(STAIR, LEDGE) and arenas.adjacent(STAIR, GATE) and arenas.adjacent(MARKET, ALLEY)
    assert not arenas.adjacent(YARD, ALLEY)  # a wall runs between them
    assert arenas.distance(GATE, MARKET) == 3 and arenas.distance(GATE, GATE) == 0
    assert arenas.within(GATE, 1) == [STAIR, GATE, YARD]


def test_walls_you_cannot_pass_are_not_part_of_any_arena():
    bf = yard_battlefield()
    arenas = arena_map(bf)
    assert all(bf.is_open(s) for squares in arenas.squares for s in squares)
    assert arenas.arena_of((5, 1)) is None  # a wall inside the Cellar Stair's rectangle


def test_the_pit_of_trials_has_arenas_of_all_five_kinds():
    arenas = arena_map(load_map(ROOT / "maps" / "arena.tmx"))
    assert set(arenas.kinds) == {"tight", "hazardous", "open", "dense", "neutral"}
    assert all(arenas.neighbours)


@pytest.mark.parametrize(("weapon", "attacker", "target", "bonus"), [
    ("light", "tight", "neutral", 2), ("medium", "tight", "tight", 0),
    ("reach", "hazardous", "hazardous", 2), ("light", "hazardous", "hazardous", 0),
    ("long_bow", "neutral", "open", 2), ("long_bow", "open", "neutral", 0), ("thrown", "tight", "open", 2),
    ("heavy", "dense", "dense", 2), ("very_heavy", "dense", "dense", 2), ("light", "dense", "dense", 0),
    ("reach", "neutral", "neutral", 0),
])
def test_each_arena_kind_gives_its_weapon_type_plus_2(weapon, attacker, target, bonus):
    assert arena_bonus(weapon, attacker, target) == bonus


def test_a_dense_arena_gives_heavy_weapons_their_bonus_with_collateral_damage():
    assert collateral("heavy", "dense") and collateral("very_heavy", "dense")
    assert not collateral("heavy", "neutral") and not collateral("light", "dense")


def test_a_square_in_two_arenas_belongs_to_the_first():
    import dataclasses

    from game.core.battlefield import Arena

    bf = yard_battlefield()
    extra = Arena("Shadow", "tight", frozenset({(1, 1), (2, 1)}))
    empty = Arena("Nowhere", "open", frozenset({(0, 0)}))  # a wall only
    arenas = arena_map(dataclasses.replace(bf, arenas=(*bf.arenas, extra, empty)))
    assert arenas.arena_of((1, 1)) == STAIR and "Shadow" not in arenas.names and "Nowhere" not in arenas.names
