"""The encounter screen every mode plays on: map in the middle, toolbar on top, combatants left, controls right.

Text 003 sets out these four sections; each mode's screen (``game.ui.modes``) fills them from its
own view: the list's rows, the controls on the right, the tokens over the map and the result. This
part is what they share: whose view is shown (behind a hand-over when another person decides), the
log, the computer's turns after Go, undo, the dialogs, the keys and the mouse, and the drawing.
It draws only from the view of the seat watching the screen and turns clicks and keys into
actions; the match checks and applies them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.battlefield import Square
from game.core.errors import GameError, IllegalAction
from game.core.events import Action, Event
from game.core.hotseat import HotSeat
from game.core.mode import Outcome
from game.core.saves import SaveError, read_save, save_path
from game.ui import theme
from game.ui.animation import Animator
from game.ui.app import App
from game.ui.dialogs import DIALOGS
from game.ui.eventtext import LogContext, LogLine
from game.ui.layout import Layout
from game.ui.mapview import MapScene, MapView
from game.ui.panels import CachedPanel, CombatantList, InfoPanel, LogPanel, Row, TextLine, draw_lines, lines_height
from game.ui.session import Session, map_title
from game.ui.tiles import load_tile_art
from game.ui.tokens import TokenLook, portrait

DRAG_THRESHOLD = 6
# After the computer's run hands the decision back, Space does a person's thing (End Turn, Pass) only
# once this long has gone by: a Space pressed again and again to hurry the computer along must not
# also end the person's turn that the run stopped at.
HAND_BACK_MS = 400
# Space on a choice the screen warns about (ending a turn in which nothing was done) only warns; a
# second Space goes on while the warning shows, which is this long. The button itself, clicked, does not ask.
ASK_AGAIN_MS = 3000
# Posted when the time for the second Space runs out: it wakes the window's loop, which otherwise sleeps up to a
# second, so the warning goes away on time rather than stay on screen while Space would only warn again.
ASK_AGAIN_OVER = pygame.event.custom_type()


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


class RightPanel(CachedPanel):
    """The drawn part of the controls: the header and the text between the buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.look: TokenLook | None = None
        self.title = ""
        self.subtitle = ""
        self.notes: list[Note] = []
        self.layout: Layout | None = None

    def draw(self, target: pygame.Surface, rect: pygame.Rect, layout: Layout) -> None:
        """Draw the panel."""
        self.layout = layout
        key = (self.look, self.title, self.subtitle, tuple((tuple(n.rect), n.lines) for n in self.notes),
               layout.scale)
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
        theme.draw_text(surface, self.title, (x, layout.px(10)), layout.font_px("heading"), theme.TEXT, bold=True)
        theme.draw_text(surface, self.subtitle, (x, layout.px(36)), layout.font_px("small"), theme.TEXT_DIM)
        for note in self.notes:
            rect = note.rect.move(-layout.right.x, -layout.right.y)
            draw_lines(surface, rect, list(note.lines), layout)


class EncounterScreen(ABC):
    """One encounter at the screen, from its first decision to the result, in whichever mode it is played."""

    hands_over = True  # hide the board whenever the next decision is another person's
    rules_title = ""  # the help overlay's heading, "How the ... mode plays"
    rules: tuple[tuple[str, str], ...] = ()  # the help overlay's rules, one (title, text) per part
    keys: tuple[tuple[str, str], ...] = ()  # the help overlay's keys, one (key, what it does) each
    no_retreat = "This mode has no retreat"  # the tooltip of the greyed Retreat

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None]) -> None:
        self.app = app
        self.session = session
        self.match = session.match
        self.content = session.content
        self.on_menu = on_menu
        self.on_again = on_again
        self.on_replay: Callable[[], None] | None = None  # set by whoever can replay a finished encounter
        layout: Layout = app.layout
        self.layout = layout
        battlefield = session.battlefield
        self.map_view = MapView(battlefield, load_tile_art(battlefield), layout.map, layout.scale)
        self.list = CombatantList()
        self.info = InfoPanel()
        self.log = LogPanel()
        self.right = RightPanel()
        self.anim = Animator(app.settings.step_ms)
        self._animating = False  # whether the last update found animations running
        self.ctx = LogContext(self.content, dict(session.names))
        self.selected: str | None = None
        self.hover_square: Square | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.cursor: Square | None = None
        self.overlay: str | None = None
        self.auto: int | None = None  # after Go: how far the match had come (_progress) when the computer began
        self.handed_back_at = -HAND_BACK_MS  # when the computer's last run ended (pygame ticks)
        self.warned: tuple[int, str] | None = None  # when Space last only warned (pygame ticks), and of what
        self.awaiting_thought = False  # the computer's panel waits for its decision, worked out in the background
        self.hotseat = HotSeat(tuple(session.seats.values()))
        self.notes: list[LogLine] = []  # the screen's own notes under the log, the same for every seat
        self._log_seat: str | None = None
        self.save_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.save_message: tuple[str, bool] = ("", False)  # (text, whether it is a problem)
        self._replace: str | None = None  # a save name the player was asked about replacing
        # Why the greyed Undo under the pointer cannot be used: a greyed button shows no tooltip.
        self.hint: str | None = None
        self.undo_rect: pygame.Rect | None = None
        self.buttons: dict[object, Callback] = {}
        self.groups: dict[str, list[object]] = {}
        self.numbered: list[Callback] = []
        self.primary: Callback | None = None
        self.drag_from: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.status = ""
        self.now = pygame.time.get_ticks()
        self.legal: list[Action] = []
        self.view: Any  # the watching seat's view, of the screen's mode
        self._rows_cache: tuple[object, list[Row]] | None = None
        self._info_cache: tuple[object, tuple[TokenLook | None, list[TextLine]]] | None = None
        self._looks: dict[Any, TokenLook] = {}
        self._seat = ""
        if self.map_view.art.note:
            self.notes.append(LogLine(f"Plain squares are drawn: {self.map_view.art.note}", kind="dim"))
        self._refresh(self.match.events)
        self._centre_on_current()

    # -- the state the screen shows --------------------------------------------------------------
    def watching_seat(self) -> str:
        """The seat whose view is drawn: the deciding person, else the last person shown the board, else the first."""
        pending = self.session.pending_seat()
        if pending is not None and self.session.is_human(pending):
            return pending
        viewer = self.hotseat.viewer()
        if viewer is not None:
            return viewer
        humans = self.session.human_seats
        return humans[0] if humans else next(iter(self.session.seats))

    def seat_view(self, seat: str) -> Any:
        """What the screen may show of the match for a seat."""
        return self.match.view(seat)

    def seat_log(self, seat: str) -> list[LogLine]:
        """The log lines a seat may read, as it learnt them."""
        return self.session.log_for(seat)

    def _show_log(self, seat: str) -> None:
        """Show a seat's log (grown by new lines, or cut back by an undo), keeping what is still there open."""
        lines = self.seat_log(seat) + self.notes
        if len(lines) != len(self.log.lines) or lines != self.log.lines:
            grew = len(lines) > len(self.log.lines)
            self.log.lines = lines
            self.log.expanded = {i for i in self.log.expanded if i < len(lines)}
            if grew:
                self.log.scroll = 0
            self.log.hover = None

    def _forget_private(self, seat: str) -> None:
        """Another seat's view is shown from now on: drop every trace of the one before.

        The log, the selection, the cursor, hover previews, the chosen action, the list's hover and
        scroll, running animations and every cached panel are rebuilt from the new seat's view.
        """
        self._log_seat = seat
        self.log.lines = []
        self.log.expanded = set()
        self.log.scroll = 0
        self.log.hover = None
        self._show_log(seat)
        self.selected = None
        self.cursor = None
        self.hover_square = None
        self.hover_pos = None
        self._drop_choice()
        self.list.hover = None
        self.list.scroll = 0
        self.anim.finish()
        self._rows_cache = None
        self._info_cache = None
        self._looks.clear()
        self.drag_from = None
        self.press_pos = None
        self.dragging = False

    def status_is_bad(self) -> bool:
        """Whether the status line says something went wrong (drawn in red)."""
        return self.status.startswith(("Not allowed", "Cannot", "Autosave failed"))

    def _centre_on_current(self) -> None:
        current = self.current
        target = current.square if current is not None else None
        if target is None:
            own = [c.square for c in self._members(self.view) if c.controlled and c.square is not None]
            target = own[0] if own else None
        if target is not None:
            self.map_view.centre_on(target)

    def _member(self, cid: str) -> Any:
        """The combatant of the view with that id, or None."""
        return next((c for c in self._members(self.view) if c.cid == cid), None)

    # -- what each mode's screen reads from its view ---------------------------------------------
    @property
    @abstractmethod
    def current(self) -> Any:
        """The combatant the pending decision is about, if the watching seat knows it."""

    @property
    @abstractmethod
    def my_turn(self) -> bool:
        """Whether a person at the screen makes the pending decision."""

    @abstractmethod
    def _members(self, view: Any) -> tuple[Any, ...]:
        """The combatants a view lists (each with ``cid``, ``side``, ``square``, ``state`` and ``controlled``)."""

    @abstractmethod
    def _follow_view(self) -> None:
        """Work out again what the mode's screen draws from a new view: what the map shows, its own choices."""

    @abstractmethod
    def _update_status(self) -> None:
        """Say in the status line where the match stands."""

    @abstractmethod
    def _progress(self) -> int:
        """How far the match has come, counted in what one Go plays through."""

    @abstractmethod
    def _computer_done(self, mark: int) -> bool:
        """Whether the run started by Go (at ``mark``) is over."""

    @abstractmethod
    def click_square(self, square: Square) -> None:
        """A click (or Enter on the cursor) on a map square."""

    @abstractmethod
    def _build_right(self) -> None:
        """The controls on the right: the header, the notes and the buttons of the pending decision."""

    @abstractmethod
    def result_lines(self) -> list[TextLine]:
        """What the result dialog says."""

    def _result_head(self, outcome: Outcome, sides: set[str]) -> list[TextLine]:
        """The result's first lines in every mode: who won, seen from the person's side, and how it ended."""
        if outcome.winner is None:
            title, colour = "A draw", theme.TEXT
        elif len(self.session.human_seats) > 1:
            title, colour = f"The {outcome.winner} win", theme.GOOD  # friends at one screen: nobody's defeat
        elif outcome.winner in sides or not self.session.human_seats:
            title, colour = f"Victory for the {outcome.winner}", theme.GOOD
        else:
            title, colour = f"Defeat: the {outcome.winner} win", theme.BAD
        return [TextLine(title, "title", colour),
                TextLine(f"{outcome.reason[:1].upper()}{outcome.reason[1:]}, after {outcome.rounds} round"
                         + ("s" if outcome.rounds != 1 else "") + ".", "body", theme.TEXT_DIM, gap=4)]

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
        self._button("right", self.layout.end_button, "Go", self.go if not busy else None, "Let it act (Space)",
                     enabled=not busy, style="@primary")
        self.primary = self.go if not busy else None

    @abstractmethod
    def _make_look(self, c: Any) -> TokenLook:
        """How a combatant's token looks."""

    @abstractmethod
    def _make_rows(self) -> list[Row]:
        """The rows of the list on the left."""

    @abstractmethod
    def scene(self) -> MapScene:
        """What the map shows this frame."""

    @abstractmethod
    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The selected token's information for the panel below the map."""

    # -- what a mode's screen may add ------------------------------------------------------------
    def _drop_choice(self) -> None:
        """Forget a choice made in the controls and not yet carried out (the grid's chosen action card)."""
        return None

    def _update_hover(self) -> None:
        """Work out the preview for the square under the pointer or the cursor (none unless a mode shows one)."""
        return None

    def left_button_shown(self) -> bool:
        """Whether a button shows above the combatant list."""
        return False

    def _build_left(self) -> None:
        """The button above the combatant list, when the mode has one."""
        return None

    def _retreat_action(self) -> Action | None:
        """The retreat the person deciding now may take, if the mode has one."""
        return None

    def confirm(self) -> None:
        """Enter: act on the square under the cursor."""
        if self.cursor is not None:
            self.click_square(self.cursor)

    def cancel(self) -> bool:
        """Esc: drop the cursor; whether there was one."""
        if self.cursor is None:
            return False
        self.cursor = None
        self._rebuild()
        return True

    def _refresh(self, new_events: list[Event]) -> None:
        """Read the view again after the match changed (behind a hand-over when another person decides now)."""
        self._take_view()
        pending = self.session.pending_seat()
        self.legal = self.match.legal_actions(pending) if self.my_turn and pending else []
        if self.selected is not None and self._member(self.selected) is None:
            self.selected = None
        self._follow_view()
        if self.match.over and self.overlay != "result":
            self.auto = None
        self._update_status()

    # -- acting ----------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send an action to the match; a refused one is shown in the status line, not raised."""
        if self.anim.busy(pygame.time.get_ticks()) and not self._acts_while_busy(action):
            return False
        starts = self._squares()
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.status = f"Not allowed: {error}"
            return False
        self._after_action(action, events, starts)
        self._rebuild()
        return True

    def _acts_while_busy(self, action: Action) -> bool:
        """Whether the action goes through while an animation still plays (none does unless a mode says so)."""
        return False

    def _after_action(self, action: Action, events: list[Event], starts: dict[str, Any]) -> None:
        """Show what an applied action changed: read the view again, follow it on the map, select who acts."""
        self._refresh(events)
        self._follow_action(starts)
        current = self.current
        if self.my_turn and current is not None and self.overlay != "handover":
            self.selected = current.cid

    def _squares(self) -> dict[str, Any]:
        """Where each combatant the seat knows of stands now."""
        return {c.cid: c.square for c in self._members(self.view) if c.square is not None}

    def _follow_action(self, starts: dict[str, Any]) -> None:
        """While the computer (or another person) acts, scroll just enough to show what the seat may see of it.

        Whoever moved into or within sight is kept in view; otherwise the combatant whose turn it is.
        """
        if self.my_turn:
            return
        moved = [square for cid, square in self._squares().items() if starts.get(cid) != square]
        current = self.current
        if not moved and current is not None and current.square is not None:
            moved = [current.square]
        for square in moved:
            self.map_view.ensure_visible(square)

    def undo_reason(self) -> str | None:
        """Why Undo is not possible now (for the button's tooltip), or None."""
        pending = self.session.pending_seat()
        if pending is None:
            return "the encounter has ended"
        if not self.session.is_human(pending):
            return "the computer is playing"
        return self.session.undo_reason()

    def undo(self) -> bool:
        """Ctrl+Z: take back the last move of this turn, or say in the status line why not."""
        reason = self.undo_reason()
        if reason is not None:
            self.status = f"Cannot undo: {reason}"
            return False
        self.anim.finish()
        self.session.undo()
        self._drop_choice()
        self._refresh([])
        self.status = f"Took back the move \u00b7 {self.status}"
        self._rebuild()
        return True

    def go(self) -> None:
        """Let the computer play the pending decisions until its run is over (``_computer_done``)."""
        pending = self.session.pending_seat()
        if pending is None or self.session.is_human(pending):
            return
        self.auto = self._progress()
        self._rebuild()

    def press_primary(self) -> None:
        """Space: Roll Initiative, End Turn or Go, whichever the moment asks for (not a person's choice in the
        moment after the computer's run handed it back; a choice with a warning only once pressed again)."""
        if self.primary is None:
            return
        now = pygame.time.get_ticks()
        if self.primary != self.go and now - self.handed_back_at < HAND_BACK_MS:
            return
        warning = self._primary_warning()
        if warning is not None and ASK_AGAIN_MS > 0 and not self._asking(warning):
            self.warned = (now, warning)
            self.status = warning
            # The loop wakes when the time is up, and update() then takes the warning away.
            pygame.time.set_timer(ASK_AGAIN_OVER, ASK_AGAIN_MS + 1, loops=1)
            self._rebuild()  # the big button asks too: the status line may be too narrow to say it all
            return
        self.warned = None
        self.primary()

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

    def _acts_unasked(self, now: int) -> bool:
        """Whether the computer should play its turn now without Go: as the settings allow, or out of sight."""
        if self.auto is not None or not (self.app.settings.computer_acts or self._turn_unseen()):
            return False
        pending = self.session.pending_seat()
        # An open dialog (menu, help, hand-over, result) holds the computer back until it closes.
        return (pending is not None and not self.session.is_human(pending) and self.overlay is None
                and not self.match.over and not self.anim.busy(now))

    def _turn_unseen(self) -> bool:
        """Whether the computer's decision now is one the watching seat cannot see (no Go needed: nothing to watch)."""
        return False

    def _take_view(self) -> str:
        """Read the watching seat's view and log, behind a hand-over when another person decides now."""
        pending = self.session.pending_seat()
        if self.hands_over and pending is not None and self.session.is_human(pending) and self.overlay != "handover":
            if self.hotseat.handover_for(pending) is not None:
                # Another person decides now: hide the board at once, whatever dialog was open.
                self.overlay = "handover"
        seat = self.watching_seat()
        self.view = self.seat_view(seat)
        members = self._members(self.view)
        # The session notes what each seat sees after every action (so a resumed match remembers it too); the
        # view read here may have changed otherwise (an undo, a hand-over), so it is noted as well.
        self.session.remember_seen(seat, members, self.view.round)
        self._seat = seat
        self.ctx.own = frozenset(c.cid for c in members if c.controlled)
        self.ctx.known = frozenset(c.cid for c in members)
        note = self.session.autosave_note  # an autosave that failed, or was set aside: said under the log
        if note and not any(n.text == note for n in self.notes):
            self.notes.append(LogLine(note, kind="dim"))
        if seat != self._log_seat:
            self._forget_private(seat)
        else:
            self._show_log(seat)
        return seat

    def _run_computer(self) -> bool:
        """One computer decision of the run started with Go; stops when the run is over or a person decides."""
        if self.auto is None or self.anim.busy(pygame.time.get_ticks()):
            return False
        pending = self.session.pending_seat()
        if pending is None or self.session.is_human(pending):
            self._end_run()
            return True
        if not self.session.decision_ready():
            return False  # still thinking: the loop goes on drawing and answering the window meanwhile
        action = self.session.planned_action()
        if action is None or not self.act(action):
            self._end_run()  # nothing to do, or a refused action: hand the decision back rather than loop
            return True
        # The action may have ended the match, which ends the run as the screen was rebuilt (auto is None).
        if self.auto is not None and self._computer_done(self.auto):
            self._end_run()
        return True

    def _end_run(self) -> None:
        """The computer's run is over: the decision goes back to whoever is next."""
        self.auto = None
        self.handed_back_at = pygame.time.get_ticks()
        self._rebuild()

    def retreat(self) -> None:
        """Ask before retreating."""
        if self._retreat_action() is not None:
            self.overlay = "retreat"
            self._rebuild()

    # -- building the widgets --------------------------------------------------------------------
    def build(self, layout: Layout) -> None:
        """Create every widget for a layout (a new window size or UI scale)."""
        self.layout = layout
        self.map_view.set_rect(layout.map, layout.scale)
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
                tooltip: str | None = None, enabled: bool = True, style: str | None = None) -> object:
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
        self.hint = None
        self.numbered = []
        self.primary = None
        self.right.notes = []
        if self.overlay is not None:
            self._build_overlay()
            return
        self._build_toolbar()
        self._build_left()
        self._build_right()

    def _build_map_buttons(self) -> None:
        """The toolbar's buttons for looking at the map and the rules, shared with the replay screen."""
        L = self.layout
        b = self._button
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
        b("toolbar", L.toolbar_button("retreat"), "Retreat", self.retreat if retreat else None,
          "Leave the encounter: your side loses (Q)" if retreat else self.no_retreat,
          enabled=retreat is not None, style="@danger")
        b("toolbar", L.toolbar_button("menu"), "Menu", self._show_menu, "Resume, rules, main menu, quit (Esc)")

    def _option(self, body: pygame.Rect, y: int, label: str, action: Action | None, callback: Callback,
                tooltip: str, reason: str | None = None, say_why: bool = True) -> int:
        """One numbered option button with, when it cannot be used, the reason under it (or, when the note
        above already says it, in its tooltip); returns the next y."""
        L = self.layout
        if action is not None:
            reason = self.session.reason(action)
        number = len(self.numbered) + 1
        key = f"{number}  " if number <= 9 else ""
        rect = pygame.Rect(body.x, y, body.width, L.px(30))
        size, edges = theme.button_text(L.scale)
        text = theme.fit_label(f"{key}{label}", size, rect.width - edges)
        if text != f"{key}{label}":  # shortened to fit: the tooltip says it whole
            tooltip = f"{label}. {tooltip}"
        if reason is not None and not say_why:
            tooltip = f"{tooltip}. Not now: {reason}"
        self._button("right", rect, text, callback if reason is None else None,
                     f"{tooltip} ({number})" if number <= 9 else tooltip, enabled=reason is None,
                     style="@option_chosen" if self._is_chosen(action, label) else "@option")
        self.numbered.append(callback if reason is None else (lambda: None))
        y = rect.bottom + L.px(2)
        if reason is not None and say_why:
            indented = pygame.Rect(body.x + L.px(8), body.y, body.width - L.px(8), body.height)
            y = self._note(indented, y, [TextLine(reason, "small", (214, 140, 120))], gap=0)
        return y + L.px(4)

    def _note(self, area: pygame.Rect, y: int, lines: list[TextLine], gap: int = 4, least: int = 0) -> int:
        """Text in the controls from y down, as tall as it wraps to (at least ``least`` at scale 1, at most to the
        area's bottom); the y below it."""
        height = max(lines_height(lines, area.width, self.layout), self.layout.px(least))
        height = min(height, max(0, area.bottom - y))
        self.right.notes.append(Note(pygame.Rect(area.x, y, area.width, height), tuple(lines)))
        return y + height + self.layout.px(gap)

    def _is_chosen(self, action: Action | None, label: str) -> bool:
        """Whether an option shows as the one chosen (none, unless a mode keeps a choice)."""
        return False

    # -- overlays --------------------------------------------------------------------------------
    def _show_help(self) -> None:
        self.overlay = "help"
        self._rebuild()

    def _show_menu(self) -> None:
        self.overlay = "menu"
        self._rebuild()

    def _show_settings(self) -> None:
        self.overlay = "settings"
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

    def close_overlay(self) -> None:
        """Back to the encounter."""
        if self.overlay in ("help", "menu", "retreat", "save", "settings"):
            self.overlay = None
            self.save_entry = None
            self._rebuild()

    def _show_save(self) -> None:
        self.overlay = "save"
        self.save_message = ("", False)
        self._replace = None
        self._rebuild()

    def default_save_name(self) -> str:
        """A name for a save the player may keep: the map and the round."""
        title = "".join(c for c in map_title(self.session.battlefield) if c.isalnum() or c in " -_")
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
        self.overlay = None
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
        self.overlay = None
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
        self.overlay = None
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

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """Turn one event into a change of the screen or an action; whether anything changed."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self.buttons.get(event.ui_element)
            if callback is not None:
                callback()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.overlay is not None:
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos, event.buttons)
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed:
            self.press_pos = event.pos
            if event.button == 1 and self.layout.map.collidepoint(event.pos):
                self.drag_from = event.pos
                self.dragging = False
            elif event.button == 3:
                return self.cancel()
            elif event.button == 2 and self.layout.map.collidepoint(event.pos):
                self.drag_from = event.pos
                self.dragging = True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            was_drag = self.dragging
            pressed = self.press_pos
            self.drag_from = None
            self.press_pos = None
            self.dragging = False
            if consumed or was_drag or pressed is None or event.button != 1:
                return was_drag
            return self._click(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos() if self.hover_pos is None else self.hover_pos
            if self.layout.log.collidepoint(pos):
                self.log.scroll = max(0, self.log.scroll + event.y * 2)
            elif self.layout.left.collidepoint(pos):
                self.list.scroll = max(0, self.list.scroll - event.y * self.layout.row_h)
            elif self.layout.info.collidepoint(pos):
                self.info.scroll_by(-event.y * self.layout.px(20))
            else:
                self._zoom(1 if event.y > 0 else -1, pos)
            return True
        return False

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, int, int]) -> bool:
        self.hover_pos = pos
        if self.drag_from is not None and (buttons[0] or buttons[1]):
            dx, dy = pos[0] - self.drag_from[0], pos[1] - self.drag_from[1]
            if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                self.dragging = True
                self.map_view.scroll(-dx, -dy)
                self.drag_from = pos
                return True
        changed = False
        hint = None
        if self.undo_rect is not None and self.undo_rect.collidepoint(pos):
            reason = self.undo_reason()
            hint = None if reason is None else f"Cannot undo: {reason}"
        if hint != self.hint:
            self.hint = hint
            changed = True
        square = self.map_view.square_at(pos)
        if square != self.hover_square:
            self.hover_square = square
            self._update_hover()
            changed = True
        row = self.list.row_at(pos) if self.layout.left.collidepoint(pos) else None
        if row != self.list.hover:
            self.list.hover = row
            changed = True
        line = self.log.line_at(pos) if self.layout.log.collidepoint(pos) else None
        if line != self.log.hover:
            self.log.hover = line
            changed = True
        return changed

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.layout.map.collidepoint(pos):
            square = self.map_view.square_at(pos)
            if square is not None:
                self.click_square(square)
            return True
        if self.layout.left.collidepoint(pos):
            cid = self.list.row_at(pos)
            if cid is not None and self._member(cid) is not None:
                self.select(cid, centre=True)
            elif cid is not None and cid in self._seen_now():
                # An enemy out of sight: the map turns to where it was last seen; nothing is selected.
                square = self._seen_now()[cid][0].square
                if square is not None:
                    self.map_view.centre_on(square)
            return True
        if self.layout.log.collidepoint(pos):
            index = self.log.line_at(pos)
            if index is not None:
                self.log.toggle(index)
            return True
        return False

    def select(self, cid: str, centre: bool = False) -> None:
        """Select a combatant: its information shows below the map."""
        self.selected = cid
        who = self._member(cid)
        if centre and who is not None and who.square is not None:
            self.map_view.centre_on(who.square)

    def _key(self, event: pygame.event.Event) -> bool:
        key, mod = event.key, event.mod
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self.overlay == "save":
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._save_typed()
            elif key == pygame.K_ESCAPE:
                self.close_overlay()
            return True  # every other key is typing in the name
        if self.overlay is not None:
            # Space lets the computer act, and is pressed again and again: on the result it would start
            # a new encounter before the player saw how this one ended, so there only Enter plays again.
            confirm = (pygame.K_RETURN, pygame.K_KP_ENTER) + ((pygame.K_SPACE,) if self.overlay != "result" else ())
            if key in confirm and self.primary is not None:
                self.primary()
            elif key == pygame.K_w and self.overlay == "result" and self.on_replay is not None:
                self.on_replay()
            elif key == pygame.K_ESCAPE:
                if self.overlay == "result":
                    self.on_menu()
                elif self.overlay != "handover":
                    self.close_overlay()
            return True
        if key == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            self._rebuild()
            return True
        if key == pygame.K_ESCAPE:
            if not self.cancel():
                self._show_menu()
        elif key == pygame.K_SPACE:
            self.press_primary()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_TAB:
            self._cycle(-1 if shift else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            if shift:
                self.map_view.scroll(dx * self.map_view.sq * 3, dy * self.map_view.sq * 3)
            else:
                self._move_cursor(dx, dy)
        elif pygame.K_1 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9:
            index = key - (pygame.K_1 if key <= pygame.K_9 else pygame.K_KP1)
            if index < len(self.numbered):
                self.numbered[index]()
        elif key == pygame.K_r:
            self._rotate(-1 if shift else 1)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1)
        elif key == pygame.K_c:
            self._centre_on_current()
        elif key in (pygame.K_F1, pygame.K_h):
            self._show_help()
        elif key == pygame.K_q:
            self.retreat()
        elif key == pygame.K_l:
            self.log.toggle_newest()
        elif key == pygame.K_PAGEUP:
            self.log.scroll += 4
        elif key == pygame.K_PAGEDOWN:
            self.log.scroll = max(0, self.log.scroll - 4)
        else:
            return False
        return True

    def _cycle(self, step: int) -> None:
        rows = [r.cid for r in self._rows() if r.in_sight]
        if not rows:
            return
        index = rows.index(self.selected) if self.selected in rows else -1 if step > 0 else 0
        self.select(rows[(index + step) % len(rows)], centre=True)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Arrows move the cursor in screen directions, whatever the map's rotation."""
        if self.cursor is None:
            current = self.current
            start = current.square if current is not None and current.square is not None else None
            self.cursor = start or self.map_view.square_at(self.layout.map.center) or (0, 0)
        else:
            rx, ry = self.map_view.to_turned(self.cursor)
            gw, gh = self.map_view.grid_size
            turned = (int(max(0, min(gw - 1, rx + dx))), int(max(0, min(gh - 1, ry + dy))))
            self.cursor = self.map_view.from_turned(turned)
        self.map_view.ensure_visible(self.cursor)
        self.hover_square = None
        self._update_hover()

    def _rotate(self, turns: int) -> None:
        self.map_view.rotate(turns)

    def _zoom(self, steps: int, focus: tuple[int, int] | None = None) -> None:
        self.map_view.zoom(steps, focus)
        if self.hover_pos is not None:
            self.hover_square = self.map_view.square_at(self.hover_pos)
            self._update_hover()

    # -- time --------------------------------------------------------------------------------------
    def busy(self) -> bool:
        """Animations run or the computer is playing a turn."""
        return self.anim.busy(pygame.time.get_ticks()) or self.auto is not None or self.awaiting_thought

    def update(self, now: int) -> bool:
        """Advance the computer's turn after Go and the animations; whether the screen changed."""
        self.now = now
        # The update in which animations end draws once more: the last frame drawn while they ran hides
        # what waits for them (the reach, the hover label).
        animating = self.anim.busy(now)
        changed = animating or self._animating
        self._animating = animating
        if self.awaiting_thought and self.session.decision_ready():
            self.awaiting_thought = False
            self._rebuild()  # the computer has decided: its intent can be shown
            changed = True
        if self._acts_unasked(now):
            self.go()
            changed = True
        if self._run_computer():
            changed = True
        if self.warned is not None and now - self.warned[0] >= ASK_AGAIN_MS:
            self.warned = None  # the second press did not come: the status and the big button say their own again
            self._update_status()
            self._rebuild()
            changed = True
        if self.match.over and self.overlay != "result" and not self.anim.busy(now) and self.auto is None:
            self.overlay = "result"
            self._rebuild()
            changed = True
        return changed

    # -- drawing ---------------------------------------------------------------------------------
    def _look(self, c: Any) -> TokenLook:
        look = self._looks.get(c)
        if look is None:
            if len(self._looks) > 500:
                self._looks.clear()
            look = self._looks[c] = self._make_look(c)
        return look

    def _rows(self) -> list[Row]:
        key = (id(self.view), self.view.round)
        if self._rows_cache is not None and self._rows_cache[0] == key:
            return self._rows_cache[1]
        rows = self._make_rows()
        self._rows_cache = (key, rows)
        return rows

    def _seen_now(self) -> dict[str, tuple[Any, int]]:
        """Each enemy the watching seat has seen, as last seen and the round of it: the list keeps it, faded."""
        return self.session.last_seen.get(self._seat, {})

    def _out_of_sight(self) -> list[tuple[Any, int]]:
        """The enemies the watching seat saw alive and does not see now, as last seen and the round of it."""
        known = {c.cid for c in self._members(self.view)}
        return [(c, seen_in) for cid, (c, seen_in) in self._seen_now().items() if cid not in known
                and c.state != "dead"]

    def _hover_pointer(self) -> tuple[int, int] | None:
        """The pointer, while it is still over the square hovered, else None.

        A map scrolled, turned or centred under a still pointer leaves the hover of the square it was
        over: a label drawn at the pointer would name what stands on another square.
        """
        if self.hover_pos is None or self.hover_square is None:
            return None
        return self.hover_pos if self.map_view.square_at(self.hover_pos) == self.hover_square else None

    def info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The selected token's information for the panel below the map."""
        key = (id(self.view), self.selected)
        if self._info_cache is None or self._info_cache[0] != key:
            self._info_cache = (key, self._make_info_lines())
        return self._info_cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the map, the panels and the toolbar (widgets are drawn after, by the manager)."""
        L = self.layout
        if self.overlay == "handover":
            surface.fill(theme.BG)
            self._draw_overlay(surface)
            return
        self.map_view.draw(surface, self.scene())
        # The toolbar.
        pygame.draw.rect(surface, theme.PANEL_DARK, L.toolbar)
        pygame.draw.line(surface, theme.EDGE, L.toolbar.bottomleft, (L.toolbar.right, L.toolbar.bottom - 1))
        if not L.toolbar_compact:  # a narrow toolbar gives the title's room to the status line
            theme.draw_text(surface, "Rulebound", (L.pad, L.toolbar.centery), L.font_px("heading"), theme.ACCENT,
                            bold=True, anchor="midleft")
            title = map_title(self.session.battlefield)
            theme.draw_text(surface, title, (L.pad + L.px(104), L.toolbar.centery + L.px(1)), L.font_px("small"),
                            theme.TEXT_DIM, anchor="midleft")
        status = L.toolbar_status
        clip = surface.get_clip()
        surface.set_clip(status)
        colour = theme.BAD if self.status_is_bad() or self.hint else theme.TEXT
        text, size = self.hint or self.status, L.font_px("body")
        if theme.font(size, True).size(text)[0] > status.width:
            size = L.font_px("small")  # a narrow toolbar: smaller rather than cut
            text = theme.shorten(text, size, status.width, bold=True)
        theme.draw_text(surface, text, (status.x, status.centery), size, colour, bold=True, anchor="midleft")
        surface.set_clip(clip)
        if self.map_view.art.note:
            note = "Plain squares: " + self.map_view.art.note
            r = theme.draw_text(surface, note, (L.map.x + L.pad, L.map.bottom - L.pad), L.font_px("small"),
                                theme.ACCENT, anchor="bottomleft")
            del r
        # The left column.
        pygame.draw.rect(surface, theme.PANEL, L.left)
        pygame.draw.line(surface, theme.EDGE, (L.left.right - 1, L.left.y), (L.left.right - 1, L.left.bottom))
        with_button = self.left_button_shown()
        self.list.rows = self._rows()
        current = self.current
        self.list.current = current.cid if current is not None else None
        self.list.selected = self.selected
        self.list.draw(surface, L.left_rows(with_button).inflate(-2, 0), L)
        # The right column.
        self.right.draw(surface, L.right, L)
        # Below the map.
        self.info.look, self.info.lines = self.info_lines()
        self.info.draw(surface, L.info, L)
        self.log.draw(surface, L.log, L)
        if self.overlay is not None:
            self._draw_overlay(surface)

    def close(self) -> None:
        """Drop the match."""
        self.session.close()
