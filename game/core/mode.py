"""The one protocol every combat mode implements, and the registry of modes by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core.dice import Dice
from game.core.events import Action, Event


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


# A setup option: the first side takes its spawns in the map's order, and moves settle equally cheap
# paths in reading order, as every match was played before the second save format.
LEGACY_TIES = "ties_in_map_order"
# A setup option: a move forgets where an unseen combatant stopped an earlier move of the same turn, as
# every match was played before the third save format.
LEGACY_BUMPS = "moves_forget_bumps"
# A setup option: a push in the stances mode that moves nobody leaves nothing in the log, as every match was
# played before the fifth save format.
LEGACY_PUSHES = "blocked_pushes_unlogged"
# A setup option: the grid mode's rules as every match was played before the sixth save format (auras acted
# after conditions, a fallen bearer lost its auras for good, the encounter ended before an Undead could rise,
# a condition's rank was a number to beat, and the rulings then in force).
LEGACY_GRID_RULES = "grid_rules_before_format_6"
# A setup option: the stances mode's rules as every match was played before the sixth save format (agility's
# two halves dealt their damage apart, a sidestep needed no attack, and the rulings then in force).
LEGACY_STANCES_RULES = "stances_rules_before_format_6"


@dataclass(frozen=True)
class MatchSetup:
    """Everything needed to start a match besides the dice: mode-specific options in ``options``."""

    mode: str
    seats: tuple[Seat, ...]
    options: dict[str, Any] = field(default_factory=dict)


class Mode(Protocol):
    """A rule system running one match: decisions, legal actions, effects, outcome and views."""

    name: str

    def start(self) -> list[Event]:
        """Set the match up and return the events of its opening."""
        ...

    def pending_seat(self) -> str | None:
        """The name of the seat whose decision the match waits for, or None once it has ended."""
        ...

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action the seat may take now (empty when it is not the seat's decision)."""
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

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Rebuild an action from its plain form, for saves and replays."""
        ...


ModeFactory = Callable[[MatchSetup, Dice], Mode]
_MODES: dict[str, ModeFactory] = {}


def register_mode(name: str, factory: ModeFactory) -> None:
    """Make a mode available under a name (grid, cards, stances, arenas, beats)."""
    _MODES[name] = factory


def mode_names() -> Sequence[str]:
    """The names of the modes registered so far (importing ``game.modes`` registers them all)."""
    return sorted(_MODES)


def make_mode(setup: MatchSetup, dice: Dice) -> Mode:
    """Create a running mode for the setup, or raise KeyError naming the unknown mode."""
    if setup.mode not in _MODES:
        raise KeyError(f"unknown mode {setup.mode!r}; modes: {', '.join(sorted(_MODES))}")
    return _MODES[setup.mode](setup, dice)
