"""The map's camera: zoom, quarter turns and scroll, and the squares under the screen's points."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import pygame

from game.core.battlefield import Battlefield, Square
from game.ui.mapscene import Point
from game.ui.tiles import TileArt

ZOOM_LEVELS = (8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96)

class MapCamera:
    """Camera (zoom, 90-degree rotation, scroll) over one battlefield, and the caches of its layers."""

    def __init__(self, battlefield: Battlefield, art: TileArt, rect: pygame.Rect, scale: float = 1.0) -> None:
        self.battlefield = battlefield
        self.art = art
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.rotation = 0
        self.zoom_index = ZOOM_LEVELS.index(32)
        self.offset = [0.0, 0.0]
        self.visible: AbstractSet[Square] = frozenset()
        self.seen: frozenset[Square] = frozenset()  # out of sight, drawn dimmed: the watching seat saw them before
        # The same squares as a frozenset, made once for drawing the fog: on a big map the view's sight is kept
        # as runs (game.core.fields), slower to ask square by square.
        self._visible_squares: frozenset[Square] | None = frozenset()
        self._chunks: dict[tuple[int, int], pygame.Surface] = {}
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
        self._greyed: dict[tuple[tuple[int, ...], int, int], pygame.Surface] = {}  # Obstructed squares' tiles
        self._square_fills: dict[tuple[str, int], pygame.Surface] = {}
        self._aura_cache: dict[int, pygame.Surface] = {}
        self._rects_cache: dict[tuple[object, ...], list[tuple[int, int]]] = {}
        self.chunks_built = 0  # for tests and the benchmark: layers are rebuilt only on change
        self.fit()

    # -- geometry --------------------------------------------------------------------------------
    @property
    def sq(self) -> int:
        """Pixels per square at the current zoom."""
        return ZOOM_LEVELS[self.zoom_index]

    @property
    def grid_size(self) -> tuple[int, int]:
        """Columns and rows of the map as it is turned."""
        w, h = self.battlefield.width, self.battlefield.height
        return (w, h) if self.rotation % 2 == 0 else (h, w)

    def to_turned(self, square: Point) -> Point:
        """A square's column and row on the turned map."""
        x, y = square
        w, h = self.battlefield.width, self.battlefield.height
        r = self.rotation
        if r == 0:
            return x, y
        if r == 1:
            return h - 1 - y, x
        if r == 2:
            return w - 1 - x, h - 1 - y
        return y, w - 1 - x

    def from_turned(self, turned: Square) -> Square:
        """The map square at a column and row of the turned map."""
        rx, ry = turned
        w, h = self.battlefield.width, self.battlefield.height
        r = self.rotation
        if r == 0:
            return rx, ry
        if r == 1:
            return ry, h - 1 - rx
        if r == 2:
            return w - 1 - rx, h - 1 - ry
        return w - 1 - ry, rx

    def square_rect(self, square: Point) -> pygame.Rect:
        """The screen rectangle of a square."""
        rx, ry = self.to_turned(square)
        sq = self.sq
        return pygame.Rect(round(self.rect.x - self.offset[0] + rx * sq), round(self.rect.y - self.offset[1] + ry * sq),
                           sq, sq)

    def square_centre(self, square: Point) -> tuple[int, int]:
        """The screen position of a square's centre."""
        return self.square_rect(square).center

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The map square under a screen position, or None off the map or outside the view."""
        if not self.rect.collidepoint(pos):
            return None
        sq = self.sq
        rx = int((pos[0] - self.rect.x + self.offset[0]) // sq)
        ry = int((pos[1] - self.rect.y + self.offset[1]) // sq)
        gw, gh = self.grid_size
        if not (0 <= rx < gw and 0 <= ry < gh):
            return None
        return self.from_turned((rx, ry))

    # -- camera ----------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect, scale: float | None = None) -> None:
        """Follow a new layout: a map shown whole is fitted again, any other keeps the same point in the middle."""
        gw, gh = self.grid_size
        sq = self.sq
        whole = gw * sq <= self.rect.width and gh * sq <= self.rect.height
        middle = ((self.offset[0] + self.rect.width / 2) / sq, (self.offset[1] + self.rect.height / 2) / sq)
        self.rect = pygame.Rect(rect)
        if scale is not None:
            self.scale = scale
        if whole:
            # The player sees the whole map: a smaller window should not cut it, nor a bigger one leave it small.
            self.fit()
            return
        self.offset = [middle[0] * sq - self.rect.width / 2, middle[1] * sq - self.rect.height / 2]
        self._clamp(past_edge=0.0)

    def fit(self) -> None:
        """The largest zoom (24 to 48 pixels a square at UI scale 1) that shows the whole map; 32 for a big map."""
        gw, gh = self.grid_size
        # Tokens grow with the UI scale, as the text does: 32 pixels a square at 1.0, 64 at 2.0. A map
        # that fits a little smaller (an arena in the smallest window) is shown whole rather than cut.
        fits = [i for i, size in enumerate(ZOOM_LEVELS)
                if 24 * self.scale <= size <= 48 * self.scale and gw * size <= self.rect.width
                and gh * size <= self.rect.height]
        best = max(fits) if fits else max(i for i, size in enumerate(ZOOM_LEVELS) if size <= 32 * self.scale)
        self._set_zoom(best)
        self.offset = [(gw * self.sq - self.rect.width) / 2, (gh * self.sq - self.rect.height) / 2]
        self._clamp()

    def centre_on(self, square: Point) -> None:
        """Scroll so the square is in the middle of the view, or as near as the map's edges allow."""
        rx, ry = self.to_turned(square)
        self.offset = [(rx + 0.5) * self.sq - self.rect.width / 2, (ry + 0.5) * self.sq - self.rect.height / 2]
        # The camera moving by itself never shows the void past a map bigger than the view; only
        # the player's own scrolling may, a little, to see past tokens on the edge.
        self._clamp(past_edge=0.0)

    def shows(self, square: Square) -> bool:
        """Whether the whole square is in the view."""
        return self.rect.contains(self.square_rect(square))

    def ensure_visible(self, square: Square, margin: int = 1) -> bool:
        """Scroll just enough to show the square; whether the view moved."""
        r = self.square_rect(square).inflate(margin * 2 * self.sq, margin * 2 * self.sq)
        dx = (r.left - self.rect.left if r.left < self.rect.left else r.right - self.rect.right
              if r.right > self.rect.right else 0)
        dy = (r.top - self.rect.top if r.top < self.rect.top else r.bottom - self.rect.bottom
              if r.bottom > self.rect.bottom else 0)
        if dx or dy:
            self.scroll(dx, dy)
            return True
        return False

    def scroll(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels."""
        self.offset[0] += dx
        self.offset[1] += dy
        self._clamp()

    def zoom(self, steps: int, focus: tuple[int, int] | None = None) -> bool:
        """Zoom in (positive) or out by levels, keeping the point under ``focus`` in place."""
        index = max(0, min(len(ZOOM_LEVELS) - 1, self.zoom_index + steps))
        if index == self.zoom_index:
            return False
        fx, fy = focus if focus is not None and self.rect.collidepoint(focus) else self.rect.center
        world_x = (fx - self.rect.x + self.offset[0]) / self.sq
        world_y = (fy - self.rect.y + self.offset[1]) / self.sq
        self._set_zoom(index)
        self.offset = [world_x * self.sq - (fx - self.rect.x), world_y * self.sq - (fy - self.rect.y)]
        self._clamp()
        return True

    @property
    def note(self) -> str:
        """Which squares are drawn plain for want of their tile art, or ""."""
        return self.art.note or ""

    @property
    def page(self) -> int:
        """Shift and an arrow scroll three squares."""
        return self.sq * 3

    def step_cursor(self, cursor: Square | None, start: Square | None, dx: int, dy: int) -> Square | None:
        """The cursor moved one square in screen directions, whatever the rotation; a new one at ``start``, else in
        the middle of the view."""
        if cursor is None:
            return start or self.square_at(self.rect.center) or (0, 0)
        rx, ry = self.to_turned(cursor)
        gw, gh = self.grid_size
        return self.from_turned((int(max(0, min(gw - 1, rx + dx))), int(max(0, min(gh - 1, ry + dy)))))

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the map by 90 degrees clockwise (negative: anticlockwise), keeping the middle square."""
        middle = self.square_at(self.rect.center)
        self.rotation = (self.rotation + quarter_turns) % 4
        self._chunks.clear()
        if middle is not None:
            self.centre_on(middle)
        else:
            self.fit()

    def _set_zoom(self, index: int) -> None:
        if index != self.zoom_index:
            self.zoom_index = index
            self._chunks.clear()

    def _clamp(self, past_edge: float = 1 / 3) -> None:
        """Keep the map in view, up to ``past_edge`` of the view beyond its edges; a smaller map stays centred."""
        gw, gh = self.grid_size
        for axis, (cells, view) in enumerate(((gw, self.rect.width), (gh, self.rect.height))):
            size = cells * self.sq
            if size <= view:
                self.offset[axis] = (size - view) / 2
            else:
                margin = view * past_edge
                self.offset[axis] = max(-margin, min(size - view + margin, self.offset[axis]))

    # -- fog -------------------------------------------------------------------------------------
    def set_visible(self, visible: AbstractSet[Square], seen: frozenset[Square] = frozenset()) -> bool:
        """Show these squares as they are now, the ``seen`` ones out of sight as remembered terrain, dimmed (fog),
        and the rest black (shroud); the layer is rebuilt only when they change."""
        if visible == self.visible and (seen is self.seen or seen == self.seen):
            return False
        self.visible = visible
        self.seen = seen
        self._visible_squares = None
        self._chunks.clear()
        return True
