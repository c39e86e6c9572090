"""The controls column on the right: what its buttons call, and the header and text drawn between them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.ui import theme
from game.ui.layout import Layout
from game.ui.panels import CachedPanel, TextLine, draw_lines
from game.ui.tokens import TokenLook, portrait


class Callback(Protocol):
    """What a button or a numbered option calls, with no arguments; what it returns is not used.

    A protocol rather than ``Callable[[], object]``: mypy cannot infer the type of a lambda that binds a
    loop variable as a default argument (``lambda a=action: ...``) against a Callable, but checks it
    against this as it does any other function.
    """

    def __call__(self) -> object: ...


@dataclass
class Note:
    """Text drawn in the controls on the right, at a place relative to the right column."""

    rect: pygame.Rect
    lines: tuple[TextLine, ...]
    top: int = 0  # where the text starts against the rectangle's top: negative when scrolled partly out of it


class RightPanel(CachedPanel):
    """The drawn part of the controls: the header and the text between the buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.look: TokenLook | None = None
        self.title = ""
        self.subtitle = ""
        self.notes: list[Note] = []
        self.bar: pygame.Rect | None = None  # the scroll bar's thumb, when the options are taller than their room
        self.layout: Layout | None = None

    def draw(self, target: pygame.Surface, rect: pygame.Rect, layout: Layout) -> None:
        """Draw the panel."""
        self.layout = layout
        key = (self.look, self.title, self.subtitle, tuple((tuple(n.rect), n.lines, n.top) for n in self.notes),
               layout.scale, None if self.bar is None else tuple(self.bar))
        self.blit(target, rect, key)

    def render(self, surface: pygame.Surface) -> None:
        """Draw the header and the notes."""
        layout = self.layout
        assert layout is not None
        surface.fill(theme.PANEL)
        pygame.draw.line(surface, theme.EDGE, (0, 0), (0, surface.get_height()))
        x = layout.pad
        if self.look is not None:
            size = layout.px(48)
            surface.blit(portrait(self.look, size), (layout.pad, layout.px(8)))
            x += size + layout.px(8)
        room = surface.get_width() - x - layout.pad  # the header keeps to the column: a long line ends in "..."
        heading, small = layout.font_px("heading"), layout.font_px("small")
        theme.draw_text(surface, theme.shorten(self.title, heading, room, bold=True), (x, layout.px(10)), heading,
                        theme.TEXT, bold=True)
        theme.draw_text(surface, theme.shorten(self.subtitle, small, room), (x, layout.px(36)), small, theme.TEXT_DIM)
        for note in self.notes:
            rect = note.rect.move(-layout.right.x, -layout.right.y)
            draw_lines(surface, rect, list(note.lines), layout, top=note.top)
        if self.bar is not None:
            thumb = self.bar.move(-layout.right.x, -layout.right.y)
            pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=max(1, thumb.width // 2))
