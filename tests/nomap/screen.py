"""Hand signs on the shared encounter screen: the table board in the middle, one button per sign on the right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.battlefield import Square
from game.ui import theme
from game.ui.encounter import EncounterScreen
from game.ui.encounter.board import TableScene
from game.ui.helptext import key_list
from game.ui.panels import Row, TextLine
from game.ui.tokens import TokenLook
from tests.core.sealed_mode import BEATS, ShowSign
from tests.nomap.view import Hand, HandsView

COLOURS = ((70, 130, 200), (200, 90, 70), (90, 170, 90), (190, 160, 60))


class HandsScreen(EncounterScreen):
    """The encounter screen reading a hand-signs view."""

    rules_title = "How hand signs play"
    rules = (("Signs", "Each player picks rock, paper or scissors in secret. The signs are shown together. "
                       "Rock beats scissors, scissors beat paper, paper beats rock. First to two points wins."),)
    keys = key_list(enter="nothing", space="nothing", undo="nothing", tabs=False, retreat=False, who="player")
    no_retreat = "Hand signs have no retreat"
    view: HandsView

    @property
    def current(self) -> Hand | None:
        """The player whose sign is awaited, if any."""
        pending = self.view.pending
        return next((h for h in self.view.members if pending is not None and h.cid == pending.cid), None)

    @property
    def my_turn(self) -> bool:
        """Whether a person at the screen chooses the awaited sign."""
        pending = self.session.pending_seat()
        return self.session.is_human(pending) and not self.match.over

    def _members(self, view: Any) -> tuple[Any, ...]:
        return tuple(view.members)

    def _follow_view(self) -> None:
        """Nothing is drawn on a map: there is none."""

    def _update_status(self) -> None:
        current = self.current
        if self.match.over:
            self.status = "The match is over"
        elif current is None:
            self.status = f"Round {self.view.round}"
        else:
            self.status = f"Round {self.view.round} \u00b7 {current.name} picks a sign"

    def _progress(self) -> int:
        return len(self.match.events)

    def _computer_done(self, mark: int) -> bool:
        return self._progress() > mark or self.match.over

    def click_square(self, square: Square) -> None:
        """A table has no squares."""

    def sign_words(self) -> str:
        """The seat's own sealed sign and the last signs revealed, as the right column says them."""
        own = f"Your sign: {self.view.own_sign}" if self.view.own_sign else "You have not picked a sign"
        shown = ", ".join(f"{seat} {sign}" for seat, sign in self.view.last_reveal)
        return own + (f". Last shown: {shown}" if shown else "")

    def _build_right(self) -> None:
        right, current = self.right, self.current
        right.look = None
        right.title = "The match is over" if self.match.over else (current.name if current else "Hand signs")
        right.subtitle = " \u00b7 ".join(f"{h.name} {h.points}" for h in self.view.members)
        if self.match.over:
            return
        body = self.layout.tab_body
        y = self._note(body, body.y, [TextLine(self.sign_words(), "small", theme.TEXT)])
        if not self.my_turn:
            self._go_button()
            return
        for sign in BEATS:
            action = ShowSign(sign)
            y = self._option(body, y, sign.title(), action, self._shower(action), f"Show {sign}")

    def _shower(self, action: ShowSign) -> Callable[[], None]:
        def show() -> None:
            self.act(action)
        return show

    def result_lines(self) -> list[TextLine]:
        outcome = self.match.outcome()
        if outcome is None:
            return []
        lines = self._result_head(outcome, {h.side for h in self.view.members if h.controlled})
        lines += [TextLine(f"{h.name}: {h.points} points", "small", theme.TEXT) for h in self.view.members]
        return lines

    def _make_look(self, c: Any) -> TokenLook:
        index = [h.cid for h in self.view.members].index(c.cid) if c.cid in [h.cid for h in self.view.members] else 0
        return TokenLook("hero", COLOURS[index % len(COLOURS)], c.name[:1])

    def _make_rows(self) -> list[Row]:
        return [Row(h.cid, h.name, self._look(h), "standing", 0, 0, 0, (), None, status=f"{h.points} points")
                for h in self.view.members]

    def scene(self) -> TableScene:
        return self.table_scene()

    def _make_info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        return None, [TextLine(self.sign_words(), "small", theme.TEXT)]
