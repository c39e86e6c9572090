"""Whether one action is among a seat's legal actions, answered without listing them all.

``GridMode.legal_actions`` lists a Move for every reachable square and a use of every action
card on every target; a computer player that has already chosen needs only to know whether its
choice is in that list. ``is_listed`` answers exactly that, following the list's own rules case
by case, and costs one bounded path search at most. A test compares both on many positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.core.components import get, square_of
from game.core.events import Action
from game.modes.grid import attacks, items, movement, stats
from game.modes.grid.actions import (
    Drop,
    EndTurn,
    Equip,
    Hide,
    Inspire,
    Move,
    PickUp,
    Retreat,
    RollInitiative,
    Scan,
    StandUp,
    Unequip,
    UseAction,
)
from game.modes.grid.components import Gear, Traits, TurnScores
from game.modes.grid.movement import Plan

if TYPE_CHECKING:
    from game.modes.grid.mode import GridMode

OPTIONS = (StandUp, Inspire, Scan, Hide)
GEAR = (Equip, Unequip, Drop)


def is_listed(mode: GridMode, action: Action, seat: str) -> bool:
    """Whether ``action in mode.legal_actions(seat)``, decided for that one action."""
    return judge(mode, action, seat)[0]


def judge(mode: GridMode, action: Action, seat: str) -> tuple[bool, Plan | None]:
    """Whether the action is listed, and for a listed move the path it would walk (else None)."""
    if mode.pending_seat() != seat:
        return False, None
    mode._enter()
    st = mode.state
    kind = type(action)
    if kind is Retreat:
        return action in mode._retreats(seat), None
    if st.phase == "initiative":
        return kind is RollInitiative, None
    ent = st.current_entity()
    assert ent is not None
    if kind is EndTurn:
        return True, None
    if stats.is_stunned(st, ent):
        return False, None
    if kind is Move:
        to = action.to  # type: ignore[attr-defined]
        # Listed moves go to the squares within the movement points that the mover does not know
        # to be taken, by the same costs.
        if not isinstance(to, tuple) or to == square_of(ent):
            return False, None
        plan = movement.plan_path(st, ent, to)
        return plan is not None, plan
    if kind in OPTIONS:
        return mode._check_turn_action(ent, action) is None, None
    if kind is PickUp:
        listed: Iterator[Action]  # PickUps, typed as Actions for the ``in`` test
        listed = (PickUp(item, pile.square) for _, pile in items.piles() for item in dict.fromkeys(pile.items))
        return action in listed and mode._check_turn_action(ent, action) is None, None
    if kind in GEAR:
        carried = action.item in get(ent, Gear).carried  # type: ignore[attr-defined]
        return carried and mode._check_turn_action(ent, action) is None, None
    if kind is UseAction:
        return _use_listed(mode, ent, action), None  # type: ignore[arg-type]
    return False, None


def _use_listed(mode: GridMode, ent: int, use: UseAction) -> bool:
    """Whether an action card use has the form the list gives it and passes the rules' check."""
    st = mode.state
    if get(ent, TurnScores).acted or use.action not in get(ent, Traits).actions:
        return False
    card = st.content.actions[use.action]
    weapons: list[str | None] = [w.id for w in attacks.weapons_for(st, ent, card)] or [None]
    if use.weapon not in weapons:
        return False
    if card.target == "self":
        if use.target is not None or use.square is not None:
            return False
    elif card.target == "square":
        centre = square_of(ent)
        square = use.square
        if use.target is not None or not isinstance(square, tuple) or centre is None:
            return False
        if square not in st.sight.visible_from(centre) or \
                max(abs(square[0] - centre[0]), abs(square[1] - centre[1])) > card.range:
            return False
    elif use.square is not None or use.target not in st.by_cid:
        return False
    return attacks.check_use(st, ent, use.action, use.target, use.square, use.weapon) is None
