"""Where a thing lying on the map (a pile of treasure, a tool) lies: the open square under its object, else the
nearest open square, with a warning saying so."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.battlefield import Square
from game.maps.shapes import Grid, Shape, covered_squares, middle_of


def lying_square(label: str, thing: str, shape: Shape, grid: Grid,
                 ground: tuple[frozenset[Square], frozenset[Square], frozenset[Square]],
                 warnings: list[str]) -> Square | None:
    """The square of a thing an object puts down; None (and a warning) when the object lies outside the map.

    ``ground`` is the open squares, the squares on the map and the walls; ``label`` names the object.
    """
    open_squares, squares, walls = ground
    covered = covered_squares(shape, grid)
    on_open = [square for square in covered if square in open_squares]
    x, y = middle_of(shape)
    # Nearest by the distance from the middle to each square's centre; ties go to the upper left.
    column, row = x / grid.tile_width - 0.5, y / grid.tile_height - 0.5

    def nearest(options: Iterable[Square]) -> Square:
        return min(options, key=lambda s: ((s[0] - column) ** 2 + (s[1] - row) ** 2, s[1], s[0]))

    if on_open:
        return nearest(on_open)
    if not covered:
        warnings.append(f"{label} lies outside the map: ignored")
        return None
    under = grid.square_at(x, y) or nearest(covered)
    square = nearest(open_squares)
    what = "off the map" if under not in squares else "on a wall" if under in walls else "on an impassable square"
    warnings.append(f"{label} at {under} is {what}: its {thing} lies on the open square nearest the object's middle, "
                    f"{square}")
    return square
