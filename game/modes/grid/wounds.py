"""Dealing damage, turning Damage into Wounds, falling Unconscious, dying and healing (text 003)."""

from __future__ import annotations

import esper

from game.core.components import Position, get
from game.core.events import Event
from game.core.pools import Modifier, roll_pool
from game.modes.grid import stats
from game.modes.grid.components import DEAD, INNATE, PRONE, UNCONSCIOUS, AuraState, Health, Ranks
from game.modes.grid.content import DamageSpec
from game.modes.grid.events import (
    AuraEnded,
    DamageRolled,
    DamageTaken,
    Died,
    EnduranceRolled,
    FellUnconscious,
    Healed,
    Woke,
    Wounded,
)
from game.modes.grid.state import GridState, cid_of, is_dead


def resolve_rank(state: GridState, ent: int) -> int:
    """The Resolve rank that Wounds are measured against."""
    return stats.rank(state, ent, "Resolve")


def deal_damage(
    state: GridState, target: int, spec: DamageSpec, bonuses: tuple[Modifier, ...] = ()
) -> list[Event]:
    """Roll the damage rank, add the bonus, subtract resistance; then Endurance decides on a wound.

    "roll the damage rank and add your damage bonus, then subtract your target's damage
    resistance. If this result is 0 or less, no damage has been done" (text 003).
    """
    if get(target, Health).state == DEAD:
        return []
    modifiers = ((Modifier(spec.bonus, "damage bonus"),) if spec.bonus else ()) + tuple(bonuses)
    resist = stats.resistance(state, target, spec.type)
    roll = roll_pool(state.dice, spec.rank, "Damage", modifiers)
    amount = roll.result - sum(m.amount for m in resist)
    events: list[Event] = [DamageRolled(cid_of(target), roll, spec.type, resist, max(0, amount))]
    if amount <= 0:
        return events
    return events + take_damage(state, target, amount)


def take_damage(state: GridState, target: int, amount: int) -> list[Event]:
    """Add damage to the Damage score, then roll Endurance: less than the score makes a wound."""
    health = get(target, Health)
    health.damage += amount
    cid = cid_of(target)
    events: list[Event] = [DamageTaken(cid, amount, health.damage)]
    if stats.has_keyword(target, "Drone"):
        # "they die as soon as they take any damage" (text 003, Drone).
        return events + kill(state, target, "a Drone dies as soon as it takes any damage")
    roll = stats.roll(state, target, "Endurance")
    wounded = roll.result < health.damage
    events.append(EnduranceRolled(cid, roll, health.damage, wounded))
    if wounded:
        health.damage = 0
        events += add_wound(state, target)
    return events


def add_wound(state: GridState, target: int) -> list[Event]:
    """Raise Wounds by one: equal to Resolve is Unconscious, above it is death."""
    health = get(target, Health)
    resolve = resolve_rank(state, target)
    health.wounds += 1
    cid = cid_of(target)
    events: list[Event] = [Wounded(cid, health.wounds, resolve)]
    if health.wounds > resolve:
        events += kill(state, target, "wounds beyond Resolve")
    elif health.wounds == resolve and health.state != UNCONSCIOUS:
        health.state = UNCONSCIOUS
        events.append(FellUnconscious(cid))
        events += end_auras(state, target)
    return events


def kill(state: GridState, target: int, reason: str) -> list[Event]:
    """The combatant dies: it leaves the map and its auras end (ruling grid-dead-leave-map)."""
    health = get(target, Health)
    if health.state == DEAD:
        return []
    health.state = DEAD
    events: list[Event] = [Died(cid_of(target), reason)]
    events += end_auras(state, target)
    if esper.has_component(target, Position):
        esper.remove_component(target, Position)
    return events


def end_auras(state: GridState, bearer: int) -> list[Event]:
    """An Unconscious or dead bearer keeps up no aura it raised (ruling grid-aura-bearer).

    An aura its template gives it is its own: it does nothing while the bearer cannot fight (see
    auras.auras_touching) and is back when the bearer wakes. Matches of the fifth save format and older
    lost it for good (LEGACY_GRID_RULES).
    """
    events: list[Event] = []
    for aura_ent, aura in list(esper.get_component(AuraState)):
        if aura.bearer == bearer and (aura.source != INNATE or state.legacy_rules or is_dead(bearer)):
            esper.delete_entity(aura_ent, immediate=True)
            events.append(AuraEnded(cid_of(bearer), aura.aura))
    return events


def heal(state: GridState, target: int, amount: int, source: str, automatic: bool = False) -> list[Event]:
    """Heal Wounds; an Unconscious combatant brought below Resolve wakes up Prone (text 003). Automatic
    healing (a condition's or an aura's, at the start of a turn) of a combatant without wounds says nothing."""
    health = get(target, Health)
    if health.state == DEAD or amount <= 0 or automatic and not health.wounds:
        return []
    healed = min(amount, health.wounds)
    health.wounds -= healed
    events: list[Event] = [Healed(cid_of(target), healed, health.wounds, source)]
    if health.state == UNCONSCIOUS and health.wounds < resolve_rank(state, target):
        health.state = PRONE
        events.append(Woke(cid_of(target)))
    return events


def base_resolve(target: int) -> int:
    """The Resolve rank before gear (for checks that must not depend on equipment)."""
    return get(target, Ranks).base["Resolve"]
