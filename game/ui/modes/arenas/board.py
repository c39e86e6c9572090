"""The arenas map: each arena drawn as a region tinted by its kind, labelled with its name and what it favours."""

from __future__ import annotations

import pygame

from game.core.battlefield import Square
from game.ui import theme
from game.ui.mapview import MapScene, MapView

KIND_COLOURS = {"tight": (176, 120, 70), "hazardous": (230, 120, 40), "open": (230, 214, 90),
                "dense": (70, 170, 90), "neutral": (150, 156, 170)}
TINT_ALPHA = 54


class ArenaMapView(MapView):
    """The map with the arenas under the tokens: ``regions`` are (name, kind, favours, squares) set by the screen."""

    regions: tuple[tuple[str, str, str, tuple[Square, ...]], ...] = ()

    def _draw_auras(self, target: pygame.Surface, scene: MapScene) -> None:
        """The arenas' tints and labels go first, under everything the scene adds."""
        for _name, kind, _favours, squares in self.regions:
            fill = self._tint(kind)
            target.blits([(fill, pos) for pos in self._visible_rects(frozenset(squares))], doreturn=False)
        for name, kind, favours, squares in self.regions:
            if not squares:
                continue
            rect = self.square_rect(squares[0])
            size = max(9, self.sq // 3)
            colour = KIND_COLOURS.get(kind, theme.TEXT)
            top = theme.draw_text(target, name, (rect.x + 2, rect.y + 1), size, colour, bold=True)
            theme.draw_text(target, f"{kind}: {favours}", (rect.x + 2, top.bottom), max(8, size - 2), colour)
        super()._draw_auras(target, scene)

    def _tint(self, kind: str) -> pygame.Surface:
        key = (f"arena-{kind}", self.sq)
        cached = self._square_fills.get(key)
        if cached is None:
            cached = pygame.Surface((self.sq, self.sq), pygame.SRCALPHA)
            cached.fill((*KIND_COLOURS.get(kind, theme.TEXT), TINT_ALPHA))
            self._square_fills[key] = cached
        return cached
