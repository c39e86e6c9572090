"""Maps the game cannot play are refused with one line that names the file and the reason."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import pytest

from game.core.errors import MapError
from game.maps import MAX_FILE_BYTES, MAX_OBJECTS, MAX_SIDE, load_map
from tests.maps.tiled_files import (
    csv_layer,
    obj,
    object_layer,
    point_obj,
    tile_layer,
    tileset,
    tmx,
    write,
)

GROUND = ["11", "11"]


def ground_layer(data: str, attributes: str = 'encoding="csv"') -> str:
    """A 2x2 tile layer named ground with the given data, written as it stands."""
    return f'<layer name="ground" width="2" height="2"><data {attributes}>{data}</data></layer>'


def refusal(path: Path) -> str:
    """The message of the MapError that loading the map raises; it must be one line naming the file."""
    with pytest.raises(MapError) as caught:
        load_map(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message


def test_missing_file_is_refused(tmp_path):
    assert "no such file" in refusal(tmp_path / "nowhere.tmx")


def test_folder_is_refused(tmp_path):
    (tmp_path / "folder.tmx").mkdir()
    assert "folder" in refusal(tmp_path / "folder.tmx")


@pytest.mark.parametrize("text", ["just some words", "\x89PNG\r\n\x1a\n", "{\"width\": 4}"])
def test_file_that_is_not_xml_is_refused(tmp_path, text):
    assert "not XML" in refusal(write(tmp_path / "map.tmx", text))


def test_empty_file_is_refused(tmp_path):
    assert "empty" in refusal(write(tmp_path / "map.tmx", ""))


def test_truncated_xml_is_refused(tmp_path):
    whole = tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND))
    assert "truncated" in refusal(write(tmp_path / "map.tmx", whole[: len(whole) // 2]))


def test_malformed_xml_is_refused(tmp_path):
    assert "not well-formed" in refusal(write(tmp_path / "map.tmx", "<map><layer></map>"))


def test_tileset_file_given_as_map_is_refused_by_its_root_element(tmp_path):
    message = refusal(write(tmp_path / "tiles.tmx", '<tileset name="x" tilewidth="32" tileheight="32"/>'))
    assert "<tileset>" in message and "<map>" in message


def test_other_root_element_is_refused(tmp_path):
    assert "<html>" in refusal(write(tmp_path / "map.tmx", "<html><body/></html>"))


def test_json_map_is_refused_with_how_to_save_as_tmx(tmp_path):
    assert ".tmx" in refusal(write(tmp_path / "map.tmj", '{"width": 4}'))


def test_missing_tileset_file_is_refused(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, '<tileset firstgid="1" source="../gone/walls.tsx"/>',
                                           tile_layer("ground", GROUND)))
    message = refusal(path)
    assert "../gone/walls.tsx" in message and "missing" in message


def test_tileset_source_that_is_a_folder_is_refused_as_a_folder(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, '<tileset firstgid="1" source="."/>', tile_layer("ground", GROUND)))
    assert refusal(path).startswith(f"{path}: the tileset . is a folder, not a tileset file")


def test_tileset_file_that_is_not_xml_is_refused(tmp_path):
    write(tmp_path / "walls.tsx", '{"name": "walls"}')
    path = write(tmp_path / "map.tmx", tmx(2, 2, '<tileset firstgid="1" source="walls.tsx"/>',
                                           tile_layer("ground", GROUND)))
    message = refusal(path)
    assert "walls.tsx" in message and "not XML" in message


@pytest.mark.parametrize("orientation", ["isometric", "staggered", "hexagonal"])
def test_non_orthogonal_map_is_refused_naming_its_orientation(tmp_path, orientation):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND),
                                           orientation=orientation))
    message = refusal(path)
    assert orientation in message and "orthogonal" in message


def test_infinite_map_is_refused_with_how_to_turn_it_off(tmp_path):
    chunked = ('<layer name="ground" width="2" height="2"><data encoding="csv">'
               '<chunk x="-16" y="0" width="2" height="2">1,1,1,1</chunk></data></layer>')
    text = tmx(2, 2, tileset(image=None), chunked).replace('infinite="0"', 'infinite="1"')
    message = refusal(write(tmp_path / "map.tmx", text))
    assert "infinite" in message and "Map > Map Properties > Infinite" in message


def test_zstd_layer_is_refused_with_what_to_choose_instead(tmp_path):
    layer = ground_layer("KLUv/Q==", 'encoding="base64" compression="zstd"')
    message = refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))
    assert "zstd" in message and "CSV" in message


def test_map_larger_than_the_limit_is_refused_saying_the_limit(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(MAX_SIDE + 1, 10, tileset(image=None)))
    message = refusal(path)
    assert f"{MAX_SIDE}x{MAX_SIDE}" in message and f"{MAX_SIDE + 1}x10" in message


def test_map_at_the_size_limit_loads(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(MAX_SIDE, MAX_SIDE, tileset(image=None),
                                           tile_layer("ground", ["1" * MAX_SIDE] * MAX_SIDE)))
    assert len(load_map(path).squares) == MAX_SIDE * MAX_SIDE


def test_file_larger_than_the_limit_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.tmx"
    with path.open("wb") as huge:
        huge.truncate(MAX_FILE_BYTES + 1)
    assert "MB" in refusal(path)


@pytest.mark.parametrize(("width", "height"), [("0", "2"), ("2", "-1"), ("two", "2")])
def test_map_without_a_positive_size_is_refused(tmp_path, width, height):
    text = tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND))
    text = text.replace('width="2" height="2" tilewidth', f'width="{width}" height="{height}" tilewidth', 1)
    message = refusal(write(tmp_path / "map.tmx", text))
    assert "width" in message or "height" in message


def test_map_without_tile_layers_is_refused_as_having_no_squares(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), object_layer("things", point_obj("wall", 0, 0))))
    assert "no tile layer" in refusal(path)


def test_map_whose_tile_layers_are_all_hidden_is_refused(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND, visible=False)))
    assert "hidden" in refusal(path)


def test_map_with_empty_tile_layers_is_refused(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", ["..", ".."])))
    assert "empty" in refusal(path)


def test_map_without_any_tileset_is_refused_saying_its_tiles_are_in_no_tileset(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tile_layer("ground", GROUND)))
    assert refusal(path) == (f"{path}: the visible tile layers hold no tile of any tileset (tile layer 'ground' has "
                             "tile id 1 at square (0, 0); the map has no tileset), so no square belongs to the "
                             "battlefield")


def test_map_that_is_all_walls_is_refused(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("walls", GROUND)))
    assert "nowhere to stand" in refusal(path)


def test_map_with_one_open_square_and_no_spawns_is_refused(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND),
                                           tile_layer("walls", ["11", "1."])))
    assert "too few" in refusal(path)


def test_too_few_open_squares_are_counted_in_words(tmp_path):
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND),
                                           tile_layer("walls", ["11", "1."])))
    assert "only 1 open square, too few" in refusal(path)


def test_entity_expansion_is_refused_before_parsing(tmp_path):
    laughs = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)]
    text = (f'<?xml version="1.0"?>\n<!DOCTYPE map [{"".join(laughs)}]>\n'
            '<map orientation="orthogonal" width="2" height="2" tilewidth="32" tileheight="32">'
            '<properties><property name="x" value="&lol9;"/></properties></map>')
    message = refusal(write(tmp_path / "map.tmx", text))
    assert "entities" in message or "DOCTYPE" in message


def test_external_entity_in_a_tileset_is_refused(tmp_path):
    write(tmp_path / "evil.tsx", '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
          '<tileset name="&x;" tilewidth="32" tileheight="32"/>')
    path = write(tmp_path / "map.tmx", tmx(2, 2, '<tileset firstgid="1" source="evil.tsx"/>',
                                           tile_layer("ground", GROUND)))
    message = refusal(path)
    assert "evil.tsx" in message and "entities" in message


def test_plain_doctype_of_old_tiled_versions_is_accepted(tmp_path):
    text = tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND)).replace(
        "\n<map", '\n<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n<map', 1)
    assert len(load_map(write(tmp_path / "map.tmx", text)).squares) == 4


def test_non_utf8_encoding_declaration_is_refused(tmp_path):
    path = tmp_path / "map.tmx"
    path.write_bytes('<?xml version="1.0" encoding="UTF-16"?><map/>'.encode("utf-16"))
    refusal(path)


def test_compressed_layer_that_inflates_beyond_its_size_is_refused(tmp_path):
    bomb = base64.b64encode(zlib.compress(b"\0" * 4 * 1_000_000)).decode("ascii")
    layer = ground_layer(bomb, 'encoding="base64" compression="zlib"')
    message = refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))
    assert "'ground'" in message and "not the 4" in message


def test_damaged_compressed_layer_is_refused(tmp_path):
    layer = ground_layer("AAAA", 'encoding="base64" compression="zlib"')
    assert "damaged" in refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))


def test_csv_layer_with_too_few_tiles_is_refused(tmp_path):
    layer = ground_layer("1,1,1")
    assert "holds 3 tiles" in refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))


def test_csv_layer_with_words_is_refused_without_a_traceback(tmp_path):
    layer = ground_layer("1,x,1,1")
    assert "cannot be read" in refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))


@pytest.mark.parametrize("entry", ["-1", "x", "1.5", "4294967296"])
def test_a_csv_entry_that_is_not_a_tile_id_is_refused_naming_its_layer_and_square(tmp_path, entry):
    layer = csv_layer("ground", [[1, entry], [1, 1]])
    message = refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))
    assert message.endswith(f"tile layer 'ground' cannot be read: square (1, 0) holds '{entry}', which is not a tile "
                            "id (a whole number, 0 for no tile)")


def test_unknown_layer_encoding_is_refused(tmp_path):
    layer = ground_layer("01", 'encoding="hex"')
    assert "'hex'" in refusal(write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), layer)))


def test_too_many_objects_are_refused(tmp_path):
    many = object_layer("things", *(obj(x=0, y=0) for _ in range(MAX_OBJECTS + 1)))
    path = write(tmp_path / "map.tmx", tmx(2, 2, tileset(image=None), tile_layer("ground", GROUND), many))
    assert str(MAX_OBJECTS) in refusal(path)
