"""The menu's dialogs: the settings and the saved matches, each built and drawn from one size."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.mapref import MapRef
from game.core.saves import SavedMatch, SaveError, autosave_path, describe, read_save, saved_files
from game.ui import theme
from game.ui.panels import TextLine, draw_lines
from game.ui.settings import ANIMATION_SPEEDS, UI_SCALES, WINDOW_SIZES
from game.ui.sound_settings import SoundRows

if TYPE_CHECKING:
    from typing import TypedDict, Unpack

    from game.ui.menu import MenuScreen

    class ButtonStyle(TypedDict, total=False):
        """What a dialog's close button may pass on to the menu's button: only its style."""

        style: str


class MenuDialog(ABC):
    """A dialog over the menu: its widgets are the menu's, made through the menu's helpers."""

    title = ""
    size = (0, 0)  # at UI scale 1.0

    def __init__(self, menu: MenuScreen) -> None:
        self.menu = menu

    def box(self) -> pygame.Rect:
        """Where the dialog stands in the window."""
        return self.menu.layout.dialog(*self.size)

    @abstractmethod
    def build(self) -> None:
        """Create the dialog's widgets."""

    def draw(self, surface: pygame.Surface) -> None:
        """Shade the menu, then draw the dialog's panel, its title and what it adds."""
        L = self.menu.layout
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box()
        theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
        theme.draw_text(surface, self.title, (box.x + L.px(24), box.y + L.px(18)), L.font_px("heading"),
                        theme.ACCENT, bold=True)
        self.draw_body(surface, box)

    @abstractmethod
    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What the dialog draws besides its widgets."""

    def key(self, key: int) -> bool:
        """Esc closes the dialog; whether the key was used."""
        if key == pygame.K_ESCAPE:
            self.menu.close_dialog()
            return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """A widget event the menu's buttons and drop-downs do not answer; whether it was used."""
        return False

    def _close_button(self, box: pygame.Rect, text: str, **style: Unpack[ButtonStyle]) -> None:
        L = self.menu.layout
        w = L.px(140)
        self.menu._button(pygame.Rect(box.right - L.px(24) - w, box.bottom - L.px(20) - L.px(40), w, L.px(40)),
                          text, self.menu.close_dialog, "Back to the menu (Esc)", **style)


class SettingsDialog(MenuDialog):
    """Window size, fullscreen, UI scale, animation speed, whether the computer acts without Go, and sound."""

    title = "Settings"
    size = (520, 522)

    def __init__(self, menu: MenuScreen) -> None:
        super().__init__(menu)
        self.scale_rect = pygame.Rect(0, 0, 0, 0)
        self.sound = SoundRows(menu)

    def build(self) -> None:
        """A row for each setting and Close."""
        menu, L, settings = self.menu, self.menu.layout, self.menu.settings
        box = self.box()
        row, gap = L.px(34), L.px(10)
        x = box.x + L.px(150)
        w = box.right - L.px(24) - x
        y = box.y + L.px(64)
        sizes = [f"{sw} x {sh}" for sw, sh in WINDOW_SIZES]
        current_size = f"{settings.window[0]} x {settings.window[1]}"
        if current_size not in sizes:
            sizes.insert(0, current_size)
        menu._label("Window", (box.x + L.px(24), y + row // 2))
        menu._dropdown(pygame.Rect(x, y, w, row), sizes, current_size, self._set_size)
        y += row + gap
        menu._label("Display", (box.x + L.px(24), y + row // 2))
        menu._button(pygame.Rect(x, y, w, row), "Fullscreen: on" if settings.fullscreen else "Fullscreen: off",
                     menu.app.toggle_fullscreen, "Use the whole screen",
                     style="@toggle_on" if settings.fullscreen else None)
        y += row + gap
        menu._label("UI scale", (box.x + L.px(24), y + row // 2))
        scale_w = L.px(40)
        menu._button(pygame.Rect(x, y, scale_w, row), "\u2212", lambda: self.scale(-1),
                     "Smaller text and panels", style="@toolbar", enabled=settings.ui_scale > UI_SCALES[0])
        menu._button(pygame.Rect(x + w - scale_w, y, scale_w, row), "+", lambda: self.scale(1),
                     "Larger text and panels (a small window shows less)", style="@toolbar",
                     enabled=settings.ui_scale < UI_SCALES[-1])
        self.scale_rect = pygame.Rect(x, y, w, row)
        y += row + gap
        menu._label("Animation", (box.x + L.px(24), y + row // 2))
        menu._dropdown(pygame.Rect(x, y, w, row), list(ANIMATION_SPEEDS), settings.animation, self._set_animation)
        y += row + gap
        menu._label("Computer", (box.x + L.px(24), y + row // 2))
        acts = settings.computer_acts
        menu._button(pygame.Rect(x, y, w, row), "Acts without Go: on" if acts else "Acts without Go: off",
                     self._toggle_computer_acts, "The computer's seats play their turns without waiting for Go",
                     style="@toggle_on" if acts else None)
        self.sound.build(box.x + L.px(24), x, y + row + gap, w, row, gap)
        self._close_button(box, "Close", style="@primary")

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The UI scale between its - and + buttons, and each volume beside its slider."""
        L = self.menu.layout
        theme.draw_text(surface, self.scale_text(), self.scale_rect.center, L.font_px("body"), theme.TEXT,
                        bold=True, anchor="center")
        self.sound.draw(surface)

    def handle(self, event: pygame.event.Event) -> bool:
        """A volume slider moved."""
        return self.sound.handle(event)

    def scale_text(self) -> str:
        """The chosen UI scale, and the one shown when the window is too small for it."""
        layout, settings = self.menu.layout, self.menu.settings
        if layout.scale < settings.ui_scale:
            return f"{settings.ui_scale:.2f} (this window: {layout.scale:.2f})"
        return f"{settings.ui_scale:.2f}"

    def scale(self, step: int) -> None:
        """One UI scale larger or smaller, applied at once."""
        settings = self.menu.settings
        index = UI_SCALES.index(settings.ui_scale) if settings.ui_scale in UI_SCALES else 0
        settings.ui_scale = UI_SCALES[max(0, min(len(UI_SCALES) - 1, index + step))]
        self.menu.app.apply_settings(settings)

    def _set_size(self, text: str) -> None:
        try:
            w, h = (int(v) for v in text.split("x"))
        except ValueError:
            return
        self.menu.settings.window = (w, h)
        self.menu.app.apply_settings(self.menu.settings)

    def _set_animation(self, text: str) -> None:
        if text in ANIMATION_SPEEDS:
            self.menu.settings.animation = text
            self.menu._remember()

    def _toggle_computer_acts(self) -> None:
        self.menu.settings.computer_acts = not self.menu.settings.computer_acts
        self.menu._remember()
        self.menu._rebuild()


class SavesDialog(MenuDialog):
    """The matches saved in the saves folder, newest first: Open, and Delete with a second click to confirm."""

    title = "Saved matches"
    size = (640, 480)

    def __init__(self, menu: MenuScreen) -> None:
        super().__init__(menu)
        self.saves: list[Path] = []
        self.labels: list[str] = []  # each save's line, as the list shows it
        self.save_list: pygame_gui.elements.UISelectionList | None = None
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.chosen: Path | None = None  # the save chosen in the list, kept when the list is built again
        self.deleting: Path | None = None  # the save Delete was pressed for once: a second press deletes it
        self.problem = ""

    def build(self) -> None:
        """The list of saves, Delete, Open and Cancel."""
        menu, L = self.menu, self.menu.layout
        box = self.box()
        self.saves = saved_files()
        if self.chosen not in self.saves:
            self.chosen = self.saves[0] if self.saves else None
        self.list_rect = pygame.Rect(box.x + L.px(24), box.y + L.px(60), box.width - L.px(48),
                                     box.height - L.px(60) - L.px(150))
        # Room for the scroll bar and the rows' margins, whether or not the list scrolls.
        self.labels = list(fitted_labels(self.saves, list_font_px(L.scale), self.list_rect.width - L.px(32)))
        self.save_list = None
        if self.saves:
            chosen = self.labels[self.saves.index(self.chosen)] if self.chosen is not None else None
            # A save that cannot be opened is named in red (its line says why), and left as it is.
            items: list[str | tuple[str, str]] = [
                label if save_opens(path) else (label, UNREADABLE_ID)
                for path, label in zip(self.saves, self.labels, strict=True)]
            self.save_list = pygame_gui.elements.UISelectionList(self.list_rect, items, menu._manager(),
                                                                 default_selection=chosen)
            menu.elements.append(self.save_list)
        w, y, h = L.px(140), box.bottom - L.px(20) - L.px(40), L.px(40)
        confirming = self.deleting is not None and self.deleting == self.chosen
        tip = "Press again to delete this save for good" if confirming else "Delete the chosen save (asks first)"
        menu._button(pygame.Rect(box.x + L.px(24), y, w, h), "Delete it?" if confirming else "Delete",
                     self.delete_selected, tip, style="@danger" if confirming else None, enabled=bool(self.saves))
        menu._button(pygame.Rect(box.right - L.px(24) - 2 * w - L.px(10), y, w, h), "Open", self.open_selected,
                     "Pick this match up where it stopped (Enter)", style="@primary", enabled=bool(self.saves))
        self._close_button(box, "Cancel")

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Where the saves are kept, and a word when there are none."""
        L = self.menu.layout
        lines = [TextLine(f"In {autosave_path().parent}. Save a match from the encounter's menu (Esc); the last "
                          "match is always kept as \u201cautosave\u201d.", "small", theme.TEXT_DIM)]
        if self.problem:
            lines.append(TextLine(self.problem, "small", theme.BAD, gap=4))
        if not self.saves:
            theme.draw_text(surface, "No saved matches yet.", self.list_rect.center, L.font_px("body"),
                            theme.TEXT, anchor="center")
        draw_lines(surface, pygame.Rect(box.x + L.px(24), self.list_rect.bottom + L.px(12),
                                        box.width - L.px(48), L.px(70)), lines, L)

    def key(self, key: int) -> bool:
        """Enter opens the chosen save; Esc closes."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
            return True
        return super().key(key)

    def handle(self, event: pygame.event.Event) -> bool:
        """A double click on a save opens it; choosing another save takes back a first press of Delete."""
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.save_list:
            self.open_selected()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.save_list:
            self.chosen = self._selected()
            if self.deleting is not None:
                self.deleting = None
                self.menu.build(self.menu.layout)
            return True
        return False

    def _selected(self) -> Path | None:
        """The save chosen in the list."""
        if self.save_list is None:
            return None
        chosen = self.save_list.get_single_selection()
        return self.saves[self.labels.index(chosen)] if chosen in self.labels else None

    def open_selected(self) -> None:
        """Open the save chosen in the list."""
        path = self._selected()
        if path is not None:
            self.menu.open_save(path)

    def delete_selected(self) -> None:
        """The first press asks; the second deletes the chosen save."""
        path = self._selected()
        if path is None:
            return
        self.chosen = path
        if self.deleting != path:
            self.deleting, self.problem = path, ""
        else:
            self.deleting = None
            try:
                path.unlink()
                self.problem = ""
            except FileNotFoundError:
                self.problem = ""  # already gone
            except OSError as error:
                self.problem = f"{path.name} could not be deleted: {error.strerror}"
        self.menu.build(self.menu.layout)


def list_font_px(scale: float) -> int:
    """The size of the saved matches list's type at a UI scale, as the widgets' theme sets it."""
    return int(theme.gui_theme(scale)["selection_list.@selection_list_item"]["font"]["size"])


def fitted_labels(paths: list[Path], size: int, width: int) -> list[str]:
    """Each save's label as it fits a width in pixels; labels stay different, so that each names one save."""
    labels = [fit_save_label(path, size, width) for path in paths]
    # Two long names shortened alike: those are shown whole (too wide, but never mistaken for each other).
    return [label if labels.count(label) == 1 else save_label(path) for path, label in zip(paths, labels, strict=True)]


def fit_save_label(path: Path, size: int, width: int) -> str:
    """A save's label as it fits a width in pixels: first without what its name already says (a name the game
    gave, "The Old Toll Bridge round 5", names the map and the round), then with a long name shortened in
    the middle, as its start and its end tell saves apart."""
    f = theme.font(size)
    name, about, when = save_facts(path)
    label = _joined(name, about, when)
    if f.size(label)[0] <= width:
        return label
    mode, *rest = about.split(_PART)
    about = _PART.join([mode, *(part for part in rest if part not in name)])
    label = _joined(name, about, when)
    if f.size(label)[0] <= width:
        return label
    for keep in range(len(name) - 1, 7, -1):
        head = (keep + 1) // 2
        short = _joined(f"{name[:head].rstrip()}\u2026{name[len(name) - (keep - head):].lstrip()}", about, when)
        if f.size(short)[0] <= width:
            return short
    return theme.shorten(label, size, width)  # a very narrow list: cut at the end


_PART = " \u00b7 "  # between the parts of what a save holds
UNREADABLE_ID = "#unreadable_save"  # the theme's red line of the saves list


def _joined(name: str, about: str, when: str) -> str:
    return f"{name}  \u00b7  {about}  \u00b7  {when}"


def save_label(path: Path) -> str:
    """A save as the list shows it: its name, what it holds and when it was written."""
    return _joined(*save_facts(path))


def save_opens(path: Path) -> bool:
    """Whether a save can be read and its map is still there (its actions are checked when it is opened)."""
    return _read(path)[1] is None


def _read(path: Path) -> tuple[SavedMatch | None, str | None]:
    """A save as read, or what is wrong with it in a few words."""
    try:
        saved = read_save(path)
    except SaveError:
        return None, "cannot be opened"
    named = saved.setup.options.get("map")
    map_path = MapRef(named).path if isinstance(named, str) else None  # None: a mode's built-in map
    if map_path is not None and not map_path.exists():
        return saved, "its map is gone"
    return saved, None


def save_facts(path: Path) -> tuple[str, str, str]:
    """A save's name, what it holds (its mode, map and round, or that it cannot be opened) and when it was written."""
    try:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        when = "?"
    saved, problem = _read(path)
    about = describe(saved) if problem is None and saved is not None else problem or "cannot be opened"
    return path.stem, about, when


class ReplaceDialog(MenuDialog):
    """Asked before a new encounter takes the place of an unfinished match under Continue."""

    title = "Start a new encounter?"
    size = (560, 230)

    def __init__(self, menu: MenuScreen, unfinished: str) -> None:
        super().__init__(menu)
        self.unfinished = unfinished  # the match in a few words (saves.describe)

    def build(self) -> None:
        """Keep it (the default) and Start anyway."""
        L = self.menu.layout
        box = self.box()
        w, h = L.px(200), L.px(40)
        y = box.bottom - L.px(20) - h
        self.menu._button(pygame.Rect(box.x + L.px(24), y, w, h), "Start anyway", self.menu.start_anyway,
                          "The unfinished match is lost", style="@danger")
        self.menu._button(pygame.Rect(box.right - L.px(24) - w, y, w, h), "Keep it", self.menu.close_dialog,
                          "Back to the menu: Continue picks it up (Enter or Esc)", style="@primary")

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Which match would be lost."""
        L = self.menu.layout
        draw_lines(surface, pygame.Rect(box.x + L.px(24), box.y + L.px(56), box.width - L.px(48), L.px(100)), [
            TextLine(f"The unfinished match ({self.unfinished}) would be lost: a new encounter takes its place "
                     "under Continue.", "body", theme.TEXT)], L)

    def key(self, key: int) -> bool:
        """Enter and Esc keep the unfinished match: losing it is never what a key pressed by habit does."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.menu.close_dialog()
            return True
        return super().key(key)
