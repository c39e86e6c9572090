"""A Tiled map turned into the engine's Battlefield, following the conventions in docs/maps.md."""

from __future__ import annotations

import bisect
import itertools
import math
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.battlefield import Arena, Battlefield, Spawn, Square, Treasure
from game.core.content import entry_key, spellings
from game.core.errors import MapError
from game.core.wording import counted
from game.maps import conventions as c
from game.maps.placement import place_both_sides, place_opposite
from game.maps.shapes import Grid, Shape, covered_squares, middle_of
from game.maps.tmxfile import LayerInfo, TmxDocument, read_tmx


@dataclass
class MapObject:
    """One Tiled object with what the conventions look at: type, properties, outline, visibility."""

    id: int
    name: str
    type: str  # lower case; "" when it has none
    properties: dict[str, Any]  # names in lower case
    shape: Shape
    visible: bool  # the object and all its layers are shown
    layer_terrain: frozenset[str]
    tile_terrain: frozenset[str]
    layer: str

    @property
    def label(self) -> str:
        """How a warning names the object: its type, its name if it has one, and its id (as Tiled shows it)."""
        named = f" {self.name!r}" if self.name else ""
        return f"{self.type or 'object'}{named} (object {self.id})"


@dataclass
class _Terrain:
    squares: set[Square] = field(default_factory=set)
    kinds: dict[str, set[Square]] = field(default_factory=lambda: {kind: set() for kind in c.TERRAIN_KINDS})


def load_map(path: str | Path, monsters: Collection[str] | None = None,
             items: Collection[str] | None = None) -> Battlefield:
    """Read a Tiled .tmx file into a Battlefield, or raise MapError with one line naming the file and the reason.

    ``monsters`` and ``items`` are the names the game knows: a spawn or treasure naming another one
    is reported in ``warnings`` rather than refused. Without them, names are not checked.
    """
    return build_battlefield(read_tmx(Path(path)), monsters, items)


def build_battlefield(document: TmxDocument, monsters: Collection[str] | None = None,
                      items: Collection[str] | None = None) -> Battlefield:
    """Apply the map conventions to a map file that pytmx has read."""
    shown = str(document.path)
    grid = Grid(document.width, document.height, document.tile_width, document.tile_height)
    warnings = list(document.warnings)
    terrain = _Terrain()
    tile_kinds = _TileTerrain(document.tiled)
    for info in document.layers:
        if info.kind == "tiles":
            _read_tile_layer(info, grid, tile_kinds, terrain, warnings)
    objects = list(_map_objects(document, grid, tile_kinds, warnings))
    _read_object_terrain(objects, grid, terrain, warnings)
    squares = frozenset(terrain.squares)
    walls = frozenset(terrain.kinds[c.WALL]) & squares
    impassable = (frozenset(terrain.kinds[c.IMPASSABLE]) & squares) - walls
    obstructed = (frozenset(terrain.kinds[c.OBSTRUCTED]) & squares) - walls - impassable
    opaque = (frozenset(terrain.kinds[c.OPAQUE]) & squares) - walls
    open_squares = squares - walls - impassable
    _refuse_unplayable(document, squares, open_squares, shown)

    markers = _Markers(open_squares, squares, _known(monsters), _known(items), warnings)
    for obj in objects:
        markers.read(obj, grid)
    _place_missing_sides(markers, open_squares, shown, warnings)
    return Battlefield(
        width=grid.width, height=grid.height, squares=squares, walls=walls, obstructed=obstructed,
        opaque=opaque, impassable=impassable, hero_spawns=tuple(markers.heroes),
        monster_spawns=tuple(markers.monster_spawns), treasure=tuple(markers.treasure), arenas=tuple(markers.arenas),
        warnings=tuple(warnings), name=_map_name(document), source=shown, tile_width=grid.tile_width,
        tile_height=grid.tile_height,
        layers=tuple(f"{info.name} ({info.kind}{'' if info.visible else ', hidden'})" for info in document.layers),
    )


class _TileTerrain:
    """Terrain kinds of each tile the map uses, from its own properties and its tileset's (the tile's win)."""

    def __init__(self, tiled: Any) -> None:
        self._tiled = tiled
        tilesets = sorted(tiled.tilesets, key=lambda tileset: tileset.firstgid)
        self._first_gids = [tileset.firstgid for tileset in tilesets]
        self._tileset_properties = [c.lower_keys(tileset.properties) for tileset in tilesets]
        self._any_tileset_terrain = any(c.terrain_from_properties(p) for p in self._tileset_properties)
        self._cache: dict[int, frozenset[str]] = {0: frozenset()}

    def __call__(self, gid: int) -> frozenset[str]:
        """The terrain kinds of one tile, by pytmx's id for it."""
        found = self._cache.get(gid)
        if found is None:
            if gid in self._tiled.tile_properties or self._any_tileset_terrain:
                found = c.terrain_from_properties(self.properties(gid))
            else:  # most tiles of most maps: no properties at all
                found = frozenset()
            self._cache[gid] = found
        return found

    def properties(self, gid: int) -> dict[str, Any]:
        """A tile's properties (lower-case names) on top of its tileset's."""
        merged: dict[str, Any] = {}
        index = bisect.bisect_right(self._first_gids, self._tiled.tiledgidmap.get(gid, 0)) - 1
        if index >= 0:
            merged.update(self._tileset_properties[index])
        merged.update(c.lower_keys(self._tiled.tile_properties.get(gid) or {}))
        return merged


def _read_tile_layer(info: LayerInfo, grid: Grid, tile_kinds: _TileTerrain, terrain: _Terrain,
                     warnings: list[str]) -> None:
    layer = info.pytmx_layer
    layer_kinds = c.terrain_from_layer_name(info.own_name) | c.terrain_from_properties(
        c.lower_keys(layer.properties))
    rows = [row[:grid.width] for row in layer.data[:grid.height]]
    if not info.visible:
        # What a player cannot see does not stop them; say so, since collision layers are often hidden.
        used = set(itertools.chain.from_iterable(rows)) - {0}
        kinds = layer_kinds if used else frozenset()
        kinds = kinds.union(*(tile_kinds(gid) for gid in used))
        if kinds:
            warnings.append(f"layer {info.name!r} is hidden, so its tiles count as nothing "
                            f"(they would be {_kinds_text(kinds)}); show it in Tiled if they should count")
        return
    layer_squares = [(x, y) for y, row in enumerate(rows) for x, gid in enumerate(row) if gid]
    terrain.squares.update(layer_squares)
    for kind in layer_kinds:
        terrain.kinds[kind].update(layer_squares)
    # Only tiles with terrain of their own need a second look, and most maps have few or none.
    special = {gid: kinds for gid in set(itertools.chain.from_iterable(rows)) if (kinds := tile_kinds(gid))}
    if special:
        for y, row in enumerate(rows):
            for x, gid in enumerate(row):
                for kind in special.get(gid, ()):
                    terrain.kinds[kind].add((x, y))


def _map_objects(document: TmxDocument, grid: Grid, tile_kinds: _TileTerrain,
                 warnings: list[str]) -> Iterable[MapObject]:
    for info in document.layers:
        if info.kind != "objects":
            continue
        layer_kinds = c.terrain_from_layer_name(info.own_name) | c.terrain_from_properties(
            c.lower_keys(info.pytmx_layer.properties))
        for element, obj in zip(info.element.findall("object"), info.pytmx_layer, strict=True):
            shape = _shape(element, obj, grid)
            if not _within_reach(shape):
                warnings.append(f"object {obj.id} on layer {info.name!r} lies beyond any map "
                                "(or its coordinates are not numbers): ignored")
                continue
            tile_properties = tile_kinds.properties(obj.gid) if obj.gid else {}
            object_type = obj.type or getattr(obj, "class", None) or tile_properties.get("type") \
                or tile_properties.get("class") or ""
            yield MapObject(
                id=obj.id, name=obj.name or "", type=str(object_type).strip().lower(),
                properties=c.lower_keys(obj.properties), shape=shape,
                visible=info.visible and bool(obj.visible), layer_terrain=layer_kinds,
                tile_terrain=tile_kinds(obj.gid) if obj.gid else frozenset(), layer=info.name,
            )


FAR = 1e9
"""Pixels from the map's corner beyond which an object cannot touch any map the game plays."""


def _within_reach(shape: Shape) -> bool:
    """Whether every number of the shape is finite and not absurdly far, so covering squares stays exact."""
    numbers = [*shape.origin, *shape.box, shape.rotation, *(value for point in shape.points for value in point)]
    return all(math.isfinite(value) and abs(value) <= FAR for value in numbers)


def _shape(element: ET.Element, obj: Any, grid: Grid) -> Shape:
    """The object's outline; Tiled rotates shapes about their top left corner, tile objects about the bottom left."""
    origin, width, height = (obj.x, obj.y), float(obj.width), float(obj.height)
    rotation = float(obj.rotation or 0)
    if obj.gid:
        width, height = width or grid.tile_width, height or grid.tile_height
        return Shape("rectangle", origin, (0.0, -height, width, 0.0), rotation=rotation)
    for tag in ("polygon", "polyline"):
        child = element.find(tag)
        if child is not None:
            points = tuple((float(x), float(y)) for x, y in
                           (pair.split(",") for pair in child.get("points", "").split()))
            if points:
                return Shape(tag, origin, points=points, rotation=rotation)
    if element.find("point") is not None or (width <= 0 and height <= 0):
        return Shape("point", origin)
    kind = "ellipse" if element.find("ellipse") is not None else "rectangle"
    return Shape(kind, origin, (0.0, 0.0, width, height), rotation=rotation)


def _read_object_terrain(objects: list[MapObject], grid: Grid, terrain: _Terrain, warnings: list[str]) -> None:
    hidden: dict[str, set[str]] = {}
    for obj in objects:
        if obj.type in c.MARKER_TYPES:
            continue
        kinds = c.terrain_from_object_type(obj.type) | obj.layer_terrain | obj.tile_terrain
        if not kinds:
            continue
        if not obj.visible:
            hidden.setdefault(obj.layer, set()).update(kinds)
            continue
        covered = covered_squares(obj.shape, grid)
        for kind in kinds:
            terrain.kinds[kind].update(covered)
    for layer, unseen in hidden.items():
        warnings.append(f"hidden objects on layer {layer!r} count as nothing (they would be {_kinds_text(unseen)}); "
                        "show them in Tiled if they should count")


def _kinds_text(kinds: Iterable[str]) -> str:
    words = {c.WALL: "walls", c.IMPASSABLE: "impassable", c.OBSTRUCTED: "obstructed", c.OPAQUE: "opaque"}
    return " and ".join(words[kind] for kind in c.TERRAIN_KINDS if kind in kinds)


def _refuse_unplayable(document: TmxDocument, squares: frozenset[Square], open_squares: frozenset[Square],
                       shown: str) -> None:
    if open_squares:
        return
    if squares:
        raise MapError(f"{shown}: every square of the map is a wall or impassable; there is nowhere to stand")
    tile_layers = [info for info in document.layers if info.kind == "tiles"]
    if not tile_layers:
        raise MapError(f"{shown}: the map has no tile layer, so no square belongs to the battlefield")
    if not any(info.visible for info in tile_layers):
        raise MapError(f"{shown}: every tile layer is hidden, so no square belongs to the battlefield")
    unknown = next((info.unknown_tile for info in tile_layers if info.visible and info.unknown_tile), "")
    if unknown:
        raise MapError(f"{shown}: the visible tile layers hold no tile of any tileset ({unknown}), so no square "
                       "belongs to the battlefield")
    raise MapError(f"{shown}: the tile layers are empty, so no square belongs to the battlefield")


def _known(names: Collection[str] | None) -> dict[str, str] | None:
    """Known names by their plain spelling, so a map may write "Goblin Archer" for "goblin_archer"."""
    return None if names is None else spellings(names)


def _listed(known: dict[str, str]) -> str:
    """The names a map may use, for a warning about one it may not."""
    return ", ".join(sorted(known.values()))


class _Markers:
    """Spawns, treasure and arenas, read from objects on any layer (markers are never drawn)."""

    def __init__(self, open_squares: frozenset[Square], squares: frozenset[Square], monsters: dict[str, str] | None,
                 items: dict[str, str] | None, warnings: list[str]) -> None:
        self.open, self.squares, self.known_monsters, self.known_items = open_squares, squares, monsters, items
        self.warnings = warnings
        self.heroes: list[Spawn] = []
        self.monster_spawns: list[Spawn] = []
        self.treasure: list[Treasure] = []
        self.arenas: list[Arena] = []
        self._spawned: set[tuple[str, Square]] = set()

    def read(self, obj: MapObject, grid: Grid) -> None:
        """Record the object if its type makes it a marker."""
        if obj.type == c.HERO_SPAWN:
            self._spawn(obj, grid, "heroes", None)
        elif obj.type == c.MONSTER_SPAWN:
            self._spawn(obj, grid, "monsters", self._monster_name(obj))
        elif obj.type == c.TREASURE:
            self._treasure(obj, grid)
        elif obj.type == c.ARENA:
            self._arena(obj, grid)

    def _spawn(self, obj: MapObject, grid: Grid, side: str, monster: str | None) -> None:
        covered = sorted(covered_squares(obj.shape, grid), key=lambda square: (square[1], square[0]))
        ignored = [square for square in covered if square not in self.open]
        if not covered:
            self.warnings.append(f"{obj.label} lies outside the map: ignored")
        elif len(covered) == 1 and ignored:
            self.warnings.append(f"{obj.label} at {ignored[0]} is {self._where(ignored, False)}: ignored")
        elif len(ignored) == 1:
            self.warnings.append(f"{obj.label} has 1 of its {len(covered)} squares {self._where(ignored, False)} "
                                 f"at {ignored[0]}: that square is ignored")
        elif ignored:
            self.warnings.append(f"{obj.label} has {len(ignored)} of its {len(covered)} squares "
                                 f"{self._where(ignored, True)} (first {ignored[0]}): those are ignored")
        target = self.heroes if side == "heroes" else self.monster_spawns
        for square in covered:
            if square in self.open and (side, square) not in self._spawned:
                self._spawned.add((side, square))
                target.append(Spawn(square, side, monster))

    def _where(self, ignored: list[Square], plural: bool) -> str:
        """Why spawn squares cannot be used: off the map, or on squares nobody can stand on."""
        off_map = any(square not in self.squares for square in ignored)
        blocked = any(square in self.squares for square in ignored)
        walls = "on walls or impassable squares" if plural else "on a wall or an impassable square"
        return " or ".join(text for text, found in (("off the map", off_map), (walls, blocked)) if found)

    def _monster_name(self, obj: MapObject) -> str | None:
        name = str(obj.properties.get("monster", "")).strip()
        if not name:
            return None
        if self.known_monsters is None:
            return name
        known = self.known_monsters.get(entry_key(name))
        if known is None:
            self.warnings.append(f"{obj.label} names the monster {name!r}, which the game does not know "
                                 f"(known: {_listed(self.known_monsters)}); the spawn is kept and the game "
                                 "chooses its monster")
        return known

    def _treasure(self, obj: MapObject, grid: Grid) -> None:
        item = str(obj.properties.get("item", "")).strip()
        if not item:
            self.warnings.append(f"{obj.label} has no 'item' property: ignored")
            return
        if self.known_items is not None:
            known = self.known_items.get(entry_key(item))
            if known is None:
                self.warnings.append(f"{obj.label} names the item {item!r}, which the game does not know "
                                     f"(known: {_listed(self.known_items)}): ignored")
                return
            item = known
        covered = [square for square in covered_squares(obj.shape, grid) if square in self.open]
        if not covered:
            self.warnings.append(f"{obj.label} is not on an open square of the map: ignored")
            return
        x, y = middle_of(obj.shape)
        # Nearest by the distance from the middle to each square's centre; ties go to the upper left.
        column, row = x / grid.tile_width - 0.5, y / grid.tile_height - 0.5
        square = min(covered, key=lambda s: ((s[0] - column) ** 2 + (s[1] - row) ** 2, s[1], s[0]))
        self.treasure.append(Treasure(square, item))

    def _arena(self, obj: MapObject, grid: Grid) -> None:
        kind = str(obj.properties.get("kind", "")).strip().lower()
        name = obj.name or f"arena {obj.id}"
        if kind not in c.ARENA_KINDS:
            given = f"has the kind {kind!r}" if kind else "has no 'kind' property"
            self.warnings.append(f"arena {name!r} {given} ({', '.join(c.ARENA_KINDS)} expected): it counts as neutral")
            kind = "neutral"
        covered = frozenset(covered_squares(obj.shape, grid)) & self.squares
        if not covered:
            self.warnings.append(f"arena {name!r} covers no square of the map: ignored")
            return
        self.arenas.append(Arena(name, kind, covered))


def _place_missing_sides(markers: _Markers, open_squares: frozenset[Square], shown: str,
                         warnings: list[str]) -> None:
    """A map without spawns still plays: the missing side starts as far as possible from the other."""
    if markers.heroes and markers.monster_spawns:
        return
    if not markers.heroes and not markers.monster_spawns:
        heroes, monsters = place_both_sides(open_squares)
        if not heroes or not monsters:
            raise MapError(f"{shown}: the map has no spawns and only {counted(len(open_squares), 'open square')}, "
                           "too few to place both sides")
        markers.heroes.extend(Spawn(square, "heroes") for square in heroes)
        markers.monster_spawns.extend(Spawn(square, "monsters") for square in monsters)
        warnings.append(f"the map has no spawns: the heroes start on {counted(len(heroes), 'open square')} around "
                        f"{heroes[0]} and the monsters on {len(monsters)} around {monsters[0]}, at opposite ends")
        return
    side, present, target = (("monsters", markers.heroes, markers.monster_spawns) if markers.heroes
                             else ("heroes", markers.monster_spawns, markers.heroes))
    placed = place_opposite(open_squares, [spawn.square for spawn in present])
    if not placed:
        raise MapError(f"{shown}: the map has no {side}' spawns and no open square left to place them on")
    target.extend(Spawn(square, side) for square in placed)
    warnings.append(f"the map has no {'hero' if side == 'heroes' else 'monster'} spawns: the {side} start on "
                    f"{counted(len(placed), 'open square')} around {placed[0]}, as far as walking goes from the "
                    "other side")


def _map_name(document: TmxDocument) -> str:
    """The map's "name" or "title" property when it has one, else its file name without the extension."""
    return _name_from(document.tiled.properties, document.path.stem)


def _name_from(properties: dict[str, Any], stem: str) -> str:
    """The "name" or "title" of a map's properties (any case), else the file name given."""
    properties = c.lower_keys(properties)
    for key in ("name", "title"):
        if str(properties.get(key) or "").strip():
            return str(properties[key]).strip()
    return stem


def map_name_of(path: Path) -> str:
    """The name ``load_map`` gives a map, read from the file's map properties alone (its file name if unreadable).

    Quick enough for a list of maps: nothing is checked, no tileset is opened; loading the map
    reports what is wrong with it.
    """
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return path.stem
    properties = {prop.get("name", ""): prop.get("value", prop.text or "")
                  for prop in root.findall("./properties/property")}
    return _name_from(properties, path.stem)
