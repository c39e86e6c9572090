"""The one layout every screen takes its rectangles from: window size and UI scale in, rectangles out.

The encounter screen follows text 003's four sections: the toolbar on top, the combatants on
the left, the controls of the current combatant on the right and the map in the middle, with
the selected token's information and the log below the map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

# The smallest window every screen is laid out for at UI scale 1.0: at a larger scale a window needs
# to be that much larger too, or the toolbar's buttons and the menu's columns run into each other.
BASE_WINDOW = (1024, 640)
MIN_SCALE, MAX_SCALE = 1.0, 2.0

TOOLBAR_BUTTONS = ("rotate", "zoom_out", "zoom_in", "centre", "help", "undo")
MAP_TOOLS = ("rotate", "zoom_out", "zoom_in", "centre")  # the view buttons only a map has
TOOLBAR_WIDTHS = {"rotate": 76, "zoom_out": 38, "zoom_in": 38, "centre": 74, "help": 60, "undo": 64}
STATUS_ROOM = 300  # the narrowest status line worth keeping the title for, at scale 1


@dataclass(frozen=True)
class Layout:
    """Rectangles and sizes for one window size and UI scale."""

    width: int
    height: int
    scale: float
    toolbar: pygame.Rect
    left: pygame.Rect
    right: pygame.Rect
    map: pygame.Rect
    bottom: pygame.Rect
    info: pygame.Rect
    log: pygame.Rect
    map_tools: bool = True  # whether the toolbar has the map's view buttons: a table has no map to turn or zoom

    def px(self, amount: float) -> int:
        """A length given at UI scale 1.0, at this layout's scale (at least a pixel, unless none)."""
        return max(1, round(amount * self.scale)) if amount else 0

    @property
    def pad(self) -> int:
        """Space between a panel's edge and its content."""
        return self.px(10)

    @property
    def button_h(self) -> int:
        """Height of an ordinary button."""
        return self.px(32)

    @property
    def row_h(self) -> int:
        """Height of one combatant in the list on the left."""
        return self.px(50)

    def font_px(self, role: str) -> int:
        """Font size in pixels for a text role: small, body, heading or title."""
        return self.px({"small": 13, "body": 15, "heading": 18, "title": 30, "huge": 54}[role])

    # -- the toolbar -----------------------------------------------------------------------------
    @property
    def toolbar_buttons(self) -> tuple[str, ...]:
        """The view buttons the toolbar shows, in order."""
        return TOOLBAR_BUTTONS if self.map_tools else tuple(b for b in TOOLBAR_BUTTONS if b not in MAP_TOOLS)

    @property
    def toolbar_compact(self) -> bool:
        """Whether the toolbar leaves out the title and the map's name: when, with them, the status line
        between the buttons would be too narrow to read."""
        return self._status_span(self.left.right + self.pad).width < self.px(STATUS_ROOM)

    def _status_span(self, start: int) -> pygame.Rect:
        """The status line's place with the view buttons starting at ``start``."""
        gap = self.px(6)
        first = start + sum(self.px(TOOLBAR_WIDTHS[b]) + gap for b in self.toolbar_buttons) - gap + self.pad
        end = self.toolbar_button("retreat").x - self.pad
        return pygame.Rect(first, self.toolbar.y, max(0, end - first), self.toolbar.height)

    def toolbar_button(self, name: str) -> pygame.Rect:
        """Where a toolbar button sits: view buttons after the title (at the left edge in a compact toolbar),
        retreat and menu at the right end."""
        h = self.toolbar.height - 2 * self.px(7)
        y = self.toolbar.y + self.px(7)
        gap = self.px(6)
        if name in ("retreat", "menu"):
            wide = self.px(92)
            x = self.toolbar.right - self.pad - (2 if name == "retreat" else 1) * (wide + gap) + gap
            return pygame.Rect(x, y, wide, h)
        x = self.pad if self.toolbar_compact else self.left.right + self.pad
        for other in self.toolbar_buttons:
            w = self.px(TOOLBAR_WIDTHS[other])
            if other == name:
                return pygame.Rect(x, y, w, h)
            x += w + gap
        raise KeyError(name)

    @property
    def toolbar_status(self) -> pygame.Rect:
        """The text in the toolbar between the view buttons and the retreat button."""
        return self._status_span(self.toolbar_button(self.toolbar_buttons[0]).x)

    # -- the left column -------------------------------------------------------------------------
    @property
    def left_button(self) -> pygame.Rect:
        """The Roll Initiative button at the top of the combatant list."""
        return pygame.Rect(self.left.x + self.pad, self.left.y + self.pad, self.left.width - 2 * self.pad,
                           self.px(38))

    def left_rows(self, with_button: bool) -> pygame.Rect:
        """Where the combatant rows are drawn, below the button when it is shown."""
        top = self.left_button.bottom + self.pad if with_button else self.left.y + self.pad
        return pygame.Rect(self.left.x, top, self.left.width, self.left.bottom - top)

    # -- the right column ------------------------------------------------------------------------
    @property
    def right_header(self) -> pygame.Rect:
        """The current combatant's name and portrait at the top of the controls."""
        return pygame.Rect(self.right.x, self.right.y, self.right.width, self.px(64))

    def tab_button(self, index: int, count: int = 3) -> pygame.Rect:
        """One of the Stats, Move and Action tabs."""
        inner = self.right.width - 2 * self.pad
        gap = self.px(4)
        w = (inner - gap * (count - 1)) // count
        return pygame.Rect(self.right.x + self.pad + index * (w + gap), self.right_header.bottom, w, self.px(34))

    @property
    def tab_body(self) -> pygame.Rect:
        """The content of the open tab, between the tabs and the End Turn button."""
        top = self.tab_button(0).bottom + self.px(8)
        bottom = self.end_button.y - self.px(8)
        return pygame.Rect(self.right.x + self.pad, top, self.right.width - 2 * self.pad, bottom - top)

    @property
    def end_button(self) -> pygame.Rect:
        """End Turn, Go or Roll Initiative at the bottom of the controls."""
        h = self.px(46)
        return pygame.Rect(self.right.x + self.pad, self.right.bottom - self.pad - h, self.right.width - 2 * self.pad,
                           h)

    # -- dialogs ---------------------------------------------------------------------------------
    def dialog(self, width: float, height: float) -> pygame.Rect:
        """A dialog of the given size at scale 1.0, centred on the window and kept inside it."""
        w = min(self.px(width), self.width - 2 * self.pad)
        h = min(self.px(height), self.height - 2 * self.pad)
        return pygame.Rect((self.width - w) // 2, (self.height - h) // 2, w, h)


def fitting_scale(size: tuple[int, int], wanted: float) -> float:
    """The UI scale a window of this size shows: the wanted one, or the largest below it that fits."""
    room = math.floor(min(size[0] / BASE_WINDOW[0], size[1] / BASE_WINDOW[1]) * 20 + 1e-9) / 20
    return min(MAX_SCALE, max(MIN_SCALE, min(wanted, room)))


def layout_for(size: tuple[int, int], scale: float = 1.0) -> Layout:
    """The encounter layout for a window size and UI scale; side panels shrink on narrow windows."""
    width, height = max(320, size[0]), max(240, size[1])
    scale = fitting_scale((width, height), scale)
    bar = round(48 * scale)
    left_w = min(round(250 * scale), int(width * 0.24))
    right_w = min(round(320 * scale), int(width * 0.30))
    bottom_h = min(round(180 * scale), int((height - bar) * 0.34))
    toolbar = pygame.Rect(0, 0, width, bar)
    left = pygame.Rect(0, bar, left_w, height - bar)
    right = pygame.Rect(width - right_w, bar, right_w, height - bar)
    middle_w = max(0, width - left_w - right_w)
    map_rect = pygame.Rect(left_w, bar, middle_w, height - bar - bottom_h)
    bottom = pygame.Rect(left_w, map_rect.bottom, middle_w, bottom_h)
    info_w = min(round(290 * scale), int(middle_w * 0.45))
    info = pygame.Rect(bottom.x, bottom.y, info_w, bottom_h)
    log = pygame.Rect(info.right, bottom.y, middle_w - info_w, bottom_h)
    return Layout(width, height, scale, toolbar, left, right, map_rect, bottom, info, log)


def menu_columns(layout: Layout) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """The menu's title band and its three columns: encounter and map, the party, players and settings."""
    top = layout.px(96)
    bottom = layout.px(78)
    pad = layout.px(16)
    title = pygame.Rect(0, 0, layout.width, top)
    inner_w = layout.width - 4 * pad
    widths = (inner_w * 38 // 100, inner_w * 32 // 100)
    h = layout.height - top - bottom
    first = pygame.Rect(pad, top, widths[0], h)
    second = pygame.Rect(first.right + pad, top, widths[1], h)
    third = pygame.Rect(second.right + pad, top, layout.width - second.right - 2 * pad, h)
    return title, first, second, third


def menu_buttons(layout: Layout) -> tuple[pygame.Rect, pygame.Rect]:
    """Start and Quit at the bottom right of the menu."""
    h = layout.px(50)
    y = layout.height - layout.px(78) + (layout.px(78) - h) // 2
    quit_w = layout.px(120)
    start_w = layout.px(260)
    quit_rect = pygame.Rect(layout.width - layout.px(16) - quit_w, y, quit_w, h)
    start = pygame.Rect(quit_rect.x - layout.px(12) - start_w, y, start_w, h)
    return start, quit_rect
