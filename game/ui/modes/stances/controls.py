"""The stances screen's controls: priority, joining, stances, declarations, sidesteps, damage and falling."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.events import Action
from game.modes.stances import actions as act
from game.modes.stances.view import FighterView
from game.ui import theme
from game.ui.modes.stances.board import StancesBoard
from game.ui.modes.stances.help import STANCE_NOTES
from game.ui.modes.stances.log import declaration_tip, describe_intent, stance_word
from game.ui.modes.stances.looks import (
    KIND_WORDS,
    STANCE_COLOURS,
    STANCES,
    damage_choices,
    declaration_choice,
    in_reach,
    intent_lines,
)
from game.ui.panels import TextLine


class StancesControls(StancesBoard):
    """The stances screen with its controls: priority, stances, declarations, sidesteps and damage."""

    # -- the controls on the right ---------------------------------------------------------------
    def _body(self) -> pygame.Rect:
        L = self.layout
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        return body

    def _text(self, y: int | None, lines: list[TextLine]) -> int:
        """Text on the right from y (the top of the controls for None) down, as tall as it wraps to; the y below."""
        body = self._body()
        return self._note(body, body.y if y is None else y, lines)

    def _primary(self, label: str, action: Action, tooltip: str) -> None:
        self._button("right", self.layout.end_button, self._primary_label(label), lambda: self.act(action) and None,
                     tooltip, style="@primary")
        self.primary = lambda: self.act(action) and None

    def _choices(self, y: int, options: Sequence[tuple[str, Action, str]]) -> int:
        body = self._body()
        for label, action, tooltip in options:  # as many as there are: the column scrolls when they do not fit
            y = self._option(body, y, label, action, lambda a=action: self.act(a) and None, tooltip)
        return y

    def _build_right(self) -> None:
        right, view = self.right, self.view
        decision, current = view.decision, self.current
        right.look = None
        if self.match.over:
            right.title, right.subtitle = "The encounter is over", ""
            return
        if decision is None:
            right.title, right.subtitle = f"Round {view.round}", ""
            return
        if current is not None:
            right.look = self._look(current)
            right.title = current.name
            right.subtitle = f"{'Hero' if current.hero else 'Monster'} \u00b7 {self._health_words(current)}"
        else:
            side = decision.side or view.priority
            right.title = f"The {side}"
            right.subtitle = f"Round {view.round} \u00b7 {KIND_WORDS.get(decision.kind, decision.kind)}"
        if not self.my_turn:
            self._build_waiting()
            return
        build = {"priority": self._build_priority, "join": self._build_join, "stance": self._build_stance,
                 "declare": self._build_declare, "sidestep": self._build_sidestep, "damage": self._build_damage,
                 "fall": self._build_fall}.get(decision.kind)
        if build is not None:
            build()

    def _build_waiting(self) -> None:
        y = self._body().y
        lines = [TextLine(f"The computer decides for the {self.view.decision.side or 'fighter'}."
                          if self.view.decision and self.view.decision.side else "The computer decides.", "small",
                          theme.TEXT_DIM)]
        lines += intent_lines(self._computer_lines(lambda action: describe_intent(action, self.ctx, self.view)))
        lines.append(TextLine(self._go_hint(), "small", theme.TEXT_DIM, gap=12))
        self._text(y, lines)
        self._go_button()

    def _build_priority(self) -> None:
        L = self.layout
        body = self._body()
        actor = self._actor()
        y = self._text(None, [TextLine("Your side has priority: one thing for one fighter, or pass.", "small",
                                       theme.TEXT_DIM)])
        movers = self._movers()
        w = (body.width - L.px(4)) // 2
        for i, cid in enumerate(movers):
            f = self.view.fighter(cid)
            rect = pygame.Rect(body.x + (i % 2) * (w + L.px(4)), y + (i // 2) * L.px(30), w, L.px(26))
            self._button("right", rect, f.name if f else cid, lambda c=cid: self._pick(c), "Show its options",
                         style="@option_chosen" if cid == actor else "@option")
        y += ((len(movers) + 1) // 2) * L.px(30) + L.px(6)
        mine = self._mine(actor)
        n = self.ctx.name
        if any(isinstance(a, act.Dash) for a in mine):
            f = self.view.fighter(actor) if actor else None
            y = self._text(y, [TextLine(f"Dash: click a blue square (speed {f.speed if f else '?'}).", "small",
                                        theme.ACCENT)])
        options: list[tuple[str, Action, str]] = []
        for a in mine:
            if isinstance(a, act.Engage):
                options.append((f"Engage {n(a.target)}", a, "Start an engagement: everyone in it picks a stance"))
            elif isinstance(a, act.Help):
                options.append((f"Help {n(a.ally)}", a, "Advantage on its next roll this round"))
            elif isinstance(a, act.UseAbility):
                options.append((f"{a.ability.replace('_', ' ').title()} on {n(a.target)}", a, "Use the ability"))
            elif isinstance(a, act.TreatWounds):
                options.append((f"Treat {n(a.target)}'s wounds", a, "A medicine check against every wound"))
        self._choices(y, options)
        self._primary("Pass", act.Pass(), "Do nothing more: priority goes to the other side (Space)")

    def _primary_warning(self) -> str | None:
        """Space on Pass while a fighter that could still do something has neither dashed nor acted this round."""
        decision = self.view.decision
        if not self.my_turn or decision is None or decision.kind != "priority":
            return None
        idle = [f.name for cid in self._movers() if (f := self.view.fighter(cid)) is not None
                and not f.moved and not f.acted]
        if not idle:
            return None
        who = idle[0] if len(idle) == 1 else f"{len(idle)} fighters"
        return f"Space again to pass with {who} yet to dash or act"

    def _pick(self, cid: str) -> None:
        self.selected = cid
        self._rebuild()

    def _build_join(self) -> None:
        y = self._text(None, [TextLine("An engagement has begun. Join it with more fighters (each spends its "
                                       "action), or let no more join.", "small", theme.TEXT_DIM)])
        self._choices(y, [(f"Join: {self.ctx.name(a.cid)}", a, "Spend its action to join")
                          for a in self.legal if isinstance(a, act.Join)])
        self._primary("Stay out", act.StayOut(), "No more of your fighters join for now (Space)")

    def _reach_lines(self, f: FighterView) -> list[TextLine]:
        """The enemies in the engagement and what the seat knows of their stances."""
        e = self.view.engagement
        lines = []
        for cid in e.participants if e is not None else ():
            other = self.view.fighter(cid)
            if other is None or other.side == f.side or other.square is None or f.square is None:
                continue
            reach = "in reach" if in_reach(self.view.battlefield, f, other) else "out of reach"
            lines.append(TextLine(f"{other.name}: {self._stance_text(other) or 'no stance'}, {reach}", "small",
                                  theme.TEXT))
        return lines

    def _build_stance(self) -> None:
        f = self.current
        assert f is not None
        lines = [TextLine("Pick a stance in secret", "heading", theme.ACCENT),
                 TextLine("Cunning beats agility, agility beats might, might beats cunning; all beat defensive.",
                          "small", theme.TEXT_DIM)]
        y = self._text(None, lines)
        options = [(f"{stance_word(s)} (d{getattr(f, s)})" if s != "defensive" else "Defensive", a,
                    STANCE_NOTES[s]) for s in STANCES
                   if (a := act.ChooseStance(f.cid, s)) in self.legal]
        y = self._choices(y, options)
        self._text(y, [TextLine("Enemies in the engagement", "small", theme.TEXT_DIM), *self._reach_lines(f)])

    def _build_declare(self) -> None:
        f = self.current
        assert f is not None
        lines = [TextLine(f"Your stance: {stance_word(f.stance)}", "heading",
                          STANCE_COLOURS.get(f.stance or "", theme.ACCENT)),
                 TextLine("Declare in secret what you do (a red ring marks whom you may attack).", "small",
                          theme.TEXT_DIM)]
        y = self._text(None, lines)
        # The options for one target sit under its name, so that each option's words are short enough to be read
        # whole: "Grapples Undead hound with one hand" was cut short in a narrow window.
        groups: dict[str | None, list[tuple[str, Action, str]]] = {}
        for a in self._mine(f.cid):
            groups.setdefault(getattr(a, "target", None), []).append(
                (declaration_choice(a), a, declaration_tip(a, f.stance, f.push)))
        for target, options in groups.items():
            if target is not None:
                y = self._text(y, [TextLine(self.ctx.name(target), "small", theme.ACCENT)])
            y = self._choices(y, options)

    def _build_sidestep(self) -> None:
        self._text(None, [TextLine("Free sidestep", "heading", theme.ACCENT),
                          TextLine("Click a blue square to step there, or stay put.", "small", theme.TEXT_DIM)])
        f = self.current
        assert f is not None
        self._primary("Stay put", act.StayPut(f.cid), "Do not sidestep (Space)")

    def _build_damage(self) -> None:
        f = self.current
        decision = self.view.decision
        assert f is not None and decision is not None
        amount = decision.amount or 0
        lines = [TextLine(f"{amount} damage", "heading", theme.BAD),
                 TextLine(f"{f.hit_points} hit points now.", "small", theme.TEXT_DIM)]
        y = self._text(None, lines)
        self._choices(y, damage_choices(f, amount))

    def _build_fall(self) -> None:
        f = self.current
        assert f is not None
        y = self._text(None, [TextLine(f"{f.hit_points} hit points", "heading", theme.BAD),
                              TextLine(f"At -{f.maximum} {f.name} dies.", "small", theme.TEXT_DIM)])
        self._choices(y, [("Keep fighting", act.KeepFighting(f.cid), "Stay awake for now"),
                          ("Go unconscious", act.GoUnconscious(f.cid), "Fall now and take no further part")])
