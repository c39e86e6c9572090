"""A match: one mode, one seeded dice object, the seats, and the logs of actions and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.dice import Dice, SeededDice
from game.core.errors import IllegalAction
from game.core.events import Action, Event
from game.core.mode import MatchSetup, Mode, Outcome, Seat, make_mode
from game.core.seats import not_deciding


@dataclass
class Match:
    """Runs a mode: checks who may act, applies actions and keeps both logs for replays."""

    setup: MatchSetup
    seed: int
    dice: Dice | None = None
    mode: Mode = field(init=False)
    actions: list[tuple[str, Action]] = field(init=False, default_factory=list)
    events: list[Event] = field(init=False, default_factory=list)
    # For each action, why it may not be taken back (None: it may be), as the mode judged it.
    undo_blocks: list[str | None] = field(init=False, default_factory=list)
    replayable: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        # Undo replays the match from its seed, which gives the same rolls only with the match's own dice.
        self.replayable = self.dice is None
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
        if pending is None:
            raise IllegalAction("the match has ended")
        seat = pending if seat is None else seat
        if seat != pending:
            raise IllegalAction(f"{not_deciding(seat)}, but for {pending}")
        reason = self.mode.check(action, seat)
        if reason is not None:
            raise IllegalAction(reason)
        undoable = self.mode.undoable
        person = not self._seat(seat).computer
        before = self.mode.view(seat) if undoable and person else None
        new = self.mode.apply(action, seat)
        self.actions.append((seat, action))
        self.events.extend(new)
        if not undoable:
            self.undo_blocks.append("this mode cannot take actions back")
        elif not person:
            self.undo_blocks.append("the computer's moves cannot be taken back")
        else:
            self.undo_blocks.append(self.mode.undo_block(action, new, before, self.mode.view(seat)))
        return new

    def _seat(self, name: str) -> Seat:
        for seat in self.setup.seats:
            if seat.name == name:
                return seat
        return Seat(name, ())

    def undo_reason(self) -> str | None:
        """Why the last action cannot be taken back now, or None when it can."""
        if not self.actions:
            return "nothing to take back"
        if self.over:
            return "the match has ended"
        if self.actions[-1][0] != self.pending_seat():
            return "the last action was another seat's"
        if not self.replayable:
            return "this match's dice were given to it, so it cannot be replayed from its seed"
        return self.undo_blocks[-1]

    def undo(self) -> None:
        """Take back the last action: the match is replayed without it from the seed.

        Only what the mode allows may be taken back (in the grid mode: movement of the current
        turn that rolled no die and revealed nothing); IllegalAction says why otherwise.
        """
        reason = self.undo_reason()
        if reason is not None:
            raise IllegalAction(reason)
        kept_actions, kept_blocks = self.actions[:-1], self.undo_blocks[:-1]
        self.mode.close()
        self.dice = SeededDice(self.seed)
        self.mode = make_mode(self.setup, self.dice)
        self.events = list(self.mode.start())
        self.actions = []
        for seat, action in kept_actions:
            self.events.extend(self.mode.apply(action, seat))
            self.actions.append((seat, action))
        self.undo_blocks = kept_blocks

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
