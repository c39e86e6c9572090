"""Where the sides start on a map that marks no spawns: open squares at opposite ends of the walkable area."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from operator import itemgetter

from game.core.battlefield import Square

DEFAULT_PLACES = 8
"""Squares given to a side the map does not place: enough for a full party or a large band of monsters."""


class Walking:
    """Orthogonal walks over a set of open squares.

    The squares are kept as flags in a bytearray with a border of closed squares, so a walk over
    the largest map needs no bounds checks and no tuples; loading a map stays quick.
    """

    def __init__(self, open_squares: Collection[Square]) -> None:
        self.open = frozenset(open_squares)
        self.stride = max(open_squares, default=(0, 0))[0] + 3
        rows = max(open_squares, default=(0, 0), key=itemgetter(1))[1] + 3
        self.cells = bytearray(self.stride * rows)
        for square in open_squares:
            self.cells[self._index(square)] = 1

    def _index(self, square: Square) -> int:
        return (square[1] + 1) * self.stride + square[0] + 1

    def square(self, index: int) -> Square:
        """The square a walk's index stands for."""
        row, column = divmod(index, self.stride)
        return column - 1, row - 1

    def walk(self, starts: Iterable[Square], avoid: Iterable[Square] = (), limit: int | None = None) -> list[int]:
        """Open squares reachable from ``starts`` without stepping on ``avoid``, nearest first (ties in a fixed
        order), as indexes for ``square``; the walk stops once it has ``limit`` of them."""
        cells = bytearray(self.cells)  # 1 = open and not reached yet
        for square in avoid:
            cells[self._index(square)] = 0
        return self._walk(cells, sorted(map(self._index, self.open.intersection(starts))), limit)

    def _walk(self, cells: bytearray, order: list[int], limit: int | None = None) -> list[int]:
        order = [index for index in order if cells[index]]
        for index in order:
            cells[index] = 0
        stride = self.stride
        for index in order:  # the list is the queue: indexes appended here are visited in turn
            if limit is not None and len(order) >= limit:
                break
            for step in (index + 1, index + stride, index - 1, index - stride):
                if cells[step]:
                    cells[step] = 0
                    order.append(step)
        return order[:limit]

    def largest_area(self) -> list[int]:
        """The largest group of squares connected by orthogonal steps, walked from its first square."""
        cells = bytearray(self.cells)
        best: list[int] = []
        start = cells.find(1)
        while start >= 0:
            area = self._walk(cells, [start])
            if len(area) > len(best):
                best = area
            start = cells.find(1, start)
        return best


def place_both_sides(open_squares: Collection[Square],
                     places: int = DEFAULT_PLACES) -> tuple[list[Square], list[Square]]:
    """Squares for the heroes and for the monsters at the two ends of the largest walkable area.

    The ends are found by walking: the square furthest from the area's first square, then the
    square furthest from that one. Each side gets up to ``places`` squares nearest its end, never the same ones.
    """
    walking = Walking(open_squares)
    area = walking.largest_area()
    places = min(places, len(area) // 2)
    if places == 0:
        return [], []
    from_hero_end = walking.walk([walking.square(area[-1])])
    heroes = [walking.square(index) for index in from_hero_end[:places]]
    monsters = walking.walk([walking.square(from_hero_end[-1])], avoid=heroes, limit=places)
    return heroes, [walking.square(index) for index in monsters]


def place_opposite(open_squares: Collection[Square], taken: list[Square],
                   places: int = DEFAULT_PLACES) -> list[Square]:
    """Squares for the side the map leaves out, as far as walking goes from the other side's spawns."""
    walking = Walking(open_squares)
    taken_set = set(taken)
    reached = walking.walk(taken)
    if len(reached) <= len(taken_set):  # the spawns stand in a closed pocket: use the largest area instead
        reached = [index for index in walking.largest_area() if walking.square(index) not in taken_set]
    if not reached:
        return []
    far_end = walking.square(reached[-1])
    return [walking.square(index) for index in walking.walk([far_end], avoid=taken, limit=places)]
