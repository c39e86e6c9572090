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
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable
from itertools import chain
from typing import Any

from game.core.battlefield import Battlefield, Square

# (row step x, row step y, column step x, column step y) for north, south, east and west.
SHARED_CASTS = 4096  # origins remembered per battlefield and radius, shared by all its SightMaps
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
    per-column lists, and adds whole runs of open squares at once: an open room costs a few steps
    per row instead of a few per square.
    """

    def __init__(self, battlefield: Battlefield, radius: int | None = None, cache_size: int = 256) -> None:
        self.battlefield = battlefield
        self.radius = radius
        self.cache_size = cache_size
        lines = _lines_of(battlefield)
        self._clear = lines.clear
        self._row_stops = lines.row_stops
        self._column_stops = lines.column_stops
        self._row_squares = lines.row_squares
        self._column_squares = lines.column_squares
        self._row_shown = lines.row_shown
        self._column_shown = lines.column_shown
        self._cache: OrderedDict[Square, frozenset[Square]] = OrderedDict()
        # Every SightMap of the same battlefield and radius shares what was cast (unless told to
        # remember nothing): matches on one map, the rules and the computer players ask alike.
        self._shared: OrderedDict[Square, frozenset[Square]] | None = (
            lines.casts.setdefault(radius, OrderedDict()) if cache_size > 0 else None)

    def __deepcopy__(self, memo: dict[int, Any]) -> SightMap:
        """The map itself: what it remembers holds for its battlefield whatever happens (snapshots share it)."""
        return self

    def visible_from(self, origin: Square) -> frozenset[Square]:
        """The squares visible from origin (memoised, least recently used forgotten first)."""
        cache = self._cache
        seen = cache.get(origin)
        if seen is not None:
            cache.move_to_end(origin)
            return seen
        shared = self._shared
        if shared is not None:
            seen = shared.get(origin)
            if seen is None:
                seen = shared[origin] = self._cast(origin)
                if len(shared) > SHARED_CASTS:
                    shared.popitem(last=False)
        else:
            seen = self._cast(origin)
        cache[origin] = seen
        if len(cache) > self.cache_size:
            cache.popitem(last=False)
        return seen

    def can_see(self, a: Square, b: Square) -> bool:
        """Whether b is visible from a."""
        cache = self._cache if self._shared is None else self._shared
        if a not in cache and b in cache and a in self._clear and b in self._clear:
            # Between two clear squares sight is symmetric, so an origin already computed answers.
            return a in self.visible_from(b)
        return b in self.visible_from(a)

    def _cast(self, origin: Square) -> frozenset[Square]:
        ox, oy = origin
        radius = self.radius
        width, height = self.battlefield.width, self.battlefield.height
        seen: list[Square] = [origin]  # single squares: the origin and the blockers in sight
        runs: list[tuple[Square, ...]] = []
        mark, keep = seen.append, runs.append
        quadrants = (
            (self._row_stops, self._row_shown, self._row_squares, oy, -1, ox, width, oy),  # north
            (self._row_stops, self._row_shown, self._row_squares, oy, 1, ox, width, height - 1 - oy),  # south
            (self._column_stops, self._column_shown, self._column_squares, ox, 1, oy, height, width - 1 - ox),  # east
            (self._column_stops, self._column_shown, self._column_squares, ox, -1, oy, height, ox),  # west
        )
        for lines, shown_at, squares, base, sign, offset, length, deepest in quadrants:
            # A row past the radius or wholly off the map shows nothing and lets nothing through, so
            # rows deeper than this are never queued (and none at all when the first is off the map).
            if radius is not None and radius < deepest:
                deepest = radius
            if deepest < 1 or not 0 <= base + sign < len(lines):
                continue
            rows = [(1, -1, 1, 1, 1)]
            pop, push = rows.pop, rows.append
            while rows:
                depth, sn, sd, en, ed = pop()
                line = base + sign * depth
                twice = 2 * depth
                # Positions along the line are column + offset. Squares beyond the first stop past
                # either edge change nothing, so the row is clipped to just outside the map.
                first = offset + (twice * sn + sd) // (2 * sd)
                last = offset - (ed - twice * en) // (2 * ed)
                if first < -1:
                    first = -1
                if last > length:
                    last = length
                if first > last:
                    continue
                stops = lines[line]
                shown = shown_at[line]
                here = squares[line]
                # The symmetry test for open squares (centre between the slopes) as a range of
                # positions; the end slope is fixed for the row, the start slope only ever moves
                # to the edge of a run already passed, which leaves this bound valid.
                low = offset - (-depth * sn) // sd
                high = offset + (depth * en) // ed + 1
                deeper = depth < deepest
                position = first
                after_stop = False
                for k in range(bisect_left(stops, first), bisect_right(stops, last)):
                    stop = stops[k]
                    if stop > position:
                        # An open run: lit inside the beam, then a narrower beam passes on,
                        # ending at the near edge of this stop.
                        start = position if position > low else low
                        end = stop if stop < high else high
                        if start < end:
                            keep(here[start:end])
                        if deeper:
                            if after_stop:
                                sn, sd = 2 * (position - offset) - 1, twice
                            push((depth + 1, sn, sd, 2 * (stop - offset) - 1, twice))
                    square = shown[k]
                    if square is not None:
                        mark(square)
                    after_stop = True
                    position = stop + 1
                if position <= last:
                    start = position if position > low else low
                    end = last + 1 if last < high else high
                    if start < end:
                        keep(here[start:end])
                    if deeper:
                        if after_stop:
                            sn, sd = 2 * (position - offset) - 1, twice
                        push((depth + 1, sn, sd, en, ed))
        return frozenset(chain(seen, chain.from_iterable(runs)))


class _Lines:
    """What a battlefield's sight depends on, worked out once per battlefield: stops, rows, columns, casts."""

    def __init__(self, battlefield: Battlefield) -> None:
        width, height = battlefield.width, battlefield.height
        on_map = battlefield.squares
        blockers = (battlefield.walls | battlefield.opaque) & on_map
        self.clear = on_map - blockers
        # Sight stops at blockers and at holes in the map; -1 and the far edge close every line.
        rows: list[list[int]] = [[-1] for _ in range(height)]
        columns: list[list[int]] = [[-1] for _ in range(width)]
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
        # One tuple per square, shared by every result: runs of squares are sliced out of these
        # rows and columns instead of being built, and cached results share their squares.
        self.row_squares = [tuple((x, y) for x in range(width)) for y in range(height)]
        self.column_squares = [tuple(self.row_squares[y][x] for y in range(height)) for x in range(width)]
        # Beside each stop, the blocker a beam reaching it shows (None for holes and the map's edges).
        self.row_shown = [[self.row_squares[y][x] if 0 <= x < width and (x, y) in blockers else None for x in stops]
                          for y, stops in enumerate(rows)]
        self.column_shown = [[self.row_squares[y][x] if 0 <= y < height and (x, y) in blockers else None
                              for y in stops] for x, stops in enumerate(columns)]
        self.casts: dict[int | None, OrderedDict[Square, frozenset[Square]]] = {}


# Forgotten with their battlefield; an equal battlefield (the same squares) finds the same lines.
_LINES: weakref.WeakKeyDictionary[Battlefield, _Lines] = weakref.WeakKeyDictionary()


def _lines_of(battlefield: Battlefield) -> _Lines:
    """The shared lines of a battlefield, worked out on first use."""
    lines = _LINES.get(battlefield)
    if lines is None:
        lines = _LINES[battlefield] = _Lines(battlefield)
    return lines
