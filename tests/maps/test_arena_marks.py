"""Flimsy walls and possible arenas, read from objects' ``flimsy``, ``rubble`` and ``possible`` properties."""

from __future__ import annotations

import json
from pathlib import Path

import main
from game.maps import load_map
from game.maps.arena_marks import arena_marks
from tests.maps.tiled_files import TILE, obj, object_layer, tile_layer, tileset, tmx, write

ROOT = Path(__file__).resolve().parents[2]
# Two rooms, west (tight) and east (open), with a wall between them in column 3; under the west room a strip of
# floor no arena holds, a possible ledge; the rest of the bottom row is wall.
FLOOR = ["1112111", "1112111", "1112222"]


def two_rooms(tmp_path: Path, *extra: str, fence: dict[str, object] | None = None,
              ledge: dict[str, object] | None = None) -> Path:
    objects = [obj("arena", name="west", x=0, y=0, w=3 * TILE, h=2 * TILE, props={"kind": "tight"}),
               obj("arena", name="east", x=4 * TILE, y=0, w=3 * TILE, h=2 * TILE, props={"kind": "open"}),
               obj("arena", name="ledge", x=0, y=2 * TILE, w=3 * TILE, h=TILE,
                   props=ledge if ledge is not None else {"kind": "hazardous", "possible": True}),
               obj("wall", name="fence", x=3 * TILE, y=0, w=TILE, h=2 * TILE,
                   props=fence if fence is not None else {"flimsy": True, "rubble": "dense"}), *extra]
    return write(tmp_path / "rooms.tmx", tmx(7, 3, tileset(image=None, tiles={1: {"wall": True}}),
                                             tile_layer("floor", FLOOR), object_layer("markers", *objects)))


def test_a_flimsy_wall_is_the_wall_squares_its_object_covers_with_its_rubble_kind(tmp_path):
    marks = arena_marks(load_map(two_rooms(tmp_path)))
    assert [(w.name, sorted(w.squares), w.rubble) for w in marks.flimsy] == [("fence", [(3, 0), (3, 1)], "dense")]
    assert marks.possible == ("ledge",) and marks.warnings == ()


def test_a_flimsy_wall_without_rubble_leaves_the_kind_to_the_game_master(tmp_path):
    marks = arena_marks(load_map(two_rooms(tmp_path, fence={"flimsy": "yes"})))
    assert marks.flimsy[0].rubble == "" and marks.warnings == ()
    assert "rubble chosen by the game master" in marks.lines()[0]


def test_what_looks_wrong_is_a_warning_naming_the_object(tmp_path):
    marks = arena_marks(load_map(two_rooms(tmp_path, fence={"flimsy": True, "rubble": "lava"})))
    assert marks.flimsy[0].rubble == "" and "'lava'" in marks.warnings[0] and "game master chooses" in marks.warnings[0]
    marks = arena_marks(load_map(two_rooms(tmp_path, fence={"rubble": "dense"})))
    assert not marks.flimsy and "not flimsy" in marks.warnings[0]
    odd = obj("", name="floorboards", x=0, y=0, w=TILE, h=TILE, props={"flimsy": True})
    marks = arena_marks(load_map(two_rooms(tmp_path, odd)))
    assert "covers no wall square" in marks.warnings[0] and len(marks.flimsy) == 1
    odd = obj("treasure", name="crate", x=0, y=0, w=TILE, h=TILE, props={"possible": True, "item": "dagger"})
    assert any("only objects of type arena" in w for w in arena_marks(load_map(two_rooms(tmp_path, odd))).warnings)
    marks = arena_marks(load_map(two_rooms(tmp_path, ledge={"kind": "hazardous", "flimsy": True})))
    assert marks.possible == () and "an arena is no wall" in marks.warnings[0]


def test_a_possible_arena_inside_another_can_never_be_drawn_in(tmp_path):
    inner = obj("arena", name="balcony", x=0, y=0, w=TILE, h=TILE, props={"kind": "open", "possible": True})
    marks = arena_marks(load_map(two_rooms(tmp_path, inner)))
    assert "balcony" in marks.possible and any("can never be drawn in" in w for w in marks.warnings)


def test_check_map_lists_flimsy_walls_and_possible_arenas_with_their_warnings(tmp_path, capsys):
    path = two_rooms(tmp_path, fence={"flimsy": True, "rubble": "lava"})
    assert main.main(["check-map", str(path)]) == 0
    text = capsys.readouterr().out
    assert "flimsy walls: fence (2 squares, rubble chosen by the game master)" in text
    assert "possible arenas (not arenas until drawn in): ledge" in text and "'lava'" in text
    assert main.main(["check-map", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["flimsy_walls"] == [{"name": "fence", "squares": 2, "rubble": None}]
    assert report["possible_arenas"] == ["ledge"] and any("'lava'" in w for w in report["warnings"])


def test_the_burning_barn_has_rotten_planks_and_hay_wagons():
    marks = arena_marks(load_map(ROOT / "maps" / "barn.tmx"))
    assert [(w.name, w.rubble) for w in marks.flimsy] == [("Rotten Planks", "")]
    assert marks.possible == ("Hay Wagons",) and marks.warnings == ()
