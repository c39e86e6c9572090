"""The contract every combat mode implements: the Mode protocol, ModeBase with the optional parts, and seat views.

The registry of modes by name is ``game.core.modespec``; ``register_mode``, ``make_mode`` and
``mode_names`` here are its older, thinner spelling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from game.core.battlefield import Square
from game.core.dice import Dice
from game.core.events import Action, Event
from game.core.modespec import ModeSpec, register_spec, spec, specs


@dataclass(frozen=True)
class Seat:
    """Who decides for a part of the match: a person at this screen or the computer."""

    name: str
    sides: tuple[str, ...]
    computer: bool = False
    policy: str = "random"


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning side (None for a draw) and why."""

    winner: str | None
    reason: str
    rounds: int


@dataclass(frozen=True)
class MatchSetup:
    """Everything needed to start a match besides the dice: mode-specific options in ``options``."""

    mode: str
    seats: tuple[Seat, ...]
    options: dict[str, Any] = field(default_factory=dict)


# -- what every seat view shows ----------------------------------------------------------------------


class PendingView(Protocol):
    """The decision a match waits for, as a view shows it: its kind and whose it is, where the view knows."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> str | None: ...

    @property
    def cid(self) -> str | None: ...

    @property
    def side(self) -> str | None: ...


@dataclass(frozen=True)
class Pending:
    """A decision the match waits for: its kind, and the seat, combatant or side it belongs to where known."""

    kind: str
    seat: str | None = None
    cid: str | None = None
    side: str | None = None


class MemberView(Protocol):
    """One combatant as a seat knows it: who it is, its side, whether the seat decides for it, and where it stands."""

    @property
    def cid(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def controlled(self) -> bool: ...

    @property
    def square(self) -> Square | None: ...  # None off the map, or in a mode without one


class SeatView(Protocol):
    """What every mode's view of a seat shows, whatever else it holds."""

    @property
    def seat(self) -> str: ...

    @property
    def round(self) -> int: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def pending(self) -> PendingView | None: ...

    @property
    def members(self) -> Sequence[MemberView]: ...


# -- the mode ----------------------------------------------------------------------------------------


class Mode(Protocol):
    """A rule system running one match: decisions, legal actions, effects, outcome and views."""

    name: str
    # Whether a person's actions may ever be taken back; when not, the match never asks undo_block.
    undoable: ClassVar[bool]

    def start(self) -> list[Event]:
        """Set the match up and return the events of its opening."""
        ...

    def pending_seat(self) -> str | None:
        """The name of the seat whose decision the match waits for, or None once it has ended."""
        ...

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action the seat may take now (empty when it is not the seat's decision)."""
        ...

    def is_legal(self, action: Action, seat: str) -> bool:
        """Whether the action is among ``legal_actions(seat)`` (a mode may answer without listing them)."""
        ...

    def check(self, action: Action, seat: str) -> str | None:
        """Why the action is illegal for the seat now, or None when it is legal."""
        ...

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Carry out a legal action and return what happened."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once the match has ended, else None."""
        ...

    def view(self, seat: str) -> Any:
        """What the seat may know now, and nothing more."""
        ...

    def spectator_view(self, name: str = "spectator") -> Any:
        """What someone watching every side may know now (replays)."""
        ...

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """The events a seat may read in its log."""
        ...

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """Why a person's applied action may not be taken back, or None."""
        ...

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each combatant's side, template, wounds and whether it died, for match statistics."""
        ...

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Rebuild an action from its plain form, for saves and replays."""
        ...

    def close(self) -> None:
        """Let go of what the match holds (an esper world); it is not played again."""
        ...


class ModeBase:
    """The optional parts of the contract with their defaults; a mode subclasses it and overrides what it has."""

    name: str = ""
    undoable: ClassVar[bool] = False

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action the seat may take now; each mode lists its own."""
        raise NotImplementedError

    def is_legal(self, action: Action, seat: str) -> bool:
        """Whether the action is among the seat's legal actions (by listing them; a mode may answer quicker)."""
        return action in self.legal_actions(seat)

    def view(self, seat: str) -> Any:
        """What the seat may know now; each mode builds its own."""
        raise NotImplementedError

    def spectator_view(self, name: str = "spectator") -> Any:
        """By default a spectator knows what a seat of that name would."""
        return self.view(name)

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """By default every seat reads every event."""
        return list(events)

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """By default nothing may be taken back."""
        return "this mode cannot take actions back"

    def casualties(self) -> dict[str, dict[str, Any]]:
        """By default a mode keeps no statistics of its combatants."""
        return {}

    def close(self) -> None:
        """By default a mode holds nothing to let go of."""


ModeFactory = Callable[[MatchSetup, Dice], Mode]


def register_mode(name: str, factory: ModeFactory) -> None:
    """Make a mode available under a name with nothing but its factory (a full mode registers a ModeSpec)."""
    register_spec(ModeSpec(name, name, factory))


def mode_names() -> Sequence[str]:
    """The names of the modes registered so far (importing ``game.modes`` registers them all)."""
    return [mode.name for mode in specs()]


def make_mode(setup: MatchSetup, dice: Dice) -> Mode:
    """Create a running mode for the setup; UnknownMode (a GameError) naming the modes for an unknown one."""
    return spec(setup.mode).factory(setup, dice)
