"""The map conventions of docs/maps.md, each on a small map the test writes."""

from __future__ import annotations

import pytest

from game.maps import load_map
from game.maps.loader import map_name_of
from tests.maps.tiled_files import (
    TILE,
    floor_map,
    obj,
    object_layer,
    point_obj,
    square_obj,
    tile_layer,
    tileset,
    tmx,
    write,
)

FLOOR = ["1111", "1111", "1111"]


# --- walls -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("prop", ["wall", "collides", "collision", "collidable", "solid", "blocked", "block",
                                  "obstacle", "WALL", "Solid"])
def test_tile_property_true_makes_walls(tmp_path, prop):
    path = floor_map(tmp_path, FLOOR, tile_layer("things", ["....", ".2..", "...."]), tiles={1: {prop: True}})
    battlefield = load_map(path)
    assert battlefield.walls == {(1, 1)}
    assert not battlefield.is_open((1, 1)) and battlefield.blocks_sight((1, 1))


@pytest.mark.parametrize("value", ["true", "1", "yes", "True"])
def test_untyped_tile_property_reads_true_words(tmp_path, value):
    path = floor_map(tmp_path, FLOOR, tile_layer("things", ["2..."] + ["...."] * 2), tiles={1: {"wall": value}})
    assert load_map(path).walls == {(0, 0)}


def test_tile_property_false_makes_no_wall(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("things", ["2..."] + ["...."] * 2), tiles={1: {"wall": False}})
    assert load_map(path).walls == frozenset()


def test_tileset_property_makes_all_its_tiles_walls(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(
        3, 1, tileset(1, count=4), tileset(5, name="rocks", props={"solid": True}),
        tile_layer("ground", ["111"]), tile_layer("rocks", ["5.6"]),
        object_layer("spawns", point_obj("hero_spawn", 1, 0), point_obj("monster_spawn", 1, 0))))
    assert load_map(path).walls == {(0, 0), (2, 0)}


def test_tile_own_property_overrides_its_tileset(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(
        3, 1, tileset(1, props={"wall": True}, tiles={1: {"wall": False}}), tile_layer("ground", ["122"]),
        object_layer("spawns", point_obj("hero_spawn", 1, 0), point_obj("monster_spawn", 2, 0))))
    assert load_map(path).walls == {(0, 0)}


@pytest.mark.parametrize("name", ["walls", "wall", "collision", "collisions", "obstacles", "Walls", "COLLISION"])
def test_tile_layer_named_walls_makes_walls(tmp_path, name):
    path = floor_map(tmp_path, FLOOR, tile_layer(name, ["....", "..1.", "...."]))
    assert load_map(path).walls == {(2, 1)}


def test_tile_layer_with_wall_property_makes_walls(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("rocks", ["1...", "....", "...."], props={"Wall": True}))
    assert load_map(path).walls == {(0, 0)}


@pytest.mark.parametrize("name", ["walls", "Collisions", "obstacles"])
def test_shapes_on_object_layer_named_walls_make_walls(tmp_path, name):
    rectangle = obj(x=0, y=0, w=2 * TILE, h=TILE)
    path = floor_map(tmp_path, FLOOR, object_layer(name, rectangle, point_obj("", 3, 2)))
    assert load_map(path).walls == {(0, 0), (1, 0), (3, 2)}


@pytest.mark.parametrize("kind", ["wall", "Wall", "collision", "collision_box", "CollisionRect"])
@pytest.mark.parametrize("use_class", [False, True])
def test_object_typed_wall_or_collision_makes_walls(tmp_path, kind, use_class):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj(kind, 2, 0, use_class=use_class)))
    assert load_map(path).walls == {(2, 0)}


def test_object_of_other_type_on_plain_layer_makes_nothing(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj("door", 2, 0), square_obj("", 1, 0)))
    battlefield = load_map(path)
    assert battlefield.walls == frozenset() and battlefield.obstructed == frozenset()


def test_tile_object_with_wall_tile_covers_its_squares_as_wall(tmp_path):
    # Tile objects stand on their bottom left corner: this one covers column 1, rows 1 and 2.
    statue = obj(x=TILE, y=3 * TILE, w=TILE, h=2 * TILE, extra=' gid="3"')
    path = floor_map(tmp_path, FLOOR, object_layer("decor", statue), tiles={2: {"wall": True}})
    assert load_map(path).walls == {(1, 1), (1, 2)}


# --- obstructed, opaque, impassable ------------------------------------------------------------------------


def test_tile_property_obstructed_makes_obstructed_squares(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("rubble", ["....", ".22.", "...."]), tiles={1: {"obstructed": True}})
    battlefield = load_map(path)
    assert battlefield.obstructed == {(1, 1), (2, 1)}
    assert battlefield.is_open((1, 1)) and not battlefield.blocks_sight((1, 1))


@pytest.mark.parametrize("name", ["obstructed", "difficult", "Difficult"])
def test_tile_layer_named_difficult_makes_obstructed_squares(tmp_path, name):
    path = floor_map(tmp_path, FLOOR, tile_layer(name, ["...1", "....", "...."]))
    assert load_map(path).obstructed == {(3, 0)}


def test_object_typed_obstructed_makes_obstructed_squares(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("things", obj("obstructed", x=0, y=TILE, w=4 * TILE, h=TILE)))
    assert load_map(path).obstructed == {(0, 1), (1, 1), (2, 1), (3, 1)}


def test_tile_property_opaque_blocks_sight_not_movement(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("smoke", ["....", "..2.", "...."]), tiles={1: {"opaque": True}})
    battlefield = load_map(path)
    assert battlefield.opaque == {(2, 1)}
    assert battlefield.blocks_sight((2, 1)) and battlefield.is_open((2, 1))


def test_object_typed_opaque_blocks_sight(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj("opaque", 0, 2)))
    assert load_map(path).opaque == {(0, 2)}


@pytest.mark.parametrize("prop", ["water", "impassable", "Water"])
def test_tile_property_water_blocks_movement_not_sight(tmp_path, prop):
    path = floor_map(tmp_path, FLOOR, tile_layer("river", ["....", ".22.", "...."]), tiles={1: {prop: True}})
    battlefield = load_map(path)
    assert battlefield.impassable == {(1, 1), (2, 1)}
    assert not battlefield.is_open((1, 1)) and not battlefield.blocks_sight((1, 1))


@pytest.mark.parametrize("name", ["water", "impassable"])
def test_tile_layer_named_water_makes_impassable_squares(tmp_path, name):
    path = floor_map(tmp_path, FLOOR, tile_layer(name, ["....", "1111", "...."]))
    assert load_map(path).impassable == {(0, 1), (1, 1), (2, 1), (3, 1)}


@pytest.mark.parametrize("kind", ["water", "impassable"])
def test_object_typed_water_makes_impassable_squares(tmp_path, kind):
    path = floor_map(tmp_path, FLOOR, object_layer("things", square_obj(kind, 1, 2)))
    assert load_map(path).impassable == {(1, 2)}


def test_wall_wins_over_other_terrain_on_the_same_square(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["1...", "....", "...."]),
                     object_layer("things", square_obj("obstructed", 0, 0), square_obj("water", 0, 0),
                                  square_obj("opaque", 0, 0)))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert not battlefield.obstructed and not battlefield.impassable and not battlefield.opaque


# --- off the map, hidden layers ----------------------------------------------------------------------------


def test_square_without_tile_on_any_visible_layer_is_off_the_map(tmp_path):
    path = floor_map(tmp_path, ["11..", "11.1"], tile_layer("hidden", ["..11", "..1."], visible=False))
    battlefield = load_map(path)
    assert battlefield.squares == {(0, 0), (1, 0), (0, 1), (1, 1), (3, 1)}
    assert (2, 0) not in battlefield.playable and battlefield.in_bounds((2, 0))


def test_tile_on_any_visible_layer_puts_the_square_on_the_map(tmp_path):
    path = floor_map(tmp_path, ["1..."], tile_layer("upper", ["...1"]))
    assert load_map(path).squares == {(0, 0), (3, 0)}


def test_a_hidden_layer_named_for_walls_still_makes_walls(tmp_path):
    # Map makers hide their collision layer so that it does not cover the art.
    path = floor_map(tmp_path, FLOOR, tile_layer("Collision", ["1...", "....", "...."], visible=False))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert not any("'Collision' is hidden" in warning for warning in battlefield.warnings)


def test_a_hidden_terrain_layer_puts_no_square_on_the_map(tmp_path):
    path = floor_map(tmp_path, ["11..", "11.."], tile_layer("walls", ["...1", "...."], visible=False))
    battlefield = load_map(path)
    assert (3, 0) not in battlefield.squares


def test_hidden_layer_of_wall_tiles_makes_no_walls(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("rocks", ["2...", "....", "...."], visible=False),
                     tiles={1: {"block": 1}})
    battlefield = load_map(path)
    assert battlefield.walls == frozenset()
    assert any("'rocks' is hidden" in warning for warning in battlefield.warnings)


def test_layer_in_hidden_group_is_hidden_and_read_for_its_name(tmp_path):
    group = f'<group name="upper" visible="0">{tile_layer("walls", ["1...", "....", "...."])}</group>'
    battlefield = load_map(floor_map(tmp_path, FLOOR, group))
    assert battlefield.walls == {(0, 0)}
    assert "upper/walls (tiles, hidden)" in battlefield.layers


def test_a_hidden_wall_layer_of_objects_counts_and_a_hidden_wall_object_does_not(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("walls", square_obj("", 0, 0), visible=False),
                     object_layer("things", square_obj("wall", 1, 0, extra=' visible="0"')))
    battlefield = load_map(path)
    assert battlefield.walls == {(0, 0)}
    assert sum("hidden objects" in warning for warning in battlefield.warnings) == 1


def test_a_hidden_layer_of_wall_objects_not_named_for_walls_counts_for_nothing(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("decor", square_obj("wall", 0, 0), visible=False))
    battlefield = load_map(path)
    assert battlefield.walls == frozenset()
    assert any("hidden objects on layer 'decor'" in warning for warning in battlefield.warnings)


# --- spawns ------------------------------------------------------------------------------------------------


def test_point_spawn_marks_one_square_and_rectangle_every_square_it_covers(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), obj("monster_spawn", x=2 * TILE, y=TILE, w=2 * TILE, h=2 * TILE)),
        spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.hero_spawns] == [(0, 0)]
    assert {spawn.square for spawn in battlefield.monster_spawns} == {(2, 1), (3, 1), (2, 2), (3, 2)}
    assert all(spawn.side == "monsters" for spawn in battlefield.monster_spawns)
    assert battlefield.warnings == ()


def test_spawn_types_match_without_regard_to_case_and_may_be_a_class(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("Hero_Spawn", 0, 0, use_class=True), point_obj("MONSTER_SPAWN", 3, 2)), spawns=False)
    battlefield = load_map(path)
    assert len(battlefield.hero_spawns) == 1 and len(battlefield.monster_spawns) == 1


def test_monster_property_names_the_monster_on_the_spawn(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 2, props={"Monster": "Goblin"})),
        spawns=False)
    assert load_map(path, monsters={"goblin"}).monster_spawns[0].monster == "goblin"
    assert load_map(path).monster_spawns[0].monster == "Goblin"


def test_monster_property_may_name_the_monster_as_the_game_shows_it(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 2, props={"monster": "Goblin Archer"}),
        point_obj("monster_spawn", 3, 1, props={"monster": "giant-rat"})), spawns=False)
    battlefield = load_map(path, monsters={"goblin_archer", "giant_rat"})
    assert {spawn.monster for spawn in battlefield.monster_spawns} == {"goblin_archer", "giant_rat"}
    assert battlefield.warnings == ()


def test_treasure_item_may_name_the_item_as_the_game_shows_it(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 2),
        point_obj("treasure", 1, 1, props={"item": "Chain Mail"})), spawns=False)
    assert [t.item for t in load_map(path, items={"chain_mail"}).treasure] == ["chain_mail"]


def test_unknown_monster_name_is_a_warning_and_the_spawn_stays(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 2, props={"monster": "dragon"})),
        spawns=False)
    battlefield = load_map(path, monsters={"goblin", "wolf"})
    assert [(spawn.square, spawn.monster) for spawn in battlefield.monster_spawns] == [((3, 2), None)]
    assert any("'dragon'" in warning and "goblin, wolf" in warning for warning in battlefield.warnings)


def test_spawn_on_a_wall_is_ignored_with_a_warning(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["....", "....", "...1"]), object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 1, 0), point_obj("monster_spawn", 3, 2)),
        spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.monster_spawns] == [(1, 0)]
    assert any("(3, 2)" in warning and "wall" in warning for warning in battlefield.warnings)


def test_spawn_off_the_map_is_ignored_with_a_warning(tmp_path):
    path = floor_map(tmp_path, ["11.", "111"], object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("hero_spawn", 2, 0), point_obj("monster_spawn", 2, 1),
        point_obj("monster_spawn", 9, 9)), spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.hero_spawns] == [(0, 0)]
    assert [spawn.square for spawn in battlefield.monster_spawns] == [(2, 1)]
    assert any("(2, 0)" in warning and "off the map" in warning for warning in battlefield.warnings)
    assert any("outside the map" in warning for warning in battlefield.warnings)


def test_spawn_rectangle_partly_on_walls_keeps_its_open_squares(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["1...", "....", "...."]), object_layer(
        "markers", obj("hero_spawn", x=0, y=0, w=2 * TILE, h=TILE), point_obj("monster_spawn", 3, 2)), spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.hero_spawns] == [(1, 0)]
    assert any("1 of its 2 squares" in warning for warning in battlefield.warnings)


def test_spawn_rectangle_with_one_square_on_a_wall_names_that_square_in_the_singular(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["1...", "....", "...."]), object_layer(
        "markers", obj("hero_spawn", x=0, y=0, w=2 * TILE, h=TILE), point_obj("monster_spawn", 3, 2)), spawns=False)
    assert any(warning.startswith("hero_spawn (object") and warning.endswith(
        "has 1 of its 2 squares on a wall or an impassable square at (0, 0): that square is ignored")
        for warning in load_map(path).warnings)


def test_spawns_on_a_hidden_layer_still_count(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 2), visible=False), spawns=False)
    battlefield = load_map(path)
    assert len(battlefield.hero_spawns) == 1 and len(battlefield.monster_spawns) == 1


# --- treasure and arenas -----------------------------------------------------------------------------------


def test_treasure_object_puts_its_item_on_its_square(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("loot", point_obj("treasure", 2, 1, props={"item": "Dagger"})))
    treasure = load_map(path, items={"dagger", "shield"}).treasure
    assert [(pile.square, pile.item) for pile in treasure] == [((2, 1), "dagger")]


def test_treasure_rectangle_lies_on_its_middle_square(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("loot", obj("treasure", x=0, y=0, w=3 * TILE, h=3 * TILE,
                                                               props={"item": "shield"})))
    assert [pile.square for pile in load_map(path).treasure] == [(1, 1)]


def test_treasure_with_unknown_or_missing_item_is_left_out_with_a_warning(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer(
        "loot", point_obj("treasure", 0, 1, props={"item": "crown"}), point_obj("treasure", 1, 1),
        point_obj("treasure", 2, 1, props={"item": "dagger"})))
    battlefield = load_map(path, items={"dagger"})
    assert [pile.item for pile in battlefield.treasure] == ["dagger"]
    assert any("'crown'" in warning for warning in battlefield.warnings)
    assert any("no 'item'" in warning for warning in battlefield.warnings)


def test_treasure_on_a_wall_lies_on_the_open_square_nearest_its_middle_with_a_warning_naming_both(tmp_path):
    # The point lies in the right half of square (1, 1), so (2, 1) is nearer than (0, 1) or (1, 0).
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["....", ".1..", "...."]), object_layer(
        "loot", obj("treasure", x=1.8 * TILE, y=1.5 * TILE, w=0, h=0, shape="<point/>", props={"item": "dagger"})))
    battlefield = load_map(path)
    assert [(pile.square, pile.item) for pile in battlefield.treasure] == [((2, 1), "dagger")]
    (warning,) = battlefield.warnings
    assert warning.startswith("treasure (object") and warning.endswith(
        "at (1, 1) is on a wall: its dagger lies on the open square nearest the object's middle, (2, 1)")


def test_treasure_off_the_map_lies_on_the_nearest_open_square_the_upper_left_one_of_a_tie(tmp_path):
    path = floor_map(tmp_path, ["11.", "111"], object_layer("loot", point_obj("treasure", 2, 0, props={"item": "x"})))
    battlefield = load_map(path)
    assert [pile.square for pile in battlefield.treasure] == [(1, 0)]
    assert any(warning.endswith("at (2, 0) is off the map: its x lies on the open square nearest the object's "
                                "middle, (1, 0)") for warning in battlefield.warnings)


def test_treasure_outside_the_maps_rectangle_is_left_out_with_a_warning(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("loot", point_obj("treasure", 9, 9, props={"item": "dagger"})))
    battlefield = load_map(path)
    assert battlefield.treasure == ()
    assert any(warning.endswith("lies outside the map: ignored") for warning in battlefield.warnings)


@pytest.mark.parametrize("kind", ["tight", "hazardous", "open", "dense", "neutral"])
def test_arena_object_records_its_kind_and_squares(tmp_path, kind):
    path = floor_map(tmp_path, FLOOR, object_layer("regions", obj("arena", name="pit", x=0, y=0, w=2 * TILE,
                                                                  h=2 * TILE, props={"kind": kind.upper()})))
    (arena,) = load_map(path).arenas
    assert (arena.name, arena.kind, arena.squares) == ("pit", kind, {(0, 0), (1, 0), (0, 1), (1, 1)})


def test_arena_of_unknown_kind_counts_as_neutral_with_a_warning(tmp_path):
    path = floor_map(tmp_path, FLOOR, object_layer("regions", square_obj("arena", 0, 0, props={"kind": "lava"})))
    battlefield = load_map(path)
    assert battlefield.arenas[0].kind == "neutral"
    assert any("'lava'" in warning for warning in battlefield.warnings)


def test_arena_squares_are_only_squares_on_the_map(tmp_path):
    path = floor_map(tmp_path, ["1.", "11"], object_layer("regions", obj("arena", x=0, y=0, w=2 * TILE, h=2 * TILE,
                                                                         props={"kind": "open"})))
    assert load_map(path).arenas[0].squares == {(0, 0), (0, 1), (1, 1)}


# --- no spawns ---------------------------------------------------------------------------------------------


def test_map_without_spawns_places_sides_at_opposite_ends_and_says_so(tmp_path):
    path = floor_map(tmp_path, ["1" * 20] * 4, spawns=False)
    battlefield = load_map(path)
    heroes = {spawn.square for spawn in battlefield.hero_spawns}
    monsters = {spawn.square for spawn in battlefield.monster_spawns}
    assert len(heroes) == len(monsters) == 8 and not heroes & monsters
    hero_columns = {x for x, _ in heroes}
    monster_columns = {x for x, _ in monsters}
    assert max(hero_columns) < 5 < 14 < min(monster_columns) or max(monster_columns) < 5 < 14 < min(hero_columns)
    assert any("no spawns" in warning for warning in battlefield.warnings)


def test_placement_keeps_both_sides_in_one_walkable_area(tmp_path):
    # A walled-off pocket on the left must not receive a side: nobody could reach it.
    path = floor_map(tmp_path, ["1.1111111111"] * 3, spawns=False)
    battlefield = load_map(path)
    placed = {spawn.square for spawn in battlefield.hero_spawns + battlefield.monster_spawns}
    assert placed and all(x >= 2 for x, _ in placed)
    assert all(battlefield.is_open(square) for square in placed)


def test_placement_avoids_walls(tmp_path):
    path = floor_map(tmp_path, ["1" * 10] * 3, tile_layer("walls", ["1" * 10, "." * 10, "1" * 10]), spawns=False)
    battlefield = load_map(path)
    placed = [spawn.square for spawn in battlefield.hero_spawns + battlefield.monster_spawns]
    assert placed and all(y == 1 for _, y in placed)


def test_map_with_only_hero_spawns_places_monsters_far_from_them(tmp_path):
    path = floor_map(tmp_path, ["1" * 16] * 2, object_layer("markers", point_obj("hero_spawn", 0, 0)), spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.hero_spawns] == [(0, 0)]
    assert battlefield.monster_spawns and all(spawn.square[0] >= 11 for spawn in battlefield.monster_spawns)
    assert any("no monster spawns" in warning for warning in battlefield.warnings)


def test_map_with_only_monster_spawns_places_heroes(tmp_path):
    path = floor_map(tmp_path, ["1" * 16] * 2, object_layer("markers", point_obj("monster_spawn", 15, 1)),
                     spawns=False)
    battlefield = load_map(path)
    assert battlefield.hero_spawns and all(spawn.square[0] <= 4 for spawn in battlefield.hero_spawns)
    assert any("no hero spawns" in warning for warning in battlefield.warnings)


def test_small_map_splits_its_squares_between_the_sides(tmp_path):
    battlefield = load_map(floor_map(tmp_path, ["111"], spawns=False))
    assert len(battlefield.hero_spawns) == len(battlefield.monster_spawns) == 1


def test_placing_each_side_on_one_square_says_1_open_square(tmp_path):
    battlefield = load_map(floor_map(tmp_path, ["111"], spawns=False))
    assert any("the heroes start on 1 open square around" in warning for warning in battlefield.warnings)


def test_placing_the_missing_side_on_one_square_says_1_open_square(tmp_path):
    path = floor_map(tmp_path, ["11"], object_layer("markers", point_obj("hero_spawn", 0, 0)), spawns=False)
    assert any("the monsters start on 1 open square around (1, 0)" in warning for warning in load_map(path).warnings)


# --- names -------------------------------------------------------------------------------------------------


def test_map_name_comes_from_its_name_or_title_property_or_file_name(tmp_path):
    plain = floor_map(tmp_path, FLOOR, name="old_crypt.tmx")
    assert load_map(plain).name == "old_crypt"
    named = write(tmp_path / "named.tmx", tmx(1, 2, tileset(), tile_layer("ground", ["1", "1"]),
                                              props={"Name": "The Old Crypt"}))
    assert load_map(named).name == "The Old Crypt"
    titled = write(tmp_path / "titled.tmx", tmx(1, 2, tileset(), tile_layer("ground", ["1", "1"]),
                                                props={"title": "The Toll Bridge"}))
    assert load_map(titled).name == "The Toll Bridge"


def test_a_maps_name_read_for_a_list_is_the_name_its_load_gives(tmp_path):
    maps = [floor_map(tmp_path, FLOOR, name="old_crypt.tmx"),
            write(tmp_path / "named.tmx", tmx(1, 2, tileset(), tile_layer("ground", ["1", "1"]),
                                              props={"Name": "The Old Crypt", "title": "Not This"})),
            write(tmp_path / "titled.tmx", tmx(1, 2, tileset(), tile_layer("ground", ["1", "1"]),
                                               props={"title": "The Toll Bridge"}))]
    for path in maps:
        assert map_name_of(path) == load_map(path).name
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map", encoding="utf-8")
    assert map_name_of(broken) == "broken"  # loading it tells what is wrong
