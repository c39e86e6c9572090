"""A Tiled map turned into the engine's Battlefield, following the conventions in docs/maps.md."""

from __future__ import annotations

import bisect
import itertools
import math
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.battlefield import Arena, Battlefield, MapTool, Spawn, Square, Treasure
from game.core.content import entry_key, spellings
from game.core.errors import MapError
from game.core.messages import one_line
from game.core.wording import counted
from game.maps import conventions as c
from game.maps.briefing import map_briefing
from game.maps.lying import lying_square
from game.maps.naming import map_name, printable
from game.maps.naming import map_name_of as map_name_of  # where the screens import it from
from game.maps.placement import place_both_sides, place_opposite
from game.maps.shapes import Grid, Shape, covered_squares
from game.maps.tmxfile import LayerInfo, TmxDocument, read_tmx
from game.maps.tools import ToolNames, map_tool, tool_words


@dataclass
class MapObject:
    """One Tiled object with what the conventions look at: type, properties, outline, visibility."""

    id: int
    name: str
    type: str  # as conventions.type_key spells it ("Hero Spawn" is hero_spawn); "" when it has none
    properties: dict[str, Any]  # names in lower case
    shape: Shape
    visible: bool  # the object is shown, and so are its layers (or its layer is named for a terrain: read anyway)
    layer_terrain: frozenset[str]
    tile_terrain: frozenset[str]
    layer: str
    written_type: str = ""  # the type as the map writes it, for warnings about types the game does not know

    @property
    def label(self) -> str:
        """How a warning names the object: its type, its name if it has one, and its id (as Tiled shows it)."""
        named = f" {self.name!r}" if self.name else ""
        return f"{self.type or 'object'}{named} (object {self.id})"

    @property
    def identified(self) -> str:
        """How a warning names an object whose type it reads nothing from: its id and its name if it has one."""
        return f"object {self.id} {self.name!r}" if self.name else f"object {self.id}"

    @property
    def described(self) -> str:
        """How a warning names an object that is no marker: its id, its name, and its type as written."""
        typed = f"of type {self.written_type!r}" if self.written_type else "with no type"
        return f"{self.identified} {typed}"


def _no_kinds() -> dict[str, set[Square]]:
    return {kind: set() for kind in c.TERRAIN_KINDS}


@dataclass
class _Terrain:
    """The squares on the map, and the squares of each terrain kind: from tile layers and from objects apart."""

    squares: set[Square] = field(default_factory=set)
    kinds: dict[str, set[Square]] = field(default_factory=_no_kinds)  # from tiles and tile layers
    from_objects: dict[str, set[Square]] = field(default_factory=_no_kinds)  # from objects (shapes, tile objects)

    def resolved(self) -> dict[str, frozenset[Square]]:
        """Each kind's squares on the map, a square keeping only its strongest kinds (docs/maps.md, Overlaps)."""
        found = {kind: (self.kinds[kind] | self.from_objects[kind]) & self.squares for kind in c.TERRAIN_KINDS}
        walls = frozenset(found[c.WALL])
        impassable = frozenset(found[c.IMPASSABLE]) - walls
        return {c.WALL: walls, c.IMPASSABLE: impassable,
                c.OBSTRUCTED: frozenset(found[c.OBSTRUCTED]) - walls - impassable,
                c.OPAQUE: frozenset(found[c.OPAQUE]) - walls}

    def from_objects_only(self, resolved: dict[str, frozenset[Square]]) -> frozenset[Square]:
        """Squares with a kind that only objects give them: the screen, drawing the tiles, shows no such terrain."""
        return frozenset().union(*((resolved[kind] & self.from_objects[kind]) - self.kinds[kind]
                                   for kind in c.TERRAIN_KINDS))


def load_map(path: str | Path, monsters: Collection[str] | None = None,
             items: Collection[str] | None = None, tools: ToolNames | None = None) -> Battlefield:
    """Read a Tiled .tmx file into a Battlefield, or raise MapError with one line naming the file and the reason.

    ``monsters`` and ``items`` are the names the game knows: a spawn or treasure naming another one
    is reported in ``warnings`` rather than refused. Without them, names are not checked; so with ``tools``.
    """
    return build_battlefield(read_tmx(Path(path)), monsters, items, tools)


def build_battlefield(document: TmxDocument, monsters: Collection[str] | None = None,
                      items: Collection[str] | None = None, tools: ToolNames | None = None) -> Battlefield:
    """Apply the map conventions to a map file that pytmx has read."""
    shown = str(document.path)
    grid = Grid(document.width, document.height, document.tile_width, document.tile_height)
    warnings = list(document.warnings)
    terrain = _Terrain()
    tile_kinds = TileTerrain(document.tiled)
    for info in document.layers:
        if info.kind == "tiles":
            _read_tile_layer(info, grid, tile_kinds, terrain, warnings)
    objects = list(map_objects(document, grid, tile_kinds, warnings))
    _read_object_terrain(objects, grid, terrain, warnings)
    squares = frozenset(terrain.squares)
    kept = terrain.resolved()
    open_squares = squares - kept[c.WALL] - kept[c.IMPASSABLE]
    _refuse_unplayable(document, squares, open_squares, shown)

    markers = _Markers(open_squares, squares, kept[c.WALL], _known(monsters), _known(items), warnings, tools)
    for obj in objects:
        markers.read(obj, grid)
    _warn_untyped_marker_layers(objects, warnings)
    _place_missing_sides(markers, open_squares, shown, warnings)
    intro, objective = map_briefing(document.tiled.properties, warnings)
    return Battlefield(
        width=grid.width, height=grid.height, squares=squares, walls=kept[c.WALL], obstructed=kept[c.OBSTRUCTED],
        opaque=kept[c.OPAQUE], impassable=kept[c.IMPASSABLE], hero_spawns=tuple(markers.heroes),
        monster_spawns=markers.monsters_in_order(), treasure=tuple(markers.treasure), arenas=tuple(markers.arenas),
        warnings=printable(warnings), name=map_name(document), source=shown, tile_width=grid.tile_width,
        tile_height=grid.tile_height,
        layers=tuple(one_line(f"{info.name} ({info.kind}{'' if info.visible else ', hidden'})")
                     for info in document.layers),
        object_terrain=terrain.from_objects_only(kept), intro=intro, objective=objective, tools=tuple(markers.tools),
    )


class TileTerrain:
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


def _read_tile_layer(info: LayerInfo, grid: Grid, tile_kinds: TileTerrain, terrain: _Terrain,
                     warnings: list[str]) -> None:
    layer = info.pytmx_layer
    layer_kinds = c.terrain_from_layer_name(info.own_name) | c.terrain_from_properties(
        c.lower_keys(layer.properties))
    rows = [row[:grid.width] for row in layer.data[:grid.height]]
    if not info.visible and not layer_kinds:
        # What a player cannot see does not stop them; say so. A layer whose name (or own property) gives it a
        # terrain is read hidden or not: map makers hide their collision layer so it does not cover the art.
        used = set(itertools.chain.from_iterable(rows)) - {0}
        kinds = layer_kinds if used else frozenset()
        kinds = kinds.union(*(tile_kinds(gid) for gid in used))
        if kinds:
            warnings.append(f"layer {info.name!r} is hidden, so its tiles count as nothing "
                            f"(they would be {_kinds_text(kinds)}); show it in Tiled if they should count")
        return
    layer_squares = [(x, y) for y, row in enumerate(rows) for x, gid in enumerate(row) if gid]
    _warn_misnamed_layer(info, layer_kinds, rows, tile_kinds, warnings)
    if info.visible:  # a hidden terrain layer marks squares; only what a player sees puts squares on the map
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


def _warn_misnamed_layer(info: LayerInfo, layer_kinds: frozenset[str], rows: list[list[int]],
                         tile_kinds: TileTerrain, warnings: list[str]) -> None:
    """Warn when a tile layer's name (or its group's) looks meant to give a terrain its tiles then lack."""
    hinted = sorted(c.terrain_hinted_by(info.name) - layer_kinds)
    if not hinted:
        return
    counts = Counter(itertools.chain.from_iterable(rows))  # each distinct tile looked at once, not each square
    for kind in hinted:
        lacking = sum(n for gid, n in counts.items() if gid and kind not in tile_kinds(gid))
        if lacking:
            warnings.append(_misnamed(info.name, kind, lacking, "tile"))


def _misnamed(layer: str, kind: str, lacking: int, thing: str) -> str:
    """The warning for a layer named like a terrain layer that the game does not read as one."""
    names = " or ".join(", ".join(sorted(c.TERRAIN_LAYER_NAMES[kind])).rsplit(", ", 1))
    one, many, meant = _KIND_NOUNS[kind]
    lost = f"1 of its {thing}s is not {one}" if lacking == 1 else f"{lacking} of its {thing}s are not {many}"
    return (f"layer {layer!r} seems meant to make {meant}, but the game reads a layer's own name only when it is "
            f"{names} (case, spaces, hyphens and a number at the end do not matter), or a true {kind!r} property "
            f"of the layer: {lost}")


_KIND_NOUNS = {c.WALL: ("a wall", "walls", "walls"), c.IMPASSABLE: ("impassable", "impassable", "impassable squares"),
               c.OBSTRUCTED: ("obstructed", "obstructed", "obstructed squares"),
               c.OPAQUE: ("opaque", "opaque", "opaque squares")}


def map_objects(document: TmxDocument, grid: Grid, tile_kinds: TileTerrain,
                warnings: list[str]) -> Iterable[MapObject]:
    """Every object of the map's object layers with the squares it covers (what is wrong goes to ``warnings``)."""
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
                id=obj.id, name=obj.name or "", type=c.type_key(str(object_type)),
                properties=c.lower_keys(obj.properties), shape=shape,
                # A layer named for a terrain counts hidden or not, as a tile layer does; a hidden object never.
                visible=(info.visible or bool(layer_kinds)) and bool(obj.visible), layer_terrain=layer_kinds,
                tile_terrain=tile_kinds(obj.gid) if obj.gid else frozenset(), layer=info.name,
                written_type=str(object_type).strip(),
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
    lacking: dict[tuple[str, str], int] = {}  # objects on a layer named like a terrain layer without that terrain
    for obj in objects:
        if obj.type in c.MARKER_TYPES:
            continue
        kinds = object_terrain_kinds(obj)
        for kind in c.terrain_hinted_by(obj.layer) - kinds:
            lacking[obj.layer, kind] = lacking.get((obj.layer, kind), 0) + 1
        if not kinds:
            continue
        if not obj.visible:
            hidden.setdefault(obj.layer, set()).update(kinds)
            continue
        covered = covered_squares(obj.shape, grid)
        for kind in kinds:
            terrain.from_objects[kind].update(covered)
    for layer, unseen in hidden.items():
        warnings.append(f"hidden objects on layer {layer!r} count as nothing (they would be {_kinds_text(unseen)}); "
                        "show them in Tiled if they should count")
    for (layer, kind), count in lacking.items():
        warnings.append(_misnamed(layer, kind, count, "object"))


def object_terrain_kinds(obj: MapObject) -> frozenset[str]:
    """The terrain kinds an object gives the squares it covers: by its type, its layer, or its tile."""
    return c.terrain_from_object_type(obj.type) | obj.layer_terrain | obj.tile_terrain


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
    """Spawns, treasure, arenas and tools, read from objects on any layer (markers are never drawn)."""

    def __init__(self, open_squares: frozenset[Square], squares: frozenset[Square], walls: frozenset[Square],
                 monsters: dict[str, str] | None, items: dict[str, str] | None, warnings: list[str],
                 tools: ToolNames | None = None) -> None:
        self.open, self.squares, self.walls = open_squares, squares, walls
        self.known_monsters, self.known_items, self.known_tools = monsters, items, tools
        self.warnings = warnings
        self.heroes: list[Spawn] = []
        self.monster_spawns: list[Spawn] = []
        self.treasure: list[Treasure] = []
        self.arenas: list[Arena] = []
        self.tools: list[MapTool] = []
        self._spawned: set[tuple[str, Square]] = set()

    def read(self, obj: MapObject, grid: Grid) -> None:
        """Record the object if its type makes it a marker; warn when it looks meant as one but is not read."""
        misplaced = self._warn_misplaced_properties(obj)
        if obj.type == c.HERO_SPAWN:
            self._spawn(obj, grid, "heroes", None)
        elif obj.type == c.MONSTER_SPAWN:
            self._spawn(obj, grid, "monsters", self._monster_name(obj))
        elif obj.type == c.TREASURE:
            self._treasure(obj, grid)
        elif obj.type == c.ARENA:
            self._arena(obj, grid)
        elif obj.type == c.TOOL:
            self._tool(obj, grid)
        elif not misplaced:
            self._warn_unknown_type(obj)

    def monsters_in_order(self) -> tuple[Spawn, ...]:
        """The monster spawns, those naming a monster first (each in the map's order).

        The modes put their monsters on the spawns in this order and take the map's own encounter
        from the names, so each named monster stands on the spawn that names it, and a spawn naming
        none is used only when the encounter has more monsters than the spawns name.
        """
        named = [spawn for spawn in self.monster_spawns if spawn.monster]
        return tuple(named + [spawn for spawn in self.monster_spawns if not spawn.monster])

    def _spawn(self, obj: MapObject, grid: Grid, side: str, monster: str | None) -> None:
        covered = sorted(covered_squares(obj.shape, grid), key=lambda square: (square[1], square[0]))
        if not covered:
            self.warnings.append(f"{obj.label} lies outside the map: ignored{_not_fighting(monster, 1, 1)}")
            return
        ignored = [square for square in covered if square not in self.open]
        if ignored:
            self._warn_unusable(obj, covered, ignored, monster)
        usable = [square for square in covered if square in self.open]
        taken = [square for square in usable if (side, square) in self._spawned]
        if taken and monster:
            # Two spawns on one square start one monster there: the second name would vanish unseen.
            where = f"at {taken[0]}" if len(taken) == 1 else f"on {len(taken)} squares (first {taken[0]})"
            self.warnings.append(f"{obj.label} {where} marks a square another monster spawn marks already: "
                                 f"{'that square is' if len(taken) == 1 else 'those are'} ignored"
                                 f"{_not_fighting(monster, len(taken), len(covered))}")
        target = self.heroes if side == "heroes" else self.monster_spawns
        for square in usable:
            if (side, square) not in self._spawned:
                self._spawned.add((side, square))
                target.append(Spawn(square, side, monster))

    def _warn_unusable(self, obj: MapObject, covered: list[Square], ignored: list[Square],
                       monster: str | None) -> None:
        """A spawn's squares nobody can stand on (walls, water, off the map): ignored, and what that costs."""
        lost = _not_fighting(monster, len(ignored), len(covered))
        if len(covered) == 1:
            self.warnings.append(f"{obj.label} at {ignored[0]} is {self._where(ignored, False)}: ignored{lost}")
        elif len(ignored) == 1:
            self.warnings.append(f"{obj.label} has 1 of its {len(covered)} squares {self._where(ignored, False)} "
                                 f"at {ignored[0]}: that square is ignored{lost}")
        else:
            self.warnings.append(f"{obj.label} has {len(ignored)} of its {len(covered)} squares "
                                 f"{self._where(ignored, True)} (first {ignored[0]}): those are ignored{lost}")

    def _where(self, ignored: list[Square], plural: bool) -> str:
        """Why spawn squares cannot be used: off the map, or on squares nobody can stand on."""
        off_map = any(square not in self.squares for square in ignored)
        blocked = any(square in self.squares for square in ignored)
        walls = "on walls or impassable squares" if plural else "on a wall or an impassable square"
        return " or ".join(text for text, found in (("off the map", off_map), (walls, blocked)) if found)

    def _monster_name(self, obj: MapObject) -> str | None:
        name = str(obj.properties.get(c.MONSTER, "")).strip()
        if not name:
            slip = _slip_for(obj, c.MONSTER)
            if slip:
                self.warnings.append(f"{obj.label} has no 'monster' property but has {slip!r}; the game reads "
                                     f"'monster' (one monster for each square of the spawn), so this spawn names no "
                                     f"monster and {c.KEPT_EMPTY}")
            return None
        if self.known_monsters is None:
            return name
        known = self.known_monsters.get(entry_key(name))
        if known is None:
            self.warnings.append(f"{obj.label} names the monster {name!r}, which the game does not know "
                                 f"(known: {_listed(self.known_monsters)}), so no monster is named there and "
                                 f"{c.KEPT_EMPTY}")
        return known

    def _treasure(self, obj: MapObject, grid: Grid) -> None:
        item = str(obj.properties.get(c.ITEM, "")).strip()
        if not item:
            slip = _slip_for(obj, c.ITEM)
            has = f" (it has {slip!r}; the game reads 'item')" if slip else ""
            self.warnings.append(f"{obj.label} has no 'item' property{has}: ignored")
            return
        if self.known_items is not None:
            known = self.known_items.get(entry_key(item))
            if known is None:
                self.warnings.append(f"{obj.label} names the item {item!r}, which the game does not know "
                                     f"(known: {_listed(self.known_items)}): ignored")
                return
            item = known
        square = self._lying_square(obj, grid, item)
        if square is not None:
            self.treasure.append(Treasure(square, item))

    def _tool(self, obj: MapObject, grid: Grid) -> None:
        words = tool_words(obj.label, obj.name, obj.properties, self.known_tools, self.warnings)
        square = None if words is None else self._lying_square(obj, grid, words[0])
        if words is not None and square is not None:
            self.tools.append(map_tool(square, words))

    def _lying_square(self, obj: MapObject, grid: Grid, thing: str) -> Square | None:
        """The open square a thing lying on the map (treasure, a tool) lies on: under the object, else nearest."""
        return lying_square(obj.label, thing, obj.shape, grid, (self.open, self.squares, self.walls), self.warnings)

    def _arena(self, obj: MapObject, grid: Grid) -> None:
        kind = str(obj.properties.get(c.KIND, "")).strip().lower()
        name = obj.name or f"arena {obj.id}"
        if kind not in c.ARENA_KINDS:
            slip = _slip_for(obj, c.KIND) if not kind else None
            given = f"has the kind {kind!r}" if kind else "has no 'kind' property"
            has = f" (it has {slip!r}; the game reads 'kind')" if slip else ""
            self.warnings.append(f"arena {name!r} {given}{has} ({', '.join(c.ARENA_KINDS)} expected): it counts as "
                                 "neutral")
            kind = "neutral"
        covered = frozenset(covered_squares(obj.shape, grid)) & self.squares
        if not covered:
            self.warnings.append(f"arena {name!r} covers no square of the map: ignored")
            return
        self.arenas.append(Arena(name, kind, covered))

    def _warn_misplaced_properties(self, obj: MapObject) -> bool:
        """Warn about a property markers read (item, monster, an arena's kind) on an object of another type."""
        own = c.READ_PROPERTIES.get(obj.type)
        for written, value in obj.properties.items():
            wanted = _read_property(written, value, exclude=own)
            if wanted is None or own is None and wanted == c.KIND and object_terrain_kinds(obj):
                continue  # a terrain object may well have a "kind" of its own
            marker = next(kind for kind, read in c.READ_PROPERTIES.items() if read == wanted)
            who = obj.label if obj.type in c.MARKER_TYPES else obj.described
            article = "an" if written[:1] in "aeiou" else "a"
            self.warnings.append(f"{who} has {article} {written!r} property, but only objects of type {marker} "
                                 f"{c.HELD[wanted]}: ignored")
            return True
        return False

    def _warn_unknown_type(self, obj: MapObject) -> None:
        """Warn about a type the game does not know that looks like a slip for one it does ("herospawn")."""
        if not obj.type or c.terrain_from_object_type(obj.type):
            return
        meant = c.close_type(obj.type)
        if meant:
            self.warnings.append(f"{obj.identified} has the type {obj.written_type!r}, which the game does not know "
                                 f"(did you mean {meant}?), so it is not read as {meant}")


def _read_property(written: str, value: Any, exclude: str | None) -> str | None:
    """The marker property (monster, item, kind) a property is or seems meant as, other than ``exclude``."""
    for wanted in (c.MONSTER, c.ITEM, c.KIND):
        if wanted == exclude:
            continue
        if wanted == c.KIND and str(value).strip().lower() not in c.ARENA_KINDS:
            continue  # "kind" is a common word: only an arena's kind marks it as meant for the game
        if written == wanted or c.close_property(written, (wanted,)):
            return wanted
    return None


def _slip_for(obj: MapObject, wanted: str) -> str | None:
    """A property of the object whose name seems a slip for ``wanted`` ("monsters" for "monster")."""
    return next((written for written in obj.properties if written != wanted and c.close_property(written, (wanted,))),
                None)


def _not_fighting(monster: str | None, lost: int, of: int) -> str:
    """What ignoring ``lost`` of a monster spawn's ``of`` squares costs the encounter, for a warning's end."""
    if monster is None:
        return ""
    if of == 1:
        return f", so the {monster} named there does not fight"
    if lost == of:
        return f", so none of the {of} {monster} it names fights"
    return f", so {lost} of the {of} {monster} it names {'does' if lost == 1 else 'do'} not fight"


def _warn_untyped_marker_layers(objects: list[MapObject], warnings: list[str]) -> None:
    """Warn about an object layer named like a marker ("Hero Spawns") whose objects have no type, so mark nothing."""
    untyped: dict[str, int] = {}
    for obj in objects:
        if not obj.type:
            untyped[obj.layer] = untyped.get(obj.layer, 0) + 1
    for layer, count in untyped.items():
        meant = c.close_type(c.layer_key(layer.rsplit("/", 1)[-1]))
        if meant in c.MARKER_TYPES:
            objects_text = "its object without a type marks" if count == 1 else \
                f"its {count} objects without a type mark"
            warnings.append(f"layer {layer!r} is named like {meant}, but only an object's type (or class) makes it "
                            f"a marker: {objects_text} nothing")


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
