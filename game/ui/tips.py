"""The widget manager's tooltips: as wide as their words, and placed where they cover no other control."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine

TIP_WIDTH = 420  # at UI scale 1: a tooltip grows to fit its words up to this wide, then wraps
TIP_EDGES = 22  # pixels a tooltip adds around its text: padding and border
CONTROLS = (UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)  # what a tooltip must not cover


class TipManager(pygame_gui.UIManager):
    """The widget manager, with tooltips as wide as their words (up to TIP_WIDTH, then wrapped), placed clear of
    the other controls: pygame-gui's fixed 170 pixels wrapped a sentence to three or four lines, and its place
    under the widget covered the option or button below."""

    tip_scale = 1.0  # the UI scale the widgets are drawn at

    def create_tool_tip(self, text: str, position: tuple[int, int], hover_distance: tuple[int, int],
                        parent_element: Any, object_id: Any, *, wrap_width: int | None = None,
                        text_kwargs: dict[str, str] | None = None) -> Any:
        """A tooltip as wide as its text needs, within TIP_WIDTH (scaled) and half the window, clear of controls."""
        if wrap_width is None:
            words = self.get_theme().get_font(["text_box"]).size(text)[0] + TIP_EDGES
            wrap_width = min(words, round(TIP_WIDTH * self.tip_scale), self.window_resolution[0] // 2)
        tip: Any = super().create_tool_tip(text, position, hover_distance, parent_element, object_id,
                                      wrap_width=wrap_width, text_kwargs=text_kwargs)
        if parent_element is not None:
            spot = clear_spot(pygame.Rect(tip.rect), pygame.Rect(parent_element.rect), self._others(parent_element),
                              pygame.Rect((0, 0), self.window_resolution))
            tip.set_position(spot)
        return tip

    def _others(self, owner: Any) -> list[pygame.Rect]:
        """Where the shown controls other than the tooltip's own widget are."""
        return [pygame.Rect(e.rect) for e in self.get_sprite_group().sprites()
                if isinstance(e, CONTROLS) and e is not owner and e.visible and e.alive()]


def clear_spot(tip: pygame.Rect, owner: pygame.Rect, others: list[pygame.Rect], window: pygame.Rect
               ) -> tuple[int, int]:
    """Where a tooltip goes: where it was put (under its widget) if that covers no other control, else the first of
    above, left of and right of its widget that covers none; kept in the window. Where none is clear, it stays."""
    gap = 2
    spots = [tip.topleft, (tip.x, owner.top - tip.height - gap),
             (owner.left - tip.width - gap, owner.top), (owner.right + gap, owner.top)]
    for spot in spots:
        placed = pygame.Rect(spot, tip.size).clamp(window)
        if not placed.colliderect(owner) and placed.collidelist(others) < 0:
            return placed.topleft
    return tip.topleft
