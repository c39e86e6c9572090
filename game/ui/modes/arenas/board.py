"""The arenas map: each arena drawn as a region tinted by its kind, labelled with its name and what it favours."""

from __future__ import annotations

import pygame

from game.core.battlefield import Square
from game.modes.arenas.view import ArenasView
from game.ui import theme
from game.ui.mapview import MapScene, MapView

KIND_COLOURS = {"tight": (176, 120, 70), "hazardous": (230, 120, 40), "open": (230, 214, 90),
                "dense": (70, 170, 90), "neutral": (150, 156, 170)}
TINT_ALPHA = 54
RUBBLE_COLOUR = (112, 98, 84)  # a broken wall's hole, drawn over its wall tiles: the tint of its kind goes on top
CRACK_COLOUR = (236, 226, 200)


class ArenaMapView(MapView):
    """The map with the arenas under the tokens: ``regions`` are (name, kind, favours, squares) set by the screen."""

    regions: tuple[tuple[str, str, str, tuple[Square, ...]], ...] = ()
    rubble: frozenset[Square] = frozenset()  # squares of broken walls, now arenas
    flimsy: tuple[tuple[str, tuple[Square, ...]], ...] = ()  # walls that may be broken
    possible: tuple[tuple[str, str, tuple[Square, ...]], ...] = ()  # arenas not drawn in: name, kind, squares

    def set_marks(self, view: ArenasView) -> None:
        """Take the broken walls, flimsy walls and possible arenas from a view."""
        self.rubble = frozenset(s for a in view.arenas if a.rubble for s in a.squares)
        self.flimsy = tuple((w.name, w.squares) for w in view.walls)
        self.possible = tuple((p.name, p.kind, p.squares) for p in view.possible)

    def _draw_auras(self, target: pygame.Surface, scene: MapScene) -> None:
        """The arenas' tints and labels go first, under everything the scene adds."""
        self._draw_marks(target)
        for _name, kind, _favours, squares in self.regions:
            fill = self._tint(kind)
            target.blits([(fill, pos) for pos in self._visible_rects(frozenset(squares))], doreturn=False)
        labels: list[pygame.Rect] = []
        stood = [self.square_rect((round(t.position[0]), round(t.position[1]))) for t in scene.tokens]
        for name, kind, favours, squares in self.regions:
            if not squares:
                continue
            size = max(9, self.sq // 3)
            lines = ((name, size, True), (f"{kind}: {favours}", max(8, size - 2), False))
            width = max(theme.font(px, bold).size(text)[0] for text, px, bold in lines) + 4
            height = sum(theme.font(px, bold).get_linesize() for text, px, bold in lines)
            # At the start of the arena's first row, or of a later one, where it covers no label drawn before and,
            # if it can, no token.
            rows = [s for i, s in enumerate(squares) if i == 0 or s[1] != squares[i - 1][1]]
            spots = [pygame.Rect(self.square_rect(s).x, self.square_rect(s).y + 1, width, height) for s in rows]
            clear = [r for r in spots if r.collidelist(labels) < 0]
            spot = next((r for r in clear if r.collidelist(stood) < 0), clear[0] if clear else spots[0])
            labels.append(spot)
            colour = KIND_COLOURS.get(kind, theme.TEXT)
            y = spot.y
            for text, px, bold in lines:
                y = _chip(target, text, (spot.x + 2, y), px, colour, bold=bold).bottom
        self._draw_mark_labels(target)
        super()._draw_auras(target, scene)

    def _tint(self, kind: str) -> pygame.Surface:
        key = (f"arena-{kind}", self.sq)
        cached = self._square_fills.get(key)
        if cached is None:
            cached = pygame.Surface((self.sq, self.sq), pygame.SRCALPHA)
            cached.fill((*KIND_COLOURS.get(kind, theme.TEXT), TINT_ALPHA))
            self._square_fills[key] = cached
        return cached

    def _draw_marks(self, target: pygame.Surface) -> None:
        """Broken walls as rubble, flimsy walls cracked, and possible arenas outlined and named "possible"."""
        rubble = self._mark_fill("rubble", (*RUBBLE_COLOUR, 255))
        target.blits([(rubble, pos) for pos in self._visible_rects(self.rubble)], doreturn=False)
        width = max(1, self.sq // 16)
        for _name, squares in self.flimsy:
            for x, y in self._visible_rects(frozenset(squares)):
                pygame.draw.line(target, CRACK_COLOUR, (x + self.sq // 4, y + 2), (x + self.sq // 2, y + self.sq // 2),
                                 width)
                pygame.draw.line(target, CRACK_COLOUR, (x + self.sq // 2, y + self.sq // 2),
                                 (x + self.sq // 3, y + self.sq - 2), width)
        for _name, kind, squares in self.possible:
            colour = KIND_COLOURS.get(kind, theme.TEXT)
            for x, y in self._visible_rects(frozenset(squares)):
                pygame.draw.rect(target, colour, (x + 2, y + 2, self.sq - 4, self.sq - 4), width)

    def _draw_mark_labels(self, target: pygame.Surface) -> None:
        """Name each possible arena and flimsy wall at its first square, over the tints so they stay readable."""
        size = max(9, self.sq // 4)
        for name, kind, squares in self.possible:
            if squares:
                rect = self.square_rect(squares[0])
                _chip(target, f"possible: {name} ({kind})", (rect.x + 2, rect.y + 1), size,
                      KIND_COLOURS.get(kind, theme.TEXT))
        for name, squares in self.flimsy:
            if squares:
                rect = self.square_rect(squares[0])
                _chip(target, f"flimsy: {name}", (rect.x + 2, rect.y + 1), size, CRACK_COLOUR)

    def _mark_fill(self, key: str, colour: tuple[int, int, int, int]) -> pygame.Surface:
        cached = self._square_fills.get((key, self.sq))
        if cached is None:
            cached = pygame.Surface((self.sq, self.sq), pygame.SRCALPHA)
            cached.fill(colour)
            self._square_fills[(key, self.sq)] = cached
        return cached


def _chip(target: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: tuple[int, int, int],
          bold: bool = False) -> pygame.Rect:
    """Text on a dark plate, so a label reads over any tile and tint; returns where the text went."""
    width, height = theme.font(size, bold).size(text)
    plate = pygame.Surface((width + 4, height), pygame.SRCALPHA)
    plate.fill((*theme.PANEL_DARK, 170))
    target.blit(plate, (pos[0] - 2, pos[1]))
    return theme.draw_text(target, text, pos, size, colour, bold=bold)
