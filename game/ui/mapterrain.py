"""The map's terrain, fog and shroud, composed once into square chunks of the current zoom and rotation.

Out of sight, terrain the watching seat has seen before is drawn dimmed (fog); what it never saw is
black (shroud).

A chunk is built when first seen and kept until the zoom, the rotation or the fog changes; a frame
only blits the chunks in view.
"""

from __future__ import annotations

import pygame

from game.core.battlefield import Square
from game.core.fields import plain_squares
from game.ui import theme
from game.ui.mapcamera import MapCamera

CHUNK_PIXELS = 256
FOG_ALPHA = 165  # how dark remembered terrain out of sight is drawn: dim, but still read as the same map


class MapTerrain(MapCamera):
    """The camera with the terrain and fog drawn under it."""

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
        shroud = self._fill("shroud")
        seen = self.seen
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
                    # "the map hides the squares that aren't visible from that combatant's point of view": who
                    # stands there is hidden; terrain the seat saw before stays, dimmed (fog), the rest is black.
                    if square in seen:
                        blits.extend(self._terrain_blits(square, pos))
                        blits.append((fog, pos))
                    else:
                        blits.append((shroud, pos))
                    continue
                blits.extend(self._terrain_blits(square, pos))
        surface.blits(blits, doreturn=False)
        return surface

    def _terrain_blits(self, square: Square, pos: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        bf = self.battlefield
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        tiled = [layer[square] for layer in self.art.layers if square in layer]
        if tiled and square in bf.obstructed:
            # "some are gray - these squares are Obstructed": the square's own tiles drawn in grey, so rubble
            # reads as rubble and as Obstructed on any map.
            out.append((self._grey_square(tiled), pos))
            out.append((self._fill("grid"), pos))
            return out
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

    def _grey_square(self, tiled: list[pygame.Surface]) -> pygame.Surface:
        """A square's tiles, bottom layer first, drawn in grey and hatched as plain Obstructed squares are."""
        key = (tuple(id(image) for image in tiled), self.sq, self.rotation)
        cached = self._greyed.get(key)
        if cached is not None:
            return cached
        sq = self.sq
        s = pygame.Surface((sq, sq)).convert()
        s.fill(theme.OBSTRUCTED)
        for image in tiled:
            scaled = self._scaled_tile(image)
            s.blit(scaled, (0, sq - scaled.get_height()))
        s = pygame.transform.grayscale(s)
        s.blit(self._fill("obstructed_over"), (0, 0))
        if len(self._greyed) > 2000:
            self._greyed.clear()
        self._greyed[key] = s
        return s

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
        if kind == "shroud":
            s.fill(theme.FOG)
            pygame.draw.rect(s, theme.FOG_LINE, s.get_rect(), 1)
        elif kind == "fog":
            # Remembered terrain under a dark veil: the map stays the same map, and what is in sight stands out.
            s.fill((*theme.FOG, FOG_ALPHA))
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
            # Over tile art already in grey: lighter, and the hatching of the plain Obstructed squares.
            s.fill((150, 150, 150, 70))
            for k in range(-sq, sq, max(4, sq // 4)):
                pygame.draw.line(s, (205, 205, 205, 110), (k, sq), (k + sq, 0), line)
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
