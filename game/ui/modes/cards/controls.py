"""The cards screen's controls on the right: joining, the hand and its targets, Base Attack, aiming, rerolls."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.events import Action
from game.modes.cards.actions import (
    ChooseTarget,
    Declare,
    JoinFight,
    KeepDice,
    PlaceCard,
    Reroll,
    SealCards,
    StayOut,
)
from game.modes.cards.view import CardsView, FighterView
from game.ui import theme
from game.ui.encounter.table import TableScreen
from game.ui.modes.cards.odds import aim_words, percent, reroll_words, roll_succeeds
from game.ui.modes.cards.words import SKILL, card_does, card_line
from game.ui.panels import TextLine

Option = tuple[str, Action | None, str, Callable[[], None]]  # label, action (None: a step of the screen), tip, click
KIND_WORDS = {"join": "may join the fight", "place": "places cards face down", "declare": "declares its Base Attack",
              "target": "aims its action", "reroll": "may reroll for 2 Fame"}


class CardsControls(TableScreen):
    """The encounter screen's right column for the cards mode (the screen fills in the rest)."""

    view: CardsView
    picked: int | None = None  # the card of the hand picked, waiting for its target

    @property
    def current(self) -> FighterView | None:
        """The fighter the pending decision is about."""
        pending = self.view.pending
        return next((m for m in self.view.members if pending is not None and m.cid == pending.cid), None)

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen makes the pending decision."""
        pending = self.session.pending_seat()
        return self.session.is_human(pending) and not self.match.over

    def _drop_choice(self) -> None:
        self.picked = None

    def _body(self) -> pygame.Rect:
        return self.layout.tab_body

    def _text(self, y: int | None, lines: list[TextLine]) -> int:
        body = self._body()
        return self._note(body, body.y if y is None else y, lines)

    def _choices(self, y: int, options: Sequence[Option]) -> int:
        """Numbered options, all of them: the column scrolls when they do not fit."""
        body = self._body()
        for label, action, tooltip, callback in options:
            y = self._option(body, y, label, action, callback, tooltip)
        return y

    def _primary(self, label: str, action: Action, tooltip: str) -> None:
        self._button("right", self.layout.end_button, self._primary_label(label), lambda: self._do(action),
                     tooltip, style="@primary")
        self.primary = lambda: self._do(action)

    def _do(self, action: Action) -> None:
        self.picked = None
        self.act(action)

    def _doer(self, action: Action) -> Callable[[], None]:
        return lambda: self._do(action)

    def _build_right(self) -> None:
        right, view, current = self.right, self.view, self.current
        right.look = None
        if self.match.over:
            right.title, right.subtitle = "The fight is over", ""
            return
        pending = view.pending
        if pending is None or current is None:
            right.title, right.subtitle = f"Round {view.round}", ""
            return
        right.look = self._look(current)
        right.title = current.name
        right.subtitle = f"Grit {current.grit}/{current.max_grit} \u00b7 Fame {current.fame} \u00b7 " \
            + KIND_WORDS.get(pending.kind, pending.kind)
        if not self.my_turn:
            self._build_waiting()
            return
        {"join": self._build_join, "place": self._build_place, "declare": self._build_declare,
         "target": self._build_target, "reroll": self._build_reroll}[pending.kind](current)

    def _build_waiting(self) -> None:
        lines = [TextLine("The computer decides.", "small", theme.TEXT_DIM)]
        lines += self._computer_lines(None)
        lines.append(TextLine(self._go_hint(), "small", theme.TEXT_DIM, gap=12))
        self._text(None, lines)
        self._go_button()

    def _build_join(self, me: FighterView) -> None:
        y = self._text(None, [TextLine("Before the fight, each character may join it. One Worn gear applies.",
                                       "small", theme.TEXT_DIM)])
        options: list[Option] = []
        joins = [a for a in self.legal if isinstance(a, JoinFight)]
        for action in joins:
            worn = self.view.content.worn.get(action.worn)
            label = f"Join wearing {worn.name} (Block {worn.block})" if worn else "Join the fight"
            options.append((label, action, "Take part in the fight", self._doer(action)))
        options.append(("Stay out", StayOut(), "Take no part: affect nothing in the fight", self._doer(StayOut())))
        self._choices(y, options)
        if joins:
            self._primary("Join", joins[0], "Join the fight (Space)")

    def _build_place(self, me: FighterView) -> None:
        view = self.view
        placed = ", ".join(f"{view.content.card(c.card).name} at {self.ctx.name(t)}" for c, t in me.placed)
        lines = [TextLine(f"Face down: {placed}" if placed else "Place up to two cards face down.", "small",
                          theme.TEXT)]
        picked = next((c for c in me.hand if c.uid == self.picked), None)
        if picked is not None:
            lines.append(TextLine(card_line(view.content.card(picked.card)), "small", theme.TEXT_DIM))
            y = self._text(None, lines)
            options: list[Option] = []
            for action in self.legal:
                if isinstance(action, PlaceCard) and self._card_of(action) == picked.card:
                    target = view.member(action.target)
                    words = aim_words(view, me, picked.card, target)
                    options.append((f"{target.name}: {words}", PlaceCard(picked.uid, action.target),
                                    f"Place it face down, aimed at {target.name}", self._doer(
                                        PlaceCard(picked.uid, action.target))))
            options.append(("Back to the hand", None, "Pick another card", self._unpick))
            self._choices(y, options)
            return
        lines.append(TextLine("Number keys pick a card, then its target; Space when done.", "small", theme.TEXT_DIM))
        y = self._text(None, lines)
        playable = {self._card_of(a) for a in self.legal if isinstance(a, PlaceCard)}
        body, L = self._body(), self.layout
        for card_id in dict.fromkeys(c.card for c in me.hand):
            card = view.content.card(card_id)
            uid = next(c.uid for c in me.hand if c.card == card_id)
            copies = sum(c.card == card_id for c in me.hand)
            label = f"{card.name}{f' x{copies}' if copies > 1 else ''} \u00b7 P{card.priority}"
            if card_id not in playable:
                continue
            y = self._option(body, y, label, None, self._picker(uid), card_does(card)) - L.px(4)
            # What the card does, on one line under it (the tooltip and the sheet below the board say it whole).
            words = theme.shorten(card_does(card), L.font_px("small"), body.width - L.px(8))
            y = self._note(pygame.Rect(body.x + L.px(8), body.y, body.width - L.px(8), body.height), y,
                           [TextLine(words, "small", theme.TEXT_DIM)], gap=2)
        self._primary("Done" if me.placed else "Place nothing", SealCards(), "Done placing cards this round (Space)")

    def _card_of(self, action: PlaceCard) -> str:
        me = self.current
        return next((c.card for c in me.hand if c.uid == action.card), "") if me else ""

    def _picker(self, uid: int) -> Callable[[], None]:
        def pick() -> None:
            me = self.current
            targets = [a for a in self.legal if isinstance(a, PlaceCard) and a.card == uid]
            if len(targets) == 1 and me is not None and targets[0].target == me.cid:
                self._do(targets[0])  # a card only for its user: placed at once
                return
            self.picked = uid
            self._rebuild()
        return pick

    def _unpick(self) -> None:
        self.picked = None
        self._rebuild()

    def _build_declare(self, me: FighterView) -> None:
        view = self.view
        assert view.declaring is not None
        target = view.member(view.declaring[1])
        words = aim_words(view, me, "base_attack", target)
        holder = view.member(view.token).name if view.token else "nobody"
        y = self._text(None, [TextLine(f"Your Base Attack is face up. Attack {target.name}, or take the Priority "
                                       f"token (now {holder}'s) and act first in turn order.", "small", theme.TEXT)])
        self._choices(y, [(f"Attack {target.name}: {words}", Declare(False), "Put the attack on the track",
                           self._doer(Declare(False))),
                          ("Take the Priority token", Declare(True), "Take it now; the card is discarded",
                           self._doer(Declare(True)))])
        self._primary("Attack", Declare(False), "Attack (Space)")

    def _build_target(self, me: FighterView) -> None:
        view = self.view
        assert view.targeting is not None
        card_id = view.targeting[1]
        y = self._text(None, [TextLine(f"{me.name}'s table gave {card_line(view.content.card(card_id))}. "
                                       "Choose the character it is aimed at.", "small", theme.TEXT)])
        options: list[Option] = []
        for action in self.legal:
            if isinstance(action, ChooseTarget):
                target = view.member(action.target)
                options.append((f"{target.name}: {aim_words(view, me, card_id, target)}", action,
                                f"Aim it at {target.name}", self._doer(action)))
        self._choices(y, options)

    def _build_reroll(self, me: FighterView) -> None:
        view = self.view
        roll = view.roll
        assert roll is not None
        roller = view.member(roll.roller)
        what = "its action die" if roll.skill == "action" else f"{SKILL[roll.skill]} for " \
            f"{view.content.card(roll.card).name}"
        dice = ", ".join(f"{v}{'*' if done else ''}" for v, done in zip(roll.values, roll.rerolled, strict=True))
        stands = roll_succeeds(view, roll)
        verdict = "" if stands is None else (" \u2014 it succeeds as it stands" if stands else " \u2014 it fails as it "
                                                                                            "stands")
        lines = [TextLine(f"{roller.name} rolled {what}: {dice}{verdict}.", "small", theme.TEXT),
                 TextLine(f"Spend 2 of your {me.fame} Fame to reroll one die (* already rerolled)?", "small",
                          theme.TEXT_DIM)]
        y = self._text(None, lines)
        options: list[Option] = []
        for action in self.legal:
            if isinstance(action, Reroll):
                options.append((f"Reroll die {action.die + 1} ({roll.values[action.die]}): "
                                f"{reroll_words(view, roll, action.die)}", action, "Spend 2 Fame",
                                self._doer(action)))
        self._choices(y, options)
        self._primary("Keep the dice", KeepDice(), "Spend no Fame (Space)")


__all__ = ["CardsControls", "percent"]
