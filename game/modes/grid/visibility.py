"""Sight: fields of view, Senses against Hidden, and who can see whom (text 003)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from game.core.battlefield import Square
from game.core.components import get, square_of
from game.modes.grid.components import TurnScores
from game.modes.grid.state import GridState, able_to_fight, side_of


def sight_of(state: GridState, viewer: int) -> AbstractSet[Square]:
    """The squares a combatant can see: its field of view, or nothing while it cannot fight."""
    square = square_of(viewer)
    if square is None or not able_to_fight(viewer):
        return frozenset()
    return state.sight.visible_from(square)


def hidden_from(viewer: int, target: int) -> bool:
    """"Enemies whose Hidden score beats your Senses score can't be seen" (text 003)."""
    if side_of(viewer) == side_of(target):
        return False
    return get(target, TurnScores).hidden > get(viewer, TurnScores).senses


def can_see(state: GridState, viewer: int, target: int) -> bool:
    """Whether the viewer sees the target: in its field of view and not Hidden from it."""
    if viewer == target:
        return True
    square = square_of(target)
    if square is None or square not in sight_of(state, viewer):
        return False
    return not hidden_from(viewer, target)


def known_to_side(state: GridState, side: str, target: int) -> bool:
    """Whether any combatant of a side sees the target (a side always knows its own)."""
    if side_of(target) == side:
        return True
    return any(
        side_of(ent) == side and can_see(state, ent, target) for ent, _ in state.combatants()
    )
