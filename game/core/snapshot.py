"""A snapshot of a running match: the mode's own state, its esper world's components, the dice and the logs.

Undo puts one back instead of replaying the match from its seed; a computer player could look ahead with
the real rules the same way. Copies, never shared: the mode's attributes and the world's components are
copied together (so a component the mode also holds stays one object), and copied again when put back, so
one snapshot can be put back more than once. Frozen dataclasses the mode holds (its map, its content, its
setup) never change during a match and are shared.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

from game.core.dice import Dice, RestorableDice
from game.core.world import MatchWorld, SnapshotMismatch, WorldShape

__all__ = ["ModeSnapshot", "SnapshotMismatch", "restore_mode", "snapshot_mode"]


@dataclass(frozen=True)
class ModeSnapshot:
    """A running mode as it was: its attributes and its world's components (copied), the world's shape, the dice."""

    attributes: dict[str, Any]
    components: list[tuple[int, tuple[Any, ...]]]
    shape: WorldShape | None
    dice: Any


def _world_of(mode: object) -> MatchWorld | None:
    world = vars(mode).get("world")
    return world if isinstance(world, MatchWorld) else None


def _shared(mode: object, dice: Dice) -> dict[int, Any]:
    """A deepcopy memo that shares what a match never changes: the dice object, the world's handle, frozen values."""
    memo: dict[int, Any] = {id(dice): dice}
    values = list(vars(mode).values())
    for value in list(values):
        # One level into the mode's state objects: a map or content held there is shared too.
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            values.extend(vars(value).values())
    for value in values:
        if isinstance(value, MatchWorld) or _frozen(value):
            memo[id(value)] = value
    return memo


def _frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def snapshot_mode(mode: object, dice: Dice) -> ModeSnapshot:
    """Copy a running mode (and its esper world, if it keeps one in ``world``) and the state of its dice.

    Raises TypeError when the dice cannot give their state: later rolls could not come out the same.
    """
    if not isinstance(dice, RestorableDice):
        raise TypeError(f"{type(dice).__name__} cannot give its state, so a snapshot could not roll the same again")
    world = _world_of(mode)
    components = world.entities() if world is not None else []
    attributes, copied = copy.deepcopy((dict(vars(mode)), components), _shared(mode, dice))
    return ModeSnapshot(attributes, copied, world.shape() if world is not None else None, dice.state())


def restore_mode(mode: object, dice: Dice, snapshot: ModeSnapshot) -> None:
    """Put a mode, its world and its dice back as the snapshot took them.

    The world must have the same entities and component types as then (SnapshotMismatch otherwise, with
    nothing changed): esper's order of entities, which the rules read, is then the very one it was.
    """
    if not isinstance(dice, RestorableDice):
        raise TypeError(f"{type(dice).__name__} cannot take a state back")
    attributes, components = copy.deepcopy((snapshot.attributes, snapshot.components), _shared(mode, dice))
    world = _world_of(mode)
    if world is not None and snapshot.shape is not None:
        world.put_back(snapshot.shape, components)
    vars(mode).clear()
    vars(mode).update(attributes)
    dice.restore(snapshot.dice)
