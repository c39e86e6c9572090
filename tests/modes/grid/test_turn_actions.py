"""The table of turn actions: one row is all the mode needs to list, judge, check and carry out an action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.components import get
from game.core.events import Action, Event
from game.core.privacy import Privacy
from game.modes.grid import options
from game.modes.grid.actions import Drop, Equip, Unequip
from game.modes.grid.components import TurnScores
from game.modes.grid.turn_actions import TURN_RULES, TurnRule, turn_actions
from tests.modes.grid.scenario import Scenario


@dataclass(frozen=True)
class Shout(Action):
    """A turn action the game does not have: spend 3 movement points to shout."""


@dataclass(frozen=True)
class Shouted(Event):
    privacy: ClassVar[Privacy] = Privacy.everyone()
    cid: str


def _shout(st, ent, _action) -> list[Event]:
    get(ent, TurnScores).movement -= 3
    return [Shouted("warrior")]


SHOUT = TurnRule(lambda st, ent, _a: options.spend_check(st, ent, 3), _shout,
                 lambda st, ent: [Shout()] if options.spend_check(st, ent, 3) is None else [],
                 lambda st, ent, _a: (options.spend_check(st, ent, 3) is None, None))


def test_a_turn_action_with_a_row_in_the_table_is_listed_judged_checked_and_carried_out(monkeypatch):
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("warrior", movement=4)
    seat = s.seat()
    assert Shout() not in s.mode.legal_actions(seat) and s.check(Shout()) is not None
    monkeypatch.setitem(TURN_RULES, Shout, SHOUT)
    assert Shout() in s.mode.legal_actions(seat) and s.mode.is_legal(Shout(), seat)
    assert s.act(Shout()) == [Shouted("warrior")]
    # One movement point left: the same row now refuses it everywhere.
    assert s.check(Shout()) == "needs 3 movement points, 1 left"
    assert Shout() not in s.mode.legal_actions(seat) and not s.mode.is_legal(Shout(), seat)


def test_an_items_gear_actions_are_listed_together_item_by_item():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("warrior")
    s.mode._enter()
    gear = [a for a in turn_actions(s.state, s.ent("warrior")) if isinstance(a, (Equip, Unequip, Drop))]
    items = list(dict.fromkeys(a.item for a in gear))
    assert len(items) >= 2
    # Each item's actions come together, before the next item's.
    assert [a.item for a in gear] == sorted((a.item for a in gear), key=items.index)
