"""Every way Tiled may write an orthogonal map loads the same battlefield."""

from __future__ import annotations

import builtins
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps import load_map
from game.maps.tmxfile import MAX_GROUP_DEPTH
from tests.maps.tiled_files import (
    TILE,
    obj,
    object_layer,
    point_obj,
    tile_layer,
    tileset,
    tmx,
    write,
    write_tsx,
)

ROOT = Path(__file__).resolve().parents[2]
GROUND = ["1111", "1111", "11.."]
WALLS = ["....", ".2..", "...."]
SPAWNS = object_layer("spawns", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 0))
EXPECTED_SQUARES = {(x, y) for y, row in enumerate(GROUND) for x, ch in enumerate(row) if ch != "."}


def _write_ground_and_walls(tmp_path: Path, *, encoding: str, compression: str | None = None) -> Path:
    return write(tmp_path / "map.tmx", tmx(
        4, 3, tileset(tiles={1: {"wall": True}}), tile_layer("ground", GROUND, encoding=encoding,
                                                             compression=compression),
        tile_layer("walls", WALLS, encoding=encoding, compression=compression), SPAWNS))


@pytest.mark.parametrize(("encoding", "compression"), [
    ("csv", None), ("base64", None), ("base64", "zlib"), ("base64", "gzip"), ("xml", None)])
def test_every_tile_layer_format_reads_the_same_squares(tmp_path, encoding, compression):
    battlefield = load_map(_write_ground_and_walls(tmp_path, encoding=encoding, compression=compression))
    assert battlefield.squares == EXPECTED_SQUARES
    assert battlefield.walls == {(1, 1)}


def test_external_tileset_in_another_folder_gives_its_tile_properties(tmp_path):
    write_tsx(tmp_path / "art" / "sets" / "dungeon.tsx", image="dungeon.png", tiles={1: {"solid": True}})
    write(tmp_path / "art" / "sets" / "dungeon.png", "not an image")
    path = write(tmp_path / "maps" / "level.tmx", tmx(
        4, 3, '<tileset firstgid="1" source="../art/sets/dungeon.tsx"/>', tile_layer("ground", GROUND),
        tile_layer("things", WALLS), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 1)}
    # The tileset's image is found beside the .tsx, so nothing is reported missing.
    assert battlefield.warnings == ()


def test_several_tilesets_each_give_their_own_tiles_properties(tmp_path):
    write_tsx(tmp_path / "water.tsx", image=None, tiles={0: {"water": True}}, count=4)
    path = write(tmp_path / "map.tmx", tmx(
        4, 3, tileset(1, count=4, image=None), tileset(5, count=4, image=None, tiles={1: {"obstructed": True}}),
        '<tileset firstgid="9" source="water.tsx"/>', tile_layer("ground", GROUND),
        tile_layer("things", ["6...", "..9.", "...."]), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.obstructed == {(0, 0)}
    assert battlefield.impassable == {(2, 1)}


@pytest.mark.parametrize("flags", [0x80000000, 0x40000000, 0x20000000, 0xE0000000])
def test_flipped_tile_keeps_its_properties(tmp_path, flags):
    path = write(tmp_path / "map.tmx", tmx(
        4, 3, tileset(image=None, tiles={1: {"wall": True}}), tile_layer("ground", GROUND),
        tile_layer("things", WALLS, flags=flags, encoding="base64", compression="zlib"), SPAWNS))
    assert load_map(path).walls == {(1, 1)}


def test_flipped_tile_object_keeps_its_tiles_properties(tmp_path):
    pillar = obj(x=TILE, y=2 * TILE, extra=f' gid="{2 | 0x80000000}"')
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None, tiles={1: {"wall": True}}),
                                           tile_layer("ground", GROUND), object_layer("props", pillar), SPAWNS))
    assert load_map(path).walls == {(1, 1)}


def test_layers_inside_nested_groups_count(tmp_path):
    nested = (f'<group name="outer"><group name="inner">{tile_layer("walls", WALLS)}'
              f'{object_layer("marks", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 0))}'
              "</group></group>")
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), nested))
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 1)}
    assert len(battlefield.hero_spawns) == 1
    assert battlefield.layers == ("ground (tiles)", "outer (group)", "outer/inner (group)",
                                  "outer/inner/walls (tiles)", "outer/inner/marks (objects)")


def test_image_layer_is_listed_and_adds_no_squares(tmp_path):
    write(tmp_path / "sky.png", "not an image")
    image_layer = '<imagelayer name="sky"><image source="sky.png" width="640" height="480"/></imagelayer>'
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), image_layer, tile_layer("ground", GROUND),
                                           SPAWNS))
    battlefield = load_map(path)
    assert battlefield.squares == EXPECTED_SQUARES
    assert battlefield.layers[0] == "sky (image)"


def test_animated_tile_is_read_with_its_properties(tmp_path):
    animation = '<animation><frame tileid="1" duration="100"/><frame tileid="2" duration="100"/></animation>'
    path = write(tmp_path / "map.tmx", tmx(
        4, 3, tileset(image=None, tiles={1: {"water": True}}, tile_extra={1: animation}),
        tile_layer("ground", GROUND), tile_layer("river", ["....", "2222", "...."]), SPAWNS))
    assert load_map(path).impassable == {(0, 1), (1, 1), (2, 1), (3, 1)}


def test_tiles_collision_shapes_in_a_tileset_are_not_map_objects(tmp_path):
    # pytmx lists a tile's collision shapes as map layers; a shape at (0, 0) typed wall must not wall (0, 0).
    collision = '<objectgroup><object id="1" type="wall" x="0" y="0" width="32" height="32"/></objectgroup>'
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None, tile_extra={0: collision}),
                                           tile_layer("ground", GROUND), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == frozenset()
    assert battlefield.layers == ("ground (tiles)", "spawns (objects)")


def test_image_collection_tileset_loads(tmp_path):
    images = {0: '<image width="32" height="64" source="tree.png"/>', 1: '<image width="32" height="32" '
                                                                         'source="rock.png"/>'}
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None, tiles={1: {"solid": True}}, tile_extra=images),
                                           tile_layer("ground", GROUND), tile_layer("rocks", WALLS), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 1)}
    assert any("2 images (first tree.png) are missing" in warning for warning in battlefield.warnings)


def test_object_template_gives_its_type_and_properties(tmp_path):
    write(tmp_path / "templates" / "goblin.tx", '<?xml version="1.0" encoding="UTF-8"?><template>'
          '<object type="monster_spawn" width="0" height="0"><properties>'
          '<property name="monster" value="goblin"/></properties><point/></object></template>')
    spawns = object_layer("spawns", point_obj("hero_spawn", 0, 0),
                          f'<object id="90" template="templates/goblin.tx" x="{3.5 * TILE}" y="{0.5 * TILE}"/>')
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), spawns))
    battlefield = load_map(path)
    assert [(spawn.square, spawn.monster) for spawn in battlefield.monster_spawns] == [((3, 0), "goblin")]


def test_missing_template_is_a_warning(tmp_path):
    spawns = object_layer("spawns", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 0),
                          '<object id="91" template="gone.tx" x="0" y="0"/>')
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), spawns))
    assert any("gone.tx is missing" in warning for warning in load_map(path).warnings)


def test_class_typed_and_unknown_typed_properties_do_not_stop_loading(tmp_path):
    odd = ('<properties><property name="loot" type="class" propertytype="Chest"><properties>'
           '<property name="gold" type="int" value="5"/></properties></property>'
           '<property name="tags" type="list" value="a"/></properties>')
    layer = f'<objectgroup name="things"><object id="5" x="0" y="0" width="32" height="32">{odd}</object></objectgroup>'
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), layer, SPAWNS))
    assert load_map(path).squares == EXPECTED_SQUARES


def test_any_tile_size_is_read(tmp_path):
    rock = obj("wall", x=70, y=0, w=70, h=70)
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND),
                                           object_layer("things", rock), SPAWNS, tile_width=70, tile_height=70))
    battlefield = load_map(path)
    assert (battlefield.tile_width, battlefield.tile_height) == (70, 70)
    assert battlefield.walls == {(1, 0)}


def test_missing_tileset_image_is_a_warning_not_a_refusal(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image="gone/tiles.png"), tile_layer("ground", GROUND),
                                           SPAWNS))
    battlefield = load_map(path)
    assert battlefield.squares == EXPECTED_SQUARES
    assert any("gone/tiles.png is missing" in warning and "plain squares" in warning
               for warning in battlefield.warnings)


def test_loading_opens_no_image(tmp_path, monkeypatch):
    write(tmp_path / "tiles.png", "not an image")
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image="tiles.png"), tile_layer("ground", GROUND), SPAWNS))
    opened: list[str] = []
    real_open, real_io_open = builtins.open, io.open

    def spy(real):
        def opener(file, *args, **kwargs):
            opened.append(str(file))
            return real(file, *args, **kwargs)
        return opener

    monkeypatch.setattr(builtins, "open", spy(real_open))
    monkeypatch.setattr(io, "open", spy(real_io_open))
    monkeypatch.setattr(os, "open", spy(os.open))
    load_map(path)
    assert any(name.endswith("map.tmx") for name in opened)  # the spy sees the files that are read
    assert not any(name.endswith(".png") for name in opened)


def test_loading_a_map_does_not_import_pygame(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), SPAWNS))
    code = ("import sys; from game.maps import load_map; load_map(sys.argv[1]); "
            "print('pygame' in sys.modules, 'pytmx' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout.split() == ["False", "True"]


def test_pygame_still_imports_after_a_map_is_loaded(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), SPAWNS))
    code = ("import sys, os; os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'; from game.maps import load_map; "
            "load_map(sys.argv[1]); import pygame; from pytmx.util_pygame import load_pygame; print('ok')")
    result = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "ok"


@pytest.mark.parametrize("x", ["nan", "inf", "1e300"])
def test_object_with_absurd_coordinates_is_ignored_with_a_warning(tmp_path, x):
    layer = object_layer("walls", obj(extra=""), f'<object id="77" type="wall" x="{x}" y="0" width="32" height="32"/>')
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), layer, SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert any("object 77" in warning and "beyond any map" in warning for warning in battlefield.warnings)


def test_groups_nested_as_deep_as_the_game_reads_still_load(tmp_path):
    depth = MAX_GROUP_DEPTH  # deeper is refused (tests/maps/test_hostile_maps.py)
    nested = '<group name="g">' * depth + tile_layer("walls", WALLS) + "</group>" * depth
    path = write(tmp_path / "map.tmx", tmx(4, 3, tileset(image=None), tile_layer("ground", GROUND), nested, SPAWNS))
    assert load_map(path).walls == {(1, 1)}
