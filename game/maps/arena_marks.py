"""Flimsy walls and possible arenas: properties on a map's objects (docs/maps.md, "Flimsy walls", "Possible arenas").

Text 002: "If the wall seems flimsy, you can try to break it; if you do, the DM will tell you whether the
rubble-strewn hole area is dense, tight, or hazardous!" A map maker writes ``flimsy`` (true) on an object covering
walls, and may write ``rubble`` (dense, tight or hazardous). "If you want to do something cool, suggest arena
possibilities next to the arenas the DM notes ... The DM may draw it in!": an ``arena`` object with ``possible``
(true) is not an arena until the game master draws it in. Like ``changes`` (game.maps.arena_changes), these are read
beside the loader, whose battlefield is left as it was; what looks wrong is a warning, never a refusal.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

from game.core.battlefield import Battlefield, Square
from game.core.errors import MapError
from game.maps import conventions as c
from game.maps.loader import MapObject, TileTerrain, map_objects
from game.maps.shapes import Grid, covered_squares
from game.maps.tmxfile import read_tmx

FLIMSY, RUBBLE, POSSIBLE = "flimsy", "rubble", "possible"
RUBBLE_KINDS = ("dense", "tight", "hazardous")  # "whether the rubble-strewn hole area is dense, tight, or hazardous"


@dataclass(frozen=True)
class FlimsyWall:
    """Walls a character may try to break: its name, its wall squares, and the map's rubble kind ("" for none)."""

    name: str
    squares: frozenset[Square]
    rubble: str = ""


@dataclass(frozen=True)
class ArenaMarks:
    """A map's flimsy walls, the names of its possible arenas, and warnings about either."""

    flimsy: tuple[FlimsyWall, ...] = ()
    possible: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """What check-map says of them (nothing for a map with neither)."""
        out = []
        if self.flimsy:
            out.append("flimsy walls: " + ", ".join(
                f"{w.name} ({len(w.squares)} squares, rubble {w.rubble or 'chosen by the game master'})"
                for w in self.flimsy))
        if self.possible:
            out.append("possible arenas (not arenas until drawn in): " + ", ".join(self.possible))
        return out


NO_MARKS = ArenaMarks()


def arena_marks(battlefield: Battlefield) -> ArenaMarks:
    """The flimsy walls and possible arenas of a battlefield's map file (none for a map without a file)."""
    if battlefield.source is None:
        return NO_MARKS
    try:
        stat = os.stat(battlefield.source)
    except OSError:
        return NO_MARKS
    objects = _marked_objects(battlefield.source, stat.st_mtime_ns, stat.st_size)
    return _marks(battlefield, objects) if objects else NO_MARKS


@dataclass(frozen=True)
class _Marked:
    """An object carrying one of the properties read here, with its covered squares."""

    label: str
    name: str
    type: str
    properties: tuple[tuple[str, object], ...]
    squares: frozenset[Square]

    def get(self, key: str) -> object:
        """One of its properties, or None."""
        return dict(self.properties).get(key)


@lru_cache(maxsize=16)
def _marked_objects(path: str, _mtime: int, _size: int) -> tuple[_Marked, ...]:
    """The objects of a map file with ``flimsy``, ``rubble`` or ``possible``; read once for each version of the file."""
    try:
        document = read_tmx(path)
    except MapError:
        return ()  # the loader has already said why the map cannot be read
    grid = Grid(document.width, document.height, document.tile_width, document.tile_height)
    out = []
    for obj in map_objects(document, grid, TileTerrain(document.tiled), []):
        if any(key in obj.properties for key in (FLIMSY, RUBBLE, POSSIBLE)) and obj.visible:
            out.append(_marked(obj, grid))
    return tuple(out)


def _marked(obj: MapObject, grid: Grid) -> _Marked:
    name = obj.name or (f"arena {obj.id}" if obj.type == c.ARENA else f"wall {obj.id}")
    props = tuple(sorted((k, v) for k, v in obj.properties.items() if k in (FLIMSY, RUBBLE, POSSIBLE, c.KIND)))
    return _Marked(obj.label, name, obj.type, props, frozenset(covered_squares(obj.shape, grid)))


def _marks(bf: Battlefield, objects: tuple[_Marked, ...]) -> ArenaMarks:
    warnings: list[str] = []
    possible = _possible(bf, objects, warnings)
    arena_names = {a.name for a in bf.arenas}
    held = {s for a in bf.arenas if a.name not in possible for s in a.squares if bf.is_open(s)}
    flimsy: list[FlimsyWall] = []
    for obj in objects:
        if obj.type == c.ARENA:
            if c.is_true(obj.get(FLIMSY)) or obj.get(RUBBLE) is not None:
                warnings.append(f"{obj.label} is an arena, and an arena is no wall: its 'flimsy' and 'rubble' "
                                "are ignored")
            continue
        if not c.is_true(obj.get(FLIMSY)):
            if obj.get(RUBBLE) is not None:
                warnings.append(f"{obj.label} has a 'rubble' property but is not flimsy: ignored")
            if obj.get(POSSIBLE) is not None:
                warnings.append(f"{obj.label} has a 'possible' property, but only objects of type arena may be "
                                "possible arenas: ignored")
            continue
        wall = _flimsy(bf, obj, held, warnings)
        if wall is None:
            continue
        if wall.name in arena_names or any(w.name == wall.name for w in flimsy):
            warnings.append(f"flimsy wall {wall.name!r} has the name of another arena or flimsy wall: ignored")
            continue
        flimsy.append(wall)
    return ArenaMarks(tuple(flimsy), tuple(possible), tuple(warnings))


def _possible(bf: Battlefield, objects: tuple[_Marked, ...], warnings: list[str]) -> list[str]:
    names = [o.name for o in objects if o.type == c.ARENA and c.is_true(o.get(POSSIBLE))]
    names = [n for n in dict.fromkeys(names) if any(a.name == n for a in bf.arenas)]
    held = {s for a in bf.arenas if a.name not in names for s in a.squares if bf.is_open(s)}
    kept = []
    for name in names:
        arena = next(a for a in bf.arenas if a.name == name)
        mine = {s for s in arena.squares if bf.is_open(s)} - held
        if not mine:
            warnings.append(f"possible arena {name!r} covers no open square outside the other arenas: it can never "
                            "be drawn in")
        elif not _touching(mine, held):
            warnings.append(f"possible arena {name!r} touches no arena: nobody can suggest it")
        kept.append(name)
    return kept


def _flimsy(bf: Battlefield, obj: _Marked, held: set[Square], warnings: list[str]) -> FlimsyWall | None:
    squares = frozenset(s for s in obj.squares if s in bf.walls)
    if not squares:
        warnings.append(f"{obj.label} is flimsy but covers no wall square: ignored")
        return None
    rubble = str(obj.get(RUBBLE) or "").strip().lower()
    if rubble and rubble not in RUBBLE_KINDS:
        warnings.append(f"flimsy wall {obj.name!r} has the rubble {rubble!r} ({', '.join(RUBBLE_KINDS)} expected): "
                        "the game master chooses")
        rubble = ""
    if not _touching(squares, held):
        warnings.append(f"flimsy wall {obj.name!r} touches no arena: nobody can reach it to break it")
    return FlimsyWall(obj.name, squares, rubble)


def _touching(squares: set[Square] | frozenset[Square], others: set[Square]) -> bool:
    """Whether a square of one set is beside a square of the other, across a side."""
    return any((x + dx, y + dy) in others for x, y in squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
