"""Simultaneous secret choices: every seat chooses in turn, nobody sees another's choice until all are in.

Cards (text 000), stances (text 001) and presented dice (text 004) are chosen this way. A mode
keeps one ``SealedChoices`` per round of choosing: it asks ``next_seat()`` who chooses next,
``seal()``s each choice as it comes (the public event names the seat, never the choice),
and when ``complete`` it ``reveal()``s them all at once. ``known_to(seat)`` is what a view may
show: that seat's own choice and which seats have chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from game.core.events import Event
from game.core.privacy import Privacy

T = TypeVar("T")


@dataclass(frozen=True)
class ChoiceSealed(Event):
    """A seat made its secret choice; what it chose stays sealed until the reveal."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    seat: str
    waiting_for: tuple[str, ...]
    # What was sealed, for the words of the log only (a field named with _ stays out of the event log, so
    # saves written before it came compare alike): "" a choice, "declaration" a declared action.
    _what: str = ""


@dataclass(frozen=True)
class ChoicesRevealed(Event):
    """Every seat's sealed choice, shown together."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    choices: tuple[tuple[str, Any], ...]


@dataclass
class SealedChoices(Generic[T]):
    """Collects one sealed choice per seat, in a fixed order, and reveals them together."""

    seats: tuple[str, ...]
    _choices: dict[str, T] = field(default_factory=dict)
    _revealed: bool = False

    def next_seat(self) -> str | None:
        """The first seat, in order, that has not chosen yet (None once all have)."""
        for seat in self.seats:
            if seat not in self._choices:
                return seat
        return None

    @property
    def complete(self) -> bool:
        """Whether every seat has chosen."""
        return self.next_seat() is None

    @property
    def revealed(self) -> bool:
        """Whether the choices have been shown."""
        return self._revealed

    def check(self, seat: str) -> str | None:
        """Why the seat may not choose now, or None."""
        if self._revealed:
            return "the choices have already been revealed"
        if seat not in self.seats:
            return f"{seat} has no choice to make"
        if seat in self._choices:
            return f"{seat} has already chosen"
        return None

    def seal(self, seat: str, choice: T) -> ChoiceSealed:
        """Keep a seat's choice sealed; the event says only that it chose."""
        reason = self.check(seat)
        if reason is not None:
            raise ValueError(reason)
        self._choices[seat] = choice
        return ChoiceSealed(seat, tuple(s for s in self.seats if s not in self._choices))

    def reveal(self) -> tuple[dict[str, T], ChoicesRevealed]:
        """Open every choice at once; only when all are in."""
        if not self.complete:
            raise ValueError(f"still waiting for {self.next_seat()}")
        self._revealed = True
        ordered = {seat: self._choices[seat] for seat in self.seats}
        return ordered, ChoicesRevealed(tuple(ordered.items()))

    def known_to(self, seat: str) -> tuple[T | None, tuple[str, ...]]:
        """What a seat may know: its own choice (if made) and which seats have chosen.

        After the reveal everyone may know every choice; ``revealed_choices`` gives them.
        """
        chosen = tuple(s for s in self.seats if s in self._choices)
        return self._choices.get(seat), chosen

    def revealed_choices(self) -> dict[str, T]:
        """Every choice, but only after the reveal."""
        if not self._revealed:
            raise ValueError("the choices are still sealed")
        return dict(self._choices)
