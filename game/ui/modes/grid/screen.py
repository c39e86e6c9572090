"""The grid screen's board, list and result: tokens, reach and targets over the map, each combatant's information."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.core.battlefield import Square
from game.modes.grid.preview import area_squares
from game.modes.grid.view import CombatantView, GridView
from game.ui import theme
from game.ui.emblems import emblem_for
from game.ui.mapview import MapScene, Token, label_pos
from game.ui.modes.grid.controls import GridControls
from game.ui.modes.grid.sheet import sheet_lines
from game.ui.panels import Row, TextLine
from game.ui.tokens import TokenLook, initials

FATES = {"standing": "Standing", "prone": "Standing, Prone", "unconscious": "Unconscious"}  # on the result screen


def revealed(view: GridView, everyone: GridView) -> GridView:
    """A seat's view once the encounter is over: nothing is left to hide, so the whole map is lit and every
    combatant shows where it stands, as the seat's own do; the others' private scores stay out."""
    known = {c.cid for c in view.combatants}
    others = tuple(replace(c, controlled=False, movement=None, senses=None, hidden=None, acted=None, carried=None,
                           actions=None, bumped=None) for c in everyone.combatants if c.cid not in known)
    return replace(view, combatants=view.combatants + others, visible=frozenset(view.battlefield.squares),
                   hidden_from_current=frozenset())


class GridScreen(GridControls):
    """The encounter screen reading a grid view: from the first Roll Initiative to the result."""

    def seat_view(self, seat: str) -> GridView:
        """The seat's view; after the end (outside a replay, which shows what each seat knew), everything."""
        view: GridView = super().seat_view(seat)
        if not self.match.over or self.replay is not None:
            return view
        return revealed(view, self.match.mode.spectator_view(seat))

    # -- the result --------------------------------------------------------------------------------
    def result_lines(self) -> list[TextLine]:
        """What the result screen says: who won, after how many rounds, and each combatant's fate."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        sides = {c.side for c in self.view.combatants if c.controlled}
        lines = self._result_head(outcome, sides) + self._objective_lines(outcome, sides)
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

    # -- the list, the tokens, the information -----------------------------------------------------
    def _make_look(self, c: CombatantView) -> TokenLook:
        template = self.content.combatant(c.template)
        colour = theme.parse_colour(template.colour, (200, 200, 200)) if c.hero else theme.MONSTER
        return TokenLook("hero" if c.hero else "monster", colour, initials(c.name), c.resolve, c.wounds, c.damage,
                         c.state, "Boss" in c.keywords, self._emblem(c))

    def _emblem(self, c: CombatantView) -> str:
        """What the token's emblem shows: its kind, else the weapons in its hands, which every seat sees."""
        template = self.content.combatant(c.template)
        weapons = [self.content.items[i].name for i in c.equipped
                   if i in self.content.items and self.content.items[i].kind == "weapon"]
        caster = template.role in ("caster", "mage") or (not weapons and template.skills.get("Spellcasting", 0) > 0)
        return emblem_for(c.keywords, weapons, caster)

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
                elif self.hover_square is not None:
                    scene.terrain_hover = (self.hover_square, label_pos(pointer))
        return scene

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
            auras = ", ".join(f"{self.content.auras[a].name} (radius {r})" for a, r in c.auras)
            lines.append(TextLine(f"Auras: {auras}", "small", (200, 200, 206)))
        if c.equipped:
            lines.append(TextLine("Equipped: " + ", ".join(self.ctx.item(i) for i in c.equipped), "small"))
        if not c.controlled:
            # An enemy's sheet (or an ally's another plays): its own seat reads its weapons in its Action tab.
            lines += sheet_lines(self.content, c)
        why = self._not_seen_by(c)
        if why and c.state != "dead":
            lines.append(TextLine(f"{why[0].upper()}{why[1:]}: another of yours sees it.", "small", theme.TEXT_DIM))
        return self._look(c), lines


def _shown_conditions(c: CombatantView) -> tuple[tuple[str, int], ...]:
    """The Conditions worth showing on a combatant: a Condition acts at the start of a turn and is checked at
    its end, and the dead take no turns."""
    return () if c.state == "dead" else c.conditions
