"""Fields of view on big maps: cast row by row only as deep as they are asked about, kept as runs of squares.

On a big open map a field of view is most of the map. As a set of squares it would cost time and
memory in proportion to the map's area, though the rules and the computer players ask about the
squares near the combatants. A ``FieldOfView`` runs the shadowcasting of ``game.core.fov`` one
depth at a time, each quadrant only as deep as the squares asked about (a square at Chebyshev
distance d needs its quadrant cast to depth d), and keeps what it lit as runs along rows and
columns: asking is a bisection, and the cost grows with what is asked, not with the map.

It equals, hashes and combines (``&``, ``|``, ``-``) as the frozenset of the same squares, which
it builds, casting everything, only when it is walked through.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import Any

from game.core.battlefield import Square

Row = tuple[int, int, int, int, int]
"""A row of a quadrant still to scan: depth, start slope and end slope (numerators and denominators)."""


def scan_row(row: Row, stops: list[int], shown: list[Square | None], line: int, offset: int, length: int,
             deepest: int, keep: Callable[[tuple[int, int, int]], object], mark: Callable[[Square], object],
             push: Callable[[Row], object]) -> None:
    """Scan one row of a quadrant (see ``game.core.fov``): keep its lit runs as (line, first, past the last),
    mark the blockers it shows, and push the rows the light goes on to, nearest the start slope first."""
    depth, sn, sd, en, ed = row
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
        return
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
            keep((line, start, end))
        if deeper:
            if after_stop:
                sn, sd = 2 * (position - offset) - 1, twice
            push((depth + 1, sn, sd, en, ed))


Quadrant = tuple[list[list[int]], list[list[Square | None]], int, int, int, int, int]
"""How to scan one quadrant: the stops and shown blockers of its lines, the origin's line (base), the step
away from it (sign), the origin's position along the lines (offset), the lines' length and the deepest row."""


class _Squares(AbstractSet[Square]):
    """A set of squares that answers ``in`` without holding its squares, and builds them only when walked through."""

    __slots__ = ()

    def squares(self) -> frozenset[Square]:
        """The same squares as a frozenset."""
        raise NotImplementedError

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
        if not isinstance(other, _Squares) and not other:
            return False  # never empty: a field of view holds its origin (a screen's first sight is compared to none)
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
    """The squares visible from one origin, cast as deep as asked about and kept as runs along rows and columns."""

    __slots__ = ("origin", "_quadrants", "_done", "_frontiers", "_singles", "_ends")

    def __init__(self, origin: Square, quadrants: tuple[Quadrant, Quadrant, Quadrant, Quadrant]) -> None:
        self.origin = origin
        self._quadrants = quadrants  # north, south, east, west
        self._done = [0, 0, 0, 0]  # the depth each quadrant is cast to
        # The rows each quadrant scans next, all one deeper than it is cast to (none when it is done).
        self._frontiers: list[list[Row]] = [
            [(1, -1, 1, 1, 1)] if q[6] >= 1 and 0 <= q[2] + q[3] < len(q[0]) else [] for q in quadrants]
        self._singles: set[Square] = {origin}  # the origin and the blockers shown
        # Per quadrant, per line, the first position and the position past the last of each lit run, in order.
        self._ends: tuple[dict[int, list[int]], ...] = ({}, {}, {}, {})

    @property
    def weight(self) -> int:
        """At most how much it keeps once cast to the end: about two run ends per line, and a few blockers."""
        return 4 * sum(q[6] for q in self._quadrants) + 64

    def _cast_to(self, index: int, depth: int) -> None:
        """Cast a quadrant one row at a time until it reaches the depth (or its light runs out)."""
        lines, shown_at, base, sign, offset, length, deepest = self._quadrants[index]
        ends = self._ends[index]
        frontier = self._frontiers[index]
        done = self._done[index]
        mark = self._singles.add
        while frontier and done < depth:
            done += 1
            line = base + sign * done
            stops, shown = lines[line], shown_at[line]
            runs: list[tuple[int, int, int]] = []
            deeper: list[Row] = []
            for row in frontier:
                scan_row(row, stops, shown, line, offset, length, deepest, runs.append, mark, deeper.append)
            if runs:
                # Beams of one row never overlap: their runs only need putting in order along the line.
                if len(runs) > 1:
                    runs.sort()
                ends[line] = [position for _, start, end in runs for position in (start, end)]
            frontier = deeper
        self._frontiers[index] = frontier
        self._done[index] = done

    def __contains__(self, square: object) -> bool:
        if type(square) is not tuple or len(square) != 2:
            return False
        x, y = square
        ox, oy = self.origin
        dx = x - ox if x > ox else ox - x
        dy = y - oy if y > oy else oy - y
        if dx <= dy:
            # In the north or south quadrant's cone (or on its edge): rows, at depth dy.
            index = 0 if y < oy else 1
            if dy == 0:
                return True  # the origin
            if self._done[index] < dy and self._frontiers[index]:
                self._cast_to(index, dy)
            ends = self._ends[index].get(y)
            if ends is not None and bisect_right(ends, x) & 1:  # inside a run: odd many ends at or before it
                return True
        if dy <= dx:
            # In the east or west quadrant's cone: columns, at depth dx.
            index = 2 if x > ox else 3
            if self._done[index] < dx and self._frontiers[index]:
                self._cast_to(index, dx)
            ends = self._ends[index].get(x)
            if ends is not None and bisect_right(ends, y) & 1:
                return True
        return square in self._singles

    def squares(self) -> frozenset[Square]:
        """The same squares as a frozenset, cast to the end and built each time: a remembered field stays small."""
        for index in range(4):
            if self._frontiers[index]:
                self._cast_to(index, self._quadrants[index][6])
        found: list[Square] = list(self._singles)
        for index, ends in enumerate(self._ends):
            along_rows = index < 2
            for line, positions in ends.items():
                for k in range(0, len(positions), 2):
                    if along_rows:
                        found.extend([(x, line) for x in range(positions[k], positions[k + 1])])
                    else:
                        found.extend([(line, y) for y in range(positions[k], positions[k + 1])])
        return frozenset(found)

    def _same(self, other: _Squares) -> bool:
        assert isinstance(other, FieldOfView)
        return self.origin == other.origin and self._quadrants == other._quadrants

    def __repr__(self) -> str:
        return f"FieldOfView(from {self.origin}, cast to depths {self._done})"


class FieldsOfView(_Squares):
    """The squares any of several fields of view holds, asked of each in turn rather than gathered."""

    __slots__ = ("fields", "_all")

    def __init__(self, fields: tuple[AbstractSet[Square], ...]) -> None:
        self.fields = fields
        self._all: frozenset[Square] | None = None

    def __contains__(self, square: object) -> bool:
        return any(square in field for field in self.fields)

    def squares(self) -> frozenset[Square]:
        """The same squares as a frozenset (built once, when first asked for)."""
        if self._all is None:
            self._all = frozenset().union(*(plain_squares(field) for field in self.fields))
        return self._all

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
