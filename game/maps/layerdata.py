"""Tile layer data: decoded within bounds, checked square by square against the map's size and tilesets."""

from __future__ import annotations

import base64
import binascii
import bisect
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass

from game.core.errors import MapError
from game.core.wording import counted

GID_FLAGS = 0xE0000000  # Tiled's flip and rotation bits on a global tile id
LARGEST_GID = 0xFFFFFFFF  # Tiled stores a tile id and its flags in 32 bits
_RANGES_SHOWN = 4  # tilesets named in a warning; more would hide the warning's point


@dataclass(frozen=True)
class _Tileset:
    name: str
    first: int
    count: int | None  # None: neither the tileset nor its image says how many tiles it holds
    listed: frozenset[int]  # local ids with a <tile> element (an image collection's ids may have gaps)

    def holds(self, local_id: int) -> bool:
        """Whether the tileset has this local tile id (an unknown count holds any)."""
        return self.count is None or local_id < self.count or local_id in self.listed

    def ids(self) -> str:
        """The global ids the tileset holds, as a map maker reads them: "tileset 'walls' holds ids 1-4"."""
        holds = f"tileset {self.name!r} holds"
        if self.count is None:
            return f"{holds} ids from {self.first} up"
        total = max(self.count, max(self.listed, default=-1) + 1)
        if total <= 1:
            return f"{holds} id {self.first}" if total else f"{holds} no tile"
        return f"{holds} ids {self.first}-{self.first + total - 1}"


class TileIds:
    """Which global tile ids the map's tilesets hold (tilesets already inlined in the map)."""

    def __init__(self, root: ET.Element) -> None:
        tilesets = [_tileset(element) for element in root.findall("tileset")]
        # A tileset without a readable firstgid puts every id in doubt; pytmx reports it when it reads the map.
        self._unsure = any(tileset is None for tileset in tilesets)
        self._tilesets = sorted((t for t in tilesets if t is not None), key=lambda tileset: tileset.first)
        self._firsts = [tileset.first for tileset in self._tilesets]

    def holds(self, gid: int) -> bool:
        """Whether a global id (flip bits removed) is a tile of one of the tilesets."""
        if self._unsure:
            return True
        index = bisect.bisect_right(self._firsts, gid) - 1
        return index >= 0 and self._tilesets[index].holds(gid - self._firsts[index])

    def describe(self) -> str:
        """The ids the map's tilesets hold, for a warning about an id outside them."""
        if not self._tilesets:
            return "the map has no tileset"
        ranges = [tileset.ids() for tileset in self._tilesets[:_RANGES_SHOWN]]
        more = ", ..." if len(self._tilesets) > _RANGES_SHOWN else ""
        return ", ".join(ranges) + more


def _tileset(element: ET.Element) -> _Tileset | None:
    first = element.get("firstgid", "")
    if not first.isdigit():
        return None
    listed = frozenset(int(tile.get("id", "")) for tile in element.findall("tile") if tile.get("id", "").isdigit())
    return _Tileset(element.get("name", ""), int(first), _tile_count(element), listed)


def _tile_count(tileset: ET.Element) -> int | None:
    """The tiles a tileset holds: its tilecount, or as many as its image fits when that is larger."""
    counts = [int(text) for text in (tileset.get("tilecount", ""),) if text.isdigit()]
    counts += [count for count in (_count_from_image(tileset),) if count]
    return max(counts, default=None)


def _count_from_image(tileset: ET.Element) -> int | None:
    """How many tiles the tileset's image fits, from the sizes the file records (old files have no tilecount)."""
    image = tileset.find("image")
    if image is None:
        return None
    numbers = [_whole(element, name) for element, name in ((image, "width"), (image, "height"),
                                                             (tileset, "tilewidth"), (tileset, "tileheight"))]
    margin, spacing = _whole(tileset, "margin") or 0, _whole(tileset, "spacing") or 0
    if not all(numbers):
        return None
    width, height, tile_width, tile_height = (number or 0 for number in numbers)
    columns = (width - 2 * margin + spacing) // (tile_width + spacing)
    rows = (height - 2 * margin + spacing) // (tile_height + spacing)
    return columns * rows if columns > 0 and rows > 0 else None


def _whole(element: ET.Element, name: str) -> int | None:
    text = element.get(name, "")
    return int(text) if text.isdigit() else None


def prepare_tile_layer(layer: ET.Element, name: str, size: tuple[int, int], map_size: tuple[int, int],
                       tile_ids: TileIds, shown: str, warnings: list[str]) -> str:
    """Check one tile layer and leave its data for pytmx to read; return where it first uses an unknown id.

    Decoding here, with a limit, keeps a small file from inflating into gigabytes. Tile ids in no
    tileset become empty squares (with a warning), so the rules and the screen both see no tile there.
    The returned text ("" when every id is known) lets a refusal say why a layer has no tile left.
    """
    data = layer.find("data")
    if data is None:
        raise MapError(f"{shown}: tile layer {name!r} has no <data>")
    cells, raw = _read_cells(data, size, name, shown)
    # Each distinct entry is read once: a layer holds thousands of squares but few different tiles.
    values = _tile_values(cells, size[0], name, shown)
    strange = {gid for gid in set(values.values()) if gid and not tile_ids.holds(gid & ~GID_FLAGS)}
    unknown = {cell for cell, gid in values.items() if gid in strange} if strange else set()
    first_unknown = ""
    if unknown:
        first_unknown = _report_unknown(cells, unknown, values, size[0], name, tile_ids, warnings)
    gids: list[int] | None = None
    if unknown or size != map_size or data.get("encoding") is None:
        gids = [0 if cell in unknown else values[cell] for cell in cells]
    if size != map_size and gids is not None:
        warnings.append(_size_warning(gids, size, map_size, name))
    # The data is rewritten only where pytmx must read something else than the file holds: plain base64
    # for compressed data (pytmx would inflate it without a limit), CSV where ids were dropped or written
    # in the old XML format. Data pytmx can read as it is stays as it is.
    if gids is not None and (unknown or data.get("encoding") is None):
        _set_data(data, "csv", ",".join(map(str, gids)))
    elif raw is not None and data.get("compression"):
        _set_data(data, "base64", base64.b64encode(raw).decode("ascii"))
    return first_unknown


def _set_data(data: ET.Element, encoding: str, text: str) -> None:
    """Replace a layer's data with uncompressed data in the given encoding."""
    data[:] = []
    data.attrib.clear()
    data.set("encoding", encoding)
    data.text = text


Cell = str | int  # one square's entry: as written in CSV or XML, or the id decoded from base64


def _read_cells(data: ET.Element, size: tuple[int, int], name: str, shown: str
                ) -> tuple[list[Cell], bytes | None]:
    """The layer's entries, one per square, in any of Tiled's encodings, and base64's decoded bytes."""
    encoding, expected = data.get("encoding"), size[0] * size[1]
    if encoding == "base64":
        raw = _decode_base64(data, expected, name, shown)
        return list(struct.unpack(f"<{expected}I", raw)), raw
    texts: list[Cell]
    if encoding is None:
        # Tiled's old (deprecated) XML format: one <tile gid=".."/> per square.
        texts = [tile.get("gid", "0") for tile in data.findall("tile")]
    elif encoding == "csv":
        texts = list((data.text or "").split(",")) if (data.text or "").strip() else []
    else:
        raise MapError(f"{shown}: tile layer {name!r} uses the encoding {encoding!r}; Tiled's are CSV and Base64")
    if not texts:
        raise MapError(f"{shown}: tile layer {name!r} has no tile data")
    if len(texts) != expected:
        raise MapError(f"{shown}: tile layer {name!r} holds {len(texts)} tiles, not the {expected} its size needs")
    return texts, None


def _tile_values(cells: list[Cell], width: int, name: str, shown: str) -> dict[Cell, int]:
    """The tile id of each distinct entry; an entry that is not one is damaged data, refused with its square."""
    values: dict[Cell, int] = {}
    for cell in set(cells):
        gid = cell if isinstance(cell, int) else _gid(cell)
        if gid is None:
            index = cells.index(cell)
            raise MapError(f"{shown}: tile layer {name!r} cannot be read: square {(index % width, index // width)} "
                           f"holds {str(cell).strip()!r}, which is not a tile id (a whole number, 0 for no tile)")
        values[cell] = gid
    return values


def _gid(text: str) -> int | None:
    """The tile id a CSV or XML entry writes, or None when it is not one."""
    try:
        gid = int(text)
    except ValueError:
        return None
    return gid if 0 <= gid <= LARGEST_GID else None


def _decode_base64(data: ET.Element, expected: int, name: str, shown: str) -> bytes:
    compression = data.get("compression")
    if compression not in (None, "", "zlib", "gzip"):
        raise MapError(f"{shown}: tile layer {name!r} is {compression}-compressed, which the game does not read; in "
                       "Tiled set Map > Map Properties > Tile Layer Format to CSV or Base64 (zlib compressed)")
    try:
        raw = base64.b64decode((data.text or "").strip())
        if compression:
            # 47 = a zlib or gzip header, whichever is there; asking for one byte more than the
            # layer needs is how we notice data that would inflate beyond it.
            raw = zlib.decompressobj(47).decompress(raw, 4 * expected + 1)
    except (binascii.Error, zlib.error, ValueError):
        raise MapError(f"{shown}: tile layer {name!r} has damaged {compression or 'base64'} data") from None
    if len(raw) != 4 * expected:
        raise MapError(f"{shown}: tile layer {name!r} holds {len(raw) // 4} tiles, not the {expected} its size needs")
    return raw


def _report_unknown(cells: list[Cell], unknown: set[Cell], values: dict[Cell, int], width: int, name: str,
                    tile_ids: TileIds, warnings: list[str]) -> str:
    """Warn once per layer about tile ids in no tileset; return the first one, for a refusal to quote."""
    places = [index for index, cell in enumerate(cells) if cell in unknown]
    square, tile_id = (places[0] % width, places[0] // width), values[cells[places[0]]] & ~GID_FLAGS
    if len(places) == 1:
        warnings.append(f"tile layer {name!r}: square {square} has tile id {tile_id}, which is in no tileset "
                        f"({tile_ids.describe()}): the square has no tile on this layer")
    else:
        warnings.append(f"tile layer {name!r}: {len(places)} squares have tile ids that are in no tileset, "
                        f"the first square {square} with id {tile_id} ({tile_ids.describe()}): those squares "
                        "have no tile on this layer")
    return f"tile layer {name!r} has tile id {tile_id} at square {square}; {tile_ids.describe()}"


def _size_warning(gids: list[int], size: tuple[int, int], map_size: tuple[int, int], name: str) -> str:
    """What becomes of a layer whose size is not the map's: laid from the top left, the rest left out."""
    (width, height), (map_width, map_height) = size, map_size
    outside = [index for index, gid in enumerate(gids) if gid and (index % width >= map_width or
                                                                   index // width >= map_height)]
    text = f"tile layer {name!r} is {width}x{height} squares but the map is {map_width}x{map_height}"
    if not outside:
        return f"{text}: it is laid from the map's top left corner"
    first = (outside[0] % width, outside[0] // width)
    verb = "is" if len(outside) == 1 else "are"
    return (f"{text}: it is laid from the map's top left corner, and its {counted(len(outside), 'tile')} "
            f"outside the map (the first at square {first}) {verb} left out")
