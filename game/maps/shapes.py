"""Which squares a Tiled object covers: points, rectangles, ellipses, polygons, polylines and tile objects."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.core.battlefield import Square

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """An object's outline in Tiled's pixels: ``origin`` is where Tiled rotates it (clockwise, in degrees).

    ``kind`` is point, rectangle, ellipse, polygon or polyline; a rectangle or ellipse spans
    ``box`` = (left, top, right, bottom) relative to the origin; polygons and polylines list ``points``.
    """

    kind: str
    origin: Point
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    points: tuple[Point, ...] = ()
    rotation: float = 0.0


@dataclass(frozen=True)
class Grid:
    """The map's grid: its size in squares and a square's size in pixels."""

    width: int
    height: int
    tile_width: int
    tile_height: int

    def square_at(self, x: float, y: float) -> Square | None:
        """The square holding a pixel position, or None when it lies outside the map's rectangle."""
        column, row = math.floor(x / self.tile_width), math.floor(y / self.tile_height)
        if 0 <= column < self.width and 0 <= row < self.height:
            return column, row
        return None


def covered_squares(shape: Shape, grid: Grid) -> set[Square]:
    """The squares inside the map's rectangle that the shape covers.

    A point covers the square it lies in; a line every square it passes through; an area every
    square whose centre lies inside it, or, when it is too small to hold any centre, the square
    holding its own centre (so a small marker still marks something).
    """
    if shape.kind == "point":
        square = grid.square_at(*shape.origin)
        return {square} if square else set()
    if shape.kind == "polyline":
        return _line_squares([_to_world(shape, p) for p in shape.points], grid)
    covered = _area_squares(shape, grid)
    if not covered:
        square = grid.square_at(*middle_of(shape))
        if square:
            covered.add(square)
    return covered


def middle_of(shape: Shape) -> Point:
    """Where the middle of the shape lies on the map, in pixels (a polygon's is the average of its corners)."""
    if shape.kind == "point":
        return shape.origin
    if shape.kind in ("polygon", "polyline"):
        count = len(shape.points)
        local = sum(x for x, _ in shape.points) / count, sum(y for _, y in shape.points) / count
    else:
        left, top, right, bottom = shape.box
        local = (left + right) / 2, (top + bottom) / 2
    return _to_world(shape, local)


def _area_squares(shape: Shape, grid: Grid) -> set[Square]:
    outline = _local_outline(shape)
    world = [_to_world(shape, p) for p in outline]
    left, right = min(x for x, _ in world), max(x for x, _ in world)
    top, bottom = min(y for _, y in world), max(y for _, y in world)
    first_column, last_column = max(0, math.floor(left / grid.tile_width)), min(
        grid.width - 1, math.floor(right / grid.tile_width))
    first_row, last_row = max(0, math.floor(top / grid.tile_height)), min(
        grid.height - 1, math.floor(bottom / grid.tile_height))
    inside = _inside_test(shape, outline)
    covered = set()
    for row in range(first_row, last_row + 1):
        centre_y = (row + 0.5) * grid.tile_height
        for column in range(first_column, last_column + 1):
            local = _to_local(shape, ((column + 0.5) * grid.tile_width, centre_y))
            if inside(local):
                covered.add((column, row))
    return covered


def _local_outline(shape: Shape) -> list[Point]:
    if shape.kind == "polygon":
        return list(shape.points)
    left, top, right, bottom = shape.box
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def _inside_test(shape: Shape, outline: Sequence[Point]) -> Callable[[Point], bool]:
    left, top, right, bottom = shape.box
    if shape.kind == "ellipse":
        cx, cy, rx, ry = (left + right) / 2, (top + bottom) / 2, (right - left) / 2, (bottom - top) / 2
        if rx <= 0 or ry <= 0:
            return lambda p: False
        return lambda p: ((p[0] - cx) / rx) ** 2 + ((p[1] - cy) / ry) ** 2 <= 1.0
    if shape.kind == "polygon":
        return lambda p: _in_polygon(p, outline)
    return lambda p: left <= p[0] <= right and top <= p[1] <= bottom


def _in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule: a ray to the right crosses the outline an odd number of times from inside."""
    x, y = point
    inside = False
    previous = polygon[-1]
    for current in polygon:
        (x1, y1), (x2, y2) = previous, current
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        previous = current
    return inside


def _line_squares(points: list[Point], grid: Grid) -> set[Square]:
    if len(points) == 1:
        square = grid.square_at(*points[0])
        return {square} if square else set()
    covered: set[Square] = set()
    for start, end in zip(points, points[1:], strict=False):
        clipped = _clip(start, end, grid.width * grid.tile_width, grid.height * grid.tile_height)
        if clipped:
            covered.update(square for square in _segment_squares(*clipped, grid)
                           if 0 <= square[0] < grid.width and 0 <= square[1] < grid.height)
    return covered


def _clip(start: Point, end: Point, right: float, bottom: float) -> tuple[Point, Point] | None:
    """The part of a segment inside the map's rectangle (Liang-Barsky), or None when none of it is."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1), (dx, right - x1), (-dy, y1), (dy, bottom - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (x1 + low * dx, y1 + low * dy), (x1 + high * dx, y1 + high * dy)


def _segment_squares(start: Point, end: Point, grid: Grid) -> Iterator[Square]:
    """Every square a segment passes through, stepping from one grid line to the next (Amanatides and Woo)."""
    tw, th = grid.tile_width, grid.tile_height
    (x1, y1), (x2, y2) = start, end
    column, row = _clamp_square(x1, y1, grid)
    last_column, last_row = _clamp_square(x2, y2, grid)
    dx, dy = x2 - x1, y2 - y1
    step_x, step_y = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    next_x = ((column + (dx > 0)) * tw - x1) / dx if dx else math.inf
    next_y = ((row + (dy > 0)) * th - y1) / dy if dy else math.inf
    delta_x = tw / abs(dx) if dx else math.inf
    delta_y = th / abs(dy) if dy else math.inf
    yield column, row
    for _ in range(abs(last_column - column) + abs(last_row - row)):
        if next_x < next_y:
            column, next_x = column + step_x, next_x + delta_x
        else:
            row, next_y = row + step_y, next_y + delta_y
        yield column, row


def _clamp_square(x: float, y: float, grid: Grid) -> Square:
    """The square at a position on the map's rectangle, counting its right and bottom edges as inside."""
    column = min(grid.width - 1, max(0, math.floor(x / grid.tile_width)))
    row = min(grid.height - 1, max(0, math.floor(y / grid.tile_height)))
    return column, row


def _to_world(shape: Shape, local: Point) -> Point:
    if not shape.rotation:
        return shape.origin[0] + local[0], shape.origin[1] + local[1]
    angle = math.radians(shape.rotation)
    cos, sin = math.cos(angle), math.sin(angle)
    x, y = local
    return shape.origin[0] + x * cos - y * sin, shape.origin[1] + x * sin + y * cos


def _to_local(shape: Shape, world: Point) -> Point:
    x, y = world[0] - shape.origin[0], world[1] - shape.origin[1]
    if not shape.rotation:
        return x, y
    angle = math.radians(shape.rotation)
    cos, sin = math.cos(angle), math.sin(angle)
    return x * cos + y * sin, -x * sin + y * cos
