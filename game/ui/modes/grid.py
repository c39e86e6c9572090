"""The grid mode (text 003) on the encounter screen: initiative, the Stats, Move and Action tabs, paths and previews.

The screen's four sections hold, for the grid: the combatants in initiative order on the left;
on the right the current hero's tabs (its numbers, its movement options, its action cards with
their targets) or what the computer intends; over the map the blue squares it can reach, the
path and cost under the pointer, and the chance to hit of the chosen action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pygame

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.core.geometry import distance
from game.core.wording import counted
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
from game.modes.grid.preview import area_squares, attack_preview, caught_in_area, in_sight_of_square
from game.modes.grid.view import CombatantView, GridView
from game.modes.grid.viewpaths import path_for_view, paths_for_view
from game.ui import theme
from game.ui.app import App
from game.ui.encounter import EncounterScreen, Note
from game.ui.eventtext import describe_intent
from game.ui.helptext import GRID_KEYS, GRID_RULES
from game.ui.mapview import MapScene, Token, label_pos
from game.ui.panels import Row, TextLine
from game.ui.replay import ReplayScreen
from game.ui.session import Session
from game.ui.tokens import TokenLook, initials

TABS = ("stats", "move", "action")
TAB_KEYS = {pygame.K_s: "stats", pygame.K_m: "move", pygame.K_a: "action"}
UNSEEN_ENEMY = "an unseen enemy"  # who acts when the seat cannot see the current combatant
FATES = {"standing": "Standing", "prone": "Standing, Prone", "unconscious": "Unconscious"}  # on the result screen
KEYWORD_NOTES = {
    "Beast": "Beast: no role or background.",
    "Mindless": "Mindless: no role or background.",
    "Drone": "Drone: dies as soon as it takes any damage.",
    "Undead": "Undead: may rise again when Unconscious at the start of its turn.",
    "Swarm": "Swarm: many small bodies.",
    "Amorphous": "Amorphous: no fixed shape.",
    "Boss": "Boss: the leader of the monsters.",
}


class Preview(NamedTuple):
    """What the chosen action would do to what is under the pointer; a warning when it harms or wastes."""

    text: str
    warning: bool = False


class GridScreen(EncounterScreen):
    """The encounter screen reading a grid view: from the first Roll Initiative to the result."""

    rules_title = "How the grid mode plays"
    rules = GRID_RULES
    keys = GRID_KEYS
    no_retreat = "You can retreat on your own decision"
    view: GridView

    def __init__(self, app: App, session: Session, on_menu: Callable[[], None],
                 on_again: Callable[[], None]) -> None:
        self.tab = "move"
        self.chosen: tuple[str, str | None] | None = None  # (action card, weapon)
        self.target: UseAction | None = None
        self.reach: frozenset[Square] = frozenset()  # the squares the current hero can walk to
        self.preview_text = ""
        self.preview_warns = False  # the preview warns: friendly fire, or an action that would do nothing
        self.hover_path: tuple[list[Square], int] | None = None
        super().__init__(app, session, on_menu, on_again)

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
        """Enter: run the chosen action on its target, else act on the square under the cursor."""
        if self.cursor is not None:
            if self.chosen is not None and self.target is not None and self._use_at(self.cursor) == self.target:
                self.run_action()
            else:
                self.click_square(self.cursor)
        elif self.target is not None:
            self.run_action()

    def _key(self, event: pygame.event.Event) -> bool:
        """S, M and A open the tabs on a person's turn; every other key as on any screen."""
        if self.overlay is None and event.key in TAB_KEYS and self.my_turn:
            self._set_tab(TAB_KEYS[event.key])
            return True
        return super()._key(event)

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
        self.map_view.set_visible(self.view.visible)
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
        """Retreat is never held back by an animation."""
        return isinstance(action, Retreat)

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
        self.anim.add(events, visible_starts, squares, pygame.time.get_ticks())
        if any(isinstance(e, ev.TurnStarted) for e in events) and self.my_turn and self.overlay != "handover":
            self.selected = self.view.current
            self._centre_on_current()
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

    def _retreat_action(self) -> Retreat | None:
        pending = self.session.pending_seat()
        if pending is None or not self.session.is_human(pending):
            return None
        for action in self.match.legal_actions(pending):
            if isinstance(action, Retreat):
                return action
        return None

    # -- previews ----------------------------------------------------------------------------------
    def _update_hover(self) -> None:
        """Recompute the path or the attack preview for the square under the pointer or cursor."""
        square = self.hover_square if self.hover_square is not None else self.cursor
        self.hover_path = None
        self.preview_text = ""
        self.preview_warns = False
        current = self.current
        if square is None or current is None or not self.my_turn:
            return
        if self.chosen is not None:
            use = self._use_at(square)
            if use is not None:
                self.preview_text, self.preview_warns = self._preview(use)
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

    def _preview(self, use: UseAction) -> Preview:
        """What the use would do: each target's exact chance to hit and damage, or what a heal or buff does."""
        attacker = self.current
        if attacker is None:
            return Preview("")
        if use.square is not None:
            return self._area_preview(attacker, use, use.square)
        target = self.view.combatant(use.target) if use.target else None
        if target is None:
            return Preview("")
        action = self.content.actions[use.action]
        if action.kind == "attack":
            return Preview(f"{target.name}: {self._hit_words(attacker, target, use)}")
        if action.kind == "heal":
            return self._heal_preview(target, use)
        if action.kind == "buff":
            condition = self.content.conditions[action.condition].name
            return Preview(f"{target.name}: {condition} (rank {action.condition_rank})")
        return Preview(target.name)

    def _area_preview(self, attacker: CombatantView, use: UseAction, centre: Square) -> Preview:
        """Everyone the area would roll against, as the rules choose them, the attacker's own side marked."""
        radius = self.content.actions[use.action].area
        # "An area attack rolls separately against every combatant within its radius of the chosen square, in
        # sight of that square and seen by the attacker, friend or foe (the attacker included)" (ruling grid-area).
        caught = caught_in_area(self.view, centre, radius)
        parts = [f"{self._area_name(attacker, c)}: {self._hit_words(attacker, c, use)}" for c in caught]
        parts += [f"{c.name} is not caught: {why}" for c, why in self._spared(caught, centre, radius)]
        if not caught:
            parts.insert(0, "nobody in the area")
        friendly = any(c.side == attacker.side for c in caught)
        text = "; ".join(parts)
        return Preview(f"Friendly fire! {text}" if friendly else text, friendly)

    @staticmethod
    def _area_name(attacker: CombatantView, c: CombatantView) -> str:
        """A name in an area preview, saying who is on the attacker's own side."""
        if c.cid == attacker.cid:
            return f"{c.name} (yourself)"
        return f"{c.name} (ally)" if c.side == attacker.side else c.name

    def _spared(self, caught: list[CombatantView], centre: Square, radius: int) -> list[tuple[CombatantView, str]]:
        """Enemies the seat sees in the area whom the attacker does not, and why: "Unseen enemies can't be attacked"."""
        around = in_sight_of_square(self.view, centre)
        taken = {c.cid for c in caught}
        found = []
        for c in self.view.combatants:
            if c.cid in taken or c.square is None or c.state == "dead" or distance(c.square, centre) > radius:
                continue
            why = self._not_seen_by(c)
            if why and c.square in around:
                found.append((c, why))
        return found

    def _heal_preview(self, target: CombatantView, use: UseAction) -> Preview:
        """How many wounds a heal takes away, or a warning that it takes none."""
        action = self.content.actions[use.action]
        healed = min(action.heal, target.wounds)  # Wounds show on every token: no secret is told
        if not healed:
            # The rules let a heal be used on a combatant without wounds ("Healing lowers Wounds (never below
            # 0)", ruling grid-heal): the action is spent for nothing, so say so before it is run.
            return Preview(f"{target.name} has no wound to heal: {action.name} would do nothing", True)
        return Preview(f"{target.name}: heals {healed} wound" + ("s" if healed != 1 else "")
                       + f", leaving Wounds {target.wounds - healed}")

    def _hit_words(self, attacker: CombatantView, target: CombatantView, use: UseAction) -> str:
        preview = attack_preview(self.content, attacker, target, use.action, use.weapon)
        chance = f"{preview.p_success:.0%} to hit"
        if preview.p_weapon_works < 1:
            chance += f" (the weapon works {preview.p_weapon_works:.0%})"
        action = self.content.actions[use.action]
        if preview.damage_max is None and (action.damage or use.weapon):
            # The chance of the outcome that matters: a wound (death, for a Drone), hit and roll together.
            outcome = "kill" if preview.drone else "wound"
            chance += (f", {preview.p_success * preview.p_wound:.0%} to {outcome}, "
                       f"average damage {preview.expected_damage:.1f}")
        if action.condition:
            chance += f", {self.content.conditions[action.condition].name} on a hit"
        return chance

    # -- the controls ------------------------------------------------------------------------------
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
            who = self._unseen_actor()
            right.title = who[0].upper() + who[1:]
            right.subtitle = "acts out of your sight" if who == UNSEEN_ENEMY else "an enemy, or an ally you cannot see"
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
        self._button("right", L.end_button, self._primary_label("End Turn"), self.end_turn,
                     f"End {current.name}'s turn (Space)", style="@primary")
        self.primary = self.end_turn

    def _build_move_tab(self, current: CombatantView, body: pygame.Rect) -> None:
        L = self.layout
        intro = [TextLine(f"Movement points left: {current.movement}", "heading", theme.ACCENT),
                 TextLine("Hover a square for the path and its cost; click a blue square to walk there.", "small",
                          theme.TEXT_DIM)]
        y = self._note(body, body.y, intro)
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
            y = self._note(body, y, [TextLine("You have used your action this turn.", "small", theme.ACCENT)])
        for action_id in current.actions or ():
            action = self.content.actions[action_id]
            uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
            reason = None if uses else self._why_not(current, action_id)
            weapon = uses[0].weapon if uses else None
            what = f"{action.skill} vs {action.trait}" if action.kind == "attack" else action.kind
            # Once the action is used, the note above says so for all of them.
            y = self._option(body, y, f"{action.name} \u00b7 {what}", None,
                             lambda a=action_id, w=weapon: self.choose_action(a, w), action.description, reason,
                             say_why=not current.acted)
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
        y = self._note(body, body.y, head)
        all_uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
        weapons = list(dict.fromkeys(a.weapon for a in all_uses if a.weapon))
        if len(weapons) > 1:
            for w in weapons:
                y = self._option(body, y, f"with the {self.ctx.item(w)}", None,
                                 lambda w=w: self.choose_action(action_id, w), "Use this weapon")
        uses = self._uses()
        if action.target == "square":
            prompt = "Click a highlighted square on the map (or move the cursor with the arrows and press Enter)."
            y = self._note(body, y, [TextLine(prompt, "small", theme.TEXT)])
        elif action.target != "self":
            y = self._note(body, y, [TextLine("Choose a target (highlighted on the map):", "small", theme.TEXT)])
            for use in uses:
                who = self.view.combatant(use.target) if use.target else None
                if who is None or y + L.px(30) > body.bottom - L.px(90):
                    continue
                y = self._option(body, y, who.name, use, lambda u=use: self.choose_target(u),
                                 self._preview(use).text or who.name)
        if self.target is not None:
            above_run = pygame.Rect(body.x, body.y, body.width, body.height - L.px(40))
            preview = self._preview(self.target)
            colour = theme.BAD if preview.warning else theme.ACCENT
            self._note(above_run, y, [TextLine(preview.text or "Ready.", "small", colour, bold=True)])
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
        lines += self._computer_lines(None if current is None else lambda action: self._intent(action, current))
        how = f" {self.session.policy_label(pending)}" if pending else ""
        lines.append(TextLine(f"The computer plays this side{how}. {self._go_hint()}", "small", theme.TEXT_DIM,
                              gap=12))
        self.right.notes.append(Note(body, tuple(lines)))
        self._go_button()

    def _intent(self, action: Action, current: CombatantView) -> str:
        """What the computer is about to do, in words: a walk to an item says so, not only where it leads."""
        pick_up = self._walks_to_pick_up(action)
        if pick_up is None:
            return describe_intent(action, current.cid, self.view, self.ctx)
        if any(square == pick_up.square for square, _items in self.view.piles):
            return f"{current.name} will walk over and pick up the {self.ctx.item(pick_up.item)}."
        return f"{current.name} will walk over to pick up something out of your sight."

    def _walks_to_pick_up(self, action: Action) -> PickUp | None:
        """The Pick Up that a computer's move is made for: the step its plan takes after its moves, if it is one."""
        if not isinstance(action, MoveAction):
            return None
        seat = self.session.pending_seat()
        player = self.session.players.get(seat) if seat is not None else None
        # The tactical player tells the rest of the turn's plan (a long walk may be cut into legs, each a move).
        # Another player plans nothing ahead, and its move is told by where it leads.
        planned = getattr(player, "planned_actions", None)
        for after in planned() if planned is not None else ():
            if not isinstance(after, MoveAction):
                return after if isinstance(after, PickUp) else None
        return None

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

    # -- the result --------------------------------------------------------------------------------
    def result_lines(self) -> list[TextLine]:
        """What the result screen says: who won, after how many rounds, and each combatant's fate."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {c.side for c in self.view.combatants if c.controlled})
        known = {c.cid for c in self.view.combatants}
        remembered = self._seen_now()
        for side in self.session.side_names():
            lines.append(TextLine(side.title(), "heading", theme.ACCENT, gap=10))
            fellows = [c for c in self.view.combatants if c.side == side]
            for c in fellows:
                fate = FATES.get(c.state, c.state.capitalize())
                if c.state == "dead":  # its Wounds may pass its Resolve: "3 of 2 wounds" would read as an error
                    lines.append(TextLine(f"{c.name}: Dead", "small", theme.BAD))
                else:
                    lines.append(TextLine(f"{c.name}: {fate}, {c.wounds} of {c.resolve} wounds", "small", theme.TEXT))
            # Those out of sight at the end: as last seen, if ever; the others only counted, never named.
            out = [cid for cid, s in self.session.sides.items() if s == side and cid not in known]
            for cid in out:
                if cid in remembered:
                    c, seen_in = remembered[cid]
                    lines.append(TextLine(f"{c.name}: out of sight at the end (last seen in round {seen_in})",
                                          "small", theme.TEXT_DIM))
            never = sum(1 for cid in out if cid not in remembered)
            if never:
                lines.append(TextLine(f"and {never} you never saw", "small", theme.TEXT_DIM))
        return lines

    # -- the map -----------------------------------------------------------------------------------
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

    def _set_tab(self, tab: str) -> None:
        self.tab = tab
        if tab != "action":
            self.chosen = None
            self.target = None
        self._rebuild()

    # -- the list, the tokens, the information -----------------------------------------------------
    def _make_look(self, c: CombatantView) -> TokenLook:
        template = self.content.combatant(c.template)
        colour = theme.parse_colour(template.colour, (200, 200, 200)) if c.hero else theme.MONSTER
        return TokenLook("hero" if c.hero else "monster", colour, initials(c.name), c.resolve, c.wounds, c.damage,
                         c.state, "Boss" in c.keywords)

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
            conditions = tuple(f"{self.content.conditions[name].name} {rank}" for name, rank in _shown_conditions(c))
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
            dark = not c.controlled and shown not in view.visible
            if dark and shown != c.square:
                continue  # a walking enemy leaving sight is not drawn in the dark
            # At rest on a dark square, or Hidden from the current combatant, it is one that another of the
            # seat's combatants sees: the seat knows where it stands, though the current combatant does not see it.
            afar = dark or c.cid in view.hidden_from_current
            scene.tokens.append(Token(c.cid, self._look(c), position, c.cid == view.current, c.cid == self.selected,
                                      c.cid in target_ids, afar=afar))
            for _aura, radius in c.auras:
                scene.auras.append((position, radius))
        # Enemies out of sight, faint where the seat last saw them, unless it sees that square now.
        ghosts = [Token(c.cid, self._look(c), c.square, ghost=True) for c, _ in self._out_of_sight()
                  if c.square is not None and c.square not in view.visible]
        scene.tokens[:0] = ghosts
        scene.piles = [square for square, _items in view.piles]
        current = self.current
        if current is not None and current.bumped:
            scene.unseen = list(current.bumped)
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
                scene.area = area_squares(view, focus, area)
            if squares:
                # The other squares it may be aimed at stay lit while one square's area shows.
                scene.reach = frozenset(squares) - scene.area
        if self.hover_path is not None and current is not None and current.square is not None and not busy:
            path, cost = self.hover_path
            scene.path = tuple(path)
            scene.path_from = current.square
            left = current.movement or 0
            scene.path_ok = cost <= left
            scene.path_label = f"{cost} MP" if scene.path_ok else f"{cost} MP: only {left} left"
            blocker = self._hidden_on(path)
            if blocker is not None:
                # The move walks the path the mover knows of, into the enemy it cannot see (ruling grid-move-knowledge).
                scene.path_label += f", stops at {blocker.name} (Hidden from {current.name})"
        scene.cursor = self.cursor
        scene.floating = self.anim.floating(now)
        pointer = self._hover_pointer()
        if pointer is not None and not busy:
            who = next((c for c in view.combatants if c.square == self.hover_square and c.state != "dead"), None)
            if self.preview_text and self.chosen is not None:
                scene.hover_label = (self.preview_text, label_pos(pointer))
                scene.hover_colour = theme.BAD if self.preview_warns else theme.TEXT
            elif who is not None:
                why = self._not_seen_by(who)
                afar_note = f" \u00b7 {why}" if why else ""
                scene.hover_label = (f"{who.name} \u00b7 {self._health_words(who)}{afar_note}",
                                     label_pos(pointer))
            elif self.hover_square in scene.unseen and current is not None:
                scene.hover_label = (f"Someone unseen stands here: {current.name} walked into them",
                                     label_pos(pointer))
            else:
                ghost = next((t for t in ghosts if t.position == self.hover_square), None)
                if ghost is not None:
                    c, seen_in = self._seen_now()[ghost.cid]
                    scene.hover_label = (f"{c.name} \u00b7 last seen here in round {seen_in}",
                                         label_pos(pointer))
        return scene

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

    def _hidden_on(self, path: Sequence[Square]) -> CombatantView | None:
        """The first enemy on the path that the seat sees and the current combatant does not (its Hidden beats
        the mover's Senses), or None."""
        unseen = self.view.hidden_from_current
        if not unseen:
            return None
        on = {c.square: c for c in self.view.combatants if c.cid in unseen and c.square in self.view.visible}
        return next((on[sq] for sq in path if sq in on), None)

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
            # No-break spaces keep each score with its name when the narrow panel wraps the line.
            lines.append(TextLine(f"Movement\u00a0{c.movement} \u00b7 Senses\u00a0{c.senses} \u00b7 "
                                  f"Hidden\u00a0{c.hidden}", "small"))
        if shown := _shown_conditions(c):
            named = ", ".join(f"{self.content.conditions[n].name} {r}" for n, r in shown)
            lines.append(TextLine(f"Conditions: {named}", "small", (196, 160, 236)))
        if c.auras:
            lines.append(TextLine("Auras: " + ", ".join(f"{self.content.auras[a].name} ({r})" for a, r in c.auras),
                                  "small", (200, 200, 206)))
        if c.equipped:
            lines.append(TextLine("Equipped: " + ", ".join(self.ctx.item(i) for i in c.equipped), "small"))
        why = self._not_seen_by(c)
        if why and c.state != "dead":
            lines.append(TextLine(f"{why[0].upper()}{why[1:]}: another of yours sees it.", "small", theme.TEXT_DIM))
        return self._look(c), lines


class GridReplayScreen(ReplayScreen, GridScreen):
    """A saved grid match played back on the grid's screen."""


def _shown_conditions(c: CombatantView) -> tuple[tuple[str, int], ...]:
    """The Conditions worth showing on a combatant: a Condition acts at the start of a turn and is checked at
    its end, and the dead take no turns."""
    return () if c.state == "dead" else c.conditions
