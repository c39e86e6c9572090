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


def _f12(app) -> None:  # noqa: ANN001
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    app.step(0)


def test_f12_saves_a_screenshot_and_says_where_it_went(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = make_app()
    app.show(LateButton(app.manager))
    app.step(0)  # the button is made and drawn
    _f12(app)
    assert app.last_screenshot is not None and app.last_screenshot.parent == tmp_path / "rulebound" / "screenshots"
    assert pygame.image.load(str(app.last_screenshot)).get_size() == (1280, 800)
    assert app.shown_note() == f"Screenshot saved to {app.last_screenshot}"
    first = app.last_screenshot
    app.step(0)  # the note is drawn
    _f12(app)
    # The picture leaves the note out: the second screenshot shows what the first one did.
    assert app.last_screenshot != first
    assert pygame.image.tobytes(pygame.image.load(str(app.last_screenshot)), "RGB") == \
        pygame.image.tobytes(pygame.image.load(str(first)), "RGB")
    pygame.quit()


def test_f12_where_no_screenshot_can_be_written_says_so_and_the_game_goes_on(tmp_path, monkeypatch) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    app = make_app()
    app.show(LateButton(app.manager))
    _f12(app)
    assert app.last_screenshot is None and app.running
    note = app.shown_note()
    assert note is not None and note.startswith("The screenshot was not saved: ")
    pygame.quit()


def test_a_note_goes_away_by_itself(monkeypatch) -> None:
    from game.ui import app as app_module

    monkeypatch.setattr(app_module, "NOTE_SECONDS", 0.05)
    app = make_app()
    app.show(LateButton(app.manager))
    app.note("Something happened")
    assert app.step(0) and app.shown_note() == "Something happened"
    app.step(app._sleep_ms())  # the loop sleeps no longer than the note stays
    app.step(60)
    assert app.shown_note() is None
    pygame.quit()


def _window() -> pygame.Window:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the only way to the display module's window
        return pygame.Window.from_display_module()


def test_the_window_cannot_be_dragged_smaller_than_the_screen_is_laid_out_for() -> None:
    from game.ui.settings import MIN_WINDOW

    app = make_app(size=(1280, 800))
    try:
        assert _window().minimum_size == MIN_WINDOW
        # A resize makes the window anew (set_mode): the least size holds for the new one too.
        app.resize((1100, 700))
        assert _window().minimum_size == MIN_WINDOW
        _window().size = (700, 450)  # as a hand dragging the window's corner would
        assert _window().size == MIN_WINDOW
    finally:
        pygame.quit()
