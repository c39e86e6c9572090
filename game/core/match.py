"""A match: one mode, one seeded dice object, the seats, and the logs of actions and events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.dice import Dice, SeededDice
from game.core.errors import IllegalAction
from game.core.events import Action, Event
from game.core.mode import MatchSetup, Mode, Outcome, Seat, make_mode
from game.core.seats import not_deciding
from game.core.snapshot import ModeSnapshot, SnapshotMismatch, restore_mode, snapshot_mode


@dataclass(frozen=True)
class MatchSnapshot:
    """A match as it was: its mode (with its world and dice) and how long its logs were."""

    mode: ModeSnapshot
    actions: int
    events: int
    undo_blocks: int


@dataclass
class Match:
    """Runs a mode: checks who may act, applies actions and keeps both logs for replays."""

    setup: MatchSetup
    seed: int
    dice: Dice | None = None
    # Whether an action that may be taken back keeps a snapshot for undo; off while a save is replayed, where
    # copying the match before every move would only slow it down (undo then replays, as it did before).
    snapshots: bool = True
    mode: Mode = field(init=False)
    actions: list[tuple[str, Action]] = field(init=False, default_factory=list)
    events: list[Event] = field(init=False, default_factory=list)
    # For each action, why it may not be taken back (None: it may be), as the mode judged it.
    undo_blocks: list[str | None] = field(init=False, default_factory=list)
    replayable: bool = field(init=False, default=True)
    # Snapshots taken before each of the last actions that may be taken back (undo puts them back), oldest
    # first: only the run of such actions since the last that may not, so there is one per step undo can take.
    _before: list[MatchSnapshot] = field(init=False, default_factory=list, repr=False)

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
        # A snapshot only for an action of a kind that may be taken back at all: one the mode would let go
        # even if it rolled nothing and revealed nothing (a move); the others cannot be undone anyway.
        kind_undoable = (self.snapshots and undoable and person and self.replayable
                         and self.mode.undo_block(action, [], before, before) is None)
        snapshot = self.snapshot() if kind_undoable else None
        new = self.mode.apply(action, seat)
        self.actions.append((seat, action))
        self.events.extend(new)
        if not undoable:
            self.undo_blocks.append("this mode cannot take actions back")
        elif not person:
            self.undo_blocks.append("the computer's moves cannot be taken back")
        else:
            self.undo_blocks.append(self.mode.undo_block(action, new, before, self.mode.view(seat)))
        if snapshot is not None and self.undo_blocks[-1] is None:
            self._before.append(snapshot)
        else:
            self._before.clear()  # undo stops at this action: no earlier snapshot can be reached
        return new

    def snapshot(self) -> MatchSnapshot:
        """The match as it is now, to be put back with ``restore`` (its dice must be able to give their state)."""
        assert self.dice is not None
        return MatchSnapshot(snapshot_mode(self.mode, self.dice), len(self.actions), len(self.events),
                             len(self.undo_blocks))

    def restore(self, snapshot: MatchSnapshot) -> None:
        """Put the match back as the snapshot took it, its logs cut back to their length then.

        Raises SnapshotMismatch, changing nothing, when the mode's world gained or lost entities or
        components since: esper's order of them could not be put back exactly.
        """
        assert self.dice is not None
        restore_mode(self.mode, self.dice, snapshot.mode)
        del self.actions[snapshot.actions:]
        del self.events[snapshot.events:]
        del self.undo_blocks[snapshot.undo_blocks:]

    def _seat(self, name: str) -> Seat:
        for seat in self.setup.seats:
            if seat.name == name:
                return seat
        return Seat(name, ())

    def undo_reason(self, seat: str | None = None) -> str | None:
        """Why the last action cannot be taken back now, or None when it can.

        By default the pending seat takes back its own last action; a person's ``seat`` may also take back
        its action that passed the decision to the computer, as long as the computer has not acted since.
        """
        if not self.actions:
            return "nothing to take back"
        if self.over:
            return "the match has ended"
        pending = self.pending_seat()
        mine = seat is not None and seat != pending and self._seat(pending or "").computer \
            and not self._seat(seat).computer
        if self.actions[-1][0] != (seat if mine else pending):
            return "the last action was another seat's"
        if not self.replayable:
            return "this match's dice were given to it, so it cannot be replayed from its seed"
        return self.undo_blocks[-1]

    def undo(self, seat: str | None = None) -> None:
        """Take back the last action: the match is put back as it was just before it.

        Only what the mode allows may be taken back (in the grid mode: movement of the current
        turn that rolled no die and revealed nothing); IllegalAction says why otherwise. The snapshot
        taken before the action is put back; where there is none, or the world changed shape since it
        (entities or components added or removed), the match is replayed without the action from its
        seed, which comes to the same.
        """
        reason = self.undo_reason(seat)
        if reason is not None:
            raise IllegalAction(reason)
        if self._before:
            snapshot = self._before.pop()
            try:
                self.restore(snapshot)
                return
            except SnapshotMismatch:
                self._before.clear()
        self._replay_without_last()

    def _replay_without_last(self) -> None:
        """Replay the match from its seed without its last action."""
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
    match = Match(setup, seed, snapshots=False)
    for seat, action in actions:
        match.apply(action, seat)
    match.snapshots = True
    return match
