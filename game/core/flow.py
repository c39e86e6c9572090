"""Turn structures the rule texts share, as plain data: a mode keeps them in its state and asks them who acts.

- ``DecisionQueue``: the decisions a match waits for, first in line first.
- Sealed simultaneous choices: ``game.core.secret.SealedChoices``.
- ``RevealInOrder``: sealed choices turned up one seat at a time in a set order, a seat deciding at its
  reveal when the mode asks it to (text 000: cards are turned face-up in reverse turn order, and a Base
  Attack declares as it is revealed whether it attacks or takes the Priority token).
- ``ResponseWindow``: after a roll, seats answer in turn order from the one after the roller until all of
  them in sequence pass (text 000: Fame rerolls "until all characters in sequence choose not to"; text 004:
  sparks after a die is presented, counters by a higher die).
- ``ActionTrack``: queued actions taken off in order of rank, ties in turn order (text 000's Priority track,
  highest first; text 002's seven steps of a round, first step first).

Nothing here rolls dice or reads the clock; each part is a dataclass that ``copy.deepcopy`` snapshots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from game.core.secret import SealedChoices

T = TypeVar("T")
K = TypeVar("K")


class FlowError(ValueError):
    """A turn structure was asked for something out of its order."""


def reverse_order(order: Sequence[str]) -> tuple[str, ...]:
    """The seats in reverse of the given (turn) order."""
    return tuple(reversed(order))


def order_after(order: Sequence[str], seat: str) -> tuple[str, ...]:
    """Every seat of ``order`` once, starting with the one after ``seat`` and ending with ``seat``."""
    if seat not in order:
        raise FlowError(f"{seat} is not in the order {', '.join(order)}")
    at = list(order).index(seat)
    return tuple(order[at + 1:]) + tuple(order[:at + 1])


# -- a queue of pending decisions ---------------------------------------------------------------


@dataclass(frozen=True)
class Pending(Generic[K]):
    """One decision the match waits for: whose it is, of what kind, and what it is about (if anything)."""

    seat: str
    kind: K
    subject: str | None = None


@dataclass
class DecisionQueue(Generic[K]):
    """The decisions waiting, in the order they are to be made; an interruption goes to the front."""

    waiting: list[Pending[K]] = field(default_factory=list)

    @property
    def current(self) -> Pending[K] | None:
        """The decision the match waits for now, or None."""
        return self.waiting[0] if self.waiting else None

    def pending_seat(self) -> str | None:
        """Whose decision the match waits for now."""
        return self.waiting[0].seat if self.waiting else None

    def add(self, *decisions: Pending[K]) -> None:
        """Queue decisions after every one already waiting."""
        self.waiting.extend(decisions)

    def interrupt(self, *decisions: Pending[K]) -> None:
        """Queue decisions before every one already waiting (a response that must come first), in the given order."""
        self.waiting[:0] = decisions

    def check(self, seat: str, kind: K) -> str | None:
        """Why the seat may not make a decision of this kind now, or None."""
        now = self.current
        if now is None:
            return "no decision is awaited"
        if now.seat != seat:
            return f"the decision awaited is {now.seat}'s"
        if now.kind != kind:
            return f"the decision awaited is {now.kind}"
        return None

    def resolve(self, seat: str, kind: K) -> Pending[K]:
        """Take the current decision off the queue once the seat has made it."""
        reason = self.check(seat, kind)
        if reason is not None:
            raise FlowError(reason)
        return self.waiting.pop(0)

    def withdraw(self, seat: str) -> list[Pending[K]]:
        """Drop every decision of a seat that left (returned in their order)."""
        gone = [d for d in self.waiting if d.seat == seat]
        self.waiting = [d for d in self.waiting if d.seat != seat]
        return gone

    def __len__(self) -> int:
        return len(self.waiting)


# -- reveal in a set order, with a decision at a reveal ---------------------------------------------


@dataclass
class RevealInOrder(Generic[T, K]):
    """Sealed choices turned up one seat at a time; a reveal may wait for its seat's decision before the next."""

    order: tuple[str, ...]
    sealed: dict[str, T]
    revealed: list[str] = field(default_factory=list)
    decisions: dict[str, K] = field(default_factory=dict)
    awaiting: str | None = None  # the seat whose decision at its reveal is awaited

    @classmethod
    def of(cls, sealed: SealedChoices[T], order: Sequence[str]) -> RevealInOrder[T, K]:
        """Reveal, in ``order``, the choices every seat of ``sealed`` has sealed; each seat once."""
        if not sealed.complete:
            raise FlowError(f"still waiting for {sealed.next_seat()} to choose")
        if sorted(order) != sorted(sealed.seats):
            raise FlowError("the reveal order must name each seat that chose, once")
        choices: dict[str, T] = {}
        for seat in order:
            own = sealed.known_to(seat)[0]
            assert own is not None  # complete: every seat has chosen
            choices[seat] = own
        return cls(tuple(order), choices)

    def next_seat(self) -> str | None:
        """Whose turn it is: to decide at its reveal, else to reveal; None once all are revealed and decided."""
        if self.awaiting is not None:
            return self.awaiting
        return self.order[len(self.revealed)] if len(self.revealed) < len(self.order) else None

    @property
    def complete(self) -> bool:
        """Whether every choice is turned up and every decision asked for is made."""
        return self.next_seat() is None

    def reveal(self) -> tuple[str, T]:
        """Turn up the next seat's choice, which every seat may know from now on."""
        if self.awaiting is not None:
            raise FlowError(f"{self.awaiting} must decide before the next reveal")
        seat = self.next_seat()
        if seat is None:
            raise FlowError("every choice has been revealed")
        self.revealed.append(seat)
        return seat, self.sealed[seat]

    def ask(self, seat: str) -> None:
        """Make the seat just revealed decide (what its revealed choice asks of it) before the next reveal."""
        if not self.revealed or self.revealed[-1] != seat or self.awaiting is not None or seat in self.decisions:
            raise FlowError(f"{seat} was not the last to reveal, so cannot be asked to decide now")
        self.awaiting = seat

    def decide(self, seat: str, decision: K) -> None:
        """Record the decision the seat made at its reveal."""
        if self.awaiting != seat:
            raise FlowError(f"{seat} has no decision to make at a reveal now")
        self.decisions[seat] = decision
        self.awaiting = None

    def shown(self) -> dict[str, T]:
        """The choices turned up so far, which every seat may know."""
        return {seat: self.sealed[seat] for seat in self.revealed}


# -- a response window after a roll ---------------------------------------------------------------


@dataclass
class ResponseWindow(Generic[T]):
    """Seats answer in turn, round and round, until every one of them in a row has passed (or it is closed)."""

    order: tuple[str, ...]
    at: int = 0
    passes: int = 0  # passes in a row since the last answer
    closed: bool = False
    answers: list[tuple[str, T]] = field(default_factory=list)

    @classmethod
    def after(cls, turn_order: Sequence[str], roller: str, roller_answers: bool = True) -> ResponseWindow[T]:
        """A window opened by ``roller``'s roll: answers start with the seat after it in turn order.

        The roller answers last in each pass round when ``roller_answers`` (text 000: "each character,
        beginning with the one in turn order after the roller"); otherwise only the others answer.
        """
        order = order_after(turn_order, roller)
        responders = order if roller_answers else order[:-1]
        return cls(responders, closed=not responders)

    def next_seat(self) -> str | None:
        """Whose answer is awaited, or None once the window has closed."""
        return None if self.closed else self.order[self.at]

    def _check(self, seat: str) -> None:
        expected = self.next_seat()
        if expected is None:
            raise FlowError("the window for answers has closed")
        if seat != expected:
            raise FlowError(f"it is {expected}'s turn to answer")

    def answer(self, seat: str, response: T) -> None:
        """The seat answers (a reroll, a spark, a counter): everyone gets another turn after it."""
        self._check(seat)
        self.answers.append((seat, response))
        self.passes = 0
        self.at = (self.at + 1) % len(self.order)

    def pass_turn(self, seat: str) -> None:
        """The seat lets its turn go; once every seat in a row has, the window closes."""
        self._check(seat)
        self.passes += 1
        self.at = (self.at + 1) % len(self.order)
        if self.passes >= len(self.order):
            self.closed = True

    def close(self) -> None:
        """Close the window early (text 000: once all the dice have been rerolled)."""
        self.closed = True


# -- an ordered track of queued actions -----------------------------------------------------------


@dataclass(frozen=True)
class Queued(Generic[T]):
    """An action on the track: its rank (a Priority, a step), who takes it, and the order it was placed in."""

    rank: int
    actor: str
    action: T
    placed: int


@dataclass
class ActionTrack(Generic[T]):
    """Actions queued at ranks and taken off best rank first; equal ranks go in turn order, then as placed.

    ``highest_first`` for a Priority track (text 000: "remove the highest number token"); otherwise the
    lowest rank goes first, as the numbered steps of a round do. ``steps`` names the ranks 0, 1, 2, ...
    """

    highest_first: bool = True
    steps: tuple[str, ...] = ()
    queued: list[Queued[T]] = field(default_factory=list)
    placed: int = 0

    def queue(self, rank: int, actor: str, action: T) -> Queued[T]:
        """Place an action on the track at a rank."""
        entry = Queued(rank, actor, action, self.placed)
        self.placed += 1
        self.queued.append(entry)
        return entry

    def queue_at(self, step: str, actor: str, action: T) -> Queued[T]:
        """Place an action at a named step of the round."""
        if step not in self.steps:
            raise FlowError(f"no step {step!r}; the steps are {', '.join(self.steps)}")
        return self.queue(self.steps.index(step), actor, action)

    def _key(self, entry: Queued[T], turn_order: Sequence[str] | None) -> tuple[int, int, int]:
        rank = -entry.rank if self.highest_first else entry.rank
        if turn_order is None:
            return rank, 0, entry.placed
        if entry.actor not in turn_order:
            raise FlowError(f"{entry.actor} has an action on the track but no place in the turn order")
        return rank, list(turn_order).index(entry.actor), entry.placed

    def peek(self, turn_order: Sequence[str] | None = None) -> Queued[T] | None:
        """The action that comes next in the given turn order (which may have changed since it was placed).

        Without a turn order, equal ranks go as placed (steps that every actor takes together).
        """
        if not self.queued:
            return None
        return min(self.queued, key=lambda e: self._key(e, turn_order))

    def pop(self, turn_order: Sequence[str] | None = None) -> Queued[T]:
        """Take the next action off the track."""
        entry = self.peek(turn_order)
        if entry is None:
            raise FlowError("the track is empty")
        self.queued.remove(entry)
        return entry

    def withdraw(self, actor: str) -> list[Queued[T]]:
        """Take every action of an actor off the track (one that left the fight), in the order placed."""
        gone = [e for e in self.queued if e.actor == actor]
        self.queued = [e for e in self.queued if e.actor != actor]
        return gone

    def step_name(self, entry: Queued[T]) -> str:
        """The name of the step an action was queued at."""
        return self.steps[entry.rank]

    def __len__(self) -> int:
        return len(self.queued)
