"""The stances screen's board and list: tokens and their stance badges, engagement lines, each fighter's details."""

from __future__ import annotations

import pygame

from game.modes.stances import actions as act
from game.modes.stances.view import FighterView
from game.ui import theme
from game.ui.emblems import emblem_for
from game.ui.mapview import MapScene, Point, Token, label_pos
from game.ui.modes.stances.looks import (
    HERO_COLOURS,
    SIDE_COLOURS,
    in_reach,
    stance_badge,
    stance_mark,
)
from game.ui.modes.stances.turn import StancesTurn
from game.ui.panels import Row, TextLine
from game.ui.tokens import TokenLook, initials

DASH_UNIT = ("step of a dash", "steps of a dash")  # ruling stances-dash: an obstructed square costs two


class StancesBoard(StancesTurn):
    """The stances screen with its board, list and information panel."""

    # -- the list, the tokens, the map -----------------------------------------------------------
    def _make_look(self, f: FighterView) -> TokenLook:
        heroes = [h.cid for h in self.view.fighters if h.hero]
        colour = HERO_COLOURS[heroes.index(f.cid) % len(HERO_COLOURS)] if f.cid in heroes else theme.MONSTER
        state = {"up": "standing"}.get(f.state, f.state)
        emblem = emblem_for(self.content.fighter(f.template).keywords, [f.weapon_name])
        return TokenLook("hero" if f.hero else "monster", colour, initials(f.name), 0, 0, 0, state,
                         f.size in ("large", "huge", "gargantuan") and not f.hero, emblem)

    def _stance_text(self, f: FighterView) -> str:
        """What the seat may read of a fighter's stance now (see ``stance_mark``)."""
        return stance_mark(f, self.view.engagement)

    def _make_rows(self) -> list[Row]:
        fighters = sorted(self.view.fighters, key=lambda f: (f.state == "dead", not f.hero))
        rows = []
        for f in fighters:
            marks = [self._stance_text(f)] if f.in_engagement else []
            if f.state == "unconscious":
                marks.insert(0, "Unconscious")
            if f.grappling:
                marks.append(f"grappling {self.ctx.name(f.grappling)}")
            if f.grappled_by:
                marks.append(f"held by {self.ctx.name(f.grappled_by)}")
            if f.climbing:
                marks.append(f"on {self.ctx.name(f.climbing)}")
            marks += [f"wound {rank}" for _d, rank, _t in f.wounds]
            status = "Dead" if f.state == "dead" else f"Heart d{f.heart} \u00b7 {f.hit_points}/{f.maximum} HP"
            rows.append(Row(f.cid, f.name, self._look(f), {"up": "standing"}.get(f.state, f.state), 0, 0, 0,
                            tuple(m for m in marks if m), None, status))
        return rows

    def _health_words(self, f: FighterView) -> str:
        state = " \u00b7 Unconscious" if f.state == "unconscious" else ""
        return f"Heart d{f.heart} \u00b7 {f.hit_points}/{f.maximum} HP{state}"

    def scene(self) -> MapScene:
        """Tokens with their stances, engagement lines, and the squares and targets of the pending decision."""
        now = pygame.time.get_ticks()
        view = self.view
        scene = MapScene()
        actor = self._actor() if self.my_turn else None
        mine = self._mine(actor)
        target_ids = {a.target for a in mine if isinstance(a, (act.Attack, act.Engage, act.Grapple, act.Climb))}
        current = self.current
        for f in view.fighters:
            if f.square is None or f.state == "dead":
                continue
            position = self.anim.position(f.cid, now) or f.square
            scene.tokens.append(Token(f.cid, self._look(f), position, current is not None and f.cid == current.cid,
                                      f.cid == self.selected or f.cid == actor, f.cid in target_ids))
            badge = stance_badge(f, view.engagement)
            if badge is not None:
                scene.badges.append((position, *badge))
        scene.links = self._engagement_lines()
        busy = self.anim.busy(now)
        if not busy:
            scene.reach = frozenset(a.to for a in mine if isinstance(a, (act.Dash, act.Sidestep)))
            scene.targets = frozenset(f.square for f in view.fighters if f.cid in target_ids and f.square)
        scene.cursor = self.cursor
        scene.floating = self.anim.floating(now)
        pointer = self._hover_pointer()
        if pointer is not None and not busy:
            who = next((f for f in view.fighters if f.square == self.hover_square and f.state != "dead"), None)
            if who is not None:
                scene.hover_label = (f"{who.name} \u00b7 {self._health_words(who)}", label_pos(pointer))
            elif self.hover_square is not None:
                scene.terrain_hover = (self.hover_square, label_pos(pointer))
        scene.step_unit = DASH_UNIT
        return scene

    def _engagement_lines(self) -> list[tuple[Point, Point, tuple[int, int, int]]]:
        """A line from each fighter in the engagement to each enemy in it within its weapon's range."""
        e = self.view.engagement
        if e is None:
            return []
        fighters = [f for cid in e.participants if (f := self.view.fighter(cid)) is not None
                    and f.square is not None and f.state != "dead"]
        lines: list[tuple[Point, Point, tuple[int, int, int]]] = []  # squares, as MapScene.links takes them
        for a in fighters:
            for b in fighters:
                # What the rules allow: within the weapon's range and in sight (a wall between stops it).
                if a.side != b.side and in_reach(self.view.battlefield, a, b):
                    both = in_reach(self.view.battlefield, b, a)
                    if both and a.cid > b.cid:
                        continue  # one line for two who reach each other
                    colour = theme.ACCENT if both else SIDE_COLOURS.get(a.side, theme.TEXT)
                    lines.append((a.square, b.square, colour))  # type: ignore[arg-type]
        return lines

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        f = self.view.fighter(self.selected) if self.selected else None
        if f is None:
            return None, [TextLine("Nothing selected", "heading", theme.TEXT_DIM),
                          TextLine("Click a token on the map or a fighter on the left to see it here.", "small",
                                   theme.TEXT_DIM)]
        kind = "Hero" if f.hero else "Monster"
        lines = [TextLine(f.name, "heading", theme.TEXT),
                 TextLine(f"{kind} \u00b7 {f.size} \u00b7 speed {f.speed} \u00b7 {f.side}", "small", theme.TEXT_DIM),
                 TextLine(f"{self._health_words(f)} (heals to {f.heal_cap}) \u00b7 cunning d{f.cunning} \u00b7 "
                          f"agility d{f.agility} \u00b7 might d{f.might}", "body",
                          theme.BAD if f.state != "up" else theme.TEXT, gap=2),
                 TextLine(f"{f.weapon_name}: d{f.weapon_die}, range {f.reach}, might +{f.might_bonus}"
                          + (f", push {f.push}" if f.push else "") + f" \u00b7 armour +{f.armour}", "small")]
        if self._look(f).boss:  # the token's orange ring: said here, as nothing else on the screen explains it
            lines.append(TextLine(f"{f.size.capitalize()}: bigger than a person; an orange ring marks its token.",
                                  "small", theme.TEXT_DIM))
        kinds = self.content.fighter(f.template).keywords
        if kinds:
            # The data's own note: "the rules of text 001 do not read them".
            lines.append(TextLine(f"Kind: {', '.join(kinds)} (a word for what it is; the rules treat all alike)",
                                  "small", theme.TEXT_DIM))
        if f.wounds:
            lines.append(TextLine("Wounds: " + ", ".join(f"{d} (rank {r}{', treated' if t else ''})"
                                                         for d, r, t in f.wounds), "small", theme.BAD))
        if f.state == "up":  # the fallen and the dead neither dash nor act: nothing is left to them this round
            left = [w for w, used in (("dash", f.moved), ("action", f.acted)) if not used]
            lines.append(TextLine(f"This round: {' and '.join(left) + ' left' if left else 'dash and action used'}",
                                  "small", theme.TEXT_DIM))
        return self._look(f), lines
