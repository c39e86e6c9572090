"""Maps small on disk that would need huge memory or time are refused in one line: layers, depth, tiles bounded."""

from __future__ import annotations

import pytest

from game.core.errors import MapError
from game.maps import load_map
from game.maps.tmxfile import MAX_GROUP_DEPTH, MAX_LAYERS, MAX_TILE_SQUARES
from tests.hostile import assert_refused, run_game
from tests.maps.hostile_maps import deep_groups, many_layers, many_zlib_layers
from tests.maps.tiled_files import floor_map, object_layer, point_obj


def test_groups_nested_as_deep_as_allowed_load(tmp_path):
    battlefield = load_map(deep_groups(tmp_path, MAX_GROUP_DEPTH))
    assert battlefield.layers[-1].startswith("g/" * MAX_GROUP_DEPTH + "floor")


def test_groups_nested_deeper_are_refused(tmp_path):
    with pytest.raises(MapError, match=f"nests groups of layers more than {MAX_GROUP_DEPTH} deep"):
        load_map(deep_groups(tmp_path, MAX_GROUP_DEPTH + 1))


def test_more_layers_than_the_limit_are_refused(tmp_path):
    with pytest.raises(MapError, match=f"more than {MAX_LAYERS} layers"):
        load_map(many_layers(tmp_path, MAX_LAYERS + 1))


def test_a_layer_name_of_a_megabyte_is_refused(tmp_path):
    path = many_layers(tmp_path, 1)
    path.write_text(path.read_text().replace('name="floor"', 'name="' + "f" * 1_000_000 + '"'))
    with pytest.raises(MapError, match="a layer's name is 1000000 characters long"):
        load_map(path)


def test_compressed_layers_beyond_the_total_of_squares_are_refused_before_they_are_inflated(tmp_path):
    count = MAX_TILE_SQUARES // (256 * 256) + 1
    with pytest.raises(MapError, match="tile layers hold more than"):
        load_map(many_zlib_layers(tmp_path, count))


@pytest.mark.parametrize("make", [lambda folder: deep_groups(folder, 200_000),
                                  lambda folder: many_zlib_layers(folder, 20_000)],
                         ids=["4.8 MB of nested groups", "20,000 zlib layers in 9.5 MB"])
def test_the_files_that_exhausted_memory_are_one_line_refusals(tmp_path, make):
    path = make(tmp_path)
    assert_refused(run_game("check-map", str(path)), str(path))


def test_a_game_on_the_largest_open_map_the_loader_accepts_stays_within_a_small_memory(tmp_path):
    # Fields of view, step tables and placement once grew with the map's area: one game on an open
    # 256x256 map took about 750 MB. What it costs now follows the fight, so 400 MB of address space is ample.
    size, middle = 256, 128
    spawns = object_layer("spawns", *(point_obj("hero_spawn", middle - 4, y) for y in range(middle - 2, middle + 2)),
                          *(point_obj("monster_spawn", middle + 4, y) for y in range(middle - 2, middle + 2)))
    path = floor_map(tmp_path, ["1" * size] * size, spawns, spawns=False)
    done = run_game("simulate", "--map", str(path), "--games", "1", "--jobs", "1", "--seed", "1",
                    "--max-rounds", "30", timeout=600, memory=400 * 2**20)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
