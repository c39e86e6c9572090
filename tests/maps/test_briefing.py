"""A map's intro and objective: read from its properties, checked by check-map with a clear warning."""

from pathlib import Path

from game.core.bundled import MAPS
from game.core.ending import last_side_standing
from game.core.mode import Outcome
from game.core.objectives import DEFEAT_ALL, objective_met
from game.maps import load_map
from game.maps.briefing import MAX_INTRO, map_briefing
from tests.hostile import run_game
from tests.maps.tiled_files import object_layer, point_obj, tile_layer, tileset, tmx, write


def _map(tmp_path: Path, props: dict[str, object]) -> Path:
    write(tmp_path / "tiles.png", "not an image")
    spawns = object_layer("spawns", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 3, 0))
    return write(tmp_path / "map.tmx", tmx(4, 1, tileset(), tile_layer("ground", ["1111"]), spawns, props=props))


def test_the_intro_and_objective_are_read_from_the_maps_properties(tmp_path):
    field = load_map(_map(tmp_path, {"Intro": "Rats in the cellar.\nClear them out.", "OBJECTIVE": "Defeat Them All"}))
    assert field.intro == "Rats in the cellar. Clear them out." and field.objective == DEFEAT_ALL
    assert field.warnings == ()


def test_a_map_without_them_plays_to_defeat_them_all_and_its_description_is_the_intro(tmp_path):
    field = load_map(_map(tmp_path, {"description": "An old cellar."}))
    assert field.intro == "An old cellar." and field.objective == DEFEAT_ALL


def test_an_objective_the_game_does_not_know_is_a_warning_and_the_heroes_play_to_defeat_them_all(tmp_path):
    path = _map(tmp_path, {"objective": "hold the well"})
    field = load_map(path)
    assert field.objective == DEFEAT_ALL
    assert field.warnings == ("the map's objective 'hold the well' is not one the game knows (it knows "
                              "'defeat them all'): the heroes play to defeat them all",)
    done = run_game("check-map", str(path))
    assert done.returncode == 0 and "objective: defeat them all" in done.stdout
    assert "the map's objective 'hold the well' is not one the game knows" in done.stdout


def test_an_intro_too_long_is_cut_at_a_word_with_a_warning():
    warnings: list[str] = []
    intro, _ = map_briefing({"intro": "word " * 200}, warnings)
    assert len(intro) <= MAX_INTRO + 1 and intro.endswith("word\u2026")
    assert warnings == [f"the map's intro is 1000 characters long: the menu shows the first {MAX_INTRO} "
                        "(make it a line or two of story)"]


def test_every_shipped_map_has_an_intro_and_an_objective():
    for path in sorted(MAPS.glob("*.tmx")):
        field = load_map(path)
        assert field.intro and 'name="intro"' in path.read_text(), path.name
        assert field.objective == DEFEAT_ALL


def test_defeat_them_all_is_met_by_winning_with_no_enemy_able_to_fight_not_by_their_retreat():
    won = last_side_standing({"heroes": True, "monsters": False})
    lost = last_side_standing({"heroes": False, "monsters": True})
    assert won is not None and lost is not None
    assert objective_met(DEFEAT_ALL, Outcome(*won, 5), "heroes")
    assert not objective_met(DEFEAT_ALL, Outcome(*lost, 5), "heroes")
    assert not objective_met(DEFEAT_ALL, Outcome("heroes", "the monsters retreated", 5), "heroes")
    assert not objective_met(DEFEAT_ALL, Outcome(None, "no side won within 30 rounds", 30), "heroes")
