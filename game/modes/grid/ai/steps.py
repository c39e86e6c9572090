"""What a plan is made of: its steps, the options it weighs, and what the rules ruled out."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battlefield import Square
from game.core.events import Action
from game.modes.grid.ai.lore import Use


@dataclass(frozen=True, slots=True)
class Step:
    """One planned action and what the view should show after it (None: plan again)."""

    action: Action
    square: Square | None = None
    movement: int | None = None
    closing: bool = False  # a move towards a goal, not to act from


@dataclass(frozen=True, slots=True)
class Option:
    """An action card used on one target (or one area), worth ``value`` from any square that reaches it."""

    value: float
    use: Use
    target: str | None
    centre: Square
    anywhere: bool  # the user itself is the target: usable from every square
    self_penalty: float  # an area that would catch its own user costs this much more


@dataclass
class Limits:
    """What the legal actions ruled out after a plan proved illegal: squares and uses to leave alone."""

    moves: set[Square] | None = None  # when set, the only destinations allowed
    banned: set[tuple[str, str | None, Square | None]] = field(default_factory=set)
    no_options: bool = False
    stay: bool = False  # this turn already closed in (player._closed_in): act from here or nearby, or end it
