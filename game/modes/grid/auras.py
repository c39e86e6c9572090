"""Auras: what a radius around a bearer does to each combatant at the start of its turn."""

from __future__ import annotations

import esper

from game.core.components import square_of
from game.core.events import Event
from game.core.geometry import distance
from game.modes.grid.components import INNATE, AuraState
from game.modes.grid.conditions import apply_condition
from game.modes.grid.content import AuraDef
from game.modes.grid.state import GridState, able_to_fight, side_of
from game.modes.grid.wounds import deal_damage, heal


def affects_side(aura: AuraDef, same_side: bool) -> bool:
    """Whether an aura touches a combatant on the bearer's side (same_side) or the other; the bearer is its own ally."""
    return aura.affects == "all" or (aura.affects == "allies") == same_side


def affects(aura: AuraDef, bearer: int, other: int) -> bool:
    """Whether an aura touches a combatant's side; the bearer counts as its own ally."""
    return affects_side(aura, side_of(bearer) == side_of(other))


def auras_touching(state: GridState, ent: int) -> list[tuple[int, AuraDef]]:
    """The auras whose radius covers the combatant now, with their bearers."""
    here = square_of(ent)
    if here is None:
        return []
    out = []
    for _, a in esper.get_component(AuraState):
        definition = state.content.auras[a.aura]
        there = square_of(a.bearer)
        if there is None or not able_to_fight(a.bearer):
            continue
        if distance(here, there) <= definition.radius and affects(definition, a.bearer, ent):
            out.append((a.bearer, definition))
    return out


def apply_auras(state: GridState, ent: int) -> list[Event]:
    """Ruling grid-aura-when: an aura acts on a combatant at the start of that combatant's turn."""
    events: list[Event] = []
    for _bearer, aura in auras_touching(state, ent):
        if aura.heal:
            events += heal(state, ent, aura.heal, aura.name, automatic=True)
        if aura.automatic_damage is not None:
            events += deal_damage(state, ent, aura.automatic_damage)
        if aura.condition:
            events += apply_condition(state, ent, aura.condition, aura.condition_rank, aura.name)
    return events


def innate_auras(state: GridState, ent: int, aura_ids: tuple[str, ...]) -> None:
    """Give a combatant the auras its template bears from the start."""
    for aura_id in aura_ids:
        esper.create_entity(AuraState(ent, aura_id, INNATE))

