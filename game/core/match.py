"""A match: one mode, one seeded dice object, the seats, and the logs of actions and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.dice import Dice, SeededDice
from game.core.errors import IllegalAction
from game.core.events import Action, Event
from game.core.mode import MatchSetup, Mode, Outcome, make_mode


@dataclass
class Match:
    """Runs a mode: checks who may act, applies actions and keeps both logs for replays."""

    setup: MatchSetup
    seed: int
    dice: Dice | None = None
    mode: Mode = field(init=False)
    actions: list[tuple[str, Action]] = field(init=False, default_factory=list)
    events: list[Event] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if self.dice is None:
            self.dice = SeededDice(self.seed)
        self.mode = make_mode(self.setup, self.dice)
        self.events.extend(self.mode.start())

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.mode.outcome() is not None

    def pending_seat(self) -> str | None:
        """The seat whose decision is awaited, or None once the match has ended."""
        return self.mode.pending_seat()

    def legal_actions(self, seat: str | None = None) -> list[Action]:
        """The actions the pending seat (or the given one) may take now."""
        seat = seat if seat is not None else self.pending_seat()
        return [] if seat is None else self.mode.legal_actions(seat)

    def apply(self, action: Action, seat: str | None = None) -> list[Event]:
        """Apply one action for a seat (the pending one by default) and return its events.

        Raises IllegalAction with the rules' reason, changing nothing, when it may not be taken.
        """
        pending = self.pending_seat()
        seat = pending if seat is None else seat
        if pending is None:
            raise IllegalAction("the match has ended")
        if seat != pending:
            raise IllegalAction(f"it is not {seat}'s decision but {pending}'s")
        reason = self.mode.check(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        new = self.mode.apply(action, seat)
        self.actions.append((seat, action))
        self.events.extend(new)
        return new

    def outcome(self) -> Outcome | None:
        """The result once the match has ended."""
        return self.mode.outcome()

    def view(self, seat: str) -> Any:
        """What one seat may know now."""
        return self.mode.view(seat)

    def event_log(self) -> list[dict[str, Any]]:
        """The event log as plain data."""
        return [e.to_dict() for e in self.events]


def replay(setup: MatchSetup, seed: int, actions: list[tuple[str, Action]]) -> Match:
    """Play the same actions again from the same seed; the event log comes out identical."""
    match = Match(setup, seed)
    for seat, action in actions:
        match.apply(action, seat)
    return match
