"""Field of view by symmetric shadowcasting.

The algorithm follows the idea Albert Ford described in "Symmetric Shadowcasting" (2021). Around
the origin the grid is cut into four quadrants (north, east, south, west); each is scanned row by
row moving away from the origin, a row being the squares at one depth (distance along the
quadrant's axis). A row is bounded by a start and an end slope, the edges of the light that got
through the rows before it. Walking a row from the start slope to the end slope:

- a square that blocks sight is seen if it lies in the row at all (you see the wall you face);
- an open square is seen only if its centre lies between the two slopes (the symmetry test);
- where a run of open squares meets a blocking square, the light that passed through the run
  goes on to the next row, narrowed so that its end slope touches the blocker's near edge;
- where a blocking run ends, the start slope moves to the far edge of that run.

Slopes are (2 * column - 1) / (2 * depth), the edges of squares; they are kept as integer
numerators and denominators so every comparison is exact and no float rounding can make two
origins disagree.

Symmetry: in effect an open square is lit when a straight line from the centre of the origin to
its centre crosses every row in between through open squares (the beam is made of such lines).
Walked backwards the same line crosses the same rows at the same points, so between two open
squares sight goes both ways: if B is visible from A, A is visible from B. The rules rely on it
("I can see you" and "you can see me" never disagree), and ``SightMap.can_see`` uses it to
answer from whichever end is already computed. Blocking squares are shown whenever they are in
a row's range, which is not symmetric and need not be: walls do not look back.

Squares outside ``in_bounds`` stop sight like walls but are never reported; obstructed squares
(rubble, furniture) do not block. The depth of a row is the Chebyshev distance, so ``radius``
limits sight to the game's distance.

``field_of_view`` takes any pair of predicates and tests square by square; ``SightMap`` runs the
same scan over a battlefield a run of squares at a time, several times faster in open rooms, and
is what the rules, the AI and the screen should use.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from itertools import chain
from operator import itemgetter
from typing import Any

from game.core.battlefield import Battlefield, Square
from game.core.fields import FieldOfView, Quadrant, Row, scan_row

SHARED_CASTS = 4096  # origins remembered per battlefield and radius, shared by all its SightMaps
# ... and at most this many squares or run ends in all of them together: on a big open map one field of view
# is the whole map, so a count alone would let the memory grow with the map's area.
SHARED_WEIGHT = 1_000_000
# On a map of more squares than this a field of view is cast only as deep as it is asked about and kept as runs
# (game.core.fields.FieldOfView), which costs what is asked rather than the map's area; on smaller maps it is
# cast whole into a plain frozenset, the quickest to ask.
RUNS_FROM = 2048
# (row step x, row step y, column step x, column step y) for north, south, east and west.
_QUADRANTS: tuple[tuple[int, int, int, int], ...] = ((0, -1, 1, 0), (0, 1, 1, 0), (1, 0, 0, 1), (-1, 0, 0, 1))


def field_of_view(
    origin: Square,
    blocks_sight: Callable[[Square], bool],
    in_bounds: Callable[[Square], bool],
    radius: int | None = None,
) -> frozenset[Square]:
    """The squares visible from origin: open squares in sight and the blockers that stop it."""
    ox, oy = origin
    visible = {origin}
    add = visible.add
    for rx, ry, cx, cy in _QUADRANTS:
        # Rows are (depth, start numerator, start denominator, end numerator, end denominator);
        # a stack instead of Ford's recursion so large maps cannot hit the recursion limit.
        rows = [(1, -1, 1, 1, 1)]
        while rows:
            depth, sn, sd, en, ed = rows.pop()
            if radius is not None and depth > radius:
                continue
            # Columns from round-half-up(depth * start) to round-half-down(depth * end).
            first = (2 * depth * sn + sd) // (2 * sd)
            last = -((ed - 2 * depth * en) // (2 * ed))
            bx, by = ox + depth * rx, oy + depth * ry
            dsn, den = depth * sn, depth * en
            previous = 0  # 0 nothing yet, 1 open, 2 blocking
            for col in range(first, last + 1):
                square = (bx + col * cx, by + col * cy)
                if in_bounds(square):
                    if blocks_sight(square):
                        add(square)
                        blocking = True
                    else:
                        if col * sd >= dsn and col * ed <= den:
                            add(square)
                        blocking = False
                else:
                    blocking = True
                if blocking:
                    if previous == 1:
                        rows.append((depth + 1, sn, sd, 2 * col - 1, 2 * depth))
                    previous = 2
                else:
                    if previous == 2:
                        sn, sd = 2 * col - 1, 2 * depth
                        dsn = depth * sn
                    previous = 1
            if previous == 1:
                rows.append((depth + 1, sn, sd, en, ed))
    return frozenset(visible)


class SightMap:
    """Lines of sight on one battlefield, remembered per origin since the battlefield never changes.

    It runs the same shadowcasting as ``field_of_view`` (squares off the map stop sight unseen) but
    walks each row from one sight-stopping square to the next, found by bisection in per-row and
    per-column lists, and takes whole runs of open squares at once: an open room costs a few steps
    per row instead of a few per square. On a big map a field is cast only as deep as it is asked
    about and kept as those runs (``game.core.fields.FieldOfView``).
    """

    def __init__(self, battlefield: Battlefield, radius: int | None = None, cache_size: int = 256) -> None:
        self.battlefield = battlefield
        self.radius = radius
        self.cache_size = cache_size
        lines = _lines_of(battlefield)
        self._lines = lines
        self._on_map = battlefield.squares
        self._blockers = lines.blockers
        self._row_stops = lines.row_stops
        self._column_stops = lines.column_stops
        self._row_shown = lines.row_shown
        self._column_shown = lines.column_shown
        self._cache: OrderedDict[Square, AbstractSet[Square]] = OrderedDict()
        # Every SightMap of the same battlefield and radius shares what was cast (unless told to
        # remember nothing): matches on one map, the rules and the computer players ask alike.
        self._shared: _Casts | None = lines.casts.setdefault(radius, _Casts()) if cache_size > 0 else None

    def __deepcopy__(self, memo: dict[int, Any]) -> SightMap:
        """The map itself: what it remembers holds for its battlefield whatever happens (snapshots share it)."""
        return self

    def visible_from(self, origin: Square) -> AbstractSet[Square]:
        """The squares visible from origin (memoised, least recently used forgotten first)."""
        cache = self._cache
        seen = cache.get(origin)
        if seen is not None:
            cache.move_to_end(origin)
            return seen
        shared = self._shared
        if shared is not None:
            seen = shared.fields.get(origin)
            if seen is None:
                seen = self._cast(origin)
                shared.keep(origin, seen)
        else:
            seen = self._cast(origin)
        cache[origin] = seen
        if len(cache) > self.cache_size:
            cache.popitem(last=False)
        return seen

    def can_see(self, a: Square, b: Square) -> bool:
        """Whether b is visible from a."""
        cache = self._cache if self._shared is None else self._shared.fields
        if a not in cache and b in cache and self._clear(a) and self._clear(b):
            # Between two clear squares sight is symmetric, so an origin already computed answers.
            return a in self.visible_from(b)
        return b in self.visible_from(a)

    def _clear(self, square: Square) -> bool:
        """Whether the square is on the map and does not stop sight."""
        return square in self._on_map and square not in self._blockers

    def _cast(self, origin: Square) -> AbstractSet[Square]:
        ox, oy = origin
        radius = self.radius
        width, height = self.battlefield.width, self.battlefield.height
        rows, columns, rows_shown, columns_shown = (self._row_stops, self._column_stops, self._row_shown,
                                                    self._column_shown)
        # A row past the radius shows nothing and lets nothing through: no quadrant goes deeper.
        north, south, east, west = (d if radius is None or radius >= d else radius
                                    for d in (oy, height - 1 - oy, width - 1 - ox, ox))
        quadrants: tuple[Quadrant, Quadrant, Quadrant, Quadrant] = (
            (rows, rows_shown, oy, -1, ox, width, north),
            (rows, rows_shown, oy, 1, ox, width, south),
            (columns, columns_shown, ox, 1, oy, height, east),
            (columns, columns_shown, ox, -1, oy, height, west),
        )
        if width * height > RUNS_FROM:
            return FieldOfView(origin, quadrants)
        seen: list[Square] = [origin]  # single squares: the origin and the blockers in sight
        # Runs of open squares lit, as (row or column, first position, position past the last): along rows
        # for the north and south quadrants, along columns for east and west.
        row_runs: list[tuple[int, int, int]] = []
        column_runs: list[tuple[int, int, int]] = []
        mark = seen.append
        for index, (lines, shown_at, base, sign, offset, length, deepest) in enumerate(quadrants):
            # A row wholly off the map shows nothing and lets nothing through, so rows deeper than the
            # deepest are never queued (and none at all when the first is off the map).
            if deepest < 1 or not 0 <= base + sign < len(lines):
                continue
            keep = (row_runs if index < 2 else column_runs).append
            queued: list[Row] = [(1, -1, 1, 1, 1)]
            pop, push = queued.pop, queued.append
            while queued:
                scanned = pop()
                line = base + sign * scanned[0]
                scan_row(scanned, lines[line], shown_at[line], line, offset, length, deepest, keep, mark, push)
        row, column = self._lines.row, self._lines.column
        # Each square one tuple shared by every field that holds it.
        return frozenset(chain(seen, chain.from_iterable(row(y)[start:end] for y, start, end in row_runs),
                               chain.from_iterable(column(x)[start:end] for x, start, end in column_runs)))


class _Casts:
    """The fields of view cast on one battlefield at one radius, the least recently cast forgotten first."""

    def __init__(self) -> None:
        self.fields: OrderedDict[Square, AbstractSet[Square]] = OrderedDict()
        self._weights: dict[Square, int] = {}
        self._weight = 0

    def keep(self, origin: Square, field: AbstractSet[Square]) -> None:
        """Remember a field, forgetting the oldest while there are too many or they keep too much."""
        weight = field.weight if isinstance(field, FieldOfView) else len(field)
        self.fields[origin] = field
        self._weights[origin] = weight
        self._weight += weight
        while len(self.fields) > 1 and (len(self.fields) > SHARED_CASTS or self._weight > SHARED_WEIGHT):
            old, _ = self.fields.popitem(last=False)
            self._weight -= self._weights.pop(old)


class _Lines:
    """What a battlefield's sight depends on, worked out once per battlefield: stops, rows, columns, casts."""

    def __init__(self, battlefield: Battlefield) -> None:
        width, height = battlefield.width, battlefield.height
        on_map = battlefield.squares
        blockers = (battlefield.walls | battlefield.opaque) & on_map
        self.blockers = blockers
        self.width, self.height = width, height
        # Sight stops at blockers and at holes in the map; -1 and the far edge close every line.
        rows: list[list[int]] = [[-1] for _ in range(height)]
        columns: list[list[int]] = [[-1] for _ in range(width)]
        # Distinct squares as many as the rectangle holds, all inside it, fill it: the map has no holes.
        if len(on_map) == width * height and on_map and min(on_map)[0] >= 0 and max(on_map)[0] < width \
                and min(on_map, key=itemgetter(1))[1] >= 0 and max(on_map, key=itemgetter(1))[1] < height:
            # No holes: only the blockers stop sight, so only they are walked (not every square of a big map).
            for x, y in sorted(blockers, key=lambda sq: (sq[1], sq[0])):
                rows[y].append(x)
                columns[x].append(y)
        else:
            for y in range(height):
                for x in range(width):
                    if (x, y) in blockers or (x, y) not in on_map:
                        rows[y].append(x)
                        columns[x].append(y)
        for row in rows:
            row.append(width)
        for column in columns:
            column.append(height)
        self.row_stops = rows
        self.column_stops = columns
        # One tuple per square, shared by every result: runs of squares are sliced out of these rows and
        # columns instead of being built, and cached results share their squares. Made for a line when a
        # result first needs it, so that runs kept as runs cost nothing here.
        self._rows: list[tuple[Square, ...] | None] = [None] * height
        self._columns: list[tuple[Square, ...] | None] = [None] * width
        # Beside each stop, the blocker a beam reaching it shows (None for holes and the map's edges).
        self.row_shown = [[(x, y) if 0 <= x < width and (x, y) in blockers else None for x in stops]
                          for y, stops in enumerate(rows)]
        self.column_shown = [[(x, y) if 0 <= y < height and (x, y) in blockers else None for y in stops]
                             for x, stops in enumerate(columns)]
        self.casts: dict[int | None, _Casts] = {}

    def row(self, y: int) -> tuple[Square, ...]:
        """The squares of a row, left to right."""
        found = self._rows[y]
        if found is None:
            found = self._rows[y] = tuple((x, y) for x in range(self.width))
        return found

    def column(self, x: int) -> tuple[Square, ...]:
        """The squares of a column, top to bottom."""
        found = self._columns[x]
        if found is None:
            found = self._columns[x] = tuple((x, y) for y in range(self.height))
        return found


# Forgotten with their battlefield; an equal battlefield (the same squares) finds the same lines.
_LINES: weakref.WeakKeyDictionary[Battlefield, _Lines] = weakref.WeakKeyDictionary()


def _lines_of(battlefield: Battlefield) -> _Lines:
    """The shared lines of a battlefield, worked out on first use."""
    lines = _LINES.get(battlefield)
    if lines is None:
        lines = _LINES[battlefield] = _Lines(battlefield)
    return lines
