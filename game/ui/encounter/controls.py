"""The frame's widgets: the toolbar, the numbered options and notes of the controls column, Go."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.events import Action
from game.ui import theme
from game.ui.encounter import frame
from game.ui.encounter.column import Callback, Note
from game.ui.encounter.frame import Frame
from game.ui.layout import Layout
from game.ui.panels import TextLine, lines_height


class ControlsFrame(Frame):
    """The frame with its widgets: the toolbar's buttons and the controls column's options, notes and Go."""

    def _computer_lines(self, intent: Callable[[Action], str] | None) -> list[TextLine]:
        """While the computer decides: Acting, Thinking, or what it intends (told by ``intent``, when given)."""
        pending = self.session.pending_seat()
        computer = pending is not None and not self.session.is_human(pending)
        self.awaiting_thought = computer and not self.session.decision_ready()
        action = self.session.planned_action() if computer and not self.awaiting_thought else None
        if self.auto is not None:
            return [TextLine("Acting\u2026", "heading", theme.ACCENT, gap=10)]
        if self.awaiting_thought:
            return [TextLine("Thinking\u2026", "heading", theme.ACCENT, gap=10)]
        if action is not None and intent is not None:
            return [TextLine("Intends to:", "small", theme.TEXT_DIM, gap=10),
                    TextLine(intent(action), "body", theme.TEXT)]
        return []

    def _go_hint(self) -> str:
        """How the computer's turn goes on: when Go is pressed, or by itself as the settings say."""
        if self.app.settings.computer_acts:
            return "It acts without waiting for Go (Esc, Settings to change that)."
        return "Press Go (Space) to let it act."

    def _go_button(self) -> None:
        """Go, which lets the computer play (greyed while it does)."""
        busy = self.auto is not None
        # Go has its own colour: the person's End Turn and Pass, in the same place, are gold.
        self._button("right", self.layout.end_button, "Go", self.go if not busy else None, "Let it act (Space)",
                     enabled=not busy, style="@go")
        self.primary = self.go if not busy else None

    # -- the big button ----------------------------------------------------------------------------
    def press_primary(self) -> None:
        """Space: Roll Initiative, End Turn or Go, whichever the moment asks for (not a person's choice in the
        moment after the computer's run handed it back; a choice with a warning only once pressed again)."""
        if self.primary is None:
            return
        now = pygame.time.get_ticks()
        if self.primary != self.go and self.held_back(now):
            self.hold_back(now)
            return
        warning = self._primary_warning()
        if warning is not None and frame.ASK_AGAIN_MS > 0 and not self._asking(warning):
            self.warned = (now, warning)
            self.status = warning
            # The loop wakes when the time is up, and update() then takes the warning away.
            pygame.time.set_timer(frame.ASK_AGAIN_OVER, frame.ASK_AGAIN_MS + 1, loops=1)
            self._rebuild()  # the big button asks too: the status line may be too narrow to say it all
            return
        self.warned = None
        self.primary()

    def _hold_over(self, now: int) -> bool:
        """Make the big button pressable again once its moment is over; whether it was greyed for it."""
        if not self.primary_held or self.held_back(now):
            return False
        self._rebuild()
        return True

    def _warning_over(self, now: int) -> bool:
        """Take away a warning of Space whose second press did not come in time; whether there was one."""
        if self.warned is None or now - self.warned[0] < frame.ASK_AGAIN_MS:
            return False
        self.warned = None  # the status and the big button say their own again
        self._update_status()
        self._rebuild()
        return True

    def _asking(self, warning: str | None) -> bool:
        """Whether the screen asks for Space again on this warning now.

        What the screen shows decides, not the clock: until update() has taken the warning away, a Space
        pressed while it shows does what it says.
        """
        return warning is not None and self.warned is not None and self.warned[1] == warning

    def _primary_label(self, label: str) -> str:
        """The big button's words: asking to be pressed again while Space has just warned."""
        return f"{label}? (Space again)" if self._asking(self._primary_warning()) else label

    def _primary_warning(self) -> str | None:
        """What Space says instead of doing the big button's choice, until pressed again; None to just do it."""
        return None

    # -- building the widgets --------------------------------------------------------------------
    def build(self, layout: Layout) -> None:
        """Create every widget for a layout (a new window size or UI scale)."""
        self.layout = self.own_layout(layout)
        self.board.set_rect(layout.map, layout.scale)
        self.buttons.clear()
        self.groups.clear()
        self._rebuild()

    def _manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def _clear(self, group: str) -> None:
        for element in self.groups.pop(group, []):
            self.buttons.pop(element, None)
            element.kill()  # type: ignore[attr-defined]

    def _button(self, group: str, rect: pygame.Rect, text: str, callback: Callback | None,
                tooltip: str | None = None, enabled: bool = True, style: str | None = None,
                fixed: bool = False) -> object | None:
        """A button; one of the column's options (``group`` "right", not ``fixed`` in place) scrolls with them."""
        if (rect == self.layout.end_button and callback is not None and callback != self.go and self.replay is None
                and self.overlay is None and self.held_back(pygame.time.get_ticks())):
            enabled = False  # a person's big button rests a moment after the computer's run (see HAND_BACK_MS)
            self.primary_held = True
        if group == "right" and not fixed:
            shown = self._scrolled(rect)
            if shown is None:
                return None  # scrolled out of sight; its number key still works
            rect = shown
        button = pygame_gui.elements.UIButton(
            rect, text, self._manager(), tool_tip_text=tooltip,
            object_id=ObjectID(class_id=style) if style else None)
        if not enabled or callback is None:
            button.disable()
        elif callback is not None:
            self.buttons[button] = callback
        self.groups.setdefault(group, []).append(button)
        return button

    def _rebuild(self) -> None:
        """Recreate the widgets that depend on the state (cheap: done once per change, never per frame)."""
        for group in ("toolbar", "left", "right", "overlay"):
            self._clear(group)
        self.undo_rect = None
        self.retreat_rect = None
        self.hint = None
        self.primary_held = False
        self.numbered = []
        self.primary = None
        self.right.notes = []
        self.right.bar = None
        self.column_view = None
        self.column_bottom = 0
        if self.overlay is not None:
            self._build_overlay()
            return
        if self.replay is not None:
            self.replay.build_toolbar()  # nothing to press above the list: it shows the combatants only
            self.replay.build_right()
        else:
            self._build_toolbar()
            self._build_left()
            self._build_right()
        if self.column_scroll > self.column_room():
            self.column_scroll = self.column_room()  # fewer options than before: none scrolled past the last
            self._rebuild()
            return
        self.right.bar = self._column_bar()

    # -- the controls column's scrolling ------------------------------------------------------------
    def column_room(self) -> int:
        """How far the column's options and notes can scroll: how much taller they are than their room."""
        view = self.column_view
        return 0 if view is None else max(0, self.column_bottom - view.bottom)

    def scroll_column(self, by: int) -> bool:
        """Scroll the column's options and notes (the wheel over them, Shift+Page Up/Down); whether they moved."""
        to = max(0, min(self.column_room(), self.column_scroll + by))
        if to == self.column_scroll:
            return False
        self.column_scroll = to
        self._rebuild()
        return True

    def column_page(self) -> int:
        """How far Shift+Page Up or Down scrolls the column: its room, less an option's height kept in sight."""
        view = self.column_view
        return self.layout.px(120) if view is None else max(self.layout.px(30), view.height - self.layout.px(36))

    def _flows(self, area: pygame.Rect) -> bool:
        """Take a place for options and notes in the column: the first area given is their room; whether this
        area runs to that room's bottom (what is laid out in it scrolls, rather than stopping there)."""
        if self.column_view is None:
            self.column_view = pygame.Rect(area)
        return area.bottom >= self.column_view.bottom

    def _scrolled(self, rect: pygame.Rect) -> pygame.Rect | None:
        """Where a button of the column's options is shown, scrolled; None while it is out of the room."""
        view = self.column_view
        if view is None or rect.top < view.top or rect == self.layout.end_button:
            return rect  # not among the options: the tabs, the big button
        self.column_bottom = max(self.column_bottom, rect.bottom)
        shown = rect.move(0, -self.column_scroll)
        return shown if shown.top >= view.top and shown.bottom <= view.bottom else None

    def _column_bar(self) -> pygame.Rect | None:
        """The scroll bar's thumb beside the options, when they are taller than their room."""
        view = self.column_view
        room = self.column_room()
        if view is None or room == 0:
            return None
        whole = view.height + room
        height = max(self.layout.px(16), view.height * view.height // whole)
        y = view.top + (view.height - height) * self.column_scroll // room
        width = max(2, self.layout.px(4))
        return pygame.Rect(self.layout.right.right - width - max(1, self.layout.px(2)), y, width, height)

    def _rotate(self, turns: int) -> None:
        self.board.rotate(turns)

    def _zoom(self, steps: int, focus: tuple[int, int] | None = None) -> None:
        self.board.zoom(steps, focus)
        if self.hover_pos is not None:
            self.hover_square = self.board.square_at(self.hover_pos)
            self._update_hover()

    def _build_map_buttons(self) -> None:
        """The toolbar's buttons for looking at the map and the rules, shared with the replay screen."""
        L = self.layout
        b = self._button
        if L.map_tools:
            b("toolbar", L.toolbar_button("rotate"), "Rotate", lambda: self._rotate(1), "Rotate the map 90\u00b0 (R)")
            b("toolbar", L.toolbar_button("zoom_out"), "\u2212", lambda: self._zoom(-1), "Zoom out (- or wheel)",
              style="@toolbar")
            b("toolbar", L.toolbar_button("zoom_in"), "+", lambda: self._zoom(1), "Zoom in (+ or wheel)",
              style="@toolbar")
            b("toolbar", L.toolbar_button("centre"), "Centre", self._centre_on_current,
              "Centre on the current combatant (C)")
        b("toolbar", L.toolbar_button("help"), "Help", self._show_help, "The rules and the keys (F1)")

    def _build_toolbar(self) -> None:
        L = self.layout
        b = self._button
        self._build_map_buttons()
        reason = self.undo_reason()
        self.undo_rect = L.toolbar_button("undo")
        b("toolbar", self.undo_rect, "Undo", self.undo if reason is None else None,
          "Take back the last move (Ctrl+Z)" if reason is None else f"Cannot undo: {reason}",
          enabled=reason is None)
        retreat = self._retreat_action()
        self.retreat_rect = None if retreat else L.toolbar_button("retreat")  # greyed: the hint says why
        b("toolbar", L.toolbar_button("retreat"), "Retreat", self.retreat if retreat else None,
          "Leave the encounter: your side loses (Q)" if retreat else self.no_retreat,
          enabled=retreat is not None, style="@danger")
        b("toolbar", L.toolbar_button("menu"), "Menu", self._show_menu, "Resume, rules, main menu, quit (Esc)")

    def _option(self, body: pygame.Rect, y: int, label: str, action: Action | None, callback: Callback,
                tooltip: str, reason: str | None = None, greys: bool = False, say_why: bool = True) -> int:
        """One numbered option button with a line under it for the reason it cannot be used now (unless the note
        above already says it); returns the next y.

        An option that can be greyed (one with an action, or ``greys``) keeps that line whether it is greyed or not,
        so that no row moves under the mouse as reasons come and go."""
        L = self.layout
        self._flows(body)
        if action is not None:
            reason = self.session.reason(action)
        number = len(self.numbered) + 1
        key = f"{number}  " if number <= 9 else ""
        rect = pygame.Rect(body.x, y, body.width, L.px(30))
        size, edges = theme.button_text(L.scale)
        text = theme.fit_label(f"{key}{label}", size, rect.width - edges)
        if text != f"{key}{label}":  # shortened to fit: the tooltip says it whole
            tooltip = f"{label}. {tooltip}"
        indented = pygame.Rect(body.x + L.px(8), body.y, body.width - L.px(8), body.height)
        why = None if reason is None or not say_why else theme.fit_label(reason, L.font_px("small"), indented.width)
        if reason is not None and why != reason:  # cut to its one line: the tooltip says it whole
            tooltip = f"{tooltip}. Not now: {reason}"
        self._button("right", rect, text, callback if reason is None else None,
                     f"{tooltip} (key {number})" if number <= 9 else tooltip, enabled=reason is None,
                     style="@option_chosen" if self._shows_chosen(action, label) else "@option")
        self.numbered.append(callback if reason is None else (lambda: None))
        y = rect.bottom + L.px(2)
        if why is not None:
            y = self._note(indented, y, [TextLine(why, "small", (214, 140, 120))], gap=0)
        elif greys or action is not None:
            y += lines_height([TextLine("", "small")], indented.width, L)
        return y + L.px(4)

    def _note(self, area: pygame.Rect, y: int, lines: list[TextLine], gap: int = 4, least: int = 0) -> int:
        """Text in the controls from y down, as tall as it wraps to (at least ``least`` at scale 1, at most to the
        area's bottom); the y below it."""
        height = max(lines_height(lines, area.width, self.layout), self.layout.px(least))
        view = self.column_view if self._flows(area) else None
        if view is None:  # an area that stops above the room's bottom keeps its text inside it
            height = min(height, max(0, area.bottom - y))
            self.right.notes.append(Note(pygame.Rect(area.x, y, area.width, height), tuple(lines)))
            return y + height + self.layout.px(gap)
        self.column_bottom = max(self.column_bottom, y + height)
        shown = pygame.Rect(area.x, y - self.column_scroll, area.width, height)
        top, bottom = max(shown.top, view.top), min(shown.bottom, view.bottom)
        if bottom > top:  # the part in the room, the text starting as far above it as it is scrolled out
            self.right.notes.append(Note(pygame.Rect(area.x, top, area.width, bottom - top), tuple(lines),
                                         shown.top - top))
        return y + height + self.layout.px(gap)

    def _shows_chosen(self, action: Action | None, label: str) -> bool:
        """Whether an option shows as the one chosen: the mode's choice, or in a replay the eyes watched through."""
        return self.replay.is_chosen(label) if self.replay is not None else self._is_chosen(action, label)

    def _is_chosen(self, action: Action | None, label: str) -> bool:
        """Whether an option shows as the one chosen (none, unless a mode keeps a choice)."""
        return False
