"""A .tmx file made ready for pytmx: checked, tilesets and templates inlined, then read by pytmx without images."""

from __future__ import annotations

import functools
import os
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from game.core.errors import MapError
from game.core.messages import reads_as_python
from game.maps.layerdata import GID_FLAGS, TileIds, prepare_tile_layer
from game.maps.properties import drop_misfit_values, simplify_property_types
from game.maps.xmlfile import read_xml

MAX_SIDE = 256
"""The largest map the game plays is MAX_SIDE x MAX_SIDE squares: path finding and sight stay quick below it."""

MAX_OBJECTS = 10_000
"""More objects than this in one map are refused: each may cover the whole map, and a real map has far fewer."""

MAX_LAYERS = 1_000
"""More layers than this (groups counted) are refused: real maps have a few dozen at most."""

MAX_GROUP_DEPTH = 50
"""Groups nested deeper than this are refused: each layer carries its groups' names, and real maps nest a few."""

MAX_LAYER_NAME = 1_000
"""A layer's name is at most this many characters long (Tiled shows a few dozen)."""

MAX_TILE_SQUARES = 64 * MAX_SIDE * MAX_SIDE
"""All tile layers together hold at most this many squares (64 layers of the largest map): the decoded
tile data stays within 16 MB however small the compressed file is."""

LAYER_TAGS = {"layer": "tiles", "objectgroup": "objects", "imagelayer": "image", "group": "group"}
_TURN_OFF_INFINITE = "in Tiled, untick Map > Map Properties > Infinite and save it again"


def import_pytmx() -> ModuleType:
    """Import pytmx without letting it import pygame.

    pytmx imports pygame when it can, and pygame prints a banner on stdout (which would spoil
    ``check-map --json``); the map layer is pure data. Screen code that wants tile images imports
    ``pytmx.util_pygame`` itself, which loads pygame as usual.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = [name for name in ("pygame", "pytmx.util_pygame") if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import pytmx
    finally:
        for name in blocked:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
    return pytmx


@dataclass
class LayerInfo:
    """One layer as the map lists it: its name (with its groups'), kind, whether a player sees it."""

    name: str
    kind: str  # tiles, objects, image or group
    visible: bool
    element: ET.Element = field(repr=False)
    own_name: str = ""
    pytmx_layer: Any = field(default=None, repr=False)
    unknown_tile: str = ""  # a tile layer's first tile id in no tileset, described; "" when it has none


@dataclass
class TmxDocument:
    """A map file read by pytmx, plus what pytmx leaves out: layer order, group visibility, each object's XML."""

    path: Path
    tiled: Any  # pytmx.TiledMap
    width: int
    height: int
    tile_width: int
    tile_height: int
    layers: list[LayerInfo]
    warnings: list[str]


def read_tmx(path: str | Path) -> TmxDocument:
    """Read a .tmx file as pytmx would (without images), or raise MapError with one line that says why."""
    path = Path(path)
    shown = str(path)
    if path.suffix.lower() in (".tmj", ".json"):
        raise MapError(f"{shown}: Tiled's JSON format is not read; in Tiled use File > Save As... and pick .tmx")
    root = read_xml(path, "map")
    if root.tag != "map":
        hint = " (a tileset, not a map)" if root.tag == "tileset" else ""
        raise MapError(f"{shown}: the root element is <{root.tag}>{hint}; a Tiled map starts with <map>")
    width, height, tile_width, tile_height = _check_map_element(root, shown)
    warnings: list[str] = []
    folder = path.parent
    tilesets_by_file = _inline_tilesets(root, folder, shown)
    _apply_templates(root, folder, shown, tilesets_by_file, warnings)
    layers = _walk_layers(root, shown)
    _prepare_layer_data(root, layers, (width, height), shown, warnings)
    simplify_property_types(root)
    warnings.extend(drop_misfit_values(root))
    _fill_image_sizes(root)
    objects = sum(1 for _ in root.iter("object"))
    if objects > MAX_OBJECTS:
        raise MapError(f"{shown}: the map has {objects} objects; the game reads at most {MAX_OBJECTS}")
    warnings.extend(_missing_images(root, folder))
    tiled = _parse_with_pytmx(root, path, shown)
    _attach_pytmx_layers(root, tiled, layers)
    return TmxDocument(path, tiled, width, height, tile_width, tile_height, layers, warnings)


def _check_map_element(root: ET.Element, shown: str) -> tuple[int, int, int, int]:
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise MapError(f"{shown}: the map is {orientation}; the game plays only orthogonal maps (square grids)")
    if root.get("infinite", "0") == "1" or root.find(".//data/chunk") is not None:
        raise MapError(f"{shown}: the map is infinite, which the game does not play; {_TURN_OFF_INFINITE}")
    numbers = []
    for attribute in ("width", "height", "tilewidth", "tileheight"):
        text = root.get(attribute)
        if text is None:
            raise MapError(f"{shown}: the map has no {attribute}")
        try:
            value = int(text)
        except ValueError:
            raise MapError(f"{shown}: the map's {attribute} is {text!r}, not a whole number") from None
        if value <= 0:
            raise MapError(f"{shown}: the map's {attribute} must be a positive whole number, not {text!r}")
        numbers.append(value)
    width, height = numbers[0], numbers[1]
    if width > MAX_SIDE or height > MAX_SIDE:
        raise MapError(f"{shown}: the map is {width}x{height} squares; the game plays maps of at most "
                       f"{MAX_SIDE}x{MAX_SIDE}")
    return numbers[0], numbers[1], numbers[2], numbers[3]


def _inline_tilesets(root: ET.Element, folder: Path, shown: str) -> dict[Path, int]:
    """Put each external tileset's content in the map, so pytmx reads it from our safely parsed tree.

    Returns the first global id of each tileset file, by resolved path, for templates that name one.
    """
    by_file: dict[Path, int] = {}
    for tileset in root.findall("tileset"):
        source = tileset.get("source")
        if not source:
            continue
        tsx_path = (folder / source).resolve()
        if tsx_path.is_dir():
            raise MapError(f"{shown}: the tileset {source} is a folder, not a tileset file (looked at {tsx_path})")
        if not tsx_path.is_file():
            raise MapError(f"{shown}: the tileset file {source} is missing (looked for {tsx_path})")
        tsx = read_xml(tsx_path, "tileset", shown=f"{shown}: tileset {source}")
        if tsx.tag != "tileset":
            raise MapError(f"{shown}: the tileset file {source} starts with <{tsx.tag}>, not <tileset>")
        first_gid = tileset.get("firstgid", "")
        if not first_gid.isdigit():
            raise MapError(f"{shown}: the tileset {source} has no valid firstgid")
        _rebase_images(tsx, os.path.dirname(source))
        tileset.attrib.clear()
        tileset.attrib.update(tsx.attrib)
        tileset.set("firstgid", first_gid)
        tileset[:] = list(tsx)
        by_file[tsx_path] = int(first_gid)
    return by_file


def _rebase_images(tileset: ET.Element, relative_folder: str) -> None:
    """Make image paths in an external tileset relative to the map, as they were relative to the .tsx."""
    if not relative_folder:
        return
    for image in tileset.iter("image"):
        source = image.get("source")
        if source:
            image.set("source", os.path.join(relative_folder, source))


def _apply_templates(root: ET.Element, folder: Path, shown: str, tilesets: dict[Path, int],
                     warnings: list[str]) -> None:
    """Fill in each object that uses a template (.tx) with what the template gives and the object leaves out."""
    cache: dict[Path, ET.Element | None] = {}
    for layer in root.iter("objectgroup"):
        for obj in layer.findall("object"):
            source = obj.get("template")
            if not source:
                continue
            tx_path = (folder / source).resolve()
            if tx_path not in cache:
                cache[tx_path] = _read_template(tx_path, source, shown, warnings)
            template = cache[tx_path]
            if template is not None:
                _merge_template(obj, template, tx_path, tilesets, shown, warnings)


def _read_template(tx_path: Path, source: str, shown: str, warnings: list[str]) -> ET.Element | None:
    if tx_path.is_dir():
        warnings.append(f"the object template {source} is a folder, not a template file: objects using it are "
                        "read without it")
        return None
    if not tx_path.is_file():
        warnings.append(f"the object template {source} is missing: objects using it are read without it")
        return None
    template = read_xml(tx_path, "template", shown=f"{shown}: template {source}")
    if template.tag != "template" or template.find("object") is None:
        raise MapError(f"{shown}: the template {source} is not a Tiled object template")
    return template


def _merge_template(obj: ET.Element, template: ET.Element, tx_path: Path, tilesets: dict[Path, int],
                    shown: str, warnings: list[str]) -> None:
    base = template.find("object")
    assert base is not None
    for key, value in base.attrib.items():
        if key == "gid" and key not in obj.attrib:
            gid = _template_gid(value, template, tx_path, tilesets)
            if gid is None:
                warnings.append(f"object {obj.get('id', '?')}: the tileset of its template's tile is not in the map")
            else:
                obj.set("gid", str(gid))
        elif key not in obj.attrib and key != "id":
            obj.set(key, value)
    shapes = ("ellipse", "point", "polygon", "polyline", "text")
    if not any(obj.find(tag) is not None for tag in shapes):
        obj.extend(child for child in base if child.tag in shapes)
    inherited = base.find("properties")
    if inherited is not None:
        own = obj.find("properties")
        if own is None:
            own = ET.SubElement(obj, "properties")
        named = {p.get("name") for p in own.findall("property")}
        own.extend(p for p in inherited.findall("property") if p.get("name") not in named)


def _template_gid(value: str, template: ET.Element, tx_path: Path, tilesets: dict[Path, int]) -> int | None:
    """The map's global id for a template's tile: its tileset must be one of the map's external tilesets."""
    tileset = template.find("tileset")
    if tileset is None or not tileset.get("source") or not value.isdigit():
        return None
    first_in_map = tilesets.get((tx_path.parent / tileset.get("source", "")).resolve())
    if first_in_map is None:
        return None
    raw = int(value)
    return ((raw & ~GID_FLAGS) - int(tileset.get("firstgid", "1")) + first_in_map) | (raw & GID_FLAGS)


def _prepare_layer_data(root: ET.Element, layers: list[LayerInfo], map_size: tuple[int, int], shown: str,
                        warnings: list[str]) -> None:
    """Check every tile layer's size and data and every tile object's tile, leaving the data for pytmx (see
    layerdata)."""
    tile_ids = TileIds(root)
    by_element = {id(info.element): info for info in layers}
    squares = 0
    for element in root.iter("layer"):
        info = by_element.get(id(element))
        name = info.name if info else element.get("name", "")
        size = _layer_size(element, map_size, name, shown)
        squares += size[0] * size[1]
        # Counted before any layer is decoded: a few bytes of zlib can stand for 256 KB of tiles each.
        if squares > MAX_TILE_SQUARES:
            raise MapError(f"{shown}: the tile layers hold more than {MAX_TILE_SQUARES} squares in all (64 layers "
                           f"of {MAX_SIDE}x{MAX_SIDE}); the game reads no more")
        unknown = prepare_tile_layer(element, name, size, map_size, tile_ids, shown, warnings)
        if info:
            info.unknown_tile = unknown
    for info in layers:
        if info.kind == "objects":
            warnings.extend(_unknown_object_tiles(info, tile_ids))


def _unknown_object_tiles(info: LayerInfo, tile_ids: TileIds) -> list[str]:
    """A warning for each tile object of an object layer whose tile id is in no tileset."""
    out = []
    for element in info.element.findall("object"):
        text = element.get("gid", "")
        gid = int(text) & ~GID_FLAGS if text.isdigit() else 0
        if gid and not tile_ids.holds(gid):
            # pytmx reads it as a tile with no properties: its shape counts, as for any tile object.
            out.append(f"object {element.get('id', '?')} on layer {info.name!r} shows tile id {gid}, which is in "
                       f"no tileset ({tile_ids.describe()}): it is read as a tile with no properties")
    return out


def _layer_size(layer: ET.Element, map_size: tuple[int, int], name: str, shown: str) -> tuple[int, int]:
    """A tile layer's width and height in squares (the map's when it gives none), within the game's limit."""
    layer.set("width", layer.get("width") or str(map_size[0]))
    layer.set("height", layer.get("height") or str(map_size[1]))
    try:
        width, height = int(layer.get("width", "")), int(layer.get("height", ""))
    except ValueError:
        raise MapError(f"{shown}: tile layer {name!r} has a size that is not a whole number") from None
    if width <= 0 or height <= 0 or width * height > MAX_SIDE * MAX_SIDE:
        raise MapError(f"{shown}: tile layer {name!r} is {width}x{height} squares")
    return width, height


def _fill_image_sizes(root: ET.Element) -> None:
    """Give tileset images with no recorded size a zero size: pytmx needs a number, and the map reads no image."""
    for tileset in root.iter("tileset"):
        image = tileset.find("image")
        if image is not None:
            for attribute in ("width", "height"):
                if not (image.get(attribute) or "").isdigit():
                    image.set(attribute, "0")


def _missing_images(root: ET.Element, folder: Path) -> list[str]:
    """One warning per tileset or image layer whose image files are not there (they are never opened here)."""
    warnings = []
    for tileset in root.iter("tileset"):
        sources = [image.get("source", "") for image in tileset.iter("image") if image.get("source")]
        missing = [source for source in sources if not (folder / source).is_file()]
        if missing:
            what = f"image {missing[0]} is" if len(missing) == 1 else f"{len(missing)} images (first {missing[0]}) are"
            warnings.append(f"tileset {tileset.get('name', '?')!r}: {what} missing; the game draws plain squares "
                            "for its tiles")
    for layer in root.iter("imagelayer"):
        image = layer.find("image")
        source = image.get("source", "") if image is not None else ""
        if source and not (folder / source).is_file():
            warnings.append(f"image layer {layer.get('name', '')!r}: image {source} is missing; it is not drawn")
    return warnings


def _walk_layers(root: ET.Element, shown: str) -> list[LayerInfo]:
    """Every layer in the order Tiled lists them, with the visibility a player sees (a hidden group hides all).

    The number of layers, the depth of groups and the length of names are bounded before any name is
    built, so the full names (each with its groups') cost no more than a small multiple of the file.
    """
    found: list[LayerInfo] = []
    # A stack rather than recursion: a file may nest groups deeper than Python's recursion limit.
    stack: list[tuple[ET.Element, str, bool, int]] = [(child, "", True, 0) for child in reversed(root)]
    while stack:
        element, prefix, parent_visible, depth = stack.pop()
        kind = LAYER_TAGS.get(element.tag)
        if kind is None:
            continue
        if len(found) >= MAX_LAYERS:
            raise MapError(f"{shown}: the map has more than {MAX_LAYERS} layers; the game reads at most {MAX_LAYERS}")
        own = element.get("name", "")
        if len(own) > MAX_LAYER_NAME:
            raise MapError(f"{shown}: a layer's name is {len(own)} characters long; the game reads names of at most "
                           f"{MAX_LAYER_NAME}")
        visible = parent_visible and element.get("visible", "1") not in ("0", "false")
        found.append(LayerInfo(prefix + own, kind, visible, element, own))
        if kind == "group":
            if depth + 1 > MAX_GROUP_DEPTH:
                raise MapError(f"{shown}: the map nests groups of layers more than {MAX_GROUP_DEPTH} deep; the game "
                               f"reads at most {MAX_GROUP_DEPTH}")
            stack.extend((child, f"{prefix}{own}/", visible, depth + 1) for child in reversed(element))
    return found


@functools.cache
def _tiled_map_class() -> type:
    """pytmx's map class minus its image step: the rules need no image, and none may be opened here."""
    pytmx: Any = import_pytmx()  # Any: the class below subclasses one of its members

    class TiledMapWithoutImages(pytmx.TiledMap):
        def reload_images(self) -> None:
            self.images: list[Any] = []

    return TiledMapWithoutImages


def _parse_with_pytmx(root: ET.Element, path: Path, shown: str) -> Any:
    # invert_y=False keeps Tiled's own coordinates (a tile object's y is its bottom edge).
    tiled = _tiled_map_class()(allow_duplicate_names=True, invert_y=False)
    tiled.filename = str(path)
    try:
        tiled.parse_xml(root)
    except Exception as error:  # pytmx raises bare Exceptions, often with no message
        text = str(error).strip()
        # pytmx's own refusals say what is wrong; Python's (a value of the wrong kind deep inside) say nothing.
        detail = text.splitlines()[0] if text and not reads_as_python(text) else "a value is missing or malformed"
        raise MapError(f"{shown}: the map's data cannot be read ({detail})") from None
    return tiled


def _attach_pytmx_layers(root: ET.Element, tiled: Any, layers: list[LayerInfo]) -> None:
    """Pair our layers with pytmx's, which lists them by kind (tile layers, then image, then object layers)."""
    pytmx = import_pytmx()
    by_kind: dict[type, list[Any]] = {}
    for layer in tiled.layers:
        by_kind.setdefault(type(layer), []).append(layer)
    # pytmx finds object layers with ".//objectgroup", which also catches tiles' collision shapes in tilesets.
    elements = {
        pytmx.TiledTileLayer: root.findall(".//layer"),
        pytmx.TiledObjectGroup: root.findall(".//objectgroup"),
    }
    pairs = {id(element): layer for kind, found in elements.items()
             for element, layer in zip(found, by_kind.get(kind, []), strict=True)}
    for info in layers:
        info.pytmx_layer = pairs.get(id(info.element))
