"""The encounter screen of text 003: map in the middle, toolbar on top, combatants left, controls right.

It draws only from the view of the seat watching the screen and turns clicks and keys into the
same actions the computer players use; the match checks and applies them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.battlefield import Square
from game.core.errors import GameError, IllegalAction
from game.core.events import Action, Event
from game.core.geometry import distance
from game.core.hotseat import HotSeat
from game.core.saves import SaveError, read_save, save_path
from game.modes.grid import events as ev
from game.modes.grid.actions import (
    Drop,
    EndTurn,
    Equip,
    Hide,
    Inspire,
    PickUp,
    Retreat,
    RollInitiative,
    Scan,
    StandUp,
    Unequip,
    UseAction,
)
from game.modes.grid.actions import (
    Move as MoveAction,
)
from game.modes.grid.items import DROP_COST, EQUIP_COST, PICK_UP_COST
from game.modes.grid.options import HIDE_COST, INSPIRE_COST, SCAN_COST, STAND_UP_COST
from game.modes.grid.preview import attack_preview
from game.modes.grid.view import CombatantView, GridView
from game.modes.grid.viewpaths import path_for_view, paths_for_view
from game.ui import theme
from game.ui.animation import Animator
from game.ui.eventtext import LogContext, LogLine, describe_intent
from game.ui.helptext import GRID_RULES, KEYS
from game.ui.layout import Layout
from game.ui.mapview import MapScene, MapView, Token
from game.ui.panels import CachedPanel, CombatantList, InfoPanel, LogPanel, Row, TextLine, draw_lines, lines_height
from game.ui.session import Session, map_title
from game.ui.tiles import load_tile_art
from game.ui.tokens import TokenLook, initials, portrait

TABS = ("stats", "move", "action")
TAB_KEYS = {pygame.K_s: "stats", pygame.K_m: "move", pygame.K_a: "action"}
KEYWORD_NOTES = {
    "Beast": "Beast: no role or background.",
    "Mindless": "Mindless: no role or background.",
    "Drone": "Drone: dies as soon as it takes any damage.",
    "Undead": "Undead: may rise again when Unconscious at the start of its turn.",
    "Swarm": "Swarm: many small bodies.",
    "Amorphous": "Amorphous: no fixed shape.",
    "Boss": "Boss: the leader of the monsters.",
}
DRAG_THRESHOLD = 6


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


class EncounterScreen:
    """One encounter at the screen, from the first Roll Initiative to the result."""

    hands_over = True  # hide the board whenever the next decision is another person's
    rules_title = "How the grid mode plays"
    rules: tuple[tuple[str, str], ...] = GRID_RULES  # the help overlay's rules, one (title, text) per part

    def __init__(self, app: object, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None]) -> None:
        self.app = app
        self.session = session
        self.match = session.match
        self.content = session.content
        self.on_menu = on_menu
        self.on_again = on_again
        layout: Layout = app.layout  # type: ignore[attr-defined]
        self.layout = layout
        battlefield = session.battlefield
        self.map_view = MapView(battlefield, load_tile_art(battlefield), layout.map, layout.scale)
        self.list = CombatantList()
        self.info = InfoPanel()
        self.log = LogPanel()
        self.right = RightPanel()
        self.anim = Animator(app.settings.step_ms)  # type: ignore[attr-defined]
        self.ctx = LogContext(self.content, dict(session.names))
        self.selected: str | None = None
        self.tab = "move"
        self.chosen: tuple[str, str | None] | None = None  # (action card, weapon)
        self.target: UseAction | None = None
        self.hover_square: Square | None = None
        self.hover_pos: tuple[int, int] | None = None
        self.cursor: Square | None = None
        self.overlay: str | None = None
        self.auto: int | None = None  # after Go: how many turns had ended when the computer began this one
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
        self.preview_text = ""
        self.hover_path: tuple[list[Square], int] | None = None
        self.buttons: dict[object, Callable[[], None]] = {}
        self.groups: dict[str, list[object]] = {}
        self.numbered: list[Callable[[], None]] = []
        self.primary: Callable[[], None] | None = None
        self.drag_from: tuple[int, int] | None = None
        self.press_pos: tuple[int, int] | None = None
        self.dragging = False
        self.status = ""
        self.now = pygame.time.get_ticks()
        self.reach: frozenset[Square] = frozenset()
        self.legal: list[Action] = []
        self.view: GridView
        self._rows_cache: tuple[object, list[Row]] | None = None
        self._info_cache: tuple[object, tuple[TokenLook | None, list[TextLine]]] | None = None
        self._looks: dict[CombatantView, TokenLook] = {}
        # Per seat, each enemy it has seen, as last seen and the round of it: the list keeps it, faded.
        self._last_seen: dict[str, dict[str, tuple[Any, int]]] = {}
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

    def seat_view(self, seat: str) -> GridView:
        """What the screen may show of the match for a seat."""
        return self.match.view(seat)

    def seat_log(self, seat: str) -> list[LogLine]:
        """The log lines a seat may read, as it learnt them."""
        return self.session.log_for(seat)

    @property
    def current(self) -> CombatantView | None:
        """The combatant whose turn it is, if the watching seat knows it."""
        return self.view.combatant(self.view.current) if self.view.current else None

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen decides for the current combatant."""
        pending = self.session.pending_seat()
        current = self.current
        return (self.session.is_human(pending) and self.view.phase == "turn" and current is not None
                and current.controlled)

    def _refresh(self, new_events: list[Event]) -> None:
        """Read the view again after the match changed, and rebuild what depends on it."""
        seat = self._take_view()
        pending = self.session.pending_seat()
        if self.session.autosave_note and not any(n.text == self.session.autosave_note for n in self.notes):
            self.notes.append(LogLine(self.session.autosave_note, kind="dim"))
            self._show_log(seat)
        self.map_view.set_visible(self.view.visible)
        self.legal = self.match.legal_actions(pending) if self.my_turn and pending else []
        current = self.current
        self.reach = frozenset()
        if self.my_turn and current is not None:
            reach = paths_for_view(self.view, current.cid)
            occupied = {c.square for c in self.view.combatants if c.square is not None}
            if reach is not None:
                self.reach = frozenset(sq for sq in reach.costs if sq not in occupied)
        if self.selected is not None and self.view.combatant(self.selected) is None:
            self.selected = None
        if self.chosen is not None and not self.my_turn:
            self.chosen = None
            self.target = None
        if self.target is not None and self.target not in self.legal:
            self.target = None
        self.hover_path = None
        self._update_hover()
        if self.match.over and self.overlay not in ("result",):
            self.auto = None
        self._update_status()

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
        self.hover_path = None
        self.preview_text = ""
        self.chosen = None
        self.target = None
        self.tab = "move"
        self.list.hover = None
        self.list.scroll = 0
        self.anim.finish()
        self._rows_cache = None
        self._info_cache = None
        self._looks.clear()
        self.drag_from = None
        self.press_pos = None
        self.dragging = False

    def _update_status(self) -> None:
        view = self.view
        current = self.current
        if self.match.over:
            self.status = "The encounter is over"
        elif view.phase == "initiative":
            self.status = f"Round {view.round + 1} begins: Roll Initiative (Space)"
        elif current is not None:
            whose = "your turn" if self.my_turn else "the computer's turn"
            mp = f" \u00b7 {current.movement} movement points" if self.my_turn and current.movement is not None else ""
            self.status = f"Round {view.round} \u00b7 {current.name}: {whose}{mp}"
        else:
            self.status = f"Round {view.round} \u00b7 an unseen enemy acts"

    def status_is_bad(self) -> bool:
        """Whether the status line says something went wrong (drawn in red)."""
        return self.status.startswith(("Not allowed", "Cannot", "Autosave failed"))

    def _centre_on_current(self) -> None:
        current = self.current
        target = current.square if current is not None else None
        if target is None:
            own = [c.square for c in self.view.combatants if c.controlled and c.square is not None]
            target = own[0] if own else None
        if target is not None:
            self.map_view.centre_on(target)

    # -- acting ----------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send an action to the match; a refused one is shown in the status line, not raised."""
        if self.anim.busy(pygame.time.get_ticks()) and not isinstance(action, Retreat):
            return False
        starts = {c.cid: c.square for c in self.view.combatants if c.square is not None}
        try:
            events = self.session.apply(action)
        except IllegalAction as error:
            self.status = f"Not allowed: {error}"
            return False
        if isinstance(action, (UseAction, EndTurn, RollInitiative)):
            self.chosen = None
            self.target = None
        if isinstance(action, EndTurn) or isinstance(action, RollInitiative):
            self.tab = "move"
        self._refresh(events)
        squares = {c.cid: c.square for c in self.view.combatants if c.square is not None}
        visible_starts = {cid: sq for cid, sq in starts.items() if cid in self.ctx.known or cid in self.ctx.own}
        self.anim.add(events, visible_starts, squares, pygame.time.get_ticks())
        if any(isinstance(e, ev.TurnStarted) for e in events) and self.my_turn and self.overlay != "handover":
            self.selected = self.view.current
            self._centre_on_current()
        self._rebuild()
        return True

    def undo_reason(self) -> str | None:
        """Why Undo is not possible now (for the button's tooltip), or None."""
        if not self.my_turn:
            pending = self.session.pending_seat()
            if pending is None:
                return "the encounter has ended"
            if not self.session.is_human(pending):
                return "the computer is playing"
            if self.view.phase != "turn":
                return "nothing to take back before the round starts"
        return self.session.undo_reason()

    def undo(self) -> bool:
        """Ctrl+Z: take back the last move of this turn, or say in the status line why not."""
        reason = self.undo_reason()
        if reason is not None:
            self.status = f"Cannot undo: {reason}"
            return False
        self.anim.finish()
        self.session.undo()
        self.chosen = None
        self.target = None
        self._refresh([])
        self.status = f"Took back the move \u00b7 {self.status}"
        self._rebuild()
        return True

    def press_primary(self) -> None:
        """Space: Roll Initiative, End Turn or Go, whichever the moment asks for."""
        if self.primary is not None:
            self.primary()

    def roll_initiative(self) -> None:
        """Start the round (for the computer's seat too, when it is its decision)."""
        self.act(RollInitiative())

    def end_turn(self) -> None:
        """End the current hero's turn."""
        if self.my_turn:
            self.act(EndTurn())

    def go(self) -> None:
        """Let the computer play the current combatant's turn."""
        pending = self.session.pending_seat()
        if pending is None or self.session.is_human(pending):
            return
        if self.view.phase == "initiative":
            action = self.session.planned_action()
            if action is not None:
                self.act(action)
            return
        self.auto = self._progress()
        self._rebuild()

    def _acts_unasked(self, now: int) -> bool:
        """Whether the computer should play its turn now without Go, as the settings allow."""
        if not self.app.settings.computer_acts or self.auto is not None:  # type: ignore[attr-defined]
            return False
        pending = self.session.pending_seat()
        # An open dialog (menu, help, hand-over, result) holds the computer back until it closes.
        return (pending is not None and not self.session.is_human(pending) and self.overlay is None
                and not self.match.over and not self.anim.busy(now))

    def _turns_ended(self) -> int:
        return sum(1 for e in self.match.events if isinstance(e, ev.TurnEnded))

    def _members(self, view: Any) -> tuple[Any, ...]:
        """The combatants a view lists (each with ``cid`` and ``controlled``)."""
        return view.combatants

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
        seen = self._last_seen.setdefault(seat, {})
        for c in members:
            if not c.controlled:
                seen[c.cid] = (c, self.view.round)
        self._seat = seat
        self.ctx.own = frozenset(c.cid for c in members if c.controlled)
        self.ctx.known = frozenset(c.cid for c in members)
        if seat != self._log_seat:
            self._forget_private(seat)
        else:
            self._show_log(seat)
        return seat

    def _progress(self) -> int:
        """How far the match has come, counted in what one Go plays through: turns."""
        return self._turns_ended()

    def _computer_done(self, mark: int) -> bool:
        """Whether the run started by Go (at ``mark``) is over: its turn ended, or the round."""
        return self._progress() > mark or self.match.over or self.view.phase == "initiative"

    def _run_computer(self) -> bool:
        """One computer decision of the run started with Go; stops when the run is over or a person decides."""
        if self.auto is None or self.anim.busy(pygame.time.get_ticks()):
            return False
        pending = self.session.pending_seat()
        if pending is None or self.session.is_human(pending):
            self.auto = None
            self._rebuild()
            return True
        if not self.session.decision_ready():
            return False  # still thinking: the loop goes on drawing and answering the window meanwhile
        action = self.session.planned_action()
        if action is None or not self.act(action):
            self.auto = None  # nothing to do, or a refused action: hand the decision back rather than loop
            self._rebuild()
            return True
        # The action may have ended the match, which ends the run as the screen was rebuilt (auto is None).
        if self.auto is not None and self._computer_done(self.auto):
            self.auto = None
            self._rebuild()
        return True

    def move_to(self, square: Square) -> None:
        """Walk the current hero to a square along the cheapest path."""
        if self.my_turn and square in self.reach:
            self.act(MoveAction(square))

    def choose_action(self, action_id: str, weapon: str | None) -> None:
        """Pick an action card; its targets light up on the map."""
        self.tab = "action"
        self.chosen = (action_id, weapon)
        self.target = None
        options = self._uses()
        if len(options) == 1 and (options[0].target in (None, self.view.current) and options[0].square is None):
            self.target = options[0]  # an action on oneself needs no choice
        self._rebuild()

    def choose_target(self, use: UseAction) -> None:
        """Pick the target (or square) of the chosen action."""
        self.target = use
        self._rebuild()

    def run_action(self) -> None:
        """Run this Action."""
        if self.target is not None:
            self.act(self.target)

    def cancel(self) -> bool:
        """Esc: drop the chosen target, then the chosen action; whether there was anything to drop."""
        if self.target is not None and self.chosen is not None and len(self._uses()) > 1:
            self.target = None
        elif self.chosen is not None:
            self.chosen = None
            self.target = None
        elif self.cursor is not None:
            self.cursor = None
        else:
            return False
        self._rebuild()
        return True

    def _uses(self) -> list[UseAction]:
        """The legal uses of the chosen action card with the chosen weapon."""
        if self.chosen is None:
            return []
        action_id, weapon = self.chosen
        return [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id
                and (weapon is None or a.weapon == weapon)]

    def retreat(self) -> None:
        """Ask before retreating."""
        if self._retreat_action() is not None:
            self.overlay = "retreat"
            self._rebuild()

    def _retreat_action(self) -> Retreat | None:
        pending = self.session.pending_seat()
        if pending is None or not self.session.is_human(pending):
            return None
        for action in self.match.legal_actions(pending):
            if isinstance(action, Retreat):
                return action
        return None

    # -- previews --------------------------------------------------------------------------------
    def _update_hover(self) -> None:
        """Recompute the path or the attack preview for the square under the pointer or cursor."""
        square = self.hover_square if self.hover_square is not None else self.cursor
        self.hover_path = None
        self.preview_text = ""
        current = self.current
        if square is None or current is None or not self.my_turn:
            return
        if self.chosen is not None:
            use = self._use_at(square)
            if use is not None:
                self.preview_text = self._preview(use)
            return
        if square == current.square or not self.view.battlefield.is_open(square):
            return
        if any(c.square == square for c in self.view.combatants):
            return
        planned = path_for_view(self.view, current.cid, square, current.movement if square in self.reach else None)
        if planned is not None:
            self.hover_path = planned

    def _use_at(self, square: Square) -> UseAction | None:
        """The legal use of the chosen action on what stands on a square (or on the square)."""
        who = next((c for c in self.view.combatants if c.square == square and c.state != "dead"), None)
        for use in self._uses():
            if use.square == square or (who is not None and use.target == who.cid):
                return use
        return None

    def _preview(self, use: UseAction) -> str:
        """The exact chance to hit and the damage, or what a heal or buff does."""
        attacker = self.current
        action = self.content.actions[use.action]
        if attacker is None:
            return ""
        if use.square is not None:
            caught = [c for c in self.view.combatants if c.square is not None and c.state != "dead"
                      and distance(c.square, use.square) <= action.area and c.side != attacker.side]
            parts = [f"{c.name} {self._hit_words(attacker, c, use)}" for c in caught]
            return "; ".join(parts) if parts else "no enemy in the area"
        target = self.view.combatant(use.target) if use.target else None
        if target is None:
            return ""
        if action.kind == "attack":
            return f"{target.name}: {self._hit_words(attacker, target, use)}"
        if action.kind == "heal":
            return f"{target.name}: heals {action.heal} wound" + ("s" if action.heal != 1 else "")
        if action.kind == "buff":
            return f"{target.name}: {self.content.conditions[action.condition].name} (rank {action.condition_rank})"
        return target.name

    def _hit_words(self, attacker: CombatantView, target: CombatantView, use: UseAction) -> str:
        preview = attack_preview(self.content, attacker, target, use.action, use.weapon)
        chance = f"{preview.p_success:.0%} to hit"
        if preview.p_weapon_works < 1:
            chance += f" (the weapon works {preview.p_weapon_works:.0%})"
        action = self.content.actions[use.action]
        if preview.damage_max is None and (action.damage or use.weapon):
            chance += f", damage {preview.damage_min}+ (average {preview.expected_damage:.1f})"
        if action.condition:
            chance += f", {self.content.conditions[action.condition].name} on a hit"
        return chance

    # -- building the widgets --------------------------------------------------------------------
    def build(self, layout: Layout) -> None:
        """Create every widget for a layout (a new window size or UI scale)."""
        self.layout = layout
        self.map_view.set_rect(layout.map, layout.scale)
        self.buttons.clear()
        self.groups.clear()
        self._rebuild()

    def _manager(self) -> pygame_gui.UIManager:
        return self.app.manager  # type: ignore[attr-defined]

    def _clear(self, group: str) -> None:
        for element in self.groups.pop(group, []):
            self.buttons.pop(element, None)
            element.kill()  # type: ignore[attr-defined]

    def _button(self, group: str, rect: pygame.Rect, text: str, callback: Callable[[], None] | None,
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
          "Leave the encounter: your side loses (Q)" if retreat else "You can retreat on your own decision",
          enabled=retreat is not None, style="@danger")
        b("toolbar", L.toolbar_button("menu"), "Menu", self._show_menu, "Resume, rules, main menu, quit (Esc)")

    def left_button_shown(self) -> bool:
        """Whether the Roll Initiative button shows above the combatant list."""
        return self.view.phase == "initiative" and not self.match.over

    def _build_left(self) -> None:
        L = self.layout
        if self.view.phase == "initiative" and not self.match.over:
            pending = self.session.pending_seat()
            label = "Roll Initiative" if self.session.is_human(pending) else "Roll Initiative (computer)"
            self._button("left", L.left_button, label, self.roll_initiative,
                         f"Roll to set the order of round {self.view.round + 1} (Space)", style="@primary")
            self.primary = self.roll_initiative

    def _build_right(self) -> None:
        L = self.layout
        right = self.right
        current = self.current
        pending = self.session.pending_seat()
        right.look = None
        if self.match.over:
            right.title, right.subtitle = "The encounter is over", ""
            return
        if self.view.phase == "initiative":
            right.title = f"Round {self.view.round + 1}"
            right.subtitle = "Waiting for initiative"
            lines = [TextLine("Press Roll Initiative (top left, or Space) to roll everyone's Reactions and set the "
                              "order of this round.", "body", theme.TEXT)]
            if self.view.round == 0:
                lines += [TextLine("Hover a square to see a path; click a token to read about it below the map. "
                                   "F1 shows the rules and the keys.", "small", theme.TEXT_DIM, gap=8)]
            right.notes.append(Note(L.tab_body.inflate(0, 0), tuple(lines)))
            return
        if current is None:
            right.title, right.subtitle = "An unseen enemy", "acts out of your sight"
            self._build_computer_panel(None)
            return
        right.look = self._look(current)
        template = self.content.combatant(current.template)
        kind = "Hero" if current.hero else "Monster"
        right.title = current.name
        right.subtitle = " \u00b7 ".join(part for part in (kind, template.role or template.name,
                                                         ", ".join(current.keywords)) if part)
        if self.my_turn:
            self._build_hero_panel(current)
        elif pending is not None:
            self._build_computer_panel(current)

    def _build_tabs(self) -> None:
        L = self.layout
        for i, tab in enumerate(TABS):
            key = {"stats": "S", "move": "M", "action": "A"}[tab]
            self._button("right", L.tab_button(i), tab.title(), lambda t=tab: self._set_tab(t),
                         f"{tab.title()} tab ({key})", style="@tab_open" if tab == self.tab else "@tab")

    def _build_hero_panel(self, current: CombatantView) -> None:
        L = self.layout
        self._build_tabs()
        body = L.tab_body
        if self.tab == "stats":
            self.right.notes.append(Note(body, tuple(self._stats_lines(current))))
        elif self.tab == "move":
            self._build_move_tab(current, body)
        else:
            self._build_action_tab(current, body)
        self._button("right", L.end_button, "End Turn", self.end_turn, "End this hero's turn (Space)",
                     style="@primary")
        self.primary = self.end_turn

    def _option(self, body: pygame.Rect, y: int, label: str, action: Action | None, callback: Callable[[], None],
                tooltip: str, reason: str | None = None) -> int:
        """One numbered option button with, when it cannot be used, the reason under it; returns the next y."""
        L = self.layout
        if action is not None:
            reason = self.session.reason(action)
        number = len(self.numbered) + 1
        key = f"{number}  " if number <= 9 else ""
        rect = pygame.Rect(body.x, y, body.width, L.px(30))
        self._button("right", rect, f"{key}{label}", callback if reason is None else None,
                     f"{tooltip} ({number})" if number <= 9 else tooltip, enabled=reason is None,
                     style="@option_chosen" if self._is_chosen(action, label) else "@option")
        self.numbered.append(callback if reason is None else (lambda: None))
        y = rect.bottom + L.px(2)
        if reason is not None:
            self.right.notes.append(Note(pygame.Rect(body.x + L.px(8), y, body.width - L.px(8), L.px(17)),
                                         (TextLine(reason, "small", (214, 140, 120)),)))
            y += L.px(17)
        return y + L.px(4)

    def _is_chosen(self, action: Action | None, label: str) -> bool:
        return isinstance(action, UseAction) and self.target == action

    def _build_move_tab(self, current: CombatantView, body: pygame.Rect) -> None:
        L = self.layout
        intro = (TextLine(f"Movement points left: {current.movement}", "heading", theme.ACCENT),
                 TextLine("Hover a square for the path and its cost; click a blue square to walk there.", "small",
                          theme.TEXT_DIM))
        self.right.notes.append(Note(pygame.Rect(body.x, body.y, body.width, L.px(58)), intro))
        y = body.y + L.px(62)
        options: list[tuple[str, Action, str]] = [
            (f"Stand Up ({STAND_UP_COST} MP)", StandUp(), "Get up from Prone"),
            (f"Inspire ({INSPIRE_COST} MP)", Inspire(), "Roll Presence; on 8 or more your allies in sight are no "
                                                        "longer Stunned"),
            (f"Scan ({SCAN_COST} MP)", Scan(), "Roll Perception and add it to your Senses"),
            (f"Hide ({HIDE_COST} MP)", Hide(), "Roll Stealth and add it to your Hidden score"),
        ]
        if current.state != "prone":
            options = options[1:]
        if current.square is not None:
            for square, items in self.view.piles:
                if distance(square, current.square) <= 1:
                    for item in dict.fromkeys(items):
                        options.append((f"Pick Up {self.ctx.item(item)} ({PICK_UP_COST} MP)", PickUp(item, square),
                                        "Take an item from the treasure beside you"))
        for item in dict.fromkeys(current.carried or ()):
            name = self.ctx.item(item)
            if item in current.equipped:
                options.append((f"Unequip {name} ({EQUIP_COST} MP)", Unequip(item), "Put it away, still carried"))
            else:
                options.append((f"Equip {name} ({EQUIP_COST} MP)", Equip(item), "Take it in hand or put it on"))
            options.append((f"Drop {name} ({DROP_COST} MP)", Drop(item), "Leave it on your square"))
        for label, action, tooltip in options:
            if y + L.px(30) > body.bottom:
                break
            y = self._option(body, y, label, action, lambda a=action: self.act(a), tooltip)

    def _build_action_tab(self, current: CombatantView, body: pygame.Rect) -> None:
        L = self.layout
        if self.chosen is not None:
            self._build_chosen(current, body)
            return
        y = body.y
        if current.acted:
            self.right.notes.append(Note(pygame.Rect(body.x, y, body.width, L.px(22)),
                                         (TextLine("You have used your action this turn.", "small", theme.ACCENT),)))
            y += L.px(24)
        for action_id in current.actions or ():
            action = self.content.actions[action_id]
            uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
            reason = None if uses else self._why_not(current, action_id)
            weapon = uses[0].weapon if uses else None
            what = f"{action.skill} vs {action.trait}" if action.kind == "attack" else action.kind
            y = self._option(body, y, f"{action.name} \u00b7 {what}", None,
                             lambda a=action_id, w=weapon: self.choose_action(a, w), action.description, reason)
            if y + L.px(30) > body.bottom:
                break

    def _why_not(self, current: CombatantView, action_id: str) -> str:
        """Why an action card has no legal use now, in the rules' words."""
        if current.acted:
            return "already took an action this turn"
        action = self.content.actions[action_id]
        if action.target == "self":
            return self.session.reason(UseAction(action_id)) or "cannot be used now"
        if action.target == "square":
            return "no square in range and in sight"
        wanted = [c for c in self.view.combatants if c.square is not None and c.state != "dead"
                  and (c.side != current.side if action.target == "enemy" else c.side == current.side)]
        if not wanted:
            return "no enemy in sight" if action.target == "enemy" else "no ally in sight"
        nearest = min(wanted, key=lambda c: distance(c.square, current.square))  # type: ignore[arg-type]
        return self.session.reason(UseAction(action_id, nearest.cid)) or "cannot be used now"

    def _build_chosen(self, current: CombatantView, body: pygame.Rect) -> None:
        L = self.layout
        assert self.chosen is not None
        action_id, weapon = self.chosen
        action = self.content.actions[action_id]
        head = [TextLine(action.name, "heading", theme.ACCENT), TextLine(action.description, "small", theme.TEXT_DIM)]
        self.right.notes.append(Note(pygame.Rect(body.x, body.y, body.width, L.px(56)), tuple(head)))
        y = body.y + L.px(58)
        all_uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
        weapons = list(dict.fromkeys(a.weapon for a in all_uses if a.weapon))
        if len(weapons) > 1:
            for w in weapons:
                y = self._option(body, y, f"with the {self.ctx.item(w)}", None,
                                 lambda w=w: self.choose_action(action_id, w), "Use this weapon")
        uses = self._uses()
        if action.target == "square":
            prompt = "Click a highlighted square on the map (or move the cursor with the arrows and press Enter)."
            self.right.notes.append(Note(pygame.Rect(body.x, y, body.width, L.px(40)),
                                         (TextLine(prompt, "small", theme.TEXT),)))
            y += L.px(44)
        elif action.target != "self":
            self.right.notes.append(Note(pygame.Rect(body.x, y, body.width, L.px(20)),
                                         (TextLine("Choose a target (highlighted on the map):", "small", theme.TEXT),)))
            y += L.px(22)
            for use in uses:
                who = self.view.combatant(use.target) if use.target else None
                if who is None or y + L.px(30) > body.bottom - L.px(90):
                    continue
                y = self._option(body, y, who.name, use, lambda u=use: self.choose_target(u),
                                 self._preview(use) or who.name)
        if self.target is not None:
            self.right.notes.append(Note(pygame.Rect(body.x, y, body.width, L.px(44)),
                                         (TextLine(self._preview(self.target) or "Ready.", "small", theme.ACCENT,
                                                   bold=True),)))
        run = pygame.Rect(body.x, body.bottom - L.px(36), (body.width - L.px(6)) * 2 // 3, L.px(34))
        cancel = pygame.Rect(run.right + L.px(6), run.y, body.right - run.right - L.px(6), run.height)
        self._button("right", run, "Run this Action", self.run_action if self.target else None,
                     "Carry out the action (Enter)", enabled=self.target is not None, style="@primary")
        self._button("right", cancel, "Cancel", lambda: self.cancel() and None, "Choose again (Esc)")

    def _build_computer_panel(self, current: CombatantView | None) -> None:
        L = self.layout
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        lines: list[TextLine] = []
        pending = self.session.pending_seat()
        if current is not None:
            lines.append(TextLine(self._health_words(current), "small", theme.TEXT_DIM))
            for keyword in current.keywords:
                if keyword in KEYWORD_NOTES:
                    lines.append(TextLine(KEYWORD_NOTES[keyword], "small", theme.TEXT_DIM))
        computer = pending is not None and not self.session.is_human(pending)
        self.awaiting_thought = computer and not self.session.decision_ready()
        action = self.session.planned_action() if computer and not self.awaiting_thought else None
        if self.auto is not None:
            lines.append(TextLine("Acting\u2026", "heading", theme.ACCENT, gap=10))
        elif self.awaiting_thought:
            lines.append(TextLine("Thinking\u2026", "heading", theme.ACCENT, gap=10))
        elif action is not None and current is not None:
            lines.append(TextLine("Intends to:", "small", theme.TEXT_DIM, gap=10))
            lines.append(TextLine(describe_intent(action, current.cid, self.view, self.ctx), "body", theme.TEXT))
        how = f" {self.session.policy_label(pending)}" if pending else ""
        lines.append(TextLine(f"The computer plays this side{how}. Press Go (Space) to let it act.", "small",
                              theme.TEXT_DIM, gap=12))
        self.right.notes.append(Note(body, tuple(lines)))
        busy = self.auto is not None
        self._button("right", L.end_button, "Go", self.go if not busy else None, "Let it act (Space)",
                     enabled=not busy, style="@primary")
        self.primary = self.go if not busy else None

    def _health_words(self, c: CombatantView) -> str:
        state = "" if c.state == "standing" else f" \u00b7 {c.state.title()}"
        return f"Damage {c.damage} \u00b7 Wounds {c.wounds}/{c.resolve}{state}"

    def _stats_lines(self, c: CombatantView) -> list[TextLine]:
        lines = [
            TextLine("Movement points", "small", theme.TEXT_DIM),
            TextLine(str(c.movement), "heading", theme.ACCENT),
            TextLine(f"Senses {c.senses} \u00b7 Hidden {c.hidden}", "body", gap=4),
            TextLine("Enemies whose Hidden beats your Senses can't be seen, and so can't be attacked.", "small",
                     theme.TEXT_DIM),
            TextLine(self._health_words(c), "body", gap=8),
            TextLine(f"Wounds equal to your Resolve ({c.resolve}) knock you out; more kill you.", "small",
                     theme.TEXT_DIM),
        ]
        lines.append(TextLine("Conditions", "small", theme.TEXT_DIM, gap=8))
        if not c.conditions:
            lines.append(TextLine("none", "body"))
        for condition, rank in c.conditions:
            d = self.content.conditions[condition]
            kind = "beneficial" if d.beneficial else f"resisted with {d.trait}"
            lines.append(TextLine(f"{d.name} {rank} ({kind}): {d.description}", "small", (196, 160, 236)))
        gear = ", ".join(self.ctx.item(i) for i in c.equipped) or "nothing"
        lines.append(TextLine(f"Equipped: {gear}", "small", theme.TEXT, gap=8))
        spare = [i for i in (c.carried or ()) if i not in c.equipped]
        if spare:
            lines.append(TextLine(f"Carried: {', '.join(self.ctx.item(i) for i in spare)}", "small", theme.TEXT))
        return lines

    # -- overlays --------------------------------------------------------------------------------
    def _show_help(self) -> None:
        self.overlay = "help"
        self._rebuild()

    def _show_menu(self) -> None:
        self.overlay = "menu"
        self._rebuild()

    def close_overlay(self) -> None:
        """Back to the encounter."""
        if self.overlay in ("help", "menu", "retreat", "save"):
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
        L = self.layout
        b = self._button
        if self.overlay == "retreat":
            box = L.dialog(460, 200)
            w = (box.width - 3 * L.pad) // 2
            b("overlay", pygame.Rect(box.x + L.pad, box.bottom - L.pad - L.px(40), w, L.px(40)), "Retreat",
              self._confirm_retreat, "Leave the encounter (Enter)", style="@danger")
            b("overlay", pygame.Rect(box.x + 2 * L.pad + w, box.bottom - L.pad - L.px(40), w, L.px(40)), "Stay",
              self.close_overlay, "Keep fighting (Esc)")
            self.primary = self._confirm_retreat
        elif self.overlay == "menu":
            box = L.dialog(360, 350)
            saving = self.session.can_save
            entries = [("Resume", self.close_overlay, "Back to the encounter (Esc)"),
                       ("Save the match", self._show_save if saving else None,
                        "Keep this match in a file of your own; Continue in the main menu picks up the last one"
                        if saving else "This encounter's map is not a file, so it cannot be saved"),
                       ("Rules and keys", self._show_help, "How the grid mode plays (F1)"),
                       ("Main menu", self.on_menu, "Leave this encounter for the main menu (it is autosaved)"),
                       ("Quit the game", self.app.quit, "Close the game (it is autosaved)")]  # type: ignore[attr-defined]
            for i, (label, callback, tip) in enumerate(entries):
                rect = pygame.Rect(box.x + L.pad * 2, box.y + L.px(64) + i * L.px(52), box.width - 4 * L.pad,
                                   L.px(42))
                b("overlay", rect, label, callback, tip, style="@primary" if i == 0 else None,
                  enabled=callback is not None)
            self.primary = self.close_overlay
        elif self.overlay == "save":
            box = L.dialog(560, 250)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(box.x + 2 * L.pad, box.y + L.px(86), box.width - 4 * L.pad, L.px(36)), self._manager(),
                initial_text=self.save_entry.get_text() if self.save_entry is not None else self.default_save_name())
            entry.set_text_length_limit(60)
            entry.focus()
            self.save_entry = entry
            self.groups.setdefault("overlay", []).append(entry)
            w = (box.width - 3 * L.pad) // 2
            b("overlay", pygame.Rect(box.x + L.pad, box.bottom - L.pad - L.px(42), w, L.px(42)), "Save",
              self._save_typed, "Write the save (Enter)", style="@primary")
            b("overlay", pygame.Rect(box.x + 2 * L.pad + w, box.bottom - L.pad - L.px(42), w, L.px(42)), "Cancel",
              self.close_overlay, "Back to the encounter (Esc)")
            self.primary = self._save_typed
        elif self.overlay == "help":
            box = L.dialog(900, 640)
            b("overlay", pygame.Rect(box.right - L.pad - L.px(120), box.bottom - L.pad - L.px(38), L.px(120),
                                     L.px(38)), "Close", self.close_overlay, "Back (Esc)", style="@primary")
            self.primary = self.close_overlay
        elif self.overlay == "handover":
            box = L.dialog(520, 240)
            b("overlay", pygame.Rect(box.centerx - L.px(130), box.bottom - L.pad - L.px(46), L.px(260), L.px(46)),
              "I am ready", self._continue_handover, "Show the board (Enter)", style="@primary")
            self.primary = self._continue_handover
        elif self.overlay == "result":
            box = L.dialog(620, 520)
            w = (box.width - 3 * L.pad) // 2
            b("overlay", pygame.Rect(box.x + L.pad, box.bottom - L.pad - L.px(46), w, L.px(46)), "Play again",
              self.on_again, "The same encounter again, new dice (Enter)", style="@primary")
            b("overlay", pygame.Rect(box.x + 2 * L.pad + w, box.bottom - L.pad - L.px(46), w, L.px(46)), "Menu",
              self.on_menu, "Back to the main menu (Esc)")
            self.primary = self.on_again

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        L = self.layout
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 255 if self.overlay == "handover" else 170))
        surface.blit(shade, (0, 0))
        if self.overlay == "retreat":
            box = L.dialog(460, 200)
            theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
            lines = [TextLine("Retreat from the encounter?", "heading", theme.TEXT),
                     TextLine("Your side leaves the field and the encounter ends: the other side wins.", "body",
                              theme.TEXT_DIM, gap=6)]
            draw_lines(surface, box.inflate(-2 * L.pad, -2 * L.pad), lines, L)
        elif self.overlay == "menu":
            box = L.dialog(360, 350)
            theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
            theme.draw_text(surface, "Paused", (box.centerx, box.y + L.px(18)), L.font_px("title"), theme.TEXT,
                            bold=True, anchor="midtop")
        elif self.overlay == "save":
            box = L.dialog(560, 250)
            theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
            theme.draw_text(surface, "Save the match", (box.x + 2 * L.pad, box.y + L.px(16)), L.font_px("heading"),
                            theme.TEXT, bold=True)
            theme.draw_text(surface, f"Its name (the file goes to {save_path('x').parent})",
                            (box.x + 2 * L.pad, box.y + L.px(50)), L.font_px("small"), theme.TEXT_DIM)
            text, bad = self.save_message
            if text:
                draw_lines(surface, pygame.Rect(box.x + 2 * L.pad, box.y + L.px(130), box.width - 4 * L.pad,
                                                L.px(40)), [TextLine(text, "small", theme.BAD if bad else theme.GOOD)],
                           L)
        elif self.overlay == "help":
            box = L.dialog(900, 640)
            theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
            inner = box.inflate(-3 * L.pad, -3 * L.pad)
            half = inner.width * 3 // 5
            left = pygame.Rect(inner.x, inner.y, half - L.pad, inner.height - L.px(40))
            right = pygame.Rect(inner.x + half + L.pad, inner.y, inner.width - half - L.pad, left.height)
            lines = [TextLine(self.rules_title, "heading", theme.ACCENT)]
            keys = [TextLine("Keys", "heading", theme.ACCENT)]
            for key, what in KEYS:
                keys.append(TextLine(f"{key}: {what}", "small", theme.TEXT, gap=2))
            column = lines
            for title, text in self.rules:
                section = [TextLine(title, "body", theme.TEXT, bold=True, gap=6),
                           TextLine(text, "small", theme.TEXT_DIM)]
                if column is lines and lines_height(lines + section, left.width, L) > left.height:
                    column = keys  # on a small window the rules that do not fit go on below the keys, in order
                    section[0] = TextLine(title, "body", theme.TEXT, bold=True, gap=14)
                column += section
            draw_lines(surface, left, lines, L)
            draw_lines(surface, right, keys, L)
        elif self.overlay == "handover":
            box = L.dialog(520, 240)
            theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(8))
            lines = [TextLine(f"{self.handover_person()}, your turn", "title", theme.ACCENT),
                     TextLine("The board stays hidden until you are ready, so nobody sees what is not theirs.",
                              "body", theme.TEXT_DIM, gap=8)]
            draw_lines(surface, box.inflate(-2 * L.pad, -2 * L.pad), lines, L)
        elif self.overlay == "result":
            self._draw_result(surface)

    def result_lines(self) -> list[TextLine]:
        """What the result screen says: who won, after how many rounds, and each combatant's fate."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        sides = {c.side for c in self.view.combatants if c.controlled}
        if outcome.winner is None:
            title, colour = "A draw", theme.TEXT
        elif len(self.session.human_seats) > 1:
            title, colour = f"The {outcome.winner} win", theme.GOOD  # friends at one screen: nobody's defeat
        elif outcome.winner in sides or not self.session.human_seats:
            title, colour = f"Victory for the {outcome.winner}", theme.GOOD
        else:
            title, colour = f"Defeat: the {outcome.winner} win", theme.BAD
        lines = [TextLine(title, "title", colour),
                 TextLine(f"{outcome.reason[:1].upper()}{outcome.reason[1:]}, after {outcome.rounds} round"
                          + ("s" if outcome.rounds != 1 else "") + ".", "body", theme.TEXT_DIM, gap=4)]
        known = {c.cid for c in self.view.combatants}
        for side in self.session.side_names():
            lines.append(TextLine(side.title(), "heading", theme.ACCENT, gap=10))
            fellows = [c for c in self.view.combatants if c.side == side]
            for c in fellows:
                fate = {"standing": "standing", "prone": "standing, Prone", "unconscious": "Unconscious",
                        "dead": "dead"}.get(c.state, c.state)
                colour = theme.BAD if c.state == "dead" else theme.TEXT
                lines.append(TextLine(f"{c.name}: {fate}, {c.wounds} of {c.resolve} wounds", "small", colour))
            unseen = sum(1 for cid, s in self.session.sides.items() if s == side and cid not in known)
            if unseen:
                lines.append(TextLine(f"and {unseen} you never saw at the end", "small", theme.TEXT_DIM))
        return lines

    def _draw_result(self, surface: pygame.Surface) -> None:
        L = self.layout
        box = L.dialog(620, 520)
        theme.panel(surface, box, theme.PANEL, theme.ACCENT, L.px(10))
        draw_lines(surface, pygame.Rect(box.x + 2 * L.pad, box.y + 2 * L.pad, box.width - 4 * L.pad,
                                        box.height - 4 * L.pad - L.px(50)), self.result_lines(), L)

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
            if cid is not None and self.view.combatant(cid) is not None:
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

    def click_square(self, square: Square) -> None:
        """A click (or Enter on the cursor) on a map square: target, move, or select what stands there."""
        if self.anim.busy(pygame.time.get_ticks()):
            return
        if self.chosen is not None:
            use = self._use_at(square)
            if use is not None:
                if self.target == use:
                    self.run_action()  # a second click on the chosen target runs the action
                else:
                    self.choose_target(use)
                return
        who = next((c for c in self.view.combatants if c.square == square and c.state != "dead"), None)
        if who is not None:
            self.select(who.cid)
            return
        if self.chosen is None and self.my_turn and square in self.reach:
            self.move_to(square)
            return
        pile = next((items for sq, items in self.view.piles if sq == square), None)
        if pile is not None:
            self.selected = f"pile:{square[0]},{square[1]}"
            self._rebuild()

    def select(self, cid: str, centre: bool = False) -> None:
        """Select a combatant: its information shows below the map."""
        self.selected = cid
        who = self.view.combatant(cid)
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
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.primary is not None:
                self.primary()
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
            if self.cursor is not None:
                if self.chosen is not None and self.target is not None and self._use_at(self.cursor) == self.target:
                    self.run_action()
                else:
                    self.click_square(self.cursor)
            elif self.target is not None:
                self.run_action()
        elif key == pygame.K_TAB:
            self._cycle(-1 if shift else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            if shift:
                self.map_view.scroll(dx * self.map_view.sq * 3, dy * self.map_view.sq * 3)
            else:
                self._move_cursor(dx, dy)
        elif key in TAB_KEYS and self.my_turn:
            self._set_tab(TAB_KEYS[key])
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

    def _set_tab(self, tab: str) -> None:
        self.tab = tab
        if tab != "action":
            self.chosen = None
            self.target = None
        self._rebuild()

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
        changed = self.anim.busy(now)
        if self.awaiting_thought and self.session.decision_ready():
            self.awaiting_thought = False
            self._rebuild()  # the computer has decided: its intent can be shown
            changed = True
        if self._acts_unasked(now):
            self.go()
            changed = True
        if self._run_computer():
            changed = True
        if self.match.over and self.overlay != "result" and not self.anim.busy(now) and self.auto is None:
            self.overlay = "result"
            self._rebuild()
            changed = True
        return changed

    # -- drawing ---------------------------------------------------------------------------------
    def _look(self, c: CombatantView) -> TokenLook:
        look = self._looks.get(c)
        if look is None:
            if len(self._looks) > 500:
                self._looks.clear()
            look = self._looks[c] = self._make_look(c)
        return look

    def _make_look(self, c: CombatantView) -> TokenLook:
        template = self.content.combatant(c.template)
        colour = theme.parse_colour(template.colour, (200, 200, 200)) if c.hero else theme.MONSTER
        return TokenLook("hero" if c.hero else "monster", colour, initials(c.name), c.resolve, c.wounds, c.damage,
                         c.state, "Boss" in c.keywords)

    def _rows(self) -> list[Row]:
        key = (id(self.view), self.view.round)
        if self._rows_cache is not None and self._rows_cache[0] == key:
            return self._rows_cache[1]
        rows = self._make_rows()
        self._rows_cache = (key, rows)
        return rows

    def _make_rows(self) -> list[Row]:
        view = self.view
        order = list(view.order) if view.order else []
        by_id = {c.cid: c for c in view.combatants}
        cids = [cid for cid in order if cid in by_id and by_id[cid].state != "dead"]
        cids += [c.cid for c in view.combatants if c.cid not in cids and c.state != "dead"]
        # Enemies seen before and out of sight now, as last seen: the list shows every combatant the
        # seat knows of, but where and how they are now it does not know.
        gone = self._out_of_sight()
        cids += [c.cid for c in view.combatants if c.state == "dead"]
        rows = []
        for cid in cids:
            c = by_id[cid]
            conditions = tuple(f"{self.content.conditions[name].name} {rank}" for name, rank in c.conditions)
            place = order.index(cid) + 1 if cid in order and c.state != "dead" else None
            rows.append(Row(cid, c.name, self._look(c), c.state, c.damage, c.wounds, c.resolve, conditions, place))
        at = len(rows) - sum(1 for c in view.combatants if c.state == "dead")
        rows[at:at] = [Row(c.cid, c.name, self._look(c), c.state, c.damage, c.wounds, c.resolve, (), None,
                           f"Last seen in round {seen_in}" if seen_in else "Out of sight",
                           in_sight=False) for c, seen_in in gone]
        return rows

    def scene(self) -> MapScene:
        """What the map shows this frame."""
        now = pygame.time.get_ticks()
        view = self.view
        scene = MapScene()
        target_ids = {u.target for u in self._uses() if u.target} if self.chosen else set()
        for c in view.combatants:
            if c.square is None or c.state == "dead":
                continue
            position = self.anim.position(c.cid, now) or c.square
            shown = (round(position[0]), round(position[1]))
            if not c.controlled and shown not in view.visible:
                continue  # a walking enemy leaving sight is not drawn in the dark
            scene.tokens.append(Token(c.cid, self._look(c), position, c.cid == view.current, c.cid == self.selected,
                                      c.cid in target_ids))
            for _aura, radius in c.auras:
                scene.auras.append((position, radius))
        # Enemies out of sight, faint where the seat last saw them, unless it sees that square now.
        ghosts = [Token(c.cid, self._look(c), c.square, ghost=True) for c, _ in self._out_of_sight()
                  if c.square is not None and c.square not in view.visible]
        scene.tokens[:0] = ghosts
        scene.piles = [square for square, _items in view.piles]
        busy = self.anim.busy(now)
        if self.my_turn and self.chosen is None and not busy:
            scene.reach = self.reach
        if self.chosen is not None:
            squares = {u.square for u in self._uses() if u.square is not None}
            scene.targets = frozenset(c.square for c in view.combatants if c.cid in target_ids and c.square)
            hovered = self.hover_square if self.hover_square is not None else self.cursor
            area = self.content.actions[self.chosen[0]].area
            focus = self.target.square if self.target is not None and self.target.square else hovered
            if squares and focus in squares:
                scene.area = frozenset(s for s in view.visible if distance(s, focus) <= area)  # type: ignore[arg-type]
            elif squares:
                scene.area = frozenset()
                scene.reach = frozenset(squares)
        current = self.current
        if self.hover_path is not None and current is not None and current.square is not None and not busy:
            path, cost = self.hover_path
            scene.path = tuple(path)
            scene.path_from = current.square
            left = current.movement or 0
            scene.path_ok = cost <= left
            scene.path_label = f"{cost} MP" if scene.path_ok else f"{cost} MP: only {left} left"
        scene.cursor = self.cursor
        scene.floating = self.anim.floating(now)
        if self.hover_pos is not None and self.hover_square is not None and not busy:
            who = next((c for c in view.combatants if c.square == self.hover_square and c.state != "dead"), None)
            if self.preview_text and self.chosen is not None:
                scene.hover_label = (self.preview_text, (self.hover_pos[0] + 18, self.hover_pos[1] - 14))
            elif who is not None:
                scene.hover_label = (f"{who.name} \u00b7 {self._health_words(who)}",
                                     (self.hover_pos[0] + 18, self.hover_pos[1] - 14))
            else:
                ghost = next((t for t in ghosts if t.position == self.hover_square), None)
                if ghost is not None:
                    c, seen_in = self._seen_now()[ghost.cid]
                    scene.hover_label = (f"{c.name} \u00b7 last seen here in round {seen_in}",
                                         (self.hover_pos[0] + 18, self.hover_pos[1] - 14))
        return scene

    def _seen_now(self) -> dict[str, tuple[Any, int]]:
        """Each enemy the watching seat has seen, as last seen and the round of it."""
        return self._last_seen.get(self._seat, {})

    def _out_of_sight(self) -> list[tuple[Any, int]]:
        """The enemies the watching seat saw alive and does not see now, as last seen and the round of it."""
        known = {c.cid for c in self.view.combatants}
        return [(c, seen_in) for cid, (c, seen_in) in self._seen_now().items() if cid not in known
                and c.state != "dead"]

    def info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The selected token's information for the panel below the map."""
        key = (id(self.view), self.selected)
        if self._info_cache is None or self._info_cache[0] != key:
            self._info_cache = (key, self._make_info_lines())
        return self._info_cache[1]

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        if self.selected is None:
            return None, [TextLine("Nothing selected", "heading", theme.TEXT_DIM),
                          TextLine("Click a token on the map or a combatant on the left to see it here.", "small",
                                   theme.TEXT_DIM)]
        if self.selected.startswith("pile:"):
            x, y = (int(v) for v in self.selected[5:].split(","))
            items = next((items for sq, items in self.view.piles if sq == (x, y)), ())
            return TokenLook("treasure", theme.TREASURE, ""), [
                TextLine("Treasure", "heading", theme.ACCENT),
                TextLine(", ".join(self.ctx.item(i) for i in items) or "nothing left", "body"),
                TextLine("Stand next to it and use Pick Up in the Move tab.", "small", theme.TEXT_DIM)]
        c = self.view.combatant(self.selected)
        if c is None:
            return None, []
        template = self.content.combatant(c.template)
        kind = "Hero" if c.hero else "Monster"
        role = f" \u00b7 {template.role}" if template.role else ""
        keywords = f" \u00b7 {', '.join(c.keywords)}" if c.keywords else ""
        lines = [TextLine(c.name, "heading", theme.TEXT),
                 TextLine(f"{kind}{role}{keywords}", "small", theme.TEXT_DIM),
                 TextLine(self._health_words(c) if c.state != "dead" else "Dead", "body",
                          theme.BAD if c.state in ("dead", "unconscious") else theme.TEXT, gap=2)]
        if c.movement is not None:
            lines.append(TextLine(f"Movement {c.movement} \u00b7 Senses {c.senses} \u00b7 Hidden {c.hidden}", "small"))
        if c.conditions:
            lines.append(TextLine("Conditions: " + ", ".join(f"{self.content.conditions[n].name} {r}"
                                                             for n, r in c.conditions), "small", (196, 160, 236)))
        if c.auras:
            lines.append(TextLine("Auras: " + ", ".join(f"{self.content.auras[a].name} ({r})" for a, r in c.auras),
                                  "small", (200, 200, 206)))
        if c.equipped:
            lines.append(TextLine("Equipped: " + ", ".join(self.ctx.item(i) for i in c.equipped), "small"))
        return self._look(c), lines

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
