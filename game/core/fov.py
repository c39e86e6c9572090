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
from array import array
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from itertools import chain
from typing import Any

from game.core.battlefield import Battlefield, Square

SHARED_CASTS = 4096  # origins remembered per battlefield and radius, shared by all its SightMaps
# ... and at most this many squares or run ends in all of them together: on a big open map one field of view
# is the whole map, so a count alone would let the memory grow with the map's area.
SHARED_WEIGHT = 1_000_000
# A field of view of more squares than this is kept as runs along rows and columns (FieldOfView), whose size
# grows with the map's side rather than its area; smaller ones are plain frozensets, the quickest to ask.
RUNS_FROM = 4096
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
    per row instead of a few per square. A large field is kept as those runs (``FieldOfView``).
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
        seen: list[Square] = [origin]  # single squares: the origin and the blockers in sight
        # Runs of open squares lit, as (row or column, first position, position past the last): along rows
        # for the north and south quadrants, along columns for east and west.
        row_runs: list[tuple[int, int, int]] = []
        column_runs: list[tuple[int, int, int]] = []
        mark = seen.append
        quadrants = (
            (self._row_stops, self._row_shown, row_runs, oy, -1, ox, width, oy),  # north
            (self._row_stops, self._row_shown, row_runs, oy, 1, ox, width, height - 1 - oy),  # south
            (self._column_stops, self._column_shown, column_runs, ox, 1, oy, height, width - 1 - ox),  # east
            (self._column_stops, self._column_shown, column_runs, ox, -1, oy, height, ox),  # west
        )
        size = 1
        for lines, shown_at, found, base, sign, offset, length, deepest in quadrants:
            # A row past the radius or wholly off the map shows nothing and lets nothing through, so
            # rows deeper than this are never queued (and none at all when the first is off the map).
            if radius is not None and radius < deepest:
                deepest = radius
            if deepest < 1 or not 0 <= base + sign < len(lines):
                continue
            keep = found.append
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
                            keep((line, start, end))
                            size += end - start
                        if deeper:
                            if after_stop:
                                sn, sd = 2 * (position - offset) - 1, twice
                            push((depth + 1, sn, sd, 2 * (stop - offset) - 1, twice))
                    square = shown[k]
                    if square is not None:
                        mark(square)
                        size += 1
                    after_stop = True
                    position = stop + 1
                if position <= last:
                    start = position if position > low else low
                    end = last + 1 if last < high else high
                    if start < end:
                        keep((line, start, end))
                        size += end - start
                    if deeper:
                        if after_stop:
                            sn, sd = 2 * (position - offset) - 1, twice
                        push((depth + 1, sn, sd, en, ed))
        if size <= RUNS_FROM:
            row, column = self._lines.row, self._lines.column
            # Each square one tuple shared by every field that holds it.
            return frozenset(chain(seen, chain.from_iterable(row(y)[start:end] for y, start, end in row_runs),
                                   chain.from_iterable(column(x)[start:end] for x, start, end in column_runs)))
        return FieldOfView(seen, row_runs, column_runs)


def _ends(runs: list[tuple[int, int, int]]) -> dict[int, tuple[int, ...]]:
    """Per line, the first position and the position past the last of each run, in order along the line."""
    ends: dict[int, tuple[int, ...]] = {}
    for line, start, end in runs:
        found = ends.get(line)
        ends[line] = (start, end) if found is None else found + (start, end)
    for line, found in ends.items():
        if len(found) > 2:
            pairs = sorted(zip(found[::2], found[1::2], strict=True))
            ends[line] = tuple(position for pair in pairs for position in pair)
    return ends


class _Squares(AbstractSet[Square]):
    """A set of squares that answers ``in`` without holding its squares, and builds them only when walked through.

    It equals, hashes and combines (``&``, ``|``, ``-``) as the frozenset of the same squares.
    """

    __slots__ = ("_all",)
    _all: frozenset[Square] | None

    def _build(self) -> frozenset[Square]:
        raise NotImplementedError

    def squares(self) -> frozenset[Square]:
        """The same squares as a frozenset (built once, when first asked for)."""
        found: frozenset[Square] | None = self._all
        if found is None:
            found = self._all = self._build()
        return found

    def __iter__(self) -> Iterator[Square]:
        return iter(self.squares())

    def __len__(self) -> int:
        return len(self.squares())

    def _same(self, other: _Squares) -> bool:
        """Whether another holds the same squares, told without building them (False when it cannot tell)."""
        return False

    def __eq__(self, other: object) -> bool:
        if other is self or (isinstance(other, _Squares) and type(other) is type(self) and self._same(other)):
            return True
        if not isinstance(other, AbstractSet):
            return NotImplemented
        return self.squares() == plain_squares(other)

    def __hash__(self) -> int:
        return hash(self.squares())

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> frozenset[Any]:
        return frozenset(it)

    def __and__(self, other: AbstractSet[Any]) -> frozenset[Square]:
        return self.squares() & plain_squares(other)

    def __rand__(self, other: AbstractSet[Any]) -> frozenset[Square]:
        return plain_squares(other) & self.squares()

    def __or__(self, other: AbstractSet[Any]) -> frozenset[Any]:
        return self.squares() | plain_squares(other)

    def __ror__(self, other: AbstractSet[Any]) -> frozenset[Any]:
        return plain_squares(other) | self.squares()

    def __sub__(self, other: AbstractSet[Any]) -> frozenset[Square]:
        return self.squares() - plain_squares(other)

    def __rsub__(self, other: AbstractSet[Any]) -> frozenset[Any]:
        return plain_squares(other) - self.squares()


class FieldOfView(_Squares):
    """The squares visible from one origin, kept as runs along rows and columns rather than square by square.

    On a big open map a field of view is most of the map: as a set of squares it would cost time
    and memory in proportion to the map's area, as runs only in proportion to its side. Asking
    whether a square is in it is a bisection in its row and in its column.
    """

    __slots__ = ("_seen", "_runs", "_row_runs", "_singles", "_rows", "_columns")

    def __init__(self, seen: list[Square], row_runs: list[tuple[int, int, int]],
                 column_runs: list[tuple[int, int, int]]) -> None:
        self._seen = tuple(seen)
        # Every run as three numbers (line, first, past the last), row runs first, in the order they were cast.
        self._runs = array("i", chain.from_iterable(chain(row_runs, column_runs)))
        self._row_runs = len(row_runs)
        self._singles = frozenset(seen)
        self._rows = _ends(row_runs)
        self._columns = _ends(column_runs)
        self._all = None

    @property
    def weight(self) -> int:
        """How much it keeps: its single squares and the ends of its runs."""
        return len(self._singles) + 2 * len(self._runs) // 3

    def __contains__(self, square: object) -> bool:
        if square in self._singles:
            return True
        if type(square) is not tuple or len(square) != 2:
            return False
        x, y = square
        ends = self._rows.get(y)
        # Inside a run when an odd number of run ends lie at or before the position.
        if ends is not None and bisect_right(ends, x) & 1:
            return True
        ends = self._columns.get(x)
        return ends is not None and bisect_right(ends, y) & 1 == 1

    def squares(self) -> frozenset[Square]:
        """The same squares as a frozenset, built each time: a field stays small while it is remembered."""
        return self._build()

    def _build(self) -> frozenset[Square]:
        # The same squares in the same order as a small field's frozenset (SightMap._cast).
        runs, rows = self._runs, 3 * self._row_runs
        return frozenset(chain(self._seen, chain.from_iterable(
            [(x, line) for x in range(runs[i + 1], runs[i + 2])] if i < rows else
            [(line, y) for y in range(runs[i + 1], runs[i + 2])]
            for i in range(0, len(runs), 3) for line in (runs[i],))))

    def _same(self, other: _Squares) -> bool:
        assert isinstance(other, FieldOfView)
        return (self._singles, self._rows, self._columns) == (other._singles, other._rows, other._columns)

    def __repr__(self) -> str:
        return f"FieldOfView({len(self._singles)} single squares, {len(self._runs) // 3} runs)"


class FieldsOfView(_Squares):
    """The squares any of several fields of view holds, asked of each in turn rather than gathered."""

    __slots__ = ("fields",)

    def __init__(self, fields: tuple[AbstractSet[Square], ...]) -> None:
        self.fields = fields
        self._all = None

    def __contains__(self, square: object) -> bool:
        return any(square in field for field in self.fields)

    def _build(self) -> frozenset[Square]:
        return frozenset().union(*(plain_squares(field) for field in self.fields))

    def _same(self, other: _Squares) -> bool:
        assert isinstance(other, FieldsOfView)
        mine, theirs = self.fields, other.fields
        return len(mine) == len(theirs) and all(a is b for a, b in zip(mine, theirs, strict=True))

    def __repr__(self) -> str:
        return f"FieldsOfView({len(self.fields)} fields)"


def union_of(fields: tuple[AbstractSet[Square], ...]) -> AbstractSet[Square]:
    """Every square any of the fields holds: a frozenset when they all are, else asked of each field when needed."""
    if all(isinstance(field, frozenset) for field in fields):
        return frozenset().union(*fields)
    return FieldsOfView(fields)


def plain_squares(squares: AbstractSet[Any]) -> frozenset[Any]:
    """The squares of any set of squares as a frozenset (itself if it is one)."""
    if isinstance(squares, frozenset):
        return squares
    if isinstance(squares, _Squares):
        return squares.squares()
    return frozenset(squares)


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
        if len(on_map) == width * height and all(0 <= x < width and 0 <= y < height for x, y in on_map):
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
