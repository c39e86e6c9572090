"""What the map shows in one frame: tokens, lit squares, paths, badges, floating numbers and the hover label."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.core.battlefield import Square
from game.ui import theme
from game.ui.terrainwords import GRID_UNIT
from game.ui.tokens import TokenLook

Point = tuple[float, float]
LABEL_OFFSET = (18, -14)  # a hover label starts this far right of the pointer and above it
LABEL_GAP = 4  # pixels between a hover label and the squares it keeps clear of


def label_pos(pointer: tuple[int, int]) -> tuple[int, int]:
    """Where a hover label for the pointer starts: beside it, clear of what it points at."""
    return pointer[0] + LABEL_OFFSET[0], pointer[1] + LABEL_OFFSET[1]


def pointer_of(pos: tuple[int, int]) -> tuple[int, int]:
    """The pointer a hover label's position (from ``label_pos``) was made for."""
    return pos[0] - LABEL_OFFSET[0], pos[1] - LABEL_OFFSET[1]


@dataclass
class Token:
    """A token to draw: its look, where it stands (squares may be fractional while it walks) and its marks."""

    cid: str
    look: TokenLook
    position: Point
    current: bool = False
    selected: bool = False
    target: bool = False
    ghost: bool = False  # an enemy out of sight, drawn faintly where it was last seen
    afar: bool = False  # an enemy another of the seat's combatants sees, out of the current one's sight


class Drawn(Protocol):
    """Something drawn over the map for a moment (``game.ui.effects.Motion``)."""

    def draw(self, target: pygame.Surface, board: Any, now: int) -> None:
        """Draw this frame of it."""
        ...


@dataclass
class Floating:
    """A short text rising above a square after an attack: the damage, a miss, a wound."""

    square: Point
    text: str
    colour: tuple[int, int, int]
    progress: float  # 0 when it appears, 1 when it is gone
    lane: int = 0  # stacked above the texts shown over the same square at the same time


@dataclass
class MapScene:
    """What goes on the map this frame, besides the terrain and the fog."""

    tokens: list[Token] = field(default_factory=list)
    piles: list[Square] = field(default_factory=list)
    unseen: list[Square] = field(default_factory=list)  # where someone unseen stopped the current combatant's move
    auras: list[tuple[Point, int]] = field(default_factory=list)  # (centre, radius in squares)
    reach: frozenset[Square] = frozenset()
    targets: frozenset[Square] = frozenset()
    area: frozenset[Square] = frozenset()
    path: tuple[Square, ...] = ()
    path_from: Square | None = None
    path_label: str = ""
    path_ok: bool = True
    cursor: Square | None = None
    floating: list[Floating] = field(default_factory=list)
    hover_label: tuple[str, tuple[int, int]] | None = None  # the text and label_pos(pointer)
    hover_colour: theme.Colour = theme.TEXT  # a warning shows in theme.BAD
    # A square pointed at with nothing else to say of it, and label_pos(pointer): the map tells its terrain.
    terrain_hover: tuple[Square, tuple[int, int]] | None = None
    step_unit: tuple[str, str] = GRID_UNIT  # what entering a square costs, in the mode's words (one, many)
    links: list[tuple[Point, Point, tuple[int, int, int]]] = field(default_factory=list)  # lines between squares
    badges: list[tuple[Point, str, tuple[int, int, int]]] = field(default_factory=list)  # a short word on a token
    effects: list[Drawn] = field(default_factory=list)  # blows, shots, bursts: drawn over the tokens
