"""The frame every mode's encounter screen shares: whose view is shown, the log, acting, undo and the computer's runs.

A mode's screen (``game.ui.modes.<mode>``) fills the frame from its own view: the list's rows, the
controls on the right, what its board shows and the result. The frame draws only from the view of
the seat watching the screen and turns clicks and keys into actions; the match checks and applies them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from game.core.battlefield import Square
from game.core.errors import IllegalAction
from game.core.events import Action, Event
from game.core.hotseat import HotSeat
from game.core.mode import Outcome
from game.ui import theme
from game.ui.animation import Animator
from game.ui.app import App
from game.ui.encounter.board import Board, TableBoard, TableMember, TableScene
from game.ui.encounter.column import Callback, RightPanel
from game.ui.encounter.replay import Replay
from game.ui.eventtext import LogContext, LogLine
from game.ui.layout import Layout
from game.ui.mapview import MapView
from game.ui.panels import CombatantList, InfoPanel, LogPanel, Row, TextLine
from game.ui.session import Session
from game.ui.tiles import load_tile_art
from game.ui.tokens import TokenLook

DRAG_THRESHOLD = 6
# After the computer's run hands the decision back, and as a person's turn begins, the big button (End Turn,
# Pass) is greyed and Space does nothing this long: Go and End Turn share the button, so a click or Space made
# again and again to hurry the computer along must not also end the person's turn the run stopped at. Each such
# press in the moment makes it last longer, so a hand hammering Space never gets through.
HAND_BACK_MS = 700
# Posted when the moment is over: it wakes the window's loop, which rebuilds the button pressable again.
HAND_BACK_OVER = pygame.event.custom_type()
# Space on a choice the screen warns about (ending a turn in which nothing was done) only warns; a
# second Space goes on while the warning shows, which is this long. The button itself, clicked, does not ask.
ASK_AGAIN_MS = 3000
# Posted when the time for the second Space runs out: it wakes the window's loop, which otherwise sleeps up to a
# second, so the warning goes away on time rather than stay on screen while Space would only warn again.
ASK_AGAIN_OVER = pygame.event.custom_type()

class Frame(ABC):
    """One encounter's state at the screen, and the hooks each mode's screen fills."""

    hands_over = True  # hide the board when the next decision is another person's and either sees something private
    rules_title = ""  # the help overlay's heading, "How the ... mode plays"
    rules: tuple[tuple[str, str], ...] = ()  # the help overlay's rules, one (title, text) per part
    keys: tuple[tuple[str, str], ...] = ()  # the help overlay's keys, one (key, what it does) each
    no_retreat = "This mode has no retreat"  # the tooltip of the greyed Retreat
    everyone_tip = "Everything every side knows"  # what a replay watched through every side's eyes shows

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None], replay: Replay | None = None) -> None:
        self.replay = replay  # a saved match played back, which then runs the controls; None in play
        self.app = app
        self.session = session
        self.match = session.match
        self.content = session.content
        self.on_menu = on_menu
        self.on_again = on_again
        self.on_replay: Callable[[], None] | None = None  # set by whoever can replay a finished encounter
        layout: Layout = app.layout
        self.board: Board[Any] = self._make_board(layout)
        self.layout = self.own_layout(layout)
        self.list = CombatantList()
        self.info = InfoPanel()
        self.log = LogPanel()
        self.right = RightPanel()
        self.anim = Animator(app.settings.step_ms)
        self._animating = False  # whether the last update found animations running
        self.ctx: LogContext = session.registered.log_context(self.content, dict(session.names), frozenset(),
                                                              frozenset())
        self.selected: str | None = None
        self.hover_square: Square | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.cursor: Square | None = None
        self.overlays: list[str] = []  # the open dialogs, the one on top last (see ``overlays``)
        # The dialog button the keyboard has chosen (arrows, Tab): the dialog it belongs to and its place in order.
        self.focus: tuple[str, int] | None = None
        self.auto: int | None = None  # after Go: how far the match had come (_progress) when the computer began
        self.handed_back_at = -HAND_BACK_MS  # when the computer's last run ended or a person's turn began (ticks)
        self.primary_held = False  # whether the big button was built greyed for that moment
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
        self.retreat_rect: pygame.Rect | None = None  # the greyed Retreat, whose reason shows as a hint
        # The controls column's options and notes scroll when taller than their room (``ControlsFrame.column_room``):
        self.column_scroll = 0  # how far, in pixels; the room, set by the first one built; where the last ends
        self.column_view: pygame.Rect | None = None
        self.column_bottom = 0
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
        if self.board.note:
            self.notes.append(LogLine(f"Plain squares are drawn: {self.board.note}", kind="dim"))
        if replay is not None:
            replay.attach(self)
        self._refresh(self.match.events)
        self._centre_on_current()

    # -- the state the screen shows --------------------------------------------------------------
    def watching_seat(self) -> str:
        """The seat whose view is drawn: the deciding person, else the last person shown the board, else the first;
        in a replay, the one the viewer chose."""
        if self.replay is not None:
            return self.replay.spectator
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
        return self.session.view(seat)

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
        self.column_scroll = 0
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

    @property
    def overlay(self) -> str | None:
        """The dialog on top (``overlays.DIALOGS`` names them), or None while the board shows."""
        return self.overlays[-1] if self.overlays else None

    def open_overlay(self, name: str, over: bool = False) -> None:
        """Show a dialog: on top of the open ones when ``over`` (opened from the pause menu), else alone."""
        if not over:
            self.overlays.clear()
        self.overlays.append(name)

    def status_is_bad(self) -> bool:
        """Whether the status line says something went wrong (drawn in red); in a replay, that it came out unlike the
        save."""
        if self.replay is not None:
            return self.replay.differs is not None
        return self.status.startswith(("Not allowed", "Cannot", "Autosave failed"))

    def _member(self, cid: str) -> Any:
        """The combatant of the view with that id, or None."""
        return next((c for c in self._members(self.view) if c.cid == cid), None)

    # -- the board and the list -------------------------------------------------------------------
    def own_layout(self, layout: Layout) -> Layout:
        """The window's layout as this screen uses it: a table has no map to turn or zoom, so no buttons for that."""
        return replace(layout, map_tools=False) if isinstance(self.board, TableBoard) else layout

    def _make_board(self, layout: Layout) -> Board[Any]:
        """The middle of the screen: the map board when the match is played on a map, else the table board."""
        battlefield = self.session.battlefield
        if battlefield is None:
            return TableBoard(layout.map, layout.scale)
        return MapView(battlefield, load_tile_art(battlefield), layout.map, layout.scale)

    @property
    def map_view(self) -> MapView:
        """The map board, for the screens of modes played on a map."""
        assert isinstance(self.board, MapView), "this mode's board is not a map"
        return self.board

    def table_scene(self) -> TableScene:
        """What the table board shows of the view: the members by side, and whose decision is pending."""
        current = self.current
        members = [TableMember(c.cid, c.name, c.side, self._look(c), "",
                               current is not None and c.cid == current.cid, c.cid == self.selected)
                   for c in self._members(self.view)]
        return TableScene(self.status, members)

    def _centre_on_current(self) -> None:
        current = self.current
        target = current.square if current is not None else None
        if target is None:
            own = [c.square for c in self._members(self.view) if c.controlled and c.square is not None]
            target = own[0] if own else None
        if target is not None:
            self.board.centre_on(target)

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

    def _seen_now(self) -> Mapping[str, tuple[Any, int]]:
        """Each enemy the watching seat has seen and does not see now, as last seen and the round of it: the list
        keeps it, faded."""
        return self.session.last_seen(self.view)

    # -- what the later layers of the screen give --------------------------------------------------
    @abstractmethod
    def _rebuild(self) -> None:
        """Recreate the widgets that depend on the state (``ControlsFrame``)."""

    @abstractmethod
    def _build_overlay(self) -> None:
        """The widgets of the open overlay (``OverlayFrame``)."""

    @abstractmethod
    def _show_help(self) -> None:
        """Open the rules and keys (``OverlayFrame``)."""

    @abstractmethod
    def _show_menu(self) -> None:
        """Open the pause menu (``OverlayFrame``)."""

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

    @abstractmethod
    def animate(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any]) -> None:
        """Show and sound what the seat saw of the events (``starts``: where they stood; ``squares``: where now)."""

    def replay_moment(self) -> str:
        """Where the match stands, for a replay's panel: the round and whose turn it is."""
        current = self.current
        return f"Round {self.view.round}" + (f" \u00b7 {current.name}'s turn" if current else "")

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

    @abstractmethod
    def _make_look(self, c: Any) -> TokenLook:
        """How a combatant's token looks."""

    @abstractmethod
    def _make_rows(self) -> list[Row]:
        """The rows of the list on the left."""

    @abstractmethod
    def scene(self) -> Any:
        """What the board shows this frame: a ``MapScene`` for the map board, a ``TableScene`` (``table_scene``) for
        the table."""

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
        if self.replay is not None:
            self.status = self.replay.status()

    # -- acting ----------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send an action to the match; a refused one is shown in the status line, not raised."""
        if self.anim.busy(pygame.time.get_ticks()) and not self._acts_while_busy(action):
            return False
        starts = self._squares()
        deciding = self._deciding()
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.status = f"Not allowed: {error}"
            return False
        self._after_action(action, events, starts)
        if self._deciding() != deciding:
            self.column_scroll = 0  # another decision: its controls start at their top
            if self.my_turn:
                self.hold_back(pygame.time.get_ticks())  # a person's new turn begins with a moment the button rests
        self._rebuild()
        return True

    def _deciding(self) -> tuple[str | None, str | None]:
        """Who decides now: the seat, and the combatant the decision is about."""
        current = self.current
        return self.session.pending_seat(), None if current is None else current.cid

    def _acts_while_busy(self, action: Action) -> bool:
        """Whether the action goes through while an animation still plays (none does unless a mode says so)."""
        return False

    def _after_action(self, action: Action, events: list[Event], starts: dict[str, Any]) -> None:
        """Show what an applied action changed: read the view again, animate it, follow it on the map, select who
        acts."""
        self._refresh(events)
        known = self.ctx.known | self.ctx.own
        self.animate(events, {cid: sq for cid, sq in starts.items() if cid in known}, self._squares())
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
            self.board.ensure_visible(square)

    def undo_reason(self) -> str | None:
        """Why Undo is not possible now (for the button's tooltip), or None."""
        pending = self.session.pending_seat()
        if pending is None:
            return "the encounter has ended"
        if not self.session.is_human(pending):
            # A person's last action that handed the decision to the computer may be taken back until it acts.
            seat = self.watching_seat()
            last = self.match.actions[-1][0] if self.match.actions else None
            if self.auto is not None or last != seat or self.session.undo_reason(seat) is not None:
                return "the computer is playing"
            return None
        return self.session.undo_reason()

    def undo(self) -> bool:
        """Ctrl+Z: take back the last move of this turn, or say in the status line why not."""
        reason = self.undo_reason()
        if reason is not None:
            self.status = f"Cannot undo: {reason}"
            return False
        self.anim.finish()
        pending = self.session.pending_seat()
        self.session.undo(None if self.session.is_human(pending) else self.watching_seat())
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

    def held_back(self, now: int) -> bool:
        """Whether a person's big button is in its moment after the computer's run or a new turn (greyed)."""
        return now - self.handed_back_at < HAND_BACK_MS

    def hold_back(self, now: int) -> None:
        """Begin (or, pressed again meanwhile, lengthen) the moment in which the big button does nothing."""
        self.handed_back_at = now
        if HAND_BACK_MS > 0:
            pygame.time.set_timer(HAND_BACK_OVER, HAND_BACK_MS + 1, loops=1)

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
            person = self.hotseat.handover_for(pending)
            if person is not None and (self.hotseat.private_between(pending, self.seat_view, self.seat_log)
                                       or self.session.choosing_in_secret(pending)):
                # Another person decides now: hide the board at once, whatever dialog was open.
                self.open_overlay("handover")
            elif person is not None:
                self.hotseat.pass_to(person)  # nothing to hide: a banner names whose turn it is
                self.app.note(f"{person}, your turn")
        seat = self.watching_seat()
        self.view = self.seat_view(seat)
        members = self._members(self.view)
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
        self.hold_back(pygame.time.get_ticks())
        self._rebuild()

    def retreat(self) -> None:
        """Ask before retreating."""
        if self._retreat_action() is not None:
            self.open_overlay("retreat")
            self._rebuild()
