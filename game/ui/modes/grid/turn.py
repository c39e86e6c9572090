"""The grid mode (text 003) on the encounter screen: whose turn it is, what the person chose, acting on it.

The screen's four sections hold, for the grid: the combatants in initiative order on the left;
on the right the current hero's tabs (its numbers, its movement options, its action cards with
their targets) or what the computer intends; over the map the blue squares it can reach, the
path and cost under the pointer, and the chance to hit of the chosen action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.core.geometry import distance
from game.core.wording import counted
from game.modes.grid import events as ev
from game.modes.grid.actions import (
    EndTurn,
    Retreat,
    RollInitiative,
    UseAction,
)
from game.modes.grid.actions import (
    Move as MoveAction,
)
from game.modes.grid.view import CombatantView, GridView
from game.modes.grid.viewpaths import paths_for_view
from game.ui.animation import Cue
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.encounter.replay import Replay
from game.ui.helptext import GRID_KEYS, GRID_RULES
from game.ui.modes.grid.animation import cues
from game.ui.modes.grid.log import GridLogContext
from game.ui.modes.grid.sounds import sound_table
from game.ui.session import Session
from game.ui.sound import SoundTable
from game.ui.tokens import TokenLook

TABS = ("stats", "move", "action")
TAB_KEYS = {pygame.K_s: "stats", pygame.K_m: "move", pygame.K_a: "action"}
IDLE_KEY = pygame.K_e  # end the turn of every hero who can do nothing useful, for the rest of the round
UNSEEN_ENEMY = "an unseen enemy"  # who acts when the seat cannot see the current combatant
FATES = {"standing": "Standing", "prone": "Standing, Prone", "unconscious": "Unconscious"}  # on the result screen
KEYWORD_NOTES = {
    "Beast": "Beast: no role or background.",
    "Mindless": "Mindless: no role or background.",
    "Drone": "Drone: dies as soon as it takes any damage.",
    "Undead": "Undead: may rise again when Unconscious at the start of its turn.",
    "Swarm": "Swarm: many small bodies.",
    "Amorphous": "Amorphous: no fixed shape.",
    "Boss": "Boss: the leader of the monsters; an orange ring marks its token.",
}


class Preview(NamedTuple):
    """What the chosen action would do to what is under the pointer; a warning when it harms or wastes."""

    text: str
    warning: bool = False


class GridTurn(EncounterScreen):
    """The encounter screen reading a grid view: the turn, the choice in the controls, acting."""

    rules_title = "How the grid mode plays"
    rules = GRID_RULES
    keys = GRID_KEYS
    no_retreat = "You can retreat on your own decision"
    view: GridView
    ctx: GridLogContext

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None], replay: Replay | None = None) -> None:
        self.tab = "move"
        self.chosen: tuple[str, str | None] | None = None  # (action card, weapon)
        self.target: UseAction | None = None
        self.reach: frozenset[Square] = frozenset()  # the squares the current hero can walk to
        self.preview_text = ""
        self.preview_warns = False  # the preview warns: friendly fire, or an action that would do nothing
        self.hover_path: tuple[list[Square], int] | None = None
        self.idle_round: int | None = None  # the round in which E ends the turns of heroes with nothing to do
        super().__init__(app, session, on_menu, on_again, replay)

    # -- the choice in the controls, and the keys --------------------------------------------------
    def _drop_choice(self) -> None:
        """Forget the chosen action card and its target, and every preview."""
        self.chosen = None
        self.target = None
        self.hover_path = None
        self.preview_text = ""
        self.preview_warns = False

    def _forget_private(self, seat: str) -> None:
        """Another seat's view is shown from now on: back to the Move tab as well."""
        super()._forget_private(seat)
        self.tab = "move"

    def _is_chosen(self, action: Action | None, label: str) -> bool:
        return isinstance(action, UseAction) and self.target == action

    def confirm(self) -> None:
        """Enter: run the chosen action on what the cursor is on, else on the target chosen with its number (a
        cursor left elsewhere does not stop it), else say why not; with no action chosen, act on the cursor's square."""
        if self.chosen is not None:
            use = self._use_at(self.cursor) if self.cursor is not None else None
            if use is not None:
                self.target = use
            if self.target is not None:
                self.run_action()
                return
            name = self.content.actions[self.chosen[0]].name
            where = "on the cursor's square" if self.cursor is not None else "chosen yet"
            self.status = f"Cannot run {name}: no target {where}; move the cursor onto one or press its number"
            self._rebuild()
        elif self.cursor is not None:
            self.click_square(self.cursor)

    def _key(self, event: pygame.event.Event) -> bool:
        """S, M and A open the tabs on a person's turn; every other key as on any screen."""
        if self.overlay is None and event.key in TAB_KEYS and self.my_turn:
            self._set_tab(TAB_KEYS[event.key])
            return True
        if self.overlay is None and event.key == IDLE_KEY and self.view.phase == "turn":
            self.end_idle_turns()
            return True
        return super()._key(event)

    # -- hurrying the obvious ----------------------------------------------------------------------
    def idle(self) -> bool:
        """Whether a person's current hero can do nothing useful: no action to use on anyone, no enemy in sight."""
        current = self.current
        if current is None or not self.my_turn:
            return False
        if any(isinstance(a, UseAction) for a in self.match.legal_actions()):
            return False
        return not any(c.side != current.side and c.state != "dead" and c.square is not None
                       and c.square in self.view.visible for c in self.view.combatants)

    def end_idle_turns(self) -> None:
        """E: end the turn of every hero who can do nothing useful this round, now and as their turns come."""
        self.idle_round = self.view.round
        if not self.idle():
            self.status = "E ends the turns of heroes with nothing to do this round; this one can still act"
        self._end_if_idle()

    def _end_if_idle(self) -> None:
        """End the current hero's turn if E was pressed this round and it can do nothing useful."""
        if self.idle_round == self.view.round and self.idle():
            self.act(EndTurn())

    # -- what the view says ------------------------------------------------------------------------
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

    def _unseen_actor(self) -> str:
        """Who acts while the watching seat cannot see the current combatant.

        An enemy, unless a combatant of the seat's own side is out of its sight too (one the
        computer or another person plays), for then it may be that one.
        """
        shown = {c.cid for c in self.view.combatants}
        sides = {c.side for c in self.view.combatants if c.controlled}
        if any(side in sides and cid not in shown for cid, side in self.session.sides.items()):
            return "someone out of sight"
        return UNSEEN_ENEMY

    def _turn_unseen(self) -> bool:
        """Whether the current combatant's turn is out of the watching seat's sight."""
        return self.view.phase == "turn" and self.current is None

    def _follow_view(self) -> None:
        """The squares in sight, where the current hero can walk, and what is left of the chosen action."""
        # The seat's view carries every square it has had in sight: the map keeps that terrain drawn, dimmed (fog).
        self.map_view.set_visible(self.view.visible, self.view.terrain_seen)
        current = self.current
        self.reach = frozenset()
        if self.my_turn and current is not None:
            reach = paths_for_view(self.view, current.cid)
            occupied = {c.square for c in self.view.combatants if c.square is not None}
            if reach is not None:
                self.reach = frozenset(sq for sq in reach.costs if sq not in occupied)
        if self.chosen is not None and not self.my_turn:
            self.chosen = None
            self.target = None
        if self.target is not None and self.target not in self.legal:
            self.target = None
        self.hover_path = None
        self._update_hover()

    def _update_status(self) -> None:
        view = self.view
        current = self.current
        if self.match.over:
            self.status = "The encounter is over"
        elif view.phase == "initiative":
            self.status = f"Round {view.round + 1} begins: Roll Initiative (Space)"
        elif current is not None:
            whose = "your turn" if self.my_turn else "the computer's turn"
            mp = f" \u00b7 {counted(current.movement, 'movement point')}" \
                if self.my_turn and current.movement is not None else ""
            self.status = f"Round {view.round} \u00b7 {current.name}: {whose}{mp}"
        else:
            self.status = f"Round {view.round} \u00b7 {self._unseen_actor()} acts"

    # -- acting ------------------------------------------------------------------------------------
    def _acts_while_busy(self, action: Action) -> bool:
        """Retreat, and the turns E ends, are never held back by an animation."""
        return isinstance(action, Retreat) or (isinstance(action, EndTurn) and self.idle_round == self.view.round)

    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """Walks, blows, shots, bursts, misses, damage, wounds, falls, deaths and heals, as the seat saw them."""
        return cues(events, starts, squares, self.content.actions, looks)

    def sound_table(self) -> SoundTable:
        """What the grid's events sound like (``game.ui.modes.grid.sounds``)."""
        return sound_table(self.content.actions)

    def _after_action(self, action: Action, events: list[Event], starts: dict[str, Any]) -> None:
        """Reset the controls, animate what the seat saw, and turn the map to a hero whose turn began."""
        if isinstance(action, (UseAction, EndTurn, RollInitiative)):
            # After the one action of a turn, what is left to do is moving: show that tab and its reach.
            self.chosen = None
            self.target = None
            self.tab = "move"
        self._refresh(events)
        squares = self._squares()
        visible_starts = {cid: sq for cid, sq in starts.items() if cid in self.ctx.known or cid in self.ctx.own}
        self.animate(events, visible_starts, squares)
        if any(isinstance(e, ev.TurnStarted) for e in events) and self.my_turn and self.overlay != "handover":
            self.selected = self.view.current
            self._centre_on_current()
            self._end_if_idle()
        else:
            self._follow_action(starts)

    def undo_reason(self) -> str | None:
        """Why Undo is not possible now (for the button's tooltip), or None."""
        pending = self.session.pending_seat()
        if pending is not None and self.session.is_human(pending) and self.view.phase != "turn":
            return "nothing to take back before the round starts"
        return super().undo_reason()

    def roll_initiative(self) -> None:
        """Start the round (for the computer's seat too, when it is its decision)."""
        self.act(RollInitiative())

    def end_turn(self) -> None:
        """End the current hero's turn."""
        if self.my_turn:
            self.act(EndTurn())

    def _primary_warning(self) -> str | None:
        """Space on End Turn before the hero did anything this turn: it may have been meant for the computer."""
        current = self.current
        if current is None or not self.my_turn:  # a person's hero's turn: the big button is End Turn
            return None
        points = next((e.points for e in reversed(self.match.events)
                       if isinstance(e, ev.MovementPointsSet) and e.cid == current.cid), None)
        if current.acted or current.movement != points:
            return None
        if all(isinstance(a, EndTurn) for a in self.match.legal_actions()):
            return None  # there is nothing else to do
        return f"Space again to end {current.name}'s turn with nothing done"

    def go(self) -> None:
        """Let the computer roll initiative, or play the current combatant's turn."""
        pending = self.session.pending_seat()
        if pending is not None and not self.session.is_human(pending) and self.view.phase == "initiative":
            action = self.session.planned_action()
            if action is not None:
                self.act(action)
            return
        super().go()

    def _turns_ended(self) -> int:
        return sum(1 for e in self.match.events if isinstance(e, ev.TurnEnded))

    def _members(self, view: Any) -> tuple[Any, ...]:
        """The combatants a view lists (each with ``cid`` and ``controlled``)."""
        return view.combatants

    def _progress(self) -> int:
        """How far the match has come, counted in what one Go plays through: turns."""
        return self._turns_ended()

    def _computer_done(self, mark: int) -> bool:
        """Whether the run started by Go (at ``mark``) is over: its turn ended, or the round."""
        return self._progress() > mark or self.match.over or self.view.phase == "initiative"

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
        self._show_targets(options)
        self._rebuild()

    def _show_targets(self, options: list[UseAction]) -> None:
        """Bring the chosen action's targets into view when the player scrolled away from all of them."""
        where: dict[str | None, Square | None] = {c.cid: c.square for c in self.view.combatants}
        squares = [u.square if u.square is not None else where.get(u.target) for u in options]
        targets = [sq for sq in squares if sq is not None]
        view = self.map_view
        if not targets or any(view.shows(sq) for sq in targets):
            return
        # Targets lie in range of the current combatant: centred on it, most of them show.
        current = self.current
        if current is None or current.square is None:
            view.ensure_visible(targets[0])
            return
        here = current.square
        view.centre_on(here)
        if not any(view.shows(sq) for sq in targets):
            view.ensure_visible(min(targets, key=lambda sq: distance(sq, here)))

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

    def _use_at(self, square: Square) -> UseAction | None:
        """The legal use of the chosen action on what stands on a square (or on the square)."""
        who = next((c for c in self.view.combatants if c.square == square and c.state != "dead"), None)
        for use in self._uses():
            if use.square == square or (who is not None and use.target == who.cid):
                return use
        return None

    def _set_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.column_scroll = 0  # another tab's options start at their top
        self.tab = tab
        if tab != "action":
            self.chosen = None
            self.target = None
        self._rebuild()

    def _not_seen_by(self, c: CombatantView) -> str | None:
        """Why the current combatant does not see c, an enemy that only others of the seat see, or None if it does."""
        current = self.current
        if c.controlled or c.square is None or current is None:
            return None
        if c.square not in self.view.visible:
            return f"out of {current.name}'s sight"
        if c.cid in self.view.hidden_from_current:
            return f"Hidden from {current.name}"
        return None

    def _retreat_action(self) -> Retreat | None:
        pending = self.session.pending_seat()
        if pending is None or not self.session.is_human(pending):
            return None
        for action in self.match.legal_actions(pending):
            if isinstance(action, Retreat):
                return action
        return None
