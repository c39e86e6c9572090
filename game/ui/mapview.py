"""The map in the middle of the screen: terrain and fog drawn once into chunks, tokens and overlays on top.

Terrain and fog are composed into square chunks of the current zoom and rotation, built when
first seen and kept until the zoom, the rotation or the fog changes; a frame only blits the
chunks in view, then the overlays and the tokens, whose sprites are cached too.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import pygame

from game.core.battlefield import Battlefield, Square
from game.core.fields import plain_squares
from game.ui import theme
from game.ui.tiles import TileArt
from game.ui.tokens import TokenLook, faded_sprite, sprite

ZOOM_LEVELS = (8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96)
CHUNK_PIXELS = 256
GHOST_ALPHA = 70  # how faintly an enemy out of sight shows where it was last seen
AFAR_ALPHA = 150  # how dimly an enemy shows that the seat sees, but not its current combatant

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


@dataclass
class Floating:
    """A short text rising above a square after an attack: the damage, a miss, a wound."""

    square: Point
    text: str
    colour: tuple[int, int, int]
    progress: float  # 0 when it appears, 1 when it is gone


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
    links: list[tuple[Point, Point, tuple[int, int, int]]] = field(default_factory=list)  # lines between squares
    badges: list[tuple[Point, str, tuple[int, int, int]]] = field(default_factory=list)  # a short word on a token


class MapView:
    """Camera (zoom, 90-degree rotation, scroll) and the cached layers of one battlefield."""

    def __init__(self, battlefield: Battlefield, art: TileArt, rect: pygame.Rect, scale: float = 1.0) -> None:
        self.battlefield = battlefield
        self.art = art
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.rotation = 0
        self.zoom_index = ZOOM_LEVELS.index(32)
        self.offset = [0.0, 0.0]
        self.visible: AbstractSet[Square] = frozenset()
        # The same squares as a frozenset, made once for drawing the fog: on a big map the view's sight is kept
        # as runs (game.core.fields), slower to ask square by square.
        self._visible_squares: frozenset[Square] | None = frozenset()
        self._chunks: dict[tuple[int, int], pygame.Surface] = {}
        self._scaled: dict[tuple[int, int, int], pygame.Surface] = {}
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
    def set_visible(self, visible: AbstractSet[Square]) -> bool:
        """Show only these squares; the fog layer is rebuilt only when they change."""
        if visible == self.visible:
            return False
        self.visible = visible
        self._visible_squares = None
        self._chunks.clear()
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, target: pygame.Surface, scene: MapScene) -> None:
        """Draw the terrain, the fog, the overlays and the tokens into the map's rectangle."""
        clip = target.get_clip()
        target.set_clip(self.rect)
        target.fill(theme.MAP_BACK, self.rect)
        self._draw_chunks(target)
        self._draw_auras(target, scene)
        self._draw_squares(target, scene.reach, "reach")
        self._draw_squares(target, scene.area, "area")
        self._draw_squares(target, scene.targets, "target")
        self._draw_path(target, scene)
        self._draw_links(target, scene)
        self._draw_piles(target, scene)
        self._draw_unseen(target, scene)
        self._draw_tokens(target, scene)
        self._draw_badges(target, scene)
        self._draw_cursor(target, scene)
        self._draw_floating(target, scene)
        if scene.hover_label is not None:
            self._draw_hover_label(target, *scene.hover_label, scene.hover_colour)
        target.set_clip(clip)

    def _chunk_squares(self) -> int:
        return max(4, CHUNK_PIXELS // self.sq)

    def _draw_chunks(self, target: pygame.Surface) -> None:
        n = self._chunk_squares()
        size = n * self.sq
        gw, gh = self.grid_size
        first_x = max(0, int(self.offset[0] // size))
        first_y = max(0, int(self.offset[1] // size))
        last_x = min((gw - 1) // n, int((self.offset[0] + self.rect.width) // size))
        last_y = min((gh - 1) // n, int((self.offset[1] + self.rect.height) // size))
        blits = []
        for cy in range(first_y, last_y + 1):
            for cx in range(first_x, last_x + 1):
                chunk = self._chunks.get((cx, cy))
                if chunk is None:
                    chunk = self._build_chunk(cx, cy, n)
                    self._chunks[(cx, cy)] = chunk
                blits.append((chunk, (round(self.rect.x - self.offset[0] + cx * size),
                                      round(self.rect.y - self.offset[1] + cy * size))))
        target.blits(blits, doreturn=False)

    def _build_chunk(self, cx: int, cy: int, n: int) -> pygame.Surface:
        """Terrain and fog of n x n squares of the turned map."""
        self.chunks_built += 1
        sq = self.sq
        gw, gh = self.grid_size
        cols = min(n, gw - cx * n)
        rows = min(n, gh - cy * n)
        surface = pygame.Surface((cols * sq, rows * sq)).convert()
        surface.fill(theme.MAP_BACK)
        bf = self.battlefield
        fog = self._fill("fog")
        if self._visible_squares is None:
            self._visible_squares = plain_squares(self.visible)
        visible = self._visible_squares
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for j in range(rows):
            for i in range(cols):
                square = self.from_turned((cx * n + i, cy * n + j))
                pos = (i * sq, j * sq)
                if square not in bf.squares:
                    continue
                if square not in visible:
                    # "the map hides the squares that aren't visible from that combatant's point of view"
                    blits.append((fog, pos))
                    continue
                blits.extend(self._terrain_blits(square, pos))
        surface.blits(blits, doreturn=False)
        return surface

    def _terrain_blits(self, square: Square, pos: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        bf = self.battlefield
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        tiled = [layer[square] for layer in self.art.layers if square in layer]
        if tiled:
            out.append((self._fill("under"), pos))
            for image in tiled:
                scaled = self._scaled_tile(image)
                # Tiled draws a tile taller than the grid from the bottom of its square.
                out.append((scaled, (pos[0], pos[1] + self.sq - scaled.get_height())))
            if square in bf.object_terrain:
                # Terrain a Tiled object made (a wall drawn as a line, a pond as a polygon): the tiles beneath
                # show floor, so the square is marked with its kind over them.
                kind = "wall_over" if square in bf.walls else "impassable_over" if square in bf.impassable \
                    else "opaque_over" if square in bf.opaque else None
                if kind is not None:
                    out.append((self._fill(kind), pos))
            if square in bf.obstructed:
                out.append((self._fill("obstructed_over"), pos))
            out.append((self._fill("grid"), pos))
            return out
        if square in bf.walls:
            kind = "wall"
        elif square in bf.impassable:
            kind = "impassable"
        elif square in bf.obstructed:
            kind = "obstructed"
        elif square in bf.opaque:
            kind = "opaque"
        else:
            kind = "floor" if (square[0] + square[1]) % 2 == 0 else "floor_alt"
        out.append((self._fill(kind), pos))
        return out

    def _scaled_tile(self, image: pygame.Surface) -> pygame.Surface:
        key = (id(image), self.sq, self.rotation)
        scaled = self._scaled.get(key)
        if scaled is None:
            tw, th = self.art.tile_size
            factor = self.sq / max(1, tw)
            size = (max(1, round(image.get_width() * factor)), max(1, round(image.get_height() * factor)))
            scaled = pygame.transform.smoothscale(image.convert_alpha(), size) if size != image.get_size() \
                else image.convert_alpha()
            if self.rotation:
                scaled = pygame.transform.rotate(scaled, -90 * self.rotation)
            if len(self._scaled) > 6000:
                self._scaled.clear()
            self._scaled[key] = scaled
        return scaled

    def _fill(self, kind: str) -> pygame.Surface:
        """One square of a kind of ground, overlay or fog at the current zoom (cached)."""
        key = (kind, self.sq)
        cached = self._square_fills.get(key)
        if cached is not None:
            return cached
        sq = self.sq
        s = pygame.Surface((sq, sq), pygame.SRCALPHA)
        line = max(1, sq // 24)
        if kind == "fog":
            s.fill(theme.FOG)
            pygame.draw.rect(s, theme.FOG_LINE, s.get_rect(), 1)
        elif kind in ("floor", "floor_alt"):
            s.fill(theme.FLOOR if kind == "floor" else theme.FLOOR_ALT)
            pygame.draw.rect(s, (196, 190, 176), s.get_rect(), 1)
        elif kind == "obstructed":
            s.fill(theme.OBSTRUCTED)
            for k in range(-sq, sq, max(4, sq // 4)):
                pygame.draw.line(s, (128, 128, 128), (k, sq), (k + sq, 0), line)
            pygame.draw.rect(s, (118, 118, 118), s.get_rect(), 1)
        elif kind == "wall":
            s.fill(theme.WALL)
            inset = max(2, sq // 8)
            pygame.draw.rect(s, theme.WALL_TOP, s.get_rect().inflate(-inset, -inset), border_radius=max(1, sq // 10))
            pygame.draw.rect(s, (30, 31, 37), s.get_rect(), 1)
        elif kind == "impassable":
            s.fill(theme.IMPASSABLE)
            for k in range(1, 3):
                y = k * sq // 3
                pygame.draw.arc(s, (50, 76, 110), (sq // 6, y - sq // 8, sq * 2 // 3, sq // 4), 0, 3.1416, line)
        elif kind == "opaque":
            s.fill(theme.OPAQUE)
            pygame.draw.rect(s, (80, 70, 98), s.get_rect(), 1)
        elif kind == "under":
            s.fill(theme.MAP_BACK)
        elif kind == "obstructed_over":
            # Grey over the tile art: text 003's Obstructed squares are the grey ones.
            s.fill((150, 150, 150, 120))
            for k in range(-sq, sq, max(4, sq // 4)):
                pygame.draw.line(s, (210, 210, 210, 90), (k, sq), (k + sq, 0), line)
        elif kind in ("wall_over", "impassable_over", "opaque_over"):
            # The plain squares' look, mostly opaque, so the tile art still shows through a little.
            s.blit(self._fill(kind.removesuffix("_over")), (0, 0))
            s.set_alpha(215)
        elif kind == "grid":
            pygame.draw.rect(s, (0, 0, 0, 38), s.get_rect(), 1)
        elif kind == "reach":
            s.fill((70, 150, 240, 70))
            pygame.draw.rect(s, (110, 180, 255, 150), s.get_rect(), 1)
        elif kind == "target":
            s.fill((235, 70, 60, 80))
            pygame.draw.rect(s, (255, 110, 90, 230), s.get_rect(), max(2, sq // 14))
        elif kind == "area":
            s.fill((250, 150, 40, 80))
            pygame.draw.rect(s, (255, 190, 90, 200), s.get_rect(), 1)
        self._square_fills[key] = s
        return s

    def _visible_rects(self, squares: frozenset[Square]) -> list[tuple[int, int]]:
        """Top-left corners of the squares in view; kept while the squares and the camera stay the same."""
        key = (squares, self.sq, self.rotation, tuple(self.offset), tuple(self.rect))
        cached = self._rects_cache.get(key)
        if cached is not None:
            return cached
        out = []
        for square in squares:
            r = self.square_rect(square)
            if r.colliderect(self.rect):
                out.append(r.topleft)
        if len(self._rects_cache) > 8:
            self._rects_cache.clear()
        self._rects_cache[key] = out
        return out

    def _draw_squares(self, target: pygame.Surface, squares: frozenset[Square], kind: str) -> None:
        if not squares:
            return
        fill = self._fill(kind)
        target.blits([(fill, pos) for pos in self._visible_rects(squares)], doreturn=False)

    def _aura_surface(self, radius_px: int) -> pygame.Surface:
        cached = self._aura_cache.get(radius_px)
        if cached is None:
            cached = pygame.Surface((radius_px * 2 + 4, radius_px * 2 + 4), pygame.SRCALPHA)
            # Text 003's "translucent grey circle", drawn as the circle of the grid's own distance (ruling
            # grid-distance: a diagonal step is 1), a square: it covers exactly the squares the aura reaches.
            area = pygame.Rect(2, 2, radius_px * 2, radius_px * 2)
            rounding = max(2, self.sq // 6)
            pygame.draw.rect(cached, (190, 190, 196, 52), area, border_radius=rounding)
            pygame.draw.rect(cached, (225, 225, 232, 190), area, max(2, self.sq // 16), border_radius=rounding)
            if len(self._aura_cache) > 64:
                self._aura_cache.clear()
            self._aura_cache[radius_px] = cached
        return cached

    def _draw_auras(self, target: pygame.Surface, scene: MapScene) -> None:
        for centre, radius in scene.auras:
            radius_px = int((radius + 0.5) * self.sq)
            s = self._aura_surface(radius_px)
            cx, cy = self._point(centre)
            target.blit(s, (cx - radius_px - 2, cy - radius_px - 2))

    def _point(self, square: Point) -> tuple[int, int]:
        """The screen centre of a possibly fractional square (a token on its way)."""
        rx, ry = self.to_turned(square)
        return (round(self.rect.x - self.offset[0] + (rx + 0.5) * self.sq),
                round(self.rect.y - self.offset[1] + (ry + 0.5) * self.sq))

    def _draw_path(self, target: pygame.Surface, scene: MapScene) -> None:
        if not scene.path or scene.path_from is None:
            return
        points = [self._point(scene.path_from)] + [self._point(s) for s in scene.path]
        colour = (255, 255, 255) if scene.path_ok else theme.BAD
        width = max(3, self.sq // 9)
        pygame.draw.lines(target, (10, 10, 12), False, points, width + 4)
        pygame.draw.lines(target, colour, False, points, width)
        for p in points[1:-1]:
            pygame.draw.circle(target, (10, 10, 12), p, width + 2)
            pygame.draw.circle(target, colour, p, width)
        end = points[-1]
        pygame.draw.circle(target, (10, 10, 12), end, max(6, self.sq // 4) + 2)
        pygame.draw.circle(target, colour, end, max(6, self.sq // 4), max(2, width - 1))
        if scene.path_label:
            self._draw_label(target, scene.path_label, (end[0] + self.sq // 2, end[1] - self.sq // 2),
                             theme.ACCENT if scene.path_ok else theme.BAD)

    def _draw_links(self, target: pygame.Surface, scene: MapScene) -> None:
        """Lines between squares (who in an engagement reaches whom), under the tokens."""
        width = max(2, self.sq // 14)
        for start, end, colour in scene.links:
            a, b = self._point(start), self._point(end)
            pygame.draw.line(target, (10, 10, 12), a, b, width + 3)
            pygame.draw.line(target, colour, a, b, width)

    def _badge_size(self) -> int:
        return max(10, self.sq // 3)

    def badge_boxes(self, scene: MapScene) -> list[tuple[pygame.Rect, str, tuple[int, int, int]]]:
        """Where each badge goes: on a tab under its token, or over the token when a badge already drawn
        (a neighbour's) holds the place under it, so that two tokens side by side keep both words whole."""
        size = self._badge_size()
        placed: list[tuple[pygame.Rect, str, tuple[int, int, int]]] = []
        for square, text, colour in scene.badges:
            x, y = self._point(square)
            label = theme.text_surface(text, size, colour, True).get_rect()
            under = label.move_to(midtop=(x, y + self.sq // 2 - size // 2)).inflate(6, 2)
            over = label.move_to(midbottom=(x, y - self.sq // 2 + size // 2)).inflate(6, 2)
            taken = [box for box, _text, _colour in placed]
            box = over if under.collidelist(taken) >= 0 and over.collidelist(taken) < 0 else under
            placed.append((box, text, colour))
        return placed

    def _draw_badges(self, target: pygame.Surface, scene: MapScene) -> None:
        """A short word under a token (or over it, beside a neighbour's), on a dark tab that reads on any floor."""
        size = self._badge_size()
        for box, text, colour in self.badge_boxes(scene):
            label = theme.text_surface(text, size, colour, True)
            pygame.draw.rect(target, (14, 14, 18), box, border_radius=3)
            pygame.draw.rect(target, colour, box, 1, border_radius=3)
            target.blit(label, label.get_rect(center=box.center))

    def _draw_piles(self, target: pygame.Surface, scene: MapScene) -> None:
        look = TokenLook("treasure", theme.TREASURE, "")
        image = sprite(look, self.sq)
        target.blits([(image, self.square_rect(p).topleft) for p in scene.piles], doreturn=False)

    def _draw_unseen(self, target: pygame.Surface, scene: MapScene) -> None:
        """A question mark in a ring where someone unseen stands: the current combatant walked into them."""
        sq = self.sq
        for square in scene.unseen:
            rect = self.square_rect(square)
            pygame.draw.circle(target, theme.BAD, rect.center, int(sq * 0.4), max(2, sq // 14))
            mark = theme.text_surface("?", max(10, sq // 2), theme.BAD, True)
            target.blit(mark, mark.get_rect(center=rect.center))

    def _draw_tokens(self, target: pygame.Surface, scene: MapScene) -> None:
        sq = self.sq
        for token in scene.tokens:
            x, y = self._point(token.position)
            if not self.rect.inflate(sq * 2, sq * 2).collidepoint(x, y):
                continue
            if token.current:
                pygame.draw.circle(target, (20, 16, 6), (x, y), int(sq * 0.56) + 2)
                pygame.draw.circle(target, theme.ACCENT, (x, y), int(sq * 0.56), max(2, sq // 12))
            if token.target:
                pygame.draw.circle(target, (255, 96, 80), (x, y), int(sq * 0.54), max(2, sq // 14))
            alpha = GHOST_ALPHA if token.ghost else AFAR_ALPHA if token.afar else None
            target.blit(sprite(token.look, sq) if alpha is None else faded_sprite(token.look, sq, alpha),
                        (x - sq // 2, y - sq // 2))
            if token.selected:
                self._draw_corners(target, pygame.Rect(x - sq // 2, y - sq // 2, sq, sq), (255, 255, 255))

    def _draw_corners(self, target: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        arm = max(4, rect.width // 4)
        w = max(2, rect.width // 16)
        for (cx, cy), (dx, dy) in (((rect.left, rect.top), (1, 1)), ((rect.right - 1, rect.top), (-1, 1)),
                                   ((rect.left, rect.bottom - 1), (1, -1)), ((rect.right - 1, rect.bottom - 1),
                                                                             (-1, -1))):
            pygame.draw.line(target, colour, (cx, cy), (cx + dx * arm, cy), w)
            pygame.draw.line(target, colour, (cx, cy), (cx, cy + dy * arm), w)

    def _draw_cursor(self, target: pygame.Surface, scene: MapScene) -> None:
        if scene.cursor is None:
            return
        rect = self.square_rect(scene.cursor)
        pygame.draw.rect(target, (10, 10, 12), rect.inflate(2, 2), max(3, self.sq // 10) + 2)
        pygame.draw.rect(target, theme.ACCENT, rect, max(3, self.sq // 10))

    def _draw_floating(self, target: pygame.Surface, scene: MapScene) -> None:
        size = max(14, int(self.sq * 0.5))
        for f in scene.floating:
            x, y = self._point(f.square)
            rise = int(f.progress * self.sq * 0.9)
            text = theme.text_surface(f.text, size, f.colour, True)
            shadow = theme.text_surface(f.text, size, (0, 0, 0), True)
            alpha = 255 if f.progress < 0.6 else int(255 * (1 - f.progress) / 0.4)
            for surface, dx in ((shadow, 2), (text, 0)):
                surface.set_alpha(alpha)
                target.blit(surface, surface.get_rect(center=(x + dx, y - self.sq // 2 - rise + dx)))
                surface.set_alpha(None)

    def _label_lines(self, text: str, colour: tuple[int, int, int]) -> list[pygame.Surface]:
        """A label's lines of text, wrapped to fit in the map."""
        size = max(12, round(13 * self.scale))
        # A label wider than the map (a long preview on a small window) wraps rather than run off it.
        return [theme.text_surface(line, size, colour, True)
                for line in theme.wrap(text, size, self.rect.width - 16, bold=True)]

    @staticmethod
    def _label_rect(lines: list[pygame.Surface]) -> pygame.Rect:
        """A label's box around its lines, at the top left of the screen: its size is what matters."""
        text = pygame.Rect(0, 0, max(s.get_width() for s in lines), sum(s.get_height() for s in lines))
        return text.inflate(12, 6).move_to(topleft=(0, 0))

    def _draw_label(self, target: pygame.Surface, text: str, pos: tuple[int, int],
                    colour: tuple[int, int, int] = theme.TEXT) -> pygame.Rect:
        """A label in a dark box beside a point, kept inside the map; returns the box."""
        lines = self._label_lines(text, colour)
        rect = self._label_rect(lines).move_to(midleft=(pos[0] - 6, pos[1]))  # the text starts at pos
        if rect.right > self.rect.right:
            # No room right of the pointer: above it, rather than pushed back left over what it points at.
            rect.midbottom = (pos[0] - LABEL_OFFSET[0], pos[1] + LABEL_OFFSET[1])
        rect.clamp_ip(self.rect)
        self._paint_label(target, rect, lines, colour)
        return rect

    def _draw_hover_label(self, target: pygame.Surface, text: str, pos: tuple[int, int],
                          colour: tuple[int, int, int] = theme.TEXT) -> pygame.Rect:
        """The hover label for the pointer at ``pointer_of(pos)``, clear of the square it points at; returns the box."""
        square = self.square_at(pointer_of(pos))
        if square is None:
            return self._draw_label(target, text, pos, colour)
        lines = self._label_lines(text, colour)
        rect = self.hover_box(self._label_rect(lines).size, square)
        self._paint_label(target, rect, lines, colour)
        return rect

    def hover_box(self, size: tuple[int, int], square: Square) -> pygame.Rect:
        """Where a hover label of a size goes for a square: beside, above or below the square and the eight around
        it, whichever fits in the map first; when none does, the one that covers least of them."""
        keep = self.square_rect(square).inflate(self.sq * 2, self.sq * 2)
        middle = self.square_rect(square).center
        box = pygame.Rect((0, 0), size)
        # The tokens next to the one pointed at are what a player weighs it against (whom an area catches,
        # who stands in the way): the label goes where it hides none of them.
        choices = [box.move_to(midleft=(keep.right + LABEL_GAP, middle[1])),
                   box.move_to(midright=(keep.left - LABEL_GAP, middle[1])),
                   box.move_to(midbottom=(middle[0], keep.top - LABEL_GAP)),
                   box.move_to(midtop=(middle[0], keep.bottom + LABEL_GAP))]
        placed = [choice.clamp(self.rect) for choice in choices]
        for rect in placed:
            if self.rect.contains(rect) and not rect.colliderect(keep):
                return rect
        return min(placed, key=lambda rect: _overlap(rect, keep))

    def _paint_label(self, target: pygame.Surface, rect: pygame.Rect, lines: list[pygame.Surface],
                     colour: tuple[int, int, int]) -> None:
        """A label's dark box, its edge in the label's colour, and its lines."""
        pygame.draw.rect(target, (12, 13, 16), rect, border_radius=5)
        pygame.draw.rect(target, colour, rect, 1, border_radius=5)
        top = rect.top + 3
        for surface in lines:
            target.blit(surface, surface.get_rect(midtop=(rect.centerx, top)))
            top += surface.get_height()


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rectangles share."""
    common = a.clip(b)
    return common.width * common.height
