"""Slips in names: read leniently where the meaning is plain, named in a warning where it only looks meant."""

from __future__ import annotations

import pytest

from game.maps import load_map
from tests.maps.tiled_files import (
    TILE,
    floor_map,
    obj,
    object_layer,
    point_obj,
    square_obj,
    tile_layer,
)

FLOOR = ["1111", "1111", "1111"]


def warnings_about(battlefield, words: str) -> list[str]:
    return [warning for warning in battlefield.warnings if words in warning]


# --- read leniently ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("hero, monster", [("Hero Spawn", "monster spawn"), ("hero-spawn", "Monster-Spawn"),
                                           (" HERO  SPAWN ", "monster_spawn")])
def test_spawn_types_match_whatever_their_spaces_hyphens_and_case(tmp_path, hero, monster):
    path = floor_map(tmp_path, FLOOR, object_layer("markers", point_obj(hero, 0, 0, use_class=True),
                                                   point_obj(monster, 3, 2)), spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.hero_spawns] == [(0, 0)]
    assert [spawn.square for spawn in battlefield.monster_spawns] == [(3, 2)]
    assert battlefield.warnings == ()


def test_treasure_and_terrain_types_match_whatever_their_spaces_hyphens_and_case(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "things", point_obj("Treasure", 1, 1, props={"item": "dagger"}), square_obj("Collision Rock", 2, 0)))
    battlefield = load_map(path)
    assert [pile.square for pile in battlefield.treasure] == [(1, 1)]
    assert battlefield.walls == {(2, 0)}


@pytest.mark.parametrize("name", ["Walls 1", "walls-2", "WALLS3", "Collision_02", "wall 10"])
def test_wall_layer_names_match_with_a_number_at_the_end(tmp_path, name):
    path = floor_map(tmp_path, FLOOR, tile_layer(name, [".1..", "....", "...."]))
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 0)} and battlefield.warnings == ()


def test_water_object_layer_name_matches_with_a_number_at_the_end(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("Water 2", square_obj("", 1, 1)))
    assert load_map(path).impassable == {(1, 1)}


def test_names_in_other_languages_are_not_translated(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("Murs", [".1..", "....", "...."]))
    battlefield = load_map(path)
    assert battlefield.walls == frozenset() and battlefield.warnings == ()


# --- warned about ------------------------------------------------------------------------------------------


def test_an_object_of_an_unknown_type_with_an_item_says_only_treasure_holds_items(tmp_path):
    chest = point_obj("chest", 1, 1, props={"item": "dagger"})
    path = floor_map(tmp_path, FLOOR, object_layer("loot", chest))
    object_id = chest.split('id="', 1)[1].split('"', 1)[0]
    battlefield = load_map(path)
    assert battlefield.treasure == ()
    assert battlefield.warnings == (f"object {object_id} of type 'chest' has an 'item' property, but only objects of "
                                    "type treasure hold items: ignored",)


def test_an_object_without_a_type_naming_a_monster_says_only_monster_spawns_name_monsters(tmp_path):
    orc = point_obj("", 2, 1, name="orc", props={"Monster": "orc"})
    path = floor_map(tmp_path, FLOOR, object_layer("markers", orc))
    (warning,) = warnings_about(load_map(path), "'monster' property")
    assert warning.endswith("'orc' with no type has a 'monster' property, but only objects of type monster_spawn "
                            "name monsters: ignored")


def test_a_hero_spawn_naming_a_monster_says_only_monster_spawns_name_monsters(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("markers", point_obj("hero_spawn", 1, 1, props={"monster": "orc"})))
    (warning,) = warnings_about(load_map(path), "'monster' property")
    assert warning.startswith("hero_spawn (object") and "only objects of type monster_spawn name monsters" in warning


def test_an_object_of_another_type_with_an_arena_kind_says_only_arenas_have_one(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("zones", obj("zone", w=2 * TILE, h=2 * TILE,
                                                                props={"kind": "open"})))
    (warning,) = warnings_about(load_map(path), "'kind' property")
    assert warning.endswith("of type 'zone' has a 'kind' property, but only objects of type arena have an arena "
                            "kind: ignored")


def test_a_kind_that_is_no_arena_kind_or_is_on_terrain_is_no_slip(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj("door", 0, 1, props={"kind": "oak"}),
                                                   square_obj("wall", 1, 1, props={"kind": "open"})))
    assert load_map(path).warnings == ()


@pytest.mark.parametrize("written, meant", [("herospawn", "hero_spawn"), ("tresure", "treasure"),
                                            ("MonsterSpawn", "monster_spawn"), ("walls", "wall")])
def test_a_type_close_to_a_known_one_is_named_with_the_known_one(tmp_path, written, meant):
    path = floor_map(tmp_path, FLOOR, object_layer("markers", point_obj(written, 1, 1)))
    (warning,) = warnings_about(load_map(path), "does not know")
    assert warning.endswith(f"has the type {written!r}, which the game does not know (did you mean {meant}?), so it "
                            f"is not read as {meant}")


def test_a_type_far_from_every_known_one_is_no_slip(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("decor", point_obj("torch", 1, 1), point_obj("door", 2, 1)))
    assert load_map(path).warnings == ()


def test_a_monster_spawn_with_a_monsters_property_names_the_monster_property(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("markers", point_obj("hero_spawn", 0, 0), point_obj(
        "monster_spawn", 3, 2, props={"monsters": "wolf"})), spawns=False)
    battlefield = load_map(path, monsters={"wolf"})
    assert [spawn.monster for spawn in battlefield.monster_spawns] == [None]
    (warning,) = battlefield.warnings
    assert "has no 'monster' property but has 'monsters'; the game reads 'monster'" in warning


def test_a_treasure_with_an_items_property_names_the_item_property(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("loot", point_obj("treasure", 1, 1, props={"items": "dagger"})))
    (warning,) = load_map(path).warnings
    assert warning.endswith("has no 'item' property (it has 'items'; the game reads 'item'): ignored")


def test_an_arena_with_a_kinds_property_names_the_kind_property(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("zones", obj("arena", name="pit", w=2 * TILE, h=2 * TILE,
                                                                props={"Kinds": "open"})))
    (warning,) = load_map(path).warnings
    assert warning.startswith("arena 'pit' has no 'kind' property (it has 'kinds'; the game reads 'kind')")


def test_a_layer_in_a_group_named_walls_says_only_a_layers_own_name_counts(tmp_path):
    group = f'<group name="Walls">{tile_layer("stone", [".11.", "....", "...."])}</group>'
    path = floor_map(tmp_path, FLOOR, group)
    (warning,) = load_map(path).warnings
    assert warning == ("layer 'Walls/stone' seems meant to make walls, but the game reads a layer's own name only "
                       "when it is collision, collisions, obstacles, wall or walls (case, spaces, hyphens and a number "
                       "at the end do not matter), or a true 'wall' property of the layer: 2 of its tiles are not "
                       "walls")


def test_a_wall_layer_whose_tiles_are_walls_anyway_is_no_slip(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("Wall Layer", [".2..", "....", "...."]), tiles={1: {"solid": True}})
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 0)} and battlefield.warnings == ()


def test_a_layer_name_with_other_words_than_a_terrain_is_no_slip(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("Grass and Water", ["1...", "....", "...."]),
                     tile_layer("walls_top", ["1...", "....", "...."]))
    assert load_map(path).warnings == ()


def test_an_object_layer_named_like_a_wall_layer_says_which_objects_are_not_walls(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("Wall Objects", square_obj("", 1, 1), square_obj("wall", 2, 1)))
    (warning,) = load_map(path).warnings
    assert warning.startswith("layer 'Wall Objects' seems meant to make walls") and warning.endswith(
        "1 of its objects is not a wall")


def test_an_object_layer_named_like_a_marker_says_its_objects_without_a_type_mark_nothing(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("Hero Spawns", point_obj("", 1, 1), point_obj("", 2, 1)))
    (warning,) = load_map(path).warnings
    assert warning == ("layer 'Hero Spawns' is named like hero_spawn, but only an object's type (or class) makes it a "
                       "marker: its 2 objects without a type mark nothing")
