"""The grid screen's controls: Roll Initiative above the list; the Stats, Move and Action tabs on the right."""

from __future__ import annotations

import pygame

from game.core.events import Action
from game.core.geometry import distance
from game.modes.grid.actions import (
    Drop,
    Equip,
    Hide,
    Inspire,
    PickUp,
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
from game.modes.grid.view import CombatantView
from game.ui import theme
from game.ui.encounter import Note
from game.ui.modes.grid.log import describe_intent
from game.ui.modes.grid.previews import GridPreviews
from game.ui.modes.grid.turn import TABS, UNSEEN_ENEMY
from game.ui.panels import TextLine

KEYWORD_NOTES = {
    "Beast": "Beast: no role or background.",
    "Mindless": "Mindless: no role or background.",
    "Drone": "Drone: dies as soon as it takes any damage.",
    "Undead": "Undead: may rise again when Unconscious at the start of its turn.",
    "Swarm": "Swarm: many small bodies.",
    "Amorphous": "Amorphous: no fixed shape.",
    "Boss": "Boss: the leader of the monsters; an orange ring marks its token.",
}


class GridControls(GridPreviews):
    """The grid screen with its controls."""

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
            self._note(body, body.y, self._stats_lines(current))
        elif self.tab == "move":
            self._build_move_tab(current, body)
        else:
            self._build_action_tab(current, body)
        self._button("right", L.end_button, self._primary_label("End Turn"), self.end_turn,
                     f"End {current.name}'s turn (Space)", style="@primary")
        self.primary = self.end_turn

    def _build_move_tab(self, current: CombatantView, body: pygame.Rect) -> None:
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
        options += self._gear_options(current)
        # As many as there are: the column scrolls (the wheel over it, Shift+Page Up/Down) when they do not fit.
        for label, action, tooltip in options:
            y = self._option(body, y, label, action, lambda a=action: self.act(a), tooltip)

    def _gear_options(self, current: CombatantView) -> list[tuple[str, Action, str]]:
        """Unequip, Equip and Drop for what the combatant carries, each copy of an item counted.

        A second copy of an equipped item (a second Leather Armour picked up) is a spare: it may be equipped
        (where a slot is free) or dropped. Drop leaves a spare before the worn copy, as the rules apply it.
        """
        options: list[tuple[str, Action, str]] = []
        carried = list(current.carried or ())
        for item in dict.fromkeys(carried):
            name = self.ctx.item(item)
            worn = current.equipped.count(item)
            spare = carried.count(item) - worn
            which = "spare " if worn and spare else ""  # the copy not worn, when one is
            if worn:
                options.append((f"Unequip {name} ({EQUIP_COST} MP)", Unequip(item), "Put it away, still carried"))
            if spare:
                options.append((f"Equip {which}{name} ({EQUIP_COST} MP)", Equip(item),
                                "Take it in hand or put it on"))
            options.append((f"Drop {which}{name} ({DROP_COST} MP)", Drop(item),
                            "Leave it on your square" + (": the one not worn" if which else "")))
        return options

    def _build_action_tab(self, current: CombatantView, body: pygame.Rect) -> None:
        if self.chosen is not None:
            self._build_chosen(current, body)
            return
        # One line above the cards in both states, so that using the action moves none of them.
        said = "You have used your action this turn." if current.acted else "Choose the action for this turn."
        y = self._note(body, body.y, [TextLine(said, "small", theme.ACCENT if current.acted else theme.TEXT_DIM)])
        for action_id in current.actions or ():
            action = self.content.actions[action_id]
            uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
            reason = None if uses else self._why_not(current, action_id)
            weapon = uses[0].weapon if uses else None
            what = f"{action.skill} vs {action.trait}" if action.kind == "attack" else action.kind
            y = self._option(body, y, f"{action.name} \u00b7 {what}", None,
                             lambda a=action_id, w=weapon: self.choose_action(a, w), action.description, reason,
                             greys=True, say_why=not current.acted)  # once used, the line above says so

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
        # Run and Cancel stay at the bottom; what is above them scrolls when it does not fit.
        room = pygame.Rect(body.x, body.y, body.width, body.height - L.px(40))
        y = self._note(room, body.y, head)
        all_uses = [a for a in self.legal if isinstance(a, UseAction) and a.action == action_id]
        weapons = list(dict.fromkeys(a.weapon for a in all_uses if a.weapon))
        if len(weapons) > 1:
            for w in weapons:
                y = self._option(room, y, f"with the {self.ctx.item(w)}", None,
                                 lambda w=w: self.choose_action(action_id, w), "Use this weapon")
        uses = self._uses()
        if action.target == "square":
            prompt = "Click a highlighted square on the map (or move the cursor with the arrows and press Enter)."
            y = self._note(room, y, [TextLine(prompt, "small", theme.TEXT)])
        elif action.target != "self":
            y = self._note(room, y, [TextLine("Choose a target (highlighted on the map):", "small", theme.TEXT)])
            for use in uses:
                who = self.view.combatant(use.target) if use.target else None
                if who is None:
                    continue
                y = self._option(room, y, who.name, use, lambda u=use: self.choose_target(u),
                                 self._preview(use).text or who.name)
        if self.target is not None:
            preview = self._preview(self.target)
            colour = theme.BAD if preview.warning else theme.ACCENT
            self._note(room, y, [TextLine(preview.text or "Ready.", "small", colour, bold=True)])
        run = pygame.Rect(body.x, body.bottom - L.px(36), (body.width - L.px(6)) * 2 // 3, L.px(34))
        cancel = pygame.Rect(run.right + L.px(6), run.y, body.right - run.right - L.px(6), run.height)
        self._button("right", run, "Run this Action", self.run_action if self.target else None,
                     "Carry out the action (Enter)", enabled=self.target is not None, style="@primary", fixed=True)
        self._button("right", cancel, "Cancel", lambda: self.cancel() and None, "Choose again (Esc)", fixed=True)

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
        spare = list(c.carried or ())
        for item in c.equipped:  # a second copy of a worn item is carried too
            if item in spare:
                spare.remove(item)
        if spare:
            lines.append(TextLine(f"Carried: {', '.join(self.ctx.item(i) for i in spare)}", "small", theme.TEXT))
        return lines
