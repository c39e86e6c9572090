"""The encounter screen's overlays: retreat, pause menu, settings, save, help, hand-over and result.

Each dialog is its size, the buttons it makes and what it draws, kept together so that the box
the buttons sit in is the box that is drawn. The open overlays are a stack (a dialog opened from
the pause menu lies over it); the frame keeps the stack and what its buttons do.
"""


from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game.core.errors import GameError
from game.core.saves import SaveError, read_save, save_path
from game.ui import theme
from game.ui.encounter.controls import ControlsFrame
from game.ui.panels import TextLine, draw_lines, lines_height
from game.ui.settings import ANIMATION_SPEEDS


@dataclass(frozen=True)
class Dialog:
    """One dialog: its size at scale 1, and how it makes its widgets and draws itself in its box."""

    size: tuple[int, int]
    build: Callable[[OverlayFrame, pygame.Rect], None]
    draw: Callable[[OverlayFrame, pygame.Surface, pygame.Rect], None]


Choice = tuple[str, Callable[[], None], str, str | None]  # label, callback, tooltip, style


def _button_row(screen: OverlayFrame, box: pygame.Rect, height: int, *choices: Choice) -> None:
    """Buttons side by side along the bottom of a box, sharing its width."""
    L = screen.layout
    w = (box.width - (len(choices) + 1) * L.pad) // len(choices)
    y = box.bottom - L.pad - L.px(height)
    for i, (label, callback, tip, style) in enumerate(choices):
        screen._button("overlay", pygame.Rect(box.x + L.pad + i * (w + L.pad), y, w, L.px(height)), label,
                       callback, tip, style=style)


def _frame(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    theme.panel(surface, box, theme.PANEL, theme.ACCENT, screen.layout.px(8))


def _titled_frame(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect, title: str,
                  colour: tuple[int, int, int]) -> None:
    """The dialog's frame with its title at the top left."""
    L = screen.layout
    _frame(screen, surface, box)
    theme.draw_text(surface, title, (box.x + 2 * L.pad, box.y + L.px(16)), L.font_px("heading"), colour, bold=True)


def _corner_button(screen: OverlayFrame, box: pygame.Rect, label: str, callback: Callable[[], None],
                   tip: str) -> None:
    """The dialog's one way out, at its bottom right; Enter and Space press it too."""
    L = screen.layout
    screen._button("overlay", pygame.Rect(box.right - L.pad - L.px(120), box.bottom - L.pad - L.px(38), L.px(120),
                                          L.px(38)), label, callback, tip, style="@primary")
    screen.primary = callback


def _framed_text(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect, lines: list[TextLine]) -> None:
    """The dialog's frame with lines of text inside it."""
    _frame(screen, surface, box)
    pad = screen.layout.pad
    draw_lines(surface, box.inflate(-2 * pad, -2 * pad), lines, screen.layout)


def _build_retreat(screen: OverlayFrame, box: pygame.Rect) -> None:
    # Enter keeps fighting: losing the encounter is never what a key pressed by habit does.
    _button_row(screen, box, 40, ("Retreat", screen._confirm_retreat, "Leave the encounter (Tab to it, then Enter)",
                                  "@danger"),
                ("Stay", screen.close_overlay, "Keep fighting (Enter or Esc)", "@primary"))
    screen.primary = screen.close_overlay


def _draw_retreat(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    _framed_text(screen, surface, box, [
        TextLine("Retreat from the encounter?", "heading", theme.TEXT),
        TextLine("Your side leaves the field and the encounter ends: the other side wins.", "body", theme.TEXT_DIM,
                 gap=6)])


def _build_menu(screen: OverlayFrame, box: pygame.Rect) -> None:
    L = screen.layout
    saving = screen.session.can_save
    entries = [("Resume", screen.close_overlay, "Back to the encounter (Esc)"),
               ("Save the match", screen._show_save if saving else None,
                "Keep this match in a file of your own; Continue in the main menu picks up the last one"
                if saving else "This encounter's map is not a file, so it cannot be saved"),
               ("Rules and keys", screen._show_help, f"{screen.rules_title} (F1)"),
               ("Settings", screen._show_settings, "Animation speed, the computer waiting for Go, fullscreen, sound"),
               ("Main menu", screen.on_menu, "Leave this encounter for the main menu (it is autosaved)"),
               ("Quit the game", screen.app.quit, "Close the game (it is autosaved)")]
    for i, (label, callback, tip) in enumerate(entries):
        rect = pygame.Rect(box.x + L.pad * 2, box.y + L.px(64) + i * L.px(52), box.width - 4 * L.pad, L.px(42))
        screen._button("overlay", rect, label, callback, tip, style="@primary" if i == 0 else None,
                       enabled=callback is not None)
    screen.primary = screen.close_overlay


def _draw_menu(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    L = screen.layout
    _frame(screen, surface, box)
    theme.draw_text(surface, "Paused", (box.centerx, box.y + L.px(18)), L.font_px("title"), theme.TEXT,
                    bold=True, anchor="midtop")


SETTING_ROWS = ("Animation", "Computer", "Display", "Sound")


def _setting_rows(screen: OverlayFrame, box: pygame.Rect) -> list[tuple[str, pygame.Rect]]:
    """Each setting's name and the rectangle of its buttons, shared by what is built and what is drawn."""
    L = screen.layout
    x = box.x + 2 * L.pad + L.px(110)
    width = box.right - 2 * L.pad - x
    return [(name, pygame.Rect(x, box.y + L.px(64) + i * L.px(46), width, L.px(36)))
            for i, name in enumerate(SETTING_ROWS)]


def _build_settings(screen: OverlayFrame, box: pygame.Rect) -> None:
    L = screen.layout
    settings = screen.app.settings
    rows = dict(_setting_rows(screen, box))
    speeds, gap = list(ANIMATION_SPEEDS), L.px(6)
    area = rows["Animation"]
    w = (area.width - gap * (len(speeds) - 1)) // len(speeds)
    for i, speed in enumerate(speeds):
        screen._button("overlay", pygame.Rect(area.x + i * (w + gap), area.y, w, area.height), speed,
                       lambda speed=speed: screen.set_animation(speed),
                       "No animation: moves and blows show at once" if speed == "off" else
                       f"Tokens walk at the {speed} speed", style="@toggle_on" if settings.animation == speed else None)
    acts = settings.computer_acts
    screen._button("overlay", rows["Computer"], "Acts without Go: on" if acts else "Acts without Go: off",
                   screen.toggle_computer_acts, "The computer's seats play their turns without waiting for Go",
                   style="@toggle_on" if acts else None)
    full = settings.fullscreen
    screen._button("overlay", rows["Display"], "Fullscreen: on" if full else "Fullscreen: off",
                   screen.app.toggle_fullscreen, "Use the whole screen", style="@toggle_on" if full else None)
    muted = settings.muted
    screen._button("overlay", rows["Sound"], "Mute: on" if muted else "Mute: off", screen.toggle_mute,
                   "No sound at all (the volumes are set in the main menu's Settings)",
                   style="@toggle_on" if muted else None)
    _corner_button(screen, box, "Back", screen._show_menu, "Back to the pause menu (Enter)")


def _draw_settings(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    L = screen.layout
    _titled_frame(screen, surface, box, "Settings", theme.ACCENT)
    for name, rect in _setting_rows(screen, box):
        theme.draw_text(surface, name, (box.x + 2 * L.pad, rect.centery), L.font_px("body"), theme.TEXT,
                        anchor="midleft")
    theme.draw_text(surface, "Kept for the next encounters too.", (box.x + 2 * L.pad, box.bottom - L.pad - L.px(19)),
                    L.font_px("small"), theme.TEXT_DIM, anchor="midleft")


def _build_save(screen: OverlayFrame, box: pygame.Rect) -> None:
    L = screen.layout
    typed = screen.save_entry.get_text() if screen.save_entry is not None else screen.default_save_name()
    entry = pygame_gui.elements.UITextEntryLine(
        pygame.Rect(box.x + 2 * L.pad, box.y + L.px(86), box.width - 4 * L.pad, L.px(36)), screen._manager(),
        initial_text=typed)
    entry.set_text_length_limit(60)
    entry.focus()
    screen.save_entry = entry
    screen.groups.setdefault("overlay", []).append(entry)
    _button_row(screen, box, 42, ("Save", screen._save_typed, "Write the save (Enter)", "@primary"),
                ("Cancel", screen.close_overlay, "Back to the encounter (Esc)", None))
    screen.primary = screen._save_typed


def _draw_save(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    L = screen.layout
    _titled_frame(screen, surface, box, "Save the match", theme.TEXT)
    theme.draw_text(surface, f"Its name (the file goes to {save_path('x').parent})",
                    (box.x + 2 * L.pad, box.y + L.px(50)), L.font_px("small"), theme.TEXT_DIM)
    text, bad = screen.save_message
    if text:
        draw_lines(surface, pygame.Rect(box.x + 2 * L.pad, box.y + L.px(130), box.width - 4 * L.pad, L.px(40)),
                   [TextLine(text, "small", theme.BAD if bad else theme.GOOD)], L)


def _build_help(screen: OverlayFrame, box: pygame.Rect) -> None:
    _corner_button(screen, box, "Close", screen.close_overlay, "Back (Esc)")


def _draw_help(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    L = screen.layout
    _frame(screen, surface, box)
    inner = box.inflate(-3 * L.pad, -3 * L.pad)
    half = inner.width * 3 // 5
    left = pygame.Rect(inner.x, inner.y, half - L.pad, inner.height - L.px(40))
    right = pygame.Rect(inner.x + half + L.pad, inner.y, inner.width - half - L.pad, left.height)
    lines = [TextLine(screen.rules_title, "heading", theme.ACCENT)]
    keys = [TextLine("Keys", "heading", theme.ACCENT)]
    for key, what in screen.keys:
        keys.append(TextLine(f"{key}: {what}", "small", theme.TEXT, gap=2))
    column = lines
    for title, text in screen.rules:
        section = [TextLine(title, "body", theme.TEXT, bold=True, gap=6), TextLine(text, "small", theme.TEXT_DIM)]
        if column is lines and lines_height(lines + section, left.width, L) > left.height:
            column = keys  # on a small window the rules that do not fit go on below the keys, in order
            section[0] = TextLine(title, "body", theme.TEXT, bold=True, gap=14)
        column += section
    draw_lines(surface, left, lines, L)
    draw_lines(surface, right, keys, L)


def _build_handover(screen: OverlayFrame, box: pygame.Rect) -> None:
    L = screen.layout
    screen._button("overlay", pygame.Rect(box.centerx - L.px(130), box.bottom - L.pad - L.px(46), L.px(260),
                                          L.px(46)), "I am ready", screen._continue_handover,
                   "Show the board (Enter)", style="@primary")
    screen.primary = screen._continue_handover


def _draw_handover(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    _framed_text(screen, surface, box, [
        TextLine(f"{screen.handover_person()}, your turn", "title", theme.ACCENT),
        TextLine("The board stays hidden until you are ready, so nobody sees what is not theirs.", "body",
                 theme.TEXT_DIM, gap=8)])


def _build_result(screen: OverlayFrame, box: pygame.Rect) -> None:
    choices: list[Choice] = [("Play again", screen.on_again, "The same encounter again, new dice (Enter)", "@primary")]
    if screen.on_replay is not None:
        choices.append(("Watch it again", screen.on_replay, "The encounter played back from its start, seen "
                        "through your eyes or every side's (W)", None))
    choices.append(("Menu", screen.on_menu, "Back to the main menu (Esc)", None))
    _button_row(screen, box, 46, *choices)
    screen.primary = screen.on_again


def _draw_result(screen: OverlayFrame, surface: pygame.Surface, box: pygame.Rect) -> None:
    L = screen.layout
    theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(10))
    draw_lines(surface, pygame.Rect(box.x + 2 * L.pad, box.y + 2 * L.pad, box.width - 4 * L.pad,
                                    box.height - 4 * L.pad - L.px(50)), screen.result_lines(), L)


DIALOGS: dict[str, Dialog] = {
    "retreat": Dialog((460, 200), _build_retreat, _draw_retreat),
    "menu": Dialog((360, 402), _build_menu, _draw_menu),
    "settings": Dialog((560, 306), _build_settings, _draw_settings),
    "save": Dialog((560, 250), _build_save, _draw_save),
    "help": Dialog((900, 640), _build_help, _draw_help),
    "handover": Dialog((520, 240), _build_handover, _draw_handover),
    "result": Dialog((620, 520), _build_result, _draw_result),
}



class OverlayFrame(ControlsFrame):
    """The frame with its overlays: opening and closing them, saving, the hand-over and the retreat."""

    # -- overlays --------------------------------------------------------------------------------
    def _show_help(self) -> None:
        self.open_overlay("help", over=self.overlay == "menu")
        self._rebuild()

    def _show_menu(self) -> None:
        self.open_overlay("menu")
        self._rebuild()

    def _show_settings(self) -> None:
        self.open_overlay("settings", over=self.overlay == "menu")
        self._rebuild()

    def set_animation(self, speed: str) -> None:
        """Walk tokens at another speed from the next move on, and remember it."""
        self.app.settings.animation = speed
        self.anim.step_ms = self.app.settings.step_ms
        self.app.save()
        self._rebuild()

    def toggle_computer_acts(self) -> None:
        """Let the computer play its turns without Go, or make it wait again; remembered."""
        self.app.settings.computer_acts = not self.app.settings.computer_acts
        self.app.save()
        self._rebuild()

    def toggle_mute(self) -> None:
        """Silence every sound, or hear them again; remembered."""
        self.app.settings.muted = not self.app.settings.muted
        self.app.sound.apply(self.app.settings)
        self.app.save()
        self._rebuild()

    def close_overlay(self) -> None:
        """Back to the encounter."""
        if self.overlay in ("help", "menu", "retreat", "save", "settings"):
            self.overlays.clear()
            self.save_entry = None
            self._rebuild()

    def _show_save(self) -> None:
        self.open_overlay("save", over=self.overlay == "menu")
        self.save_message = ("", False)
        self._replace = None
        self._rebuild()

    def default_save_name(self) -> str:
        """A name for a save the player may keep: the map and the round."""
        title = "".join(c for c in self.session.place_name() if c.isalnum() or c in " -_")
        return f"{title.strip() or 'Encounter'} round {self.view.round}"

    def save_as(self, name: str) -> bool:
        """Save the match under a name in the saves folder; a file already there is replaced only when asked twice.

        A file of that name that is not a readable save is never replaced.
        """
        try:
            path = save_path(name)
        except SaveError as error:
            self.save_message = (str(error), True)
            return False
        if path.exists() and self._replace != str(path):
            try:
                read_save(path)
            except SaveError:
                self.save_message = (f"{path.name} is there but cannot be read as a save; it is kept: choose another "
                                     "name", True)
                return False
            self._replace = str(path)
            self.save_message = (f"{path.name} already exists: press Save again to replace it", True)
            return False
        try:
            self.session.save(path)
        except GameError as error:
            self.save_message = (str(error), True)
            return False
        self.save_message = (f"Saved to {path}", False)
        self.overlays.clear()
        self.save_entry = None
        self.status = f"Saved as {path.stem}"
        self._rebuild()
        return True

    def _save_typed(self) -> None:
        if self.save_entry is not None:
            self.save_as(self.save_entry.get_text())
            if self.overlay == "save":
                self._rebuild()

    def _continue_handover(self) -> None:
        """The person named on the hand-over screen is at the screen: show them their board."""
        pending = self.session.pending_seat()
        if pending is not None and self.session.is_human(pending):
            self.hotseat.confirm(pending)
        self.overlays.clear()
        self._refresh([])
        self._forget_private(self.watching_seat())
        current = self.current
        if self.my_turn and current is not None:
            self.selected = current.cid
        self._centre_on_current()
        self._rebuild()

    def handover_person(self) -> str:
        """Who the hand-over screen waits for."""
        return self.session.pending_seat() or ""

    def _confirm_retreat(self) -> None:
        action = self._retreat_action()
        self.overlays.clear()
        if action is not None:
            self.act(action)
        self._rebuild()

    def _build_overlay(self) -> None:
        dialog = DIALOGS[self.overlay or ""]
        dialog.build(self, self.layout.dialog(*dialog.size))

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 255 if self.overlay == "handover" else 170))
        surface.blit(shade, (0, 0))
        dialog = DIALOGS[self.overlay or ""]
        dialog.draw(self, surface, self.layout.dialog(*dialog.size))
        focused = self.focused_button()
        if focused is not None:  # drawn around the button, which the widgets draw over the rest
            ring = focused.rect.inflate(2 * self.layout.px(4), 2 * self.layout.px(4))
            pygame.draw.rect(surface, theme.ACCENT, ring, max(2, self.layout.px(3)), border_radius=self.layout.px(6))

    def dialog_buttons(self) -> list[pygame_gui.elements.UIButton]:
        """The open dialog's buttons that can be pressed, in the order they were built."""
        return [b for b in self.groups.get("overlay", []) if isinstance(b, pygame_gui.elements.UIButton)
                and b in self.buttons]

    def focused_button(self) -> pygame_gui.elements.UIButton | None:
        """The dialog button the keyboard has chosen, if any."""
        buttons = self.dialog_buttons()
        if self.focus is None or self.focus[0] != self.overlay or not buttons:
            return None
        return buttons[self.focus[1] % len(buttons)]

    def move_focus(self, step: int) -> None:
        """Arrows and Tab: the next (or the one before) of the dialog's buttons."""
        buttons = self.dialog_buttons()
        if not buttons or self.overlay is None:
            return
        if self.focus is None or self.focus[0] != self.overlay:
            index = 0 if step > 0 else len(buttons) - 1
        else:
            index = (self.focus[1] + step) % len(buttons)
        self.focus = (self.overlay, index)
