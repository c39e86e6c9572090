"""Conditions: applying them, and checking each at the end of a turn (text 003)."""

from __future__ import annotations

import esper

from game.core.events import Event
from game.core.pools import roll_pool
from game.modes.grid import stats
from game.modes.grid.components import ConditionState
from game.modes.grid.events import ConditionApplied, ConditionChecked, ConditionRemoved, ConditionResisted
from game.modes.grid.state import GridState, cid_of, is_dead


def apply_condition(state: GridState, target: int, condition: str, rank: int, source: str) -> list[Event]:
    """Put a condition on a combatant; one already there takes the higher of the two ranks.

    Ruling grid-condition-stack: the same condition does not stack; applying it again keeps
    the higher rank, so a weaker repeat never shortens a stronger one.
    """
    if is_dead(target) or rank <= 0:
        return []
    for _, cs in stats.conditions_on(target):
        if cs.condition == condition:
            if rank > cs.rank:
                cs.rank = rank
                cs.source = source
                return [ConditionApplied(cid_of(target), condition, rank, source)]
            return []
    esper.create_entity(ConditionState(target, condition, rank, source))
    return [ConditionApplied(cid_of(target), condition, rank, source)]


def remove_condition(state: GridState, target: int, condition: str, source: str) -> list[Event]:
    """Take a condition off a combatant at once (e.g. Inspire ending Stunned)."""
    events: list[Event] = []
    for ent, cs in stats.conditions_on(target):
        if cs.condition == condition:
            esper.delete_entity(ent, immediate=True)
            events.append(ConditionRemoved(cid_of(target), condition, source))
    return events


def check_conditions(state: GridState, bearer: int) -> list[Event]:
    """End of turn: a beneficial condition loses a rank; any other is resisted with its Trait.

    "the combatant rolls their Trait vs the Condition's rank: If the combatant rolls beats the
    Condition, its rank is reduced to 0; Otherwise, the Condition's rank is reduced by 1. Any
    Conditions with a rank of 0 are removed." (text 003)
    """
    events: list[Event] = []
    for ent, cs in stats.conditions_on(bearer):
        definition = state.content.conditions[cs.condition]
        before = cs.rank
        roll = None
        against = None
        if definition.beneficial:
            cs.rank -= 1
        else:
            roll = stats.roll(state, bearer, definition.trait)
            if state.legacy_rules:
                # Matches of the fifth save format and older beat the rank as a number (LEGACY_GRID_RULES).
                cs.rank = 0 if roll.result > cs.rank else cs.rank - 1
            else:
                # Ruling grid-condition-check: the rank is rolled as dice, as in "[Skill] vs [Trait]".
                against = roll_pool(state.dice, cs.rank, definition.name)
                cs.rank = 0 if roll.result > against.result else cs.rank - 1
        removed = cs.rank <= 0
        if removed:
            esper.delete_entity(ent, immediate=True)
        who, after = cid_of(bearer), max(cs.rank, 0)
        if against is None:
            events.append(ConditionChecked(who, cs.condition, roll, before, after, removed))
        else:
            events.append(ConditionResisted(who, cs.condition, roll, before, after, removed, against))
    return events

