"""Mistakes a map may hold that the game reads past, each with a warning that says where it is and what it does."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.battlefield import Battlefield
from game.maps import load_map
from tests.maps.tiled_files import (
    TILE,
    csv_layer,
    obj,
    object_layer,
    point_obj,
    tile_layer,
    tileset,
    tmx,
    write,
)

SPAWNS = object_layer("spawns", point_obj("hero_spawn", 1, 0), point_obj("monster_spawn", 3, 1))
GROUND = ["1111", "1111"]


def warning_about(battlefield: Battlefield, words: str) -> str:
    """The one warning that holds ``words``."""
    found = [warning for warning in battlefield.warnings if words in warning]
    assert len(found) == 1, battlefield.warnings
    return found[0]


def typed_property(name: str, kind: str, value: str) -> str:
    """A <properties> block with one property written as it stands, whatever its value."""
    return f'<properties><property name="{name}" type="{kind}" value="{value}"/></properties>'


# --- tile ids in no tileset --------------------------------------------------------------------------------


def test_a_tile_id_beyond_every_tileset_is_reported_with_its_layer_and_square(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None, count=4),
                                           csv_layer("ground", [[999, 1, 1, 1], [1, 1, 1, 1]]), SPAWNS))
    battlefield = load_map(path)
    assert warning_about(battlefield, "no tileset") == (
        "tile layer 'ground': square (0, 0) has tile id 999, which is in no tileset (tileset 'tiles' holds ids "
        "1-4): the square has no tile on this layer")
    assert (0, 0) not in battlefield.squares and len(battlefield.squares) == 7


def test_squares_with_tile_ids_in_no_tileset_are_counted_and_the_first_is_named(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None, count=4),
                                           csv_layer("ground", [[1, 1, 7, 1], [5, 1, 1, 1]]), SPAWNS))
    warning = warning_about(load_map(path), "no tileset")
    assert "tile layer 'ground': 2 squares have tile ids" in warning
    assert "the first square (2, 0) with id 7" in warning


def test_a_tile_object_whose_tile_id_is_in_no_tileset_is_named_and_read_as_a_tile_without_properties(tmp_path):
    tile_object = obj(x=TILE, y=2 * TILE, extra=' gid="77"')  # a tile object's y is its bottom edge
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None, count=4), tile_layer("ground", GROUND),
                                           object_layer("things", tile_object), SPAWNS))
    battlefield = load_map(path)
    warning = warning_about(battlefield, "shows tile id")
    assert warning.endswith("on layer 'things' shows tile id 77, which is in no tileset (tileset 'tiles' holds "
                            "ids 1-4): it is read as a tile with no properties")
    assert len(battlefield.squares) == 8


def test_a_tile_id_past_the_end_of_a_tileset_does_not_take_that_tilesets_properties(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(
        4, 2, tileset(1, image=None, count=4), tileset(5, name="rocks", image=None, count=2, props={"solid": True}),
        tile_layer("ground", GROUND), csv_layer("things", [[0, 0, 0, 0], [0, 0, 7, 0]]), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == frozenset()
    assert "tileset 'tiles' holds ids 1-4, tileset 'rocks' holds ids 5-6" in warning_about(battlefield, "id 7")


def test_an_image_collection_knows_its_tiles_by_their_ids_even_with_gaps(tmp_path):
    # Tiled keeps a deleted tile's id unused, so a collection of 2 images may hold ids 0 and 5.
    images = {local: f'<image width="{TILE}" height="{TILE}" source="{local}.png"/>' for local in (0, 5)}
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None, count=2, tile_extra=images),
                                           tile_layer("ground", GROUND), csv_layer("walls", [[6, 4, 0, 0], [0] * 4]),
                                           SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert "square (1, 0) has tile id 4" in warning_about(battlefield, "no tileset")


def test_an_old_tileset_without_a_tile_count_holds_as_many_tiles_as_its_image_fits(tmp_path):
    old = (f'<tileset firstgid="1" name="old" tilewidth="{TILE}" tileheight="{TILE}">'
           f'<image source="old.png" width="{2 * TILE}" height="{TILE}"/></tileset>')
    path = write(tmp_path / "map.tmx", tmx(4, 2, old, tile_layer("ground", GROUND),
                                           csv_layer("walls", [[2, 3, 0, 0], [0] * 4]), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert "tile id 3, which is in no tileset (tileset 'old' holds ids 1-2)" in warning_about(battlefield, "id 3")


# --- tile layers of another size ---------------------------------------------------------------------------


def test_a_tile_layer_larger_than_the_map_is_reported_with_both_sizes_and_the_tiles_left_out(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None), tile_layer("ground", GROUND),
                                           csv_layer("half", [[1, 1]] * 4), SPAWNS))
    assert warning_about(load_map(path), "'half'") == (
        "tile layer 'half' is 2x4 squares but the map is 4x2: it is laid from the map's top left corner, and its "
        "4 tiles outside the map (the first at square (0, 2)) are left out")


def test_a_tile_layer_smaller_than_the_map_is_reported_as_laid_from_the_top_left(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None), tile_layer("ground", GROUND),
                                           csv_layer("patch", [[1, 1]]), SPAWNS))
    assert warning_about(load_map(path), "'patch'") == (
        "tile layer 'patch' is 2x1 squares but the map is 4x2: it is laid from the map's top left corner")


# --- property values that do not fit their type ------------------------------------------------------------


def test_a_bool_property_that_is_neither_true_nor_false_is_ignored_naming_the_tile_and_tileset(tmp_path):
    water = tileset(name="walls", image=None, tile_extra={3: typed_property("water", "bool", "maybe")})
    path = write(tmp_path / "map.tmx", tmx(4, 2, water, tile_layer("ground", ["1444", "1111"]), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.impassable == frozenset()
    assert warning_about(battlefield, "'water'") == (
        "property 'water' of tile 3 in tileset 'walls' is of type bool but its value is 'maybe': it is ignored")


@pytest.mark.parametrize(("kind", "value"), [("int", "banana"), ("float", "heavy"), ("object", "chest")])
def test_a_number_property_that_is_not_a_number_is_ignored_with_its_type_and_value(tmp_path, kind, value):
    odd = tileset(name="walls", image=None, tile_extra={0: typed_property("weight", kind, value)})
    path = write(tmp_path / "map.tmx", tmx(4, 2, odd, tile_layer("ground", GROUND), SPAWNS))
    assert warning_about(load_map(path), "'weight'") == (
        f"property 'weight' of tile 0 in tileset 'walls' is of type {kind} but its value is '{value}': it is ignored")


BAD = typed_property("count", "int", "banana")
PLACES: dict[str, Callable[[], list[str]]] = {
    "the map": lambda: [BAD, tileset(image=None), tile_layer("ground", GROUND)],
    "tileset 'stone'": lambda: [f'<tileset firstgid="1" name="stone" tilewidth="{TILE}" tileheight="{TILE}" '
                                f'tilecount="4" columns="2">{BAD}</tileset>', tile_layer("ground", GROUND)],
    "layer 'outer/ground'": lambda: [tileset(image=None), '<group name="outer">' + tile_layer("ground", GROUND).replace(
        "<data", BAD + "<data") + "</group>"],
    "object 77 on layer 'things'": lambda: [tileset(image=None), tile_layer("ground", GROUND),
                                            f'<objectgroup name="things"><object id="77" x="0" y="0">{BAD}</object>'
                                            "</objectgroup>"],
}


@pytest.mark.parametrize("where", list(PLACES))
def test_a_property_that_does_not_fit_its_type_is_named_with_where_it_is(tmp_path, where):
    path = write(tmp_path / "map.tmx", tmx(4, 2, *PLACES[where](), SPAWNS))
    assert f"property 'count' of {where} is of type int but its value is 'banana'" in warning_about(
        load_map(path), "'count'")


@pytest.mark.parametrize(("value", "walls"), [("on", {(2, 0)}), ("off", set())])
def test_a_bool_property_may_say_on_or_off(tmp_path, value, walls):
    solid = tileset(image=None, tile_extra={1: typed_property("solid", "bool", value)})
    path = write(tmp_path / "map.tmx", tmx(4, 2, solid, tile_layer("ground", GROUND),
                                           tile_layer("things", ["..2.", "...."]), SPAWNS))
    battlefield = load_map(path)
    assert battlefield.walls == walls
    assert battlefield.warnings == ()


# --- files that are folders --------------------------------------------------------------------------------


def test_an_object_template_that_is_a_folder_is_a_warning_saying_so(tmp_path):
    (tmp_path / "templates").mkdir()
    spawns = object_layer("spawns", point_obj("hero_spawn", 1, 0), point_obj("monster_spawn", 3, 1),
                          '<object id="91" template="templates" x="0" y="0"/>')
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None), tile_layer("ground", GROUND), spawns))
    assert "templates is a folder, not a template file" in warning_about(load_map(path), "templates")
