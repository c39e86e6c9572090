"""The map in the middle of the screen: terrain and fog drawn once into chunks, tokens and overlays on top.

Terrain and fog are composed into square chunks of the current zoom and rotation, built when
first seen and kept until the zoom, the rotation or the fog changes; a frame only blits the
chunks in view, then the overlays and the tokens, whose sprites are cached too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.core.battlefield import Square
from game.ui import theme
from game.ui.badges import lay_out
from game.ui.effects import draw_floating
from game.ui.mapscene import LABEL_GAP, LABEL_OFFSET, Floating, MapScene, Point, Token, label_pos, pointer_of
from game.ui.mapterrain import MapTerrain
from game.ui.terrainwords import terrain_words
from game.ui.tokens import TokenLook, faded_sprite, sprite

GHOST_ALPHA = 70  # how faintly an enemy out of sight shows where it was last seen
AFAR_ALPHA = 150  # how dimly an enemy shows that the seat sees, but not its current combatant


__all__ = ["Floating", "MapScene", "MapView", "Point", "Token", "label_pos", "pointer_of"]


class MapView(MapTerrain):
    """The map in the middle of the screen: its camera, its terrain, and the scene of a frame drawn over them."""

    # The last badges laid out: what they were laid out from, and each one's box, token centre, word and colour.
    _badges_cache: tuple[object, list[tuple[pygame.Rect, tuple[int, int], str, tuple[int, int, int]]]] | None = None

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
        for effect in scene.effects:
            effect.draw(target, self, pygame.time.get_ticks())
        self._draw_floating(target, scene)
        path_box = self._draw_path_label(target, scene)  # over the tokens: never hidden under one
        avoid = [path_box] if path_box is not None else []
        if scene.hover_label is not None:
            self._draw_hover_label(target, *scene.hover_label, scene.hover_colour, avoid)
        elif scene.terrain_hover is not None:
            text = self.terrain_text(scene.terrain_hover[0], scene.step_unit)
            if text:
                self._draw_hover_label(target, text, scene.terrain_hover[1], theme.TEXT, avoid)
        target.set_clip(clip)

    def terrain_text(self, square: Square, unit: tuple[str, str]) -> str:
        """What the hover label says of a square's terrain: the terrain the watching seat sees or remembers, "Not
        seen yet" for one it never saw (the shroud tells nothing), "" off the map."""
        if square not in self.battlefield.squares:
            return ""
        if square not in self.visible and square not in self.seen:
            return "Not seen yet"
        return terrain_words(self.battlefield, square, self.art.names.get(square), unit)

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
        """The path a move would walk (its label is drawn over the tokens, ``_draw_path_label``)."""
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

    def _draw_path_label(self, target: pygame.Surface, scene: MapScene) -> pygame.Rect | None:
        """The path's cost beside its end, where it covers no token and not the end itself; its box, or None."""
        if not scene.path or scene.path_from is None or not scene.path_label:
            return None
        colour = theme.ACCENT if scene.path_ok else theme.BAD
        lines = self._label_lines(scene.path_label, colour)
        rect = self.path_label_box(self._label_rect(lines).size, scene)
        self._paint_label(target, rect, lines, colour)
        return rect

    def path_label_box(self, size: tuple[int, int], scene: MapScene) -> pygame.Rect:
        """Where the path's label goes: at a corner of the path's end, or above or below it, the first that fits in
        the map and covers no token (the mover's, a target's) nor the end square; else the one covering least."""
        end = self._point(scene.path[-1])
        half = self.sq // 2
        box = pygame.Rect((0, 0), size)
        left, right, up, down = end[0] - half, end[0] + half, end[1] - half, end[1] + half
        choices = [box.move_to(midleft=(right, up)), box.move_to(midright=(left, up)),
                   box.move_to(midleft=(right, down)), box.move_to(midright=(left, down)),
                   box.move_to(midbottom=(end[0], up)), box.move_to(midtop=(end[0], down))]
        choices = [c for c in choices if self.rect.contains(c)] or [c.clamp(self.rect) for c in choices]
        covered = [self.square_rect(scene.path[-1])]
        covered += [pygame.Rect(0, 0, self.sq, self.sq).move_to(center=self._point(t.position)) for t in scene.tokens]

        def hidden(c: pygame.Rect) -> int:
            return sum(c.clip(r).width * c.clip(r).height for r in covered)

        return min(choices, key=hidden)  # the first of the best: the corner above and to the right when it is clear

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
        """Where each badge goes (``badges.lay_out``): beside its own token, over no other badge and no token."""
        return [(box, text, colour) for box, _token, text, colour in self._badge_layout(scene)]

    def _badge_layout(self, scene: MapScene) -> list[tuple[pygame.Rect, tuple[int, int], str, tuple[int, int, int]]]:
        """Each badge's box, its token's centre on the screen, its word and colour (worked out once while the
        same)."""
        size = self._badge_size()
        tokens = tuple(self._point(t.position) for t in scene.tokens if not t.ghost)
        words = tuple((self._point(square), text, colour) for square, text, colour in scene.badges)
        key = (tokens, words, self.sq, tuple(self.rect))
        if self._badges_cache is None or self._badges_cache[0] != key:
            sizes = [theme.text_surface(text, size, colour, True).get_rect().inflate(6, 2).size
                     for _centre, text, colour in words]
            boxes = lay_out(tokens, [(centre, wh) for (centre, _t, _c), wh in zip(words, sizes, strict=True)],
                            self.sq, self.rect)
            self._badges_cache = (key, [(box, centre, text, colour)
                                        for box, (centre, text, colour) in zip(boxes, words, strict=True)])
        return self._badges_cache[1]

    def _draw_badges(self, target: pygame.Surface, scene: MapScene) -> None:
        """A short word beside its token, on a dark tab that reads on any floor; one set further out has a thin
        line back to its token."""
        size = self._badge_size()
        for box, token, text, colour in self._badge_layout(scene):
            square = pygame.Rect(0, 0, self.sq, self.sq)
            square.center = token
            near = (min(max(token[0], box.left), box.right - 1), min(max(token[1], box.top), box.bottom - 1))
            dx, dy = near[0] - token[0], near[1] - token[1]
            far = math.hypot(dx, dy)
            if not box.inflate(4, 4).colliderect(square) and far > self.sq * 0.45:
                edge = (round(token[0] + dx * self.sq * 0.45 / far), round(token[1] + dy * self.sq * 0.45 / far))
                pygame.draw.line(target, (14, 14, 18), edge, near, max(1, self.sq // 16) + 2)
                pygame.draw.line(target, colour, edge, near, max(1, self.sq // 16))
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
        draw_floating(target, self, scene.floating)

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
                          colour: tuple[int, int, int] = theme.TEXT,
                          avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """The hover label for the pointer at ``pointer_of(pos)``, clear of the square it points at (and of the boxes
        to ``avoid``: the path's label); returns the box."""
        square = self.square_at(pointer_of(pos))
        if square is None:
            return self._draw_label(target, text, pos, colour)
        lines = self._label_lines(text, colour)
        rect = self.hover_box(self._label_rect(lines).size, square, avoid)
        self._paint_label(target, rect, lines, colour)
        return rect

    def hover_box(self, size: tuple[int, int], square: Square, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Where a hover label of a size goes for a square: beside, above or below the square and the eight around
        it, whichever fits in the map first clear of the boxes to ``avoid``; when none does, the one that covers
        least of them."""
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
            if self.rect.contains(rect) and not rect.colliderect(keep) and rect.collidelist(list(avoid)) < 0:
                return rect
        return min(placed, key=lambda rect: (_overlap(rect, keep) + sum(_overlap(rect, box) for box in avoid)))

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
