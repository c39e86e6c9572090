"""A map choice is one value, read to a battlefield in one place and kept in a small cache."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import game.core.mapref as mapref
import game.modes  # noqa: F401  (registers grid and stances)
from game.core.errors import MapError
from game.core.mapref import MapRef, resolve_map
from game.core.modespec import spec

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_nothing_an_empty_name_or_builtin_names_the_modes_own_map():
    grid = spec("grid")
    for choice in (None, "", "builtin"):
        assert MapRef.of(choice, grid) == MapRef("builtin:hall")
    assert MapRef.of(None, spec("stances")).text == "builtin:crossing"
    assert MapRef.of("maps/forest.tmx", grid).path == Path("maps/forest.tmx")


def test_a_save_names_a_built_in_map_by_its_name_and_a_file_by_its_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert MapRef("builtin:hall").saved() == "builtin:hall"
    assert MapRef("forest.tmx").saved() == str(tmp_path / "forest.tmx")


def test_a_built_in_map_is_read_once():
    first = resolve_map("builtin:crossing", "stances")
    assert first.name == "Old Crossing" and resolve_map(MapRef("builtin:crossing"), "stances") is first


def test_another_modes_built_in_map_is_refused_naming_the_modes_own():
    with pytest.raises(MapError, match=r"^builtin:hall: no such built-in map \(the stances mode's own is "
                                       r"builtin:crossing\)$"):
        resolve_map("builtin:hall", "stances")


def _copy(tmp_path: Path, name: str) -> Path:
    """A copy of a shipped map beside the game's tiles, as the maps folder has them."""
    (tmp_path / "maps").mkdir(exist_ok=True)
    if not (tmp_path / "assets").exists():
        (tmp_path / "assets").symlink_to(MAPS.parent / "assets")
    return Path(shutil.copy(MAPS / f"{name}.tmx", tmp_path / "maps" / f"{name}.tmx"))


def test_a_map_file_is_read_again_once_it_changed(tmp_path):
    path = _copy(tmp_path, "forest")
    first = resolve_map(str(path), "grid")
    assert resolve_map(str(path), "grid") is first
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    again = resolve_map(str(path), "grid")
    assert again is not first and again == first


def test_the_cache_keeps_only_the_last_maps_read(tmp_path, monkeypatch):
    monkeypatch.setattr(mapref, "CACHED", 2)
    paths = [_copy(tmp_path, name) for name in ("bridge", "crypt", "village")]
    first = resolve_map(str(paths[0]), "grid")
    resolve_map(str(paths[1]), "grid")
    resolve_map(str(paths[2]), "grid")
    assert len(mapref._CACHE) <= 2 and resolve_map(str(paths[0]), "grid") is not first


def test_a_missing_map_file_is_refused_in_one_line(tmp_path):
    with pytest.raises(MapError, match="nowhere.tmx"):
        resolve_map(str(tmp_path / "nowhere.tmx"), "grid")
