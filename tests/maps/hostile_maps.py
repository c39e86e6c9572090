"""Small map files that once needed huge memory or time: deep groups, thousands of layers, zlib bombs."""

from __future__ import annotations

import base64
import struct
import zlib
from pathlib import Path

from tests.maps.tiled_files import TILE, tileset, tmx, write


def _zlib_layer(name: str, side: int, gid: int = 0) -> str:
    data = base64.b64encode(zlib.compress(struct.pack("<I", gid) * side * side, 9)).decode("ascii")
    return f'<layer name="{name}" width="{side}" height="{side}"><data encoding="base64" compression="zlib">' \
           f"{data}</data></layer>"


def deep_groups(folder: Path, depth: int) -> Path:
    """A map whose one tile layer sits in ``depth`` nested groups."""
    inner = '<layer name="floor" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>'
    body = '<group name="g">' * depth + inner + "</group>" * depth
    write(folder / "tiles.png", "not an image")
    return write(folder / "deep.tmx", tmx(2, 2, tileset(), body))


def many_zlib_layers(folder: Path, count: int, side: int = 256, gid: int = 0) -> Path:
    """A map of ``count`` zlib-compressed layers of side x side squares all of tile ``gid``."""
    layer = _zlib_layer("floor", side, gid)
    write(folder / "tiles.png", "not an image")
    return write(folder / "bomb.tmx", tmx(side, side, tileset(), layer * count))


def many_layers(folder: Path, count: int) -> Path:
    """A 2x2 map of ``count`` small CSV layers."""
    layer = '<layer name="floor" width="2" height="2"><data encoding="csv">1,1,1,1</data></layer>'
    write(folder / "tiles.png", "not an image")
    return write(folder / "layers.tmx", tmx(2, 2, tileset(), layer * count))


__all__ = ["TILE", "deep_groups", "many_layers", "many_zlib_layers"]
