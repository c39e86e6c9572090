"""The cards screen: the table board with the Priority track, the list of fighters, the hand, and the reveal."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.modes.cards.events import CardRevealed, RoundBegan
from game.modes.cards.view import FighterView
from game.ui import theme
from game.ui.animation import Cue
from game.ui.emblems import named_emblem
from game.ui.encounter.board import Board, TableMember
from game.ui.helptext import key_list
from game.ui.layout import Layout
from game.ui.modes.cards.board import CardsBoard, CardsScene, TableCards, TrackCard
from game.ui.modes.cards.controls import CardsControls
from game.ui.modes.cards.motion import Places, cues
from game.ui.modes.cards.sheet import sheet_lines
from game.ui.modes.cards.sounds import SOUNDS
from game.ui.modes.cards.words import AILMENT, SKILL, card_line
from game.ui.panels import Row, TextLine
from game.ui.sound import SoundTable
from game.ui.tokens import TokenLook

SIDE_COLOURS = ((86, 140, 230), (80, 190, 150), (220, 190, 80), (190, 120, 220), (230, 140, 90))
MONSTER_COLOUR = (200, 80, 70)
REVEAL_STEPS = 4  # each card turned face up shows this many animation steps before the next


class CardsScreen(CardsControls):
    """The encounter screen reading a cards view."""

    def sound_table(self) -> SoundTable:
        """What this mode's events sound like."""
        return SOUNDS

    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """Cards sliding to the table and the track, blows, Grit lost, and fighters leaving the fight."""
        board = self.board
        if not isinstance(board, CardsBoard):
            return []
        scene = self.scene()
        track: dict[tuple[str, str], tuple[float, float]] = {}
        for i, entry in enumerate(self.view.track):
            track.setdefault((entry.actor, entry.card), board.track_point(i))
        places = Places(board.anchors(scene), track, lambda cid, i: board.down_point(scene, cid, i))
        return cues(events, self.view.content, places, looks)

    rules_title = "How the cards mode plays"
    rules = (("Rounds", "Each character places up to two cards face down, in reverse turn order. Then they are "
                        "turned face up in reverse turn order; a Base Attack attacks or takes the Priority token. "
                        "Each monster rolls one die on its action table. Actions resolve from the highest Priority "
                        "down, ties in turn order."),
             ("Dice", "Roll d12s, as many as the Tier in the Skill; never add them. An attack must reach the "
                      "target's defense (3 + 2 x its Tier); each die of 8 or more adds 1 damage. Block reduces it; "
                      "the rest is Injury and lowers Grit. 0 Grit: out of the fight."),
             ("Fame", "After any roll, each character with Fame may spend 2 to reroll one die, in turn order from the "
                      "one after the roller. No die is rerolled twice."))
    keys = key_list(enter="nothing", space="Done placing, Keep the dice, Join, Attack or Go", undo="take back a card "
                    "placed or a join, while nothing was rolled or revealed", tabs=False, retreat=False, who="fighter")
    no_retreat = "The cards mode has no retreat"
    everyone_tip = "Every side's fighters and the cards once turned face up; no hand"

    def _make_board(self, layout: Layout) -> Board[Any]:
        self.reveals: list[tuple[str, str]] = []
        self.reveal_from = 0
        return CardsBoard(layout.map, layout.scale)

    # -- the reveal, card by card ------------------------------------------------------------------
    def _reveal_ms(self) -> int:
        return max(0, self.app.settings.step_ms) * REVEAL_STEPS

    def revealed_now(self, now: int | None = None) -> list[tuple[str, str]]:
        """The cards of this round's reveal turned up by now: one more each few steps of the animation."""
        step = self._reveal_ms()
        if step == 0 or not self.reveals:
            return list(self.reveals)
        now = pygame.time.get_ticks() if now is None else now
        return self.reveals[:max(1, min(len(self.reveals), 1 + (now - self.reveal_from) // step))]

    def revealing(self, now: int) -> bool:
        """Whether cards of the reveal are still to be turned up on the board."""
        return len(self.revealed_now(now)) < len(self.reveals)

    def busy(self) -> bool:
        """Busy while the reveal is shown card by card, as while animating."""
        return super().busy() or (self.replay is None and self.revealing(pygame.time.get_ticks()))

    def update(self, now: int) -> bool:
        """The reveal turns a card up now and then: the screen is drawn again while it does."""
        return super().update(now) or self.revealing(now) or self.revealing(now - self._reveal_ms())

    def _run_computer(self) -> bool:
        if self.revealing(pygame.time.get_ticks()):
            return False  # the computer waits for the reveal to be shown
        return super()._run_computer()

    def _after_action(self, action: Action, events: list[Event], starts: dict[str, Any]) -> None:
        for event in events:
            if isinstance(event, RoundBegan):
                self.reveals = []
            elif isinstance(event, CardRevealed):
                if not self.reveals or not self.revealing(pygame.time.get_ticks()):
                    self.reveal_from = pygame.time.get_ticks() - self._reveal_ms() * len(self.revealed_now())
                self.reveals.append((self.ctx.name(event.cid), self.view.content.card(event.card).name))
        super()._after_action(action, events, starts)

    # -- what the frame asks of a mode's screen -----------------------------------------------------
    def _members(self, view: Any) -> tuple[Any, ...]:
        return tuple(view.members)

    def _follow_view(self) -> None:
        """A card picked goes when the decision is no longer placing; a screen opened mid-round shows its reveal."""
        pending = self.view.pending
        if pending is None or pending.kind != "place":
            self.picked = None
        if not self.reveals or self.replay is not None:  # a replay steps through the save: read it from the log
            self.reveals = self._round_reveals()

    def _round_reveals(self) -> list[tuple[str, str]]:
        """The cards turned face up so far this round (public events), as a screen opened now shows them at once."""
        shown: list[tuple[str, str]] = []
        for event in reversed(self.match.events):
            if isinstance(event, RoundBegan):
                break
            if isinstance(event, CardRevealed):
                shown.append((self.ctx.name(event.cid), self.view.content.card(event.card).name))
        return shown[::-1]

    def _update_status(self) -> None:
        current, pending = self.current, self.view.pending
        if self.match.over:
            self.status = "The fight is over"
        elif pending is None or current is None:
            self.status = f"Round {self.view.round}"
        else:
            who = "you" if self.my_turn else "computer"
            words = {"join": "may join", "place": "places cards", "declare": "declares its Base Attack",
                     "target": "aims its action", "reroll": "may reroll"}.get(pending.kind, pending.kind)
            self.status = f"Round {max(1, self.view.round)} \u00b7 {current.name} {words} ({who})"

    def _progress(self) -> int:
        return len(self.match.events)

    def _computer_done(self, mark: int) -> bool:
        return self.match.over

    def click_square(self, square: Square) -> None:
        """A table has no squares."""

    def result_lines(self) -> list[TextLine]:
        """Who won, after how many rounds, and each fighter's Grit."""
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {m.side for m in self.view.members if m.controlled})
        for side in self.session.side_names():
            lines.append(TextLine(side.title(), "heading", theme.ACCENT, gap=10))
            for m in self.view.members:
                if m.side == side:
                    fate = {"recalled": "Recalled", "defeated": "defeated", "stayed out": "stayed out"}.get(
                        m.gone, f"Grit {m.grit}/{m.max_grit}")
                    lines.append(TextLine(f"{m.name}: {fate}", "small", theme.BAD if m.grit == 0 else theme.TEXT))
        return lines

    def _make_look(self, c: Any) -> TokenLook:
        members = [m for m in self.view.members if m.character]
        # What it is, from its name (the cards mode's data name no weapons): a knight's sword, a rat's paw.
        emblem = named_emblem(c.name, ())
        if c.character:
            index = [m.cid for m in members].index(c.cid) if c.cid in [m.cid for m in members] else 0
            return TokenLook("hero", SIDE_COLOURS[index % len(SIDE_COLOURS)], c.name[:1],
                             state="standing" if c.present or not c.gone else "dead", emblem=emblem)
        return TokenLook("monster", MONSTER_COLOUR, c.name[:1], state="standing" if c.present else "dead",
                         emblem=emblem)

    def _conditions(self, m: FighterView) -> tuple[str, ...]:
        ailments = tuple(f"{AILMENT[name]} {amount}" for name, amount, _r in m.ailments)
        effects = tuple(f"Block {e.amount}" if e.kind == "block" else f"+{e.amount} rolls" if e.kind == "bonus"
                        else e.kind.title() for e in m.effects)
        return ailments + effects

    def _make_rows(self) -> list[Row]:
        order = list(self.view.order)
        rows = []
        for m in self.view.members:
            token = " \u00b7 Priority token" if m.cid == self.view.token else ""
            status = f"Grit {m.grit}/{m.max_grit} \u00b7 Fame {m.fame}{token}" if m.present else m.state.title()
            # Not yet joined is no harm done: only one who left the fight is drawn as out of it.
            state = "standing" if m.present else "waiting" if m.state == "waiting" else "dead"
            rows.append(Row(m.cid, m.name, self._look(m), state, 0, 0, 0,
                            self._conditions(m), order.index(m.cid) if m.cid in order else None, status=status))
        return rows

    def scene(self) -> CardsScene:
        """The table: the track, the reveal so far, and each fighter's cards and words."""
        view, current = self.view, self.current
        members = []
        tables = {}
        for m in view.members:
            words = f"Grit {m.grit}/{m.max_grit} \u00b7 Fame {m.fame}" if m.present else m.state.title()
            if m.ailments or m.effects:
                words += " \u00b7 " + ", ".join(self._conditions(m))
            members.append(TableMember(m.cid, m.name, m.side, self._look(m), words,
                                       current is not None and m.cid == current.cid, m.cid == self.selected))
            tables[m.cid] = TableCards(m.face_down, tuple(view.content.card(c).name for c in m.faceup))
        names = {m.cid: m.name for m in view.members}
        track = [TrackCard(t.priority, names.get(t.actor, t.actor), view.content.card(t.card).name,
                           names.get(t.target, t.target)) for t in view.track]
        return self.moving(CardsScene(self.status, members, track=track, revealed=self.revealed_now(), tables=tables,
                                      token=view.token or ""))

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The selected fighter (else the one deciding): its Tiers and numbers, and its hand if it is the seat's."""
        who = self._member(self.selected) if self.selected else self.current
        if who is None:
            return None, []
        tiers = ", ".join(f"{SKILL[s]} {who.tiers.of(s)}" for s in ("might", "finesse", "wit", "spirit"))
        worn = f" \u00b7 {self.view.content.worn[who.worn].name} (Block {who.worn_block})" if who.worn else ""
        lines = [TextLine(f"{who.name}: {tiers}{worn}", "body", theme.TEXT)]
        if who.character and who.controlled:
            lines.append(TextLine(f"Hand {who.hand_size} \u00b7 face down {who.face_down} \u00b7 discards "
                                  f"{who.discards}", "small", theme.TEXT_DIM))
        for card in dict.fromkeys(c.card for c in who.hand):
            lines.append(TextLine(card_line(self.view.content.card(card)), "small", theme.TEXT))
        if not who.controlled:  # an enemy's (or another seat's) sheet: what every seat may know of it
            lines += sheet_lines(self.view.content, who)
        return self._look(who), lines
