"""Small Tiled files written by the tests themselves: maps, tilesets, templates and their layers."""

from __future__ import annotations

import base64
import gzip
import itertools
import struct
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

TILE = 32
_object_ids = itertools.count(1)


def properties(props: dict[str, object] | None) -> str:
    """A <properties> block; Python bools become Tiled bool properties, ints int properties."""
    if not props:
        return ""
    rows = []
    for name, value in props.items():
        if isinstance(value, bool):
            rows.append(f'<property name={quoteattr(name)} type="bool" value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            rows.append(f'<property name={quoteattr(name)} type="int" value="{value}"/>')
        else:
            rows.append(f"<property name={quoteattr(name)} value={quoteattr(str(value))}/>")
    return "<properties>" + "".join(rows) + "</properties>"


def gids_from_art(art: list[str]) -> list[int]:
    """Rows of characters to global tile ids: '.' is no tile, a digit is that tile id, letters a-z are 10 and up."""
    gids = []
    for row in art:
        for ch in row:
            gids.append(0 if ch == "." else int(ch, 36))
    return gids


def tile_layer(name: str, art: list[str], *, encoding: str = "csv", compression: str | None = None,
               visible: bool = True, props: dict[str, object] | None = None, flags: int = 0,
               extra: str = "") -> str:
    """A tile layer drawn as rows of characters (see gids_from_art), in any of Tiled's encodings."""
    width, height = len(art[0]), len(art)
    gids = [gid | flags if gid else 0 for gid in gids_from_art(art)]
    attributes = f' encoding="{encoding}"' if encoding != "xml" else ""
    if encoding == "csv":
        body = ",".join(map(str, gids))
    elif encoding == "xml":
        body = "".join(f'<tile gid="{gid}"/>' for gid in gids)
    else:
        raw = struct.pack(f"<{len(gids)}I", *gids)
        if compression == "zlib":
            raw = zlib.compress(raw)
        elif compression == "gzip":
            raw = gzip.compress(raw)
        if compression:
            attributes += f' compression="{compression}"'
        body = base64.b64encode(raw).decode("ascii")
    hidden = "" if visible else ' visible="0"'
    return (f'<layer name={quoteattr(name)} width="{width}" height="{height}"{hidden}{extra}>{properties(props)}'
            f"<data{attributes}>{body}</data></layer>")


def csv_layer(name: str, rows: list[list[object]], *, width: int | None = None, height: int | None = None) -> str:
    """A tile layer written as it stands: any CSV entries (-1, 999, words), any declared size."""
    body = ",".join(str(entry) for row in rows for entry in row)
    size = f'width="{width or len(rows[0])}" height="{height or len(rows)}"'
    return f'<layer name={quoteattr(name)} {size}><data encoding="csv">{body}</data></layer>'


def obj(kind: str = "", *, x: float = 0, y: float = 0, w: float = TILE, h: float = TILE, name: str = "",
        props: dict[str, object] | None = None, shape: str = "", use_class: bool = False, extra: str = "") -> str:
    """One object; ``kind`` goes in Tiled's type attribute, or its newer class attribute with ``use_class``."""
    typed = f' {"class" if use_class else "type"}={quoteattr(kind)}' if kind else ""
    named = f" name={quoteattr(name)}" if name else ""
    size = f' width="{w}" height="{h}"' if (w or h) else ""
    opening = f'<object id="{next(_object_ids)}"{named}{typed} x="{x}" y="{y}"{size}{extra}>'
    return f"{opening}{properties(props)}{shape}</object>"


def square_obj(kind: str, column: int, row: int, **options: object) -> str:
    """An object covering exactly one square."""
    return obj(kind, x=column * TILE, y=row * TILE, **options)  # type: ignore[arg-type]


def point_obj(kind: str, column: int, row: int, **options: object) -> str:
    """A point object in the middle of one square."""
    return obj(kind, x=(column + 0.5) * TILE, y=(row + 0.5) * TILE, w=0, h=0, shape="<point/>",
               **options)  # type: ignore[arg-type]


def object_layer(name: str, *objects: str, visible: bool = True, props: dict[str, object] | None = None) -> str:
    """An object layer holding the given objects."""
    hidden = "" if visible else ' visible="0"'
    return f"<objectgroup name={quoteattr(name)}{hidden}>{properties(props)}{''.join(objects)}</objectgroup>"


def tileset_body(*, name: str = "tiles", count: int = 16, image: str | None = "tiles.png",
                 tiles: dict[int, dict[str, object]] | None = None, props: dict[str, object] | None = None,
                 tile_extra: dict[int, str] | None = None) -> tuple[str, str]:
    """The attributes and content of a tileset; ``tiles`` gives properties by local tile id."""
    attributes = f'name="{name}" tilewidth="{TILE}" tileheight="{TILE}" tilecount="{count}" columns="4"'
    content = properties(props)
    if image:
        content += f'<image source="{image}" width="{4 * TILE}" height="{TILE * ((count + 3) // 4)}"/>'
    extra = tile_extra or {}
    for tile_id in sorted(set(tiles or {}) | set(extra)):
        content += f'<tile id="{tile_id}">{properties((tiles or {}).get(tile_id))}{extra.get(tile_id, "")}</tile>'
    return attributes, content


def tileset(first_gid: int = 1, **options: object) -> str:
    """A tileset embedded in the map."""
    attributes, content = tileset_body(**options)  # type: ignore[arg-type]
    return f'<tileset firstgid="{first_gid}" {attributes}>{content}</tileset>'


def write_tsx(path: Path, **options: object) -> Path:
    """An external tileset file (.tsx)."""
    attributes, content = tileset_body(**options)  # type: ignore[arg-type]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" {attributes}>'
                    f"{content}</tileset>\n", encoding="utf-8")
    return path


def tmx(width: int, height: int, *parts: str, orientation: str = "orthogonal", tile_width: int = TILE,
        tile_height: int = TILE, extra: str = "", props: dict[str, object] | None = None) -> str:
    """A whole map; ``parts`` are tilesets and layers, in order."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" tiledversion="1.10.2" '
            f'orientation="{orientation}" renderorder="right-down" width="{width}" height="{height}" '
            f'tilewidth="{tile_width}" tileheight="{tile_height}" infinite="0"{extra}>'
            f"{properties(props)}{''.join(parts)}</map>\n")


def write(path: Path, text: str) -> Path:
    """Write a file (making its folder) and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def floor_map(tmp_path: Path, art: list[str], *layers: str, name: str = "map.tmx", tiles: dict | None = None,
              spawns: bool = True) -> Path:
    """A map whose ground is ``art`` (tile 1 where a character is not '.') plus extra layers.

    With ``spawns``, a hero spawn is put on the first square of the ground and a monster spawn on
    the last, so tests that are not about placement see no placement warning. The tileset's image
    file is written too, holding bytes that no image reader would accept: the map loader never opens it.
    """
    write(tmp_path / "tiles.png", "not an image")
    width, height = len(art[0]), len(art)
    ground = ["".join("." if ch == "." else "1" for ch in row) for row in art]
    markers = []
    if spawns:
        cells = [(x, y) for y, row in enumerate(ground) for x, ch in enumerate(row) if ch != "."]
        markers.append(object_layer("spawns", point_obj("hero_spawn", *cells[0]), point_obj("monster_spawn",
                                                                                            *cells[-1])))
    return write(tmp_path / name, tmx(width, height, tileset(tiles=tiles), tile_layer("ground", ground), *layers,
                                      *markers))
