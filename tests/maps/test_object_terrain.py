"""Battlefield.object_terrain: the squares whose terrain only Tiled objects give, which the drawn tiles do not show."""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.maps import load_map
from tests.maps.tiled_files import TILE, floor_map, obj, object_layer, square_obj, tile_layer

FLOOR = ["1111", "1111", "1111"]


def test_object_terrain_holds_the_squares_that_shapes_and_tile_objects_give_terrain(tmp_path):
    wall_line = obj("wall", x=0.5 * TILE, y=0.5 * TILE, w=0, h=0, shape=f'<polyline points="0,0 {TILE},0"/>')
    pond = obj("water", x=2 * TILE, y=2 * TILE, w=0, h=0,
               shape=f'<polygon points="0,0 {2 * TILE},0 {2 * TILE},{TILE} 0,{TILE}"/>')
    crate = obj(x=3 * TILE, y=1 * TILE, w=TILE, h=TILE, extra=' gid="3"')  # a tile object: y is its bottom edge
    path = floor_map(tmp_path, FLOOR, object_layer("things", wall_line, pond, crate, square_obj("opaque", 2, 1),
                                                   square_obj("obstructed", 0, 1)), tiles={2: {"solid": True}})
    battlefield = load_map(path)
    assert battlefield.object_terrain == {(0, 0), (1, 0), (2, 2), (3, 2), (3, 0), (2, 1), (0, 1)}


def test_object_terrain_counts_shapes_on_an_object_layer_named_for_a_terrain(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("Walls", square_obj("", 1, 1)))
    assert load_map(path).object_terrain == {(1, 1)}


def test_object_terrain_leaves_out_squares_whose_tiles_show_that_terrain_already(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["1...", "....", "...."]),
                     tile_layer("rubble", ["....", ".2..", "...."]),
                     object_layer("things", square_obj("wall", 0, 0), square_obj("obstructed", 1, 1)),
                     tiles={1: {"obstructed": True}})
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)} and battlefield.obstructed == {(1, 1)}
    assert battlefield.object_terrain == frozenset()


def test_object_terrain_holds_a_square_where_an_object_gives_a_stronger_terrain_than_its_tile(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("water", ["1...", "....", "...."]),
                     tile_layer("rubble", ["....", ".2..", "...."]),
                     object_layer("things", square_obj("wall", 0, 0), square_obj("opaque", 1, 1)),
                     tiles={1: {"obstructed": True}})
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)} and battlefield.opaque == {(1, 1)}
    assert battlefield.object_terrain == {(0, 0), (1, 1)}


def test_object_terrain_leaves_out_terrain_an_overlap_takes_away_and_squares_off_the_map(tmp_path):
    path = floor_map(tmp_path, ["111.", "1111", "1111"], tile_layer("walls", ["1...", "....", "...."]),
                     object_layer("things", square_obj("water", 0, 0), square_obj("wall", 3, 0)))
    battlefield = load_map(path)
    assert battlefield.object_terrain == frozenset()


def test_object_terrain_leaves_out_hidden_objects(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj("wall", 1, 1), visible=False))
    assert load_map(path).object_terrain == frozenset()


def test_a_battlefield_made_in_code_has_no_object_terrain():
    assert Battlefield.from_ascii("..\n#.").object_terrain == frozenset()
    assert Battlefield(2, 1, frozenset({(0, 0), (1, 0)})).object_terrain == frozenset()
