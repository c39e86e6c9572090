"""Ranks, roll modifiers and resistances: what gear and conditions add to a combatant."""

from __future__ import annotations

from typing import Any

import esper

from game.core.components import get
from game.core.pools import Modifier, PoolRoll, roll_pool
from game.core.world import entity_table
from game.modes.grid.components import ConditionState, Gear, Ranks, Traits
from game.modes.grid.content import DAMAGE_GROUPS, damage_group
from game.modes.grid.state import GridState


def rank_modifiers(state: GridState, ent: int, name: str) -> tuple[Modifier, ...]:
    """Changes to a rank from equipped items (ruling grid-modifiers: our rule, text 003 gives gear none)."""
    return _gear_modifiers(state, entity_table()[ent], name)


def _gear_modifiers(state: GridState, comps: dict[type, Any], name: str) -> tuple[Modifier, ...]:
    """``rank_modifiers`` from a combatant's components as the world's table holds them."""
    items = state.content.items
    out = []
    for item_id in comps[Gear].equipped:
        item = items[item_id]
        amount = item.ranks.get(name)
        if amount:
            out.append(Modifier(amount, item.name))
    return tuple(out)


def rank(state: GridState, ent: int, name: str) -> int:
    """A Trait or Skill rank with gear, never below 0."""
    comps = entity_table()[ent]
    return _rank_with(comps, name, _gear_modifiers(state, comps, name))


def _rank_with(comps: dict[type, Any], name: str, gear: tuple[Modifier, ...]) -> int:
    """``rank`` from the gear's changes to it, found already."""
    base = comps[Ranks].base.get(name, 0)
    for modifier in gear:
        base += modifier.amount
    return max(0, base)


def conditions_on(ent: int) -> list[tuple[int, ConditionState]]:
    """The condition entities borne by a combatant, oldest first."""
    found = esper.get_component(ConditionState)
    return [(c, s) for c, s in found if s.bearer == ent] if found else []


def condition_modifiers(state: GridState, ent: int, key: str) -> tuple[Modifier, ...]:
    """Bonuses and penalties from conditions on a roll of ``key`` (a Trait, Skill, damage or movement)."""
    out = []
    for _, cs in conditions_on(ent):
        definition = state.content.conditions[cs.condition]
        amount = definition.modifiers.get(key, 0)
        if amount:
            out.append(Modifier(amount, definition.name))
    return tuple(out)


def roll(state: GridState, ent: int, name: str, label: str | None = None) -> PoolRoll:
    """Roll a Trait or Skill rank of a combatant with every modifier that applies."""
    # The components are read once, straight from the world's table as the view does, and the
    # gear's modifiers found once: they make the rank and are shown with the roll.
    comps = entity_table()[ent]
    gear = _gear_modifiers(state, comps, name)
    return roll_pool(
        state.dice,
        _rank_with(comps, name, gear),
        label or name,
        condition_modifiers(state, ent, name),
        rank_modifiers=gear,
    )


def resistance(state: GridState, ent: int, damage_type: str) -> tuple[Modifier, ...]:
    """Damage resistance (positive) or vulnerability (negative) against a type, with sources."""
    group = damage_group(damage_type)
    keys = (damage_type, group)
    out = []
    innate = get(ent, Traits).resistance
    amount = sum(innate.get(k, 0) for k in keys)
    if amount:
        out.append(Modifier(amount, "innate"))
    for item_id in get(ent, Gear).equipped:
        item = state.content.items[item_id]
        amount = sum(item.resistance.get(k, 0) for k in keys)
        if amount:
            out.append(Modifier(amount, item.name))
    for _, cs in conditions_on(ent):
        definition = state.content.conditions[cs.condition]
        amount = sum(definition.resistance.get(k, 0) for k in keys)
        if amount:
            out.append(Modifier(amount, definition.name))
    return tuple(out)


def has_keyword(ent: int, keyword: str) -> bool:
    """Whether a combatant has a keyword such as Drone or Undead."""
    return keyword in get(ent, Traits).keywords


def is_stunned(state: GridState, ent: int) -> bool:
    """Whether any condition on the combatant stuns it."""
    return any(state.content.conditions[cs.condition].stun for _, cs in conditions_on(ent))


__all__ = ["DAMAGE_GROUPS", "rank", "roll", "resistance", "condition_modifiers", "conditions_on", "has_keyword",
           "is_stunned", "rank_modifiers"]
