"""A small test-only mode with simultaneous secret choices: hand signs, best of three rounds.

Every seat picks rock, paper or scissors in secret; when all are in, the signs are revealed
together and each seat scores one point per sign it beats. The first to two points wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.dice import Dice
from game.core.events import Action, Event
from game.core.mode import MatchSetup, ModeBase, Outcome, register_mode
from game.core.privacy import Privacy
from game.core.secret import SealedChoices

BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


@dataclass(frozen=True)
class ShowSign(Action):
    """Choose a sign in secret."""

    secret: ClassVar[bool] = True

    sign: str


@dataclass(frozen=True)
class RoundScored(Event):
    """The revealed signs were scored."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    ends_turn: ClassVar[bool] = True  # a round of choosing is over: autosaves are written, screenshots count it
    points: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SignsView:
    """What one seat may know."""

    seat: str
    own_sign: str | None
    chosen: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]
    last_reveal: tuple[tuple[str, str], ...]


class SealedSignsMode(ModeBase):
    """Hand signs for any number of seats, chosen simultaneously through SealedChoices."""

    name = "sealed-signs"

    def __init__(self, setup: MatchSetup, dice: Dice) -> None:
        self.seat_names = tuple(s.name for s in setup.seats)
        self.scores = {s: 0 for s in self.seat_names}
        self.choosing: SealedChoices[str] = SealedChoices(self.seat_names)
        self.last_reveal: tuple[tuple[str, str], ...] = ()
        self._outcome: Outcome | None = None
        self.rounds = 0

    def start(self) -> list[Event]:
        return []

    def pending_seat(self) -> str | None:
        return None if self._outcome else self.choosing.next_seat()

    def legal_actions(self, seat: str) -> list[Action]:
        return [ShowSign(s) for s in BEATS] if self.pending_seat() == seat else []

    def check(self, action: Action, seat: str) -> str | None:
        if not isinstance(action, ShowSign) or action.sign not in BEATS:
            return "show rock, paper or scissors"
        return self.choosing.check(seat) or (None if self.pending_seat() == seat else "not your turn to choose")

    def apply(self, action: Action, seat: str) -> list[Event]:
        assert isinstance(action, ShowSign)
        events: list[Event] = [self.choosing.seal(seat, action.sign)]
        if not self.choosing.complete:
            return events
        signs, revealed = self.choosing.reveal()
        events.append(revealed)
        self.rounds += 1
        points = {s: sum(BEATS[signs[s]] == signs[o] for o in signs if o != s) for s in signs}
        for s, p in points.items():
            self.scores[s] += p
        events.append(RoundScored(tuple(points.items())))
        self.last_reveal = tuple(signs.items())
        winners = [s for s, total in self.scores.items() if total >= 2]
        if winners:
            self._outcome = Outcome(winners[0] if len(winners) == 1 else None, "two points", self.rounds)
        else:
            self.choosing = SealedChoices(self.seat_names)
        return events

    def outcome(self) -> Outcome | None:
        return self._outcome

    def view(self, seat: str) -> SignsView:
        own, chosen = self.choosing.known_to(seat)
        return SignsView(seat, own, chosen, tuple(self.scores.items()), self.last_reveal)

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        return ShowSign(data["sign"])


register_mode("sealed-signs", SealedSignsMode)
