"""What becomes of monster spawns, as the warnings and docs/maps.md say: named monsters stand on their spawns,
other spawns stay empty unless the encounter is larger, and an ignored spawn's monster does not fight."""

from __future__ import annotations

import re
from pathlib import Path

from game.core.placement import place_sides
from game.maps import conventions as c
from game.maps import load_map
from tests.maps.tiled_files import TILE, floor_map, obj, object_layer, point_obj, tile_layer

FLOOR = ["11111", "11111", "11111"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "maps.md"
KEPT = ("the spawn is kept as a place to start: it stays empty unless the encounter has more monsters than the "
        "spawns name")


def spawns(*objects: str) -> str:
    """A markers layer with one hero spawn at the top left and the given objects."""
    return object_layer("markers", point_obj("hero_spawn", 0, 0), *objects)


def only_warning(battlefield) -> str:
    assert len(battlefield.warnings) == 1, battlefield.warnings
    return battlefield.warnings[0]


def test_each_named_monster_stands_on_the_spawn_that_names_it_before_a_spawn_naming_none(tmp_path):
    # The modes put the monsters the spawns name on the monster spawns in the battlefield's order.
    path = floor_map(tmp_path, FLOOR, spawns(point_obj("monster_spawn", 4, 0), point_obj(
        "monster_spawn", 4, 2, props={"monster": "wolf"})), spawns=False)
    battlefield = load_map(path, monsters={"wolf"})
    assert [(spawn.square, spawn.monster) for spawn in battlefield.monster_spawns] == [((4, 2), "wolf"), ((4, 0), None)]
    named = [spawn.monster for spawn in battlefield.monster_spawns if spawn.monster]
    assert place_sides(battlefield, [("heroes", 1), ("monsters", len(named))])["monsters"] == [(4, 2)]


def test_a_spawn_naming_an_unknown_monster_is_said_to_stay_empty_unless_the_encounter_is_larger(tmp_path):
    path = floor_map(tmp_path, FLOOR, spawns(point_obj("monster_spawn", 4, 2, props={"monster": "Goblin Archr"})),
                     spawns=False)
    warning = only_warning(load_map(path, monsters={"goblin_archer", "wolf"}))
    assert warning == (f"monster_spawn (object {_id(warning)}) names the monster 'Goblin Archr', which the game does "
                       f"not know (known: goblin_archer, wolf), so no monster is named there and {KEPT}")
    assert "chooses" not in warning


def test_a_spawn_on_a_wall_naming_a_monster_says_that_monster_does_not_fight(tmp_path):
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", [".....", ".....", "...1."]), spawns(
        point_obj("monster_spawn", 4, 2), point_obj("monster_spawn", 3, 2, props={"monster": "Goblin Archer"})),
        spawns=False)
    warning = only_warning(load_map(path, monsters={"goblin_archer"}))
    assert warning.endswith("at (3, 2) is on a wall or an impassable square: ignored, so the goblin_archer named "
                            "there does not fight")


def test_a_spawn_rectangle_partly_on_walls_says_how_many_of_its_monsters_do_not_fight(tmp_path):
    rats = obj("monster_spawn", x=2 * TILE, y=0, w=3 * TILE, h=TILE, props={"monster": "giant_rat"})
    path = floor_map(tmp_path, FLOOR, tile_layer("walls", ["..11.", ".....", "....."]), spawns(rats), spawns=False)
    battlefield = load_map(path)
    assert [spawn.square for spawn in battlefield.monster_spawns] == [(4, 0)]
    assert only_warning(battlefield).endswith("has 2 of its 3 squares on walls or impassable squares (first (2, 0)): "
                                              "those are ignored, so 2 of the 3 giant_rat it names do not fight")


def test_a_spawn_wholly_off_the_map_naming_a_monster_says_that_monster_does_not_fight(tmp_path):
    path = floor_map(tmp_path, FLOOR, spawns(point_obj("monster_spawn", 4, 2),
                                             point_obj("monster_spawn", 9, 9, props={"monster": "wolf"})), spawns=False)
    assert only_warning(load_map(path)).endswith(
        "lies outside the map: ignored, so the wolf named there does not fight")


def test_a_second_spawn_on_a_square_naming_a_monster_says_that_monster_does_not_fight(tmp_path):
    path = floor_map(tmp_path, FLOOR, spawns(point_obj("monster_spawn", 4, 2, props={"monster": "wolf"}),
                                             point_obj("monster_spawn", 4, 2, props={"monster": "ghoul"})),
                     spawns=False)
    battlefield = load_map(path)
    assert [spawn.monster for spawn in battlefield.monster_spawns] == ["wolf"]
    assert only_warning(battlefield).endswith("at (4, 2) marks a square another monster spawn marks already: that "
                                              "square is ignored, so the ghoul named there does not fight")


def test_a_monster_property_whose_value_does_not_fit_its_type_says_that_monster_does_not_fight(tmp_path):
    spawn = point_obj("monster_spawn", 4, 2).replace(
        "</object>", '<properties><property name="monster" type="int" value="Orc Brute"/></properties></object>')
    path = floor_map(tmp_path, FLOOR, spawns(spawn), spawns=False)
    assert only_warning(load_map(path)).endswith(
        "is of type int but its value is 'Orc Brute': it is ignored, so the Orc Brute named there does not fight, "
        f"and {KEPT}")


def test_the_guide_says_what_becomes_of_a_spawn_naming_no_monster_as_the_warnings_do():
    guide = re.sub(r"\s+", " ", DOCS.read_text(encoding="utf-8"))
    assert c.KEPT_EMPTY == KEPT
    assert "is kept as a place to start: it stays empty unless the encounter has more monsters than the spawns name" \
        in guide
    assert "the game chooses its monster" not in guide and "without it, the game chooses" not in guide


def _id(warning: str) -> str:
    return warning.split("(object ", 1)[1].split(")", 1)[0]


def test_the_stances_mode_reads_its_own_monster_names_as_written_and_warns_about_the_grids(tmp_path):
    from game.modes.stances.skirmish import battlefield_for

    path = floor_map(tmp_path, FLOOR, spawns(point_obj("monster_spawn", 4, 0, props={"monster": "Undead Orc"}),
                                             point_obj("monster_spawn", 4, 2, props={"monster": "goblin_archer"})),
                     spawns=False)
    battlefield = battlefield_for(str(path))
    assert [spawn.monster for spawn in battlefield.monster_spawns] == ["undead_orc", None]
    warning = only_warning(battlefield)
    assert "'goblin_archer', which the game does not know (known: bandit, cultist," in warning
    assert "undead_orc" in warning


def test_the_guide_names_the_band_the_grid_mode_brings_to_a_map_whose_spawns_name_none():
    from game.modes.grid.skirmish import DEFAULT_MONSTERS

    guide = re.sub(r"\s+", " ", DOCS.read_text(encoding="utf-8"))
    band = ", ".join(f"a {name.replace('_', ' ')}" for name in DEFAULT_MONSTERS[:-1])
    assert f"the grid mode then brings its own band ({band} and a {DEFAULT_MONSTERS[-1].replace('_', ' ')})" in guide
