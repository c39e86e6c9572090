"""The grid mode's actions: what a seat asks a combatant to do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.battlefield import Square
from game.core.events import Action, action_from_plain


@dataclass(frozen=True)
class RollInitiative(Action):
    """Start the round by setting the order of all combatants."""


@dataclass(frozen=True)
class Move(Action):
    """Move the current combatant to a square along the cheapest path."""

    to: Square


@dataclass(frozen=True)
class StandUp(Action):
    """Get up from Prone."""


@dataclass(frozen=True)
class Inspire(Action):
    """Roll Presence; on 8 or higher every ally in sight is no longer Stunned."""


@dataclass(frozen=True)
class Scan(Action):
    """Roll Perception and add it to Senses."""


@dataclass(frozen=True)
class Hide(Action):
    """Roll Stealth and add it to Hidden."""


@dataclass(frozen=True)
class PickUp(Action):
    """Pick up an item from an adjacent pile."""

    item: str
    square: Square


@dataclass(frozen=True)
class Equip(Action):
    """Equip a carried item."""

    item: str


@dataclass(frozen=True)
class Unequip(Action):
    """Unequip an equipped item, keeping it carried."""

    item: str


@dataclass(frozen=True)
class Drop(Action):
    """Drop a carried or equipped item on the combatant's square."""

    item: str


@dataclass(frozen=True)
class UseAction(Action):
    """Use one of the combatant's action cards on a target combatant or square."""

    action: str
    target: str | None = None
    square: Square | None = None
    weapon: str | None = None


@dataclass(frozen=True)
class EndTurn(Action):
    """End the current combatant's turn."""


@dataclass(frozen=True)
class Retreat(Action):
    """Retreat a side from the encounter, which ends it."""

    side: str


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (RollInitiative, Move, StandUp, Inspire, Scan, Hide, PickUp, Equip, Unequip, Drop, UseAction,
                EndTurn, Retreat)
}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from ``Action.to_dict()``, turning squares back into tuples."""
    return action_from_plain(ACTION_TYPES, data)
