"""What each turn action checks and does: one rule per action type, read by the mode."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.events import Event
from game.modes.grid import attacks, items, movement, options
from game.modes.grid.actions import Drop, Equip, Hide, Inspire, Move, PickUp, Scan, StandUp, Unequip, UseAction
from game.modes.grid.state import GridState


@dataclass(frozen=True)
class TurnRule:
    """How the current combatant's action of one type is checked and carried out."""

    check: Callable[[GridState, int, Any], str | None]
    apply: Callable[[GridState, int, Any], list[Event]]


def _spend(cost: int) -> Callable[[GridState, int, Any], str | None]:
    return lambda st, ent, _action: options.spend_check(st, ent, cost)


TURN_RULES: dict[type, TurnRule] = {
    Move: TurnRule(lambda st, ent, a: movement.check_move(st, ent, a.to),
                   lambda st, ent, a: movement.move(st, ent, a.to)),
    StandUp: TurnRule(lambda st, ent, _a: options.check_stand_up(st, ent),
                      lambda st, ent, _a: options.stand_up(st, ent)),
    Inspire: TurnRule(_spend(options.INSPIRE_COST), lambda st, ent, _a: options.inspire(st, ent)),
    Scan: TurnRule(_spend(options.SCAN_COST), lambda st, ent, _a: options.scan(st, ent)),
    Hide: TurnRule(_spend(options.HIDE_COST), lambda st, ent, _a: options.hide(st, ent)),
    PickUp: TurnRule(lambda st, ent, a: items.check_pick_up(st, ent, a.item, a.square),
                     lambda st, ent, a: items.pick_up(st, ent, a.item, a.square)),
    Equip: TurnRule(lambda st, ent, a: items.check_equip(st, ent, a.item),
                    lambda st, ent, a: items.equip(st, ent, a.item)),
    Unequip: TurnRule(lambda st, ent, a: items.check_unequip(st, ent, a.item),
                      lambda st, ent, a: items.unequip(st, ent, a.item)),
    Drop: TurnRule(lambda st, ent, a: items.check_drop(st, ent, a.item),
                   lambda st, ent, a: items.drop(st, ent, a.item)),
    UseAction: TurnRule(lambda st, ent, a: attacks.check_use(st, ent, a.action, a.target, a.square, a.weapon),
                        lambda st, ent, a: attacks.use_action(st, ent, a.action, a.target, a.square, a.weapon)),
}
