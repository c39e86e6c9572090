"""Hand signs with a seat view the screen reads: its members, whose decision it is, and the seat's own sign."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.mode import Outcome, Pending
from tests.core.sealed_mode import SealedSignsMode, SignsView


@dataclass(frozen=True)
class Hand:
    """One seat's player as a member of the match: no square, for the mode has no map."""

    cid: str
    name: str
    side: str
    controlled: bool
    points: int
    chosen: bool
    square: None = None
    state: str = "up"


@dataclass(frozen=True)
class HandsView(SignsView):
    """What one seat may know: the sealed-signs view and the seat view protocol (round, outcome, pending, members)."""

    round: int
    outcome: Outcome | None
    pending: Pending | None
    members: tuple[Hand, ...]


class HandsMode(SealedSignsMode):
    """The sealed-signs rules, seen through ``HandsView``."""

    name = "hand-signs"

    def view(self, seat: str) -> HandsView:
        """What the seat may know: who has chosen, never what, until the reveal."""
        own, chosen = self.choosing.known_to(seat)
        pending = self.pending_seat()
        members = tuple(Hand(s, s.title(), s, s == seat, self.scores[s], s in chosen) for s in self.seat_names)
        return HandsView(seat, own, chosen, tuple(self.scores.items()), self.last_reveal, self.rounds + 1,
                         self._outcome, Pending("sign", pending, pending, pending) if pending else None, members)
