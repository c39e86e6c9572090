"""The window and its event loop: it sleeps until something happens and draws only when something changed."""

from __future__ import annotations

import io
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame
import pygame_gui

from game.core.userdata import atomic_write_bytes
from game.ui import theme, tokens
from game.ui.layout import Layout, layout_for
from game.ui.settings import MIN_WINDOW, Settings, data_dir, save_settings
from game.ui.sound import Mixer, Sound
from game.ui.tips import TipManager

TITLE = "Rulebound"
IDLE_WAKE_MS = 1000  # the longest sleep: widgets (tooltips, text carets) are checked this often
HOVER_WAKE_MS = 120  # while the pointer rests on a widget a tooltip may be about to appear
ANIMATION_MS = 15
NOTE_SECONDS = 3.0  # how long a note (such as where a screenshot went) stays on screen


def hold_minimum_size() -> None:
    """Keep the window from being dragged smaller than MIN_WINDOW: the screen is laid out for that size and up,
    and a smaller window would cut off the controls on the right. Set again after every set_mode, which makes
    the window anew."""
    # pygame-ce reaches the display module's window only through Window.from_display_module, which it marks
    # deprecated in favour of drawing through a Window; until the game draws that way, its warning is noise.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.minimum_size = MIN_WINDOW


class Screen(Protocol):
    """One screen of the game (the menu, an encounter)."""

    def build(self, layout: Layout) -> None:
        """Create the widgets for a layout; called again when the window or UI scale changes."""
        ...

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """React to one event (``consumed`` when a widget already took it); whether the screen changed."""
        ...

    def update(self, now: int) -> bool:
        """Advance animations and computer turns; whether anything on screen changed."""
        ...

    def busy(self) -> bool:
        """Whether something moves on screen without input, so the loop must not sleep."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the widgets."""
        ...

    def close(self) -> None:
        """Let go of what the screen holds."""
        ...


class App:
    """The game's window: settings, the widget manager, the current screen and the frame counter."""

    def __init__(self, settings: Settings, size: tuple[int, int] | None = None, remember: bool = True,
                 save_folder: Path | None = None, mixer: Mixer | None = None) -> None:
        self.settings = settings.cleaned()
        self.sound = Sound(self.settings, mixer)  # silent where there is no audio device
        self.remember = remember
        self.save_folder = save_folder
        pygame.display.init()
        pygame.font.init()
        theme.reset_caches()
        tokens.reset_cache()
        pygame.key.set_repeat(300, 40)
        self.surface = self._open_window(size or self.settings.window)
        self.layout = layout_for(self.surface.get_size(), self.settings.ui_scale)
        self.manager = self._make_manager()
        self.screen: Screen | None = None
        self.running = True
        self.dirty = True
        self.frames = 0
        self.frame_times: list[float] = []
        self.measure = False
        self._signature: tuple[Any, ...] = ()
        self._last_update = time.perf_counter()
        self.on_quit: Callable[[], None] | None = None
        self.last_screenshot: Path | None = None
        self._note: tuple[str, bool, float] | None = None  # a line shown over every screen: text, bad, until
        self._down: set[int] = set()  # the keys pressed and not yet let go
        # Keys held down as the screen changed: their repeats belong to the screen before. A slow change (a long match
        # resumed) lets pygame repeat a key many times before its release is read: one Esc that left the replay
        # would otherwise also leave the result, then quit the game from the menu.
        self._stale: set[int] = set()

    # -- window ----------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            hold_minimum_size()
        # The title is set once the window exists: set before, some video drivers drop it.
        pygame.display.set_caption(TITLE)
        return surface

    def _make_manager(self) -> pygame_gui.UIManager:
        # The widgets take the scale the window shows, which can be below the one chosen (see fitting_scale).
        self._manager_scale = self.layout.scale
        manager = TipManager(self.surface.get_size(), theme.gui_theme(self.layout.scale),
                             enable_live_theme_updates=False)
        manager.tip_scale = self.layout.scale
        return manager

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings at once (window, fullscreen, scale) and remember them."""
        old = self.settings
        self.settings = settings.cleaned()
        self.sound.apply(self.settings)
        if (old.window, old.fullscreen) != (self.settings.window, self.settings.fullscreen):
            self.surface = self._open_window(self.settings.window)
        self._relayout()
        self.save()

    def toggle_fullscreen(self) -> None:
        """Fill the screen or go back to a window, at once, and remember it."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_settings(self.settings)

    def save(self) -> None:
        """Write the settings to the user's data folder (unless told not to, as tests do)."""
        if self.remember:
            save_settings(self.settings, self.save_folder)

    def resize(self, size: tuple[int, int]) -> None:
        """Follow the window to a new size."""
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if size != self.surface.get_size():
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            hold_minimum_size()
        if not self.settings.fullscreen:
            self.settings.window = size
        self._relayout()

    def _relayout(self) -> None:
        self.layout = layout_for(self.surface.get_size(), self.settings.ui_scale)
        if self.layout.scale != self._manager_scale:
            self.manager = self._make_manager()
        else:
            if self.manager.window_resolution != self.surface.get_size():
                self.manager.set_window_resolution(self.surface.get_size())
            self.manager.clear_and_reset()
        if self.screen is not None:
            self.screen.build(self.layout)
        self.dirty = True

    # -- screens ---------------------------------------------------------------------------------
    def show(self, screen: Screen) -> None:
        """Replace the current screen."""
        if self.screen is not None:
            self.screen.close()
        self.manager.clear_and_reset()
        self.screen = screen
        self._stale = set(self._down)
        screen.build(self.layout)
        self.sound.music(getattr(screen, "music", None))  # each screen names its loop ("menu", "encounter")
        self.dirty = True

    def quit(self) -> None:
        """Leave the loop at the end of this step."""
        self.running = False

    # -- the loop --------------------------------------------------------------------------------
    def run(self) -> int:
        """Run until the player quits; returns the exit status."""
        while self.running:
            self.step(self._sleep_ms())
        if self.screen is not None:
            self.screen.close()
        self.save()
        return 0

    def _sleep_ms(self) -> int:
        if self.dirty or (self.screen is not None and self.screen.busy()):
            return ANIMATION_MS
        # A note on screen wakes the loop when its time is up, to take it away.
        note_ms = IDLE_WAKE_MS if self._note is None else max(1, int((self._note[2] - time.monotonic()) * 1000) + 1)
        if self.manager.get_hovering_any_element():
            return min(HOVER_WAKE_MS, note_ms)
        return min(IDLE_WAKE_MS, note_ms)

    def step(self, wait_ms: int = 0) -> bool:
        """Handle what happened (waiting up to ``wait_ms`` for it), advance, and draw if anything changed.

        Returns whether a frame was drawn.
        """
        events = []
        if wait_ms > 0:
            first = pygame.event.wait(wait_ms)
            if first.type != pygame.NOEVENT:
                events.append(first)
        events.extend(pygame.event.get())
        for event in events:
            self._dispatch(event)
        if self._note is not None and time.monotonic() >= self._note[2]:
            self._note = None
            self.dirty = True
        if self.screen is not None and self.screen.update(pygame.time.get_ticks()):
            self.dirty = True
        # The widgets are updated after the screen, so those it made in its update are drawn in this frame
        # rather than a frame later, up to a second later when nothing else happens.
        now = time.perf_counter()
        self.manager.update(now - self._last_update)
        self._last_update = now
        signature = tuple((id(b[0]), b[1].topleft) for b in self.manager.ui_group.visible)
        if signature != self._signature:
            self._signature = signature
            self.dirty = True
        if not self.dirty:
            return False
        self.draw()
        return True

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
            return
        if event.type == pygame.WINDOWFOCUSLOST:
            self._down.clear()  # a key let go in another window sends no release here
            self._stale.clear()
        elif event.type == pygame.KEYUP:
            self._down.discard(event.key)
            self._stale.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in self._stale:
                return  # a repeat of a key pressed on the screen before this one
            self._down.add(event.key)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self._screenshot_key()
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.ACTIVEEVENT, pygame.WINDOWMOVED, pygame.WINDOWENTER,
                          pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            return
        consumed = bool(self.manager.process_events(event))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sound.effect("button")
        changed = self.screen.handle(event, consumed) if self.screen is not None else False
        # A pointer moving over nothing that reacts draws nothing; every other input may change the screen.
        if changed or event.type != pygame.MOUSEMOTION:
            self.dirty = True

    def draw(self, with_note: bool = True) -> None:
        """Draw one frame and show it (without the note on screen, for a screenshot)."""
        started = time.perf_counter()
        self.surface.fill(theme.BG)
        if self.screen is not None:
            self.screen.draw(self.surface)
        self.manager.draw_ui(self.surface)
        if with_note:
            self._draw_note()
        pygame.display.flip()
        self.frames += 1
        self.dirty = not with_note and self._note is not None  # the note comes back in the next frame
        if self.measure:
            self.frame_times.append(time.perf_counter() - started)

    def save_screenshot(self, path: Path | None = None) -> Path:
        """Save what the window shows as a PNG (F12); by default in the data folder's screenshots.

        A note on screen (such as where the last screenshot went) is left out of the picture.
        """
        if self.dirty or self._note is not None:
            self.manager.update(0.0)
            self.draw(with_note=False)
        if path is None:
            folder = data_dir() / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / time.strftime("rulebound-%Y%m%d-%H%M%S.png")
            n = 1
            while path.exists():
                path = folder / time.strftime(f"rulebound-%Y%m%d-%H%M%S-{n}.png")
                n += 1
        # Written whole or not at all: a reader never finds half a picture under the final name.
        picture = io.BytesIO()
        pygame.image.save(self.surface, picture, "png")
        atomic_write_bytes(path, picture.getvalue())
        self.last_screenshot = path
        return path

    def _screenshot_key(self) -> None:
        """F12: save a screenshot and say where it went, or why it could not be saved."""
        try:
            path = self.save_screenshot()
        except OSError as error:
            self.note(f"The screenshot was not saved: {error.strerror or error}", bad=True)
            return
        self.note(f"Screenshot saved to {path}")

    def note(self, text: str, bad: bool = False) -> None:
        """Show a line over every screen, at the bottom of the window, for a few seconds."""
        self._note = (text, bad, time.monotonic() + NOTE_SECONDS)
        self.dirty = True

    def shown_note(self) -> str | None:
        """The note on screen now, if any."""
        return None if self._note is None else self._note[0]

    def _draw_note(self) -> None:
        if self._note is None:
            return
        text, bad, _ = self._note
        size = self.layout.font_px("body")
        pad = self.layout.pad
        shown = theme.shorten(text, size, self.surface.get_width() - 6 * pad)
        label = theme.text_surface(shown, size, theme.BAD if bad else theme.TEXT)
        box = label.get_rect().inflate(2 * pad, pad)
        box.midbottom = (self.surface.get_width() // 2, self.surface.get_height() - 2 * pad)
        theme.panel(self.surface, box, theme.PANEL_LIGHT, theme.BAD if bad else theme.ACCENT, radius=pad // 2)
        self.surface.blit(label, label.get_rect(center=box.center))
