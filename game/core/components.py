"""What every mode's esper world holds alike: where a combatant stands, and how to read a component."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import esper

from game.core.battlefield import Square

C = TypeVar("C")


@dataclass
class Position:
    """The square a combatant stands on (the dead have none)."""

    square: Square


def get(ent: int, component: type[C]) -> C:
    """A component of an entity (the entity must have it)."""
    return esper.component_for_entity(ent, component)


def square_of(ent: int) -> Square | None:
    """Where a combatant stands (None once dead)."""
    pos = esper.try_component(ent, Position)
    return None if pos is None else pos.square
