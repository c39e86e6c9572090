"""Treasure and gear: Pick Up, Equip, Unequip, Drop (text 003)."""

from __future__ import annotations

import esper

from game.core.battlefield import Square
from game.core.components import get, square_of
from game.core.events import Event
from game.core.geometry import distance
from game.modes.grid.components import Gear, Pile, TurnScores
from game.modes.grid.content import ItemDef
from game.modes.grid.events import Dropped, Equipped, PickedUp, Unequipped
from game.modes.grid.options import spend_check
from game.modes.grid.state import GridState, cid_of

PICK_UP_COST = 1
EQUIP_COST = 1
DROP_COST = 0
HANDS = 2  # two hands for weapons and shields; one body and one neck item


def piles() -> list[tuple[int, Pile]]:
    """Every treasure pile on the map."""
    return list(esper.get_component(Pile))


def pile_at(square: Square) -> tuple[int, Pile] | None:
    """The pile on a square, if any."""
    for ent, pile in esper.get_component(Pile):
        if pile.square == square:
            return ent, pile
    return None


def check_pick_up(state: GridState, ent: int, item: str, square: Square) -> str | None:
    """"Pick up an adjacent item": a pile on the combatant's square or next to it."""
    here = square_of(ent)
    found = pile_at(square)
    if here is None or found is None or item not in found[1].items:
        return f"no {item} lies there"
    if distance(here, square) > 1:
        return "the item is not adjacent"
    return spend_check(state, ent, PICK_UP_COST)


def pick_up(state: GridState, ent: int, item: str, square: Square) -> list[Event]:
    """Take the item from the pile into the combatant's carried items."""
    found = pile_at(square)
    assert found is not None
    pile_ent, pile = found
    pile.items.remove(item)
    if not pile.items:
        esper.delete_entity(pile_ent, immediate=True)
    get(ent, Gear).carried.append(item)
    scores = get(ent, TurnScores)
    scores.movement -= PICK_UP_COST
    return [PickedUp(cid_of(ent), item, square, scores.movement)]


def slot_free(state: GridState, gear: Gear, item: ItemDef) -> bool:
    """Whether the item's slot has room: hands hold 2, body and neck hold one each."""
    worn = [state.content.items[i] for i in gear.equipped]
    if item.slot == "hands":
        return sum(w.hands for w in worn if w.slot == "hands") + item.hands <= HANDS
    return not any(w.slot == item.slot for w in worn)


def check_equip(state: GridState, ent: int, item: str) -> str | None:
    """Why the combatant cannot equip the item now, or None."""
    gear = get(ent, Gear)
    if item not in gear.carried or gear.carried.count(item) <= gear.equipped.count(item):
        return f"not carrying an unequipped {item}"
    if not slot_free(state, gear, state.content.items[item]):
        return f"no free {state.content.items[item].slot} for it: unequip something first"
    return spend_check(state, ent, EQUIP_COST)


def equip(state: GridState, ent: int, item: str) -> list[Event]:
    """Equip a carried item."""
    get(ent, Gear).equipped.append(item)
    scores = get(ent, TurnScores)
    scores.movement -= EQUIP_COST
    return [Equipped(cid_of(ent), item, scores.movement)]


def check_unequip(state: GridState, ent: int, item: str) -> str | None:
    """Why the combatant cannot unequip the item now, or None."""
    if item not in get(ent, Gear).equipped:
        return f"{item} is not equipped"
    return spend_check(state, ent, EQUIP_COST)


def unequip(state: GridState, ent: int, item: str) -> list[Event]:
    """Unequip an item; it stays carried."""
    get(ent, Gear).equipped.remove(item)
    scores = get(ent, TurnScores)
    scores.movement -= EQUIP_COST
    return [Unequipped(cid_of(ent), item, scores.movement)]


def check_drop(state: GridState, ent: int, item: str) -> str | None:
    """Why the combatant cannot drop the item, or None."""
    if item not in get(ent, Gear).carried:
        return f"not carrying {item}"
    return None


def drop(state: GridState, ent: int, item: str) -> list[Event]:
    """Drop an item (equipped or carried) onto the combatant's square, as a treasure pile."""
    gear = get(ent, Gear)
    if gear.carried.count(item) <= gear.equipped.count(item):
        gear.equipped.remove(item)
    gear.carried.remove(item)
    square = square_of(ent)
    assert square is not None
    found = pile_at(square)
    if found is None:
        esper.create_entity(Pile(square, [item]))
    else:
        found[1].items.append(item)
    return [Dropped(cid_of(ent), item, square)]
