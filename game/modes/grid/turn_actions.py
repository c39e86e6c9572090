"""The table of turn actions: for each action type, how it is checked, carried out and listed.

``GridMode.check`` asks a rule's ``check``, ``GridMode.apply`` its ``apply``, ``GridMode.legal_actions`` its
``listing`` and ``GridMode.is_legal`` its ``offered``: a new turn action is one more row here (with its action
class, its log line, its control and the computer's weighing), and nothing else in the mode changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.core.components import get, square_of
from game.core.events import Action, Event
from game.modes.grid import attacks, items, movement, options
from game.modes.grid.actions import Drop, Equip, Hide, Inspire, Move, PickUp, Scan, StandUp, Unequip, UseAction
from game.modes.grid.components import Gear, Traits, TurnScores
from game.modes.grid.movement import Plan
from game.modes.grid.state import GridState

Check = Callable[[GridState, int, Any], str | None]
Listing = Callable[[GridState, int], Iterable[Action]]


@dataclass(frozen=True)
class TurnRule:
    """How the current combatant's action of one type is checked, carried out, listed and found in the list.

    ``listing`` gives every legal action of the rule's kind, in the list's order; rules whose actions are listed
    together (an item's Equip, Unequip and Drop) share one listing, which the list reads once. ``offered``
    answers whether one action is in that listing without listing it all: whether it has a form the listing
    gives, and passes the check; for a move, also the path it would walk.
    """

    check: Check
    apply: Callable[[GridState, int, Any], list[Event]]
    listing: Listing
    offered: Callable[[GridState, int, Any], tuple[bool, Plan | None]]


def _spend(cost: int) -> Check:
    return lambda st, ent, _action: options.spend_check(st, ent, cost)


def _checked(check: Check, offered: Callable[[GridState, int, Any], bool] = lambda st, ent, a: True) -> \
        Callable[[GridState, int, Any], tuple[bool, Plan | None]]:
    """Listed when it has a listed form and passes the check."""
    return lambda st, ent, a: (offered(st, ent, a) and check(st, ent, a) is None, None)


def _alone(action: Action, check: Check) -> Listing:
    """A listing of one action without parameters, when it passes the check."""
    return lambda st, ent: [action] if check(st, ent, action) is None else []


# -- moves ---------------------------------------------------------------------------------------


def _moves(st: GridState, ent: int) -> list[Action]:
    # Squares the mover knows are taken are already out of reach; one holding an unseen combatant stays
    # listed, as the mover cannot know (the move will stop before it).
    reach = movement.reach_of(st, ent)
    return [Move(sq) for sq in sorted(reach.costs, key=lambda s: (s[1], s[0])) if sq != reach.start]


def _move_offered(st: GridState, ent: int, action: Any) -> tuple[bool, Plan | None]:
    # Listed moves go to the squares within the movement points that the mover does not know to be taken, by
    # the same costs.
    to = action.to
    if not isinstance(to, tuple) or to == square_of(ent):
        return False, None
    plan = movement.plan_path(st, ent, to)
    return plan is not None, plan


# -- items ---------------------------------------------------------------------------------------


def _pile_items(st: GridState, ent: int) -> list[PickUp]:
    return [PickUp(item, pile.square) for _, pile in items.piles() for item in dict.fromkeys(pile.items)]


def _pick_ups(st: GridState, ent: int) -> list[Action]:
    return [a for a in _pile_items(st, ent) if TURN_RULES[PickUp].check(st, ent, a) is None]


def _gear(st: GridState, ent: int) -> list[Action]:
    """Each carried item's Equip, Unequip and Drop, item by item."""
    out: list[Action] = []
    for item in dict.fromkeys(get(ent, Gear).carried):
        out += [a for a in (Equip(item), Unequip(item), Drop(item)) if TURN_RULES[type(a)].check(st, ent, a) is None]
    return out


def _carried(st: GridState, ent: int, action: Any) -> bool:
    return action.item in get(ent, Gear).carried


# -- action cards --------------------------------------------------------------------------------


def _check_use(st: GridState, ent: int, a: Any) -> str | None:
    return attacks.check_use(st, ent, a.action, a.target, a.square, a.weapon)


def _uses(st: GridState, ent: int) -> list[Action]:
    """Every action card use with every legal target."""
    if get(ent, TurnScores).acted:
        return []
    out: list[Action] = []
    for action_id in get(ent, Traits).actions:
        action = st.content.actions[action_id]
        weapons: list[str | None] = [w.id for w in attacks.weapons_for(st, ent, action)] or [None]
        for weapon in weapons:
            if action.target == "self":
                candidates = [UseAction(action_id, None, None, weapon)]
            elif action.target == "square":
                reach = action.range
                centre = square_of(ent)
                assert centre is not None
                candidates = [UseAction(action_id, None, sq, weapon) for sq in
                              sorted(st.sight.visible_from(centre), key=lambda s: (s[1], s[0]))
                              if max(abs(sq[0] - centre[0]), abs(sq[1] - centre[1])) <= reach]
            else:
                candidates = [UseAction(action_id, cid, None, weapon) for cid in st.by_cid]
            out += [c for c in candidates if _check_use(st, ent, c) is None]
    return out


def _use_form(st: GridState, ent: int, use: Any) -> bool:
    """Whether an action card use has the form the listing gives it (its check is asked apart)."""
    if get(ent, TurnScores).acted or use.action not in get(ent, Traits).actions:
        return False
    card = st.content.actions[use.action]
    weapons: list[str | None] = [w.id for w in attacks.weapons_for(st, ent, card)] or [None]
    if use.weapon not in weapons:
        return False
    if card.target == "self":
        return use.target is None and use.square is None
    if card.target == "square":
        centre = square_of(ent)
        square = use.square
        if use.target is not None or not isinstance(square, tuple) or centre is None:
            return False
        return square in st.sight.visible_from(centre) and \
            max(abs(square[0] - centre[0]), abs(square[1] - centre[1])) <= card.range
    return use.square is None and use.target in st.by_cid


# -- the table -----------------------------------------------------------------------------------

_stand_check: Check = lambda st, ent, _a: options.check_stand_up(st, ent)  # noqa: E731
_pick_up_check: Check = lambda st, ent, a: items.check_pick_up(st, ent, a.item, a.square)  # noqa: E731
_equip_check: Check = lambda st, ent, a: items.check_equip(st, ent, a.item)  # noqa: E731
_unequip_check: Check = lambda st, ent, a: items.check_unequip(st, ent, a.item)  # noqa: E731
_drop_check: Check = lambda st, ent, a: items.check_drop(st, ent, a.item)  # noqa: E731

# In the order the list gives them: moves, the options, pick-ups, each item's gear, action cards.
TURN_RULES: dict[type, TurnRule] = {
    Move: TurnRule(lambda st, ent, a: movement.check_move(st, ent, a.to),
                   lambda st, ent, a: movement.move(st, ent, a.to), _moves, _move_offered),
    StandUp: TurnRule(_stand_check, lambda st, ent, _a: options.stand_up(st, ent), _alone(StandUp(), _stand_check),
                      _checked(_stand_check)),
    Inspire: TurnRule(_spend(options.INSPIRE_COST), lambda st, ent, _a: options.inspire(st, ent),
                      _alone(Inspire(), _spend(options.INSPIRE_COST)), _checked(_spend(options.INSPIRE_COST))),
    Scan: TurnRule(_spend(options.SCAN_COST), lambda st, ent, _a: options.scan(st, ent),
                   _alone(Scan(), _spend(options.SCAN_COST)), _checked(_spend(options.SCAN_COST))),
    Hide: TurnRule(_spend(options.HIDE_COST), lambda st, ent, _a: options.hide(st, ent),
                   _alone(Hide(), _spend(options.HIDE_COST)), _checked(_spend(options.HIDE_COST))),
    PickUp: TurnRule(_pick_up_check, lambda st, ent, a: items.pick_up(st, ent, a.item, a.square), _pick_ups,
                     _checked(_pick_up_check, lambda st, ent, a: a in _pile_items(st, ent))),
    Equip: TurnRule(_equip_check, lambda st, ent, a: items.equip(st, ent, a.item), _gear,
                    _checked(_equip_check, _carried)),
    Unequip: TurnRule(_unequip_check, lambda st, ent, a: items.unequip(st, ent, a.item), _gear,
                      _checked(_unequip_check, _carried)),
    Drop: TurnRule(_drop_check, lambda st, ent, a: items.drop(st, ent, a.item), _gear, _checked(_drop_check, _carried)),
    UseAction: TurnRule(_check_use,
                        lambda st, ent, a: attacks.use_action(st, ent, a.action, a.target, a.square, a.weapon),
                        _uses, _checked(_check_use, _use_form)),
}


def check_turn_action(st: GridState, ent: int, action: Action) -> str | None:
    """Why the current combatant may not take a turn action now, or None."""
    rule = TURN_RULES.get(type(action))
    if rule is None:
        return f"the grid mode has no action {type(action).__name__}"
    return rule.check(st, ent, action)


def turn_actions(st: GridState, ent: int) -> list[Action]:
    """Every legal turn action of the current combatant, in the table's order (a shared listing read once)."""
    out: list[Action] = []
    for listing in dict.fromkeys(rule.listing for rule in TURN_RULES.values()):
        out += listing(st, ent)
    return out


def offered(st: GridState, ent: int, action: Action) -> tuple[bool, Plan | None]:
    """Whether the action is among ``turn_actions``, decided for that one action; for a move, its path."""
    rule = TURN_RULES.get(type(action))
    return (False, None) if rule is None else rule.offered(st, ent, action)
