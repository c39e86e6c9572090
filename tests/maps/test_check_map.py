"""The check-map command: a summary or one JSON object, exit 0 when the map loads and 2 when it is refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
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

ROOT = Path(__file__).resolve().parents[2]
JSON_KEYS = {"width", "height", "walls", "obstructed", "opaque", "playable", "hero_spawns", "monster_spawns",
             "treasure", "arenas", "warnings"}


def crypt(tmp_path: Path) -> Path:
    """A 5x3 room: two walls, one rubble square, spawns, a dagger and a tight arena."""
    markers = object_layer(
        "markers", point_obj("hero_spawn", 0, 0), obj("hero_spawn", x=0, y=TILE, w=TILE, h=2 * TILE),
        point_obj("monster_spawn", 4, 0, props={"monster": "skeleton"}), point_obj("treasure", 3, 2,
                                                                                   props={"item": "dagger"}),
        obj("arena", name="crypt", x=0, y=0, w=5 * TILE, h=3 * TILE, props={"kind": "tight"}))
    return write(tmp_path / "crypt.tmx", tmx(
        5, 3, tileset(image=None, tiles={1: {"wall": True}, 2: {"obstructed": True}}),
        tile_layer("floor", ["11111"] * 3), tile_layer("things", ["..2..", "..3..", "....."]), markers))


def test_json_reports_counts_of_squares_spawns_and_objects(tmp_path, capsys):
    assert main.main(["check-map", str(crypt(tmp_path)), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert JSON_KEYS <= set(report)
    assert (report["width"], report["height"], report["tile_width"]) == (5, 3, TILE)
    assert (report["walls"], report["obstructed"], report["opaque"], report["playable"]) == (1, 1, 0, 14)
    assert (report["hero_spawns"], report["monster_spawns"], report["treasure"], report["arenas"]) == (3, 1, 1, 1)
    assert report["layers"] == ["floor (tiles)", "things (tiles)", "markers (objects)"]
    assert report["warnings"] == []


def test_summary_names_size_layers_terrain_markers_and_warnings(tmp_path, capsys):
    assert main.main(["check-map", str(crypt(tmp_path))]) == 0
    text = capsys.readouterr().out
    assert "5x3 squares of 32x32 pixels" in text
    assert "floor (tiles), things (tiles), markers (objects)" in text
    assert "14 playable; 1 wall, 0 impassable, 1 obstructed, 0 opaque" in text
    assert "3 for heroes, 1 for monsters (skeleton)" in text
    assert "treasure: 1 (dagger)" in text and "arenas: 1 (tight)" in text
    assert "warnings: none" in text


def test_names_unknown_to_the_games_data_are_warnings(tmp_path, capsys):
    markers = object_layer("markers", point_obj("hero_spawn", 0, 0),
                           point_obj("monster_spawn", 1, 0, props={"monster": "space_dragon"}),
                           point_obj("treasure", 2, 0, props={"item": "laser_sword"}))
    path = write(tmp_path / "odd.tmx", tmx(3, 1, tileset(image=None), tile_layer("floor", ["111"]), markers))
    assert main.main(["check-map", "--json", str(path)]) == 0
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert any("'space_dragon'" in warning for warning in warnings)
    assert any("'laser_sword'" in warning for warning in warnings)


def test_map_without_spawns_loads_and_the_summary_says_so(tmp_path, capsys):
    path = write(tmp_path / "open.tmx", tmx(6, 2, tileset(image=None), tile_layer("floor", ["111111"] * 2)))
    assert main.main(["check-map", str(path)]) == 0
    assert "no spawns" in capsys.readouterr().out


def test_missing_tileset_image_does_not_stop_check_map(tmp_path, capsys):
    path = write(tmp_path / "map.tmx", tmx(2, 1, tileset(image="nowhere.png"), tile_layer("floor", ["11"])))
    assert main.main(["check-map", str(path)]) == 0
    assert "nowhere.png is missing" in capsys.readouterr().out


def test_tile_id_in_no_tileset_is_a_warning_in_the_json_and_the_square_is_not_playable(tmp_path, capsys):
    layer = csv_layer("floor", [[999, 1, 1, 1, 1]] + [[1] * 5] * 2)
    path = write(tmp_path / "holes.tmx", tmx(5, 3, tileset(image=None, count=4), layer))
    assert main.main(["check-map", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["playable"] == 14
    assert any(warning.startswith("tile layer 'floor': square (0, 0) has tile id 999, which is in no tileset")
               for warning in report["warnings"])


def test_negative_tile_id_exits_2_with_one_line_naming_the_file_layer_and_square(tmp_path, capsys):
    path = write(tmp_path / "minus.tmx", tmx(2, 1, tileset(image=None), csv_layer("floor", [[1, -1]])))
    assert main.main(["check-map", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"{path}: tile layer 'floor' cannot be read: square (1, 0) holds '-1', which is not a "
                            "tile id (a whole number, 0 for no tile)\n")


def test_summary_counts_one_wall_in_the_singular(tmp_path, capsys):
    assert main.main(["check-map", str(crypt(tmp_path))]) == 0
    assert "; 1 wall, 0 impassable" in capsys.readouterr().out


def test_refused_map_exits_2_with_one_line_on_stderr(tmp_path, capsys):
    path = write(tmp_path / "iso.tmx", tmx(2, 2, tileset(image=None), tile_layer("floor", ["11", "11"]),
                                           orientation="isometric"))
    assert main.main(["check-map", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and str(path) in captured.err and "isometric" in captured.err


def test_command_line_prints_no_traceback_for_a_broken_map(tmp_path):
    path = write(tmp_path / "broken.tmx", "<map orientation='orthogonal' width='2'")
    result = subprocess.run([sys.executable, "main.py", "check-map", str(path)], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [f"{path}: the map file ends too early (line 1): it is truncated"]


def test_command_line_json_is_the_only_output(tmp_path):
    path = crypt(tmp_path)
    result = subprocess.run([sys.executable, "main.py", "check-map", str(path), "--json"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["playable"] == 14


def test_missing_path_argument_exits_2(capsys):
    with pytest.raises(SystemExit) as stop:
        main.main(["check-map"])
    assert stop.value.code == 2
    assert "path" in capsys.readouterr().err


def test_reader_closing_the_pipe_early_is_no_traceback(tmp_path):
    # The pipe's reading end is closed before the command writes, as when `head` has stopped reading.
    command = subprocess.Popen([sys.executable, "main.py", "check-map", str(crypt(tmp_path))], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert command.stdout is not None and command.stderr is not None
    command.stdout.close()
    errors = command.stderr.read().decode()
    assert command.wait() == 0
    assert "Traceback" not in errors


def band(tmp_path: Path) -> Path:
    """A 6x3 room whose monster spawns name a zombie, two skeletons and nothing, with an object wall."""
    markers = object_layer(
        "markers", point_obj("hero_spawn", 0, 0), point_obj("monster_spawn", 5, 0),
        point_obj("monster_spawn", 5, 1, props={"monster": "zombie"}),
        obj("monster_spawn", x=4 * TILE, y=2 * TILE, w=2 * TILE, h=TILE, props={"monster": "skeleton"}),
        point_obj("treasure", 2, 2, props={"item": "dagger"}), obj("wall", x=2 * TILE, y=0, w=TILE, h=TILE),
        obj("arena", name="yard", x=0, y=0, w=2 * TILE, h=3 * TILE, props={"kind": "open"}))
    return write(tmp_path / "old_yard.tmx", tmx(6, 3, tileset(image=None), tile_layer("floor", ["111111"] * 3),
                                                markers))


def test_json_lists_the_spawns_treasure_and_arenas_with_their_squares(tmp_path, capsys):
    assert main.main(["check-map", str(band(tmp_path)), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert JSON_KEYS <= set(report) and (report["monster_spawns"], report["treasure"]) == (4, 1)
    assert report["hero_spawn_squares"] == [[0, 0]]
    assert report["monster_spawn_squares"] == [
        {"square": [5, 1], "monster": "zombie"}, {"square": [4, 2], "monster": "skeleton"},
        {"square": [5, 2], "monster": "skeleton"}, {"square": [5, 0], "monster": None}]
    assert report["treasure_items"] == [{"square": [2, 2], "item": "dagger"}]
    assert report["arena_names"] == [{"name": "yard", "kind": "open", "squares": 6}]
    assert report["object_terrain_squares"] == [[2, 0]]
    assert "picture" not in report


def test_summary_lists_the_monsters_in_the_order_the_spawns_are_filled(tmp_path, capsys):
    assert main.main(["check-map", str(band(tmp_path))]) == 0
    assert "spawns: 1 for heroes, 4 for monsters (zombie, skeleton x2; 1 names none)\n" in capsys.readouterr().out


def test_check_map_shows_the_maps_name_as_the_screens_do(tmp_path, capsys):
    assert main.main(["check-map", str(band(tmp_path))]) == 0
    assert capsys.readouterr().out.startswith(f"{tmp_path / 'old_yard.tmx'}: 'Old Yard', 6x3 squares")
    assert main.main(["check-map", str(band(tmp_path)), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["name"], report["shown_name"]) == ("old_yard", "Old Yard")


@pytest.mark.parametrize("name", ["old_yard", "old yard", "Two Halls", "x-ray_hall", "ROOM"])
def test_check_maps_shown_name_is_the_screens(name):
    from game.commands.check_map import shown_name
    from game.ui.session import shown_map_name

    assert shown_name(name) == shown_map_name(name)


def test_picture_follows_the_summary_with_its_legend_under_it(tmp_path, capsys):
    assert main.main(["check-map", str(band(tmp_path)), "--picture"]) == 0
    text = capsys.readouterr().out
    assert text.endswith("warnings: none\npicture:\nH.#..M\n.....M\n..$.MM\nlegend: H hero spawn; M monster spawn; "
                         "$ treasure; # wall; ~ impassable (water); , obstructed; o opaque; . floor; "
                         "blank off the map\n")


def test_json_with_picture_holds_the_rows_and_the_legend(tmp_path, capsys):
    assert main.main(["check-map", str(band(tmp_path)), "--json", "--picture"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["picture"] == ["H.#..M", ".....M", "..$.MM"]
    assert report["legend"]["#"] == "wall" and report["legend"][" "] == "off the map"
