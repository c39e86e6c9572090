"""Grid geometry shared by every mode: distance, neighbours, areas and single steps.

The game counts distance in squares moved, diagonals included (Chebyshev distance), so
ranges and aura radii are squares, not circles.
"""

from __future__ import annotations

from functools import lru_cache

from game.core.battlefield import Battlefield, Square

NEIGHBOUR_OFFSETS: tuple[Square, ...] = (
    (-1, -1), (0, -1), (1, -1),
    (-1, 0), (1, 0),
    (-1, 1), (0, 1), (1, 1),
)
"""The eight steps in reading order (row above left to right, then the row, then the row below)."""


def distance(a: Square, b: Square) -> int:
    """Squares between a and b counted as 8-way moves (Chebyshev distance)."""
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    return dx if dx > dy else dy


@lru_cache(maxsize=1 << 16)  # path searches ask for the same squares' neighbours over and over
def neighbours(square: Square) -> tuple[Square, ...]:
    """The eight squares around a square, in reading order (see NEIGHBOUR_OFFSETS)."""
    x, y = square
    return (
        (x - 1, y - 1), (x, y - 1), (x + 1, y - 1),
        (x - 1, y), (x + 1, y),
        (x - 1, y + 1), (x, y + 1), (x + 1, y + 1),
    )


def is_diagonal(a: Square, b: Square) -> bool:
    """Whether b is diagonally adjacent to a (one column and one row away)."""
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def squares_within(center: Square, radius: int, battlefield: Battlefield) -> list[Square]:
    """Map squares (walls included) at distance at most ``radius`` from center, in reading order."""
    if radius < 0:
        return []
    cx, cy = center
    on_map = battlefield.squares
    x0, x1 = max(cx - radius, 0), min(cx + radius, battlefield.width - 1)
    y0, y1 = max(cy - radius, 0), min(cy + radius, battlefield.height - 1)
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if (x, y) in on_map]


def can_step(battlefield: Battlefield, a: Square, b: Square, squeeze: bool = False) -> bool:
    """Whether a combatant may step between the adjacent open squares a and b (other combatants ignored).

    Each mode rules whether a diagonal step may squeeze between two squares that are both closed
    (wall, impassable or off the map) on either side of the diagonal: with ``squeeze`` it may, else
    it may not (see each mode's rulings). One closed square beside the diagonal never stops the step.
    """
    if distance(a, b) != 1 or not battlefield.is_open(b) or not battlefield.is_open(a):
        return False
    if not squeeze and a[0] != b[0] and a[1] != b[1]:
        return battlefield.is_open((b[0], a[1])) or battlefield.is_open((a[0], b[1]))
    return True
