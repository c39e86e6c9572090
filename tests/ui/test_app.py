"""The window's loop: what a screen makes in a step is drawn in that step's frame."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import theme
from game.ui.layout import Layout
from tests.ui.helpers import make_app, pixel


class LateButton:
    """A screen that makes its one button in its first update, as a screen does when a computer turn ends."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.button: pygame_gui.elements.UIButton | None = None

    def build(self, layout: Layout) -> None:
        pass

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        return False

    def update(self, now: int) -> bool:
        if self.button is not None:
            return False
        self.button = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 60), "Play again", self.manager,
                                                   object_id="@primary")
        return True

    def busy(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_widget_made_in_a_screens_update_is_drawn_in_the_same_frame() -> None:
    app = make_app()
    screen = LateButton(app.manager)
    app.show(screen)
    assert app.step(0)
    assert screen.button is not None
    # Not the bare window: the button is there at once, not a frame (up to a second) later.
    assert pixel(app, screen.button.rect.center) != theme.BG
    pygame.quit()
