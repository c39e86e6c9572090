"""Taking damage, shrugging it off, wounds, zero hit points, death and healing (text 001, "Taking Damage")."""

from __future__ import annotations

import esper

from game.core.components import Position, get
from game.core.events import Event
from game.core.rolls import step_down
from game.modes.stances.components import DEAD, UNCONSCIOUS, UP, Holds, Vitals, Wound
from game.modes.stances.events import (
    DamageTaken,
    Died,
    FellToZero,
    HoldEnded,
    WentUnconscious,
    Woke,
    Wounded,
)
from game.modes.stances.kit import adjacent, heal_cap
from game.modes.stances.state import StancesState, who

WOUND_AT = 10  # "If you take 10 or more damage ... mark a wound"
MINUTES_TO_FALL = 10  # "you fall unconscious anyway after 10 minutes"
ROUNDS_A_MINUTE = 10  # ruling stances-ten-minutes: a round is six seconds of fighting
ROUNDS_TO_FALL = MINUTES_TO_FALL * ROUNDS_A_MINUTE


def can_shrug_off(ent: int) -> bool:
    """Whether the fighter can choose to shrug off damage: awake, with a heart die above a d4."""
    vitals = get(ent, Vitals)
    return vitals.state == UP and step_down(vitals.heart) is not None


def take_damage(state: StancesState, ent: int, amount: int, kind: str, shrug: bool) -> list[Event]:
    """Take damage, halved (rounding up) with the heart die one size smaller when shrugged off.

    "If you cannot decrease your heart die because it's already a d4, you must take the full
    amount of damage." Ruling stances-shrug-rounding: half rounds up, as the defensive stance's
    halving does.
    """
    vitals = get(ent, Vitals)
    if vitals.state == DEAD or amount <= 0:
        return []
    cid = who(ent).cid
    smaller = step_down(vitals.heart)
    shrugged = shrug and smaller is not None and vitals.state == UP
    if shrugged:
        amount = -(-amount // 2)
        vitals.heart = smaller  # type: ignore[assignment]
    vitals.hit_points -= amount
    events: list[Event] = [DamageTaken(cid, amount, shrugged, vitals.heart, vitals.hit_points)]
    if amount >= WOUND_AT:
        description = describe_wound(state, ent, kind)
        vitals.wounds.append(Wound(description, amount))
        events.append(Wounded(cid, description, amount))
    if vitals.hit_points <= -vitals.maximum:
        return events + kill(state, ent)
    if vitals.hit_points <= 0 and vitals.state == UP:
        if vitals.down_since is None:
            vitals.down_since = state.round
        events.append(FellToZero(cid, vitals.hit_points))
    return events


def describe_wound(state: StancesState, ent: int, kind: str) -> str:
    """The GM's plain description: the next line of the table for the kind of weapon, by wounds already taken."""
    lines = state.content.wounds[kind].descriptions
    return lines[len(get(ent, Vitals).wounds) % len(lines)]


def kill(state: StancesState, ent: int) -> list[Event]:
    """The fighter dies; ruling stances-dead-leave-map: its square is free."""
    vitals = get(ent, Vitals)
    vitals.state = DEAD
    events = release_holds(state, ent, "died")
    esper.remove_component(ent, Position)
    return events + [Died(who(ent).cid, vitals.hit_points)]


def go_unconscious(state: StancesState, ent: int, reason: str) -> list[Event]:
    """The fighter goes unconscious; it lets go of anything it held and is let go of."""
    get(ent, Vitals).state = UNCONSCIOUS
    return [WentUnconscious(who(ent).cid, reason), *release_holds(state, ent, "went unconscious")]


def fall_after_ten_minutes(state: StancesState) -> list[Event]:
    """Fighters awake at zero or fewer for ten minutes of rounds fall unconscious anyway."""
    events: list[Event] = []
    for ent, _ in state.combatants():
        vitals = get(ent, Vitals)
        if vitals.state == UP and vitals.down_since is not None and state.round - vitals.down_since >= ROUNDS_TO_FALL:
            events += go_unconscious(state, ent, "ten minutes at zero hit points or fewer")
    return events


def heal(state: StancesState, ent: int, amount: int) -> int:
    """Gain hit points up to the maximum less the wounds' ranks; return how many were gained.

    "Once you are unconscious, you remain unconscious so long as your hit points are zero or
    fewer": ruling stances-wake, an unconscious fighter healed above zero wakes.
    """
    vitals = get(ent, Vitals)
    if vitals.state == DEAD or amount <= 0:
        return 0
    new = min(vitals.hit_points + amount, heal_cap(ent))
    gained = max(0, new - vitals.hit_points)
    vitals.hit_points += gained
    if vitals.hit_points > 0:
        vitals.down_since = None
    return gained


def wake_if_healed(ent: int) -> list[Event]:
    """An unconscious fighter whose hit points are above zero wakes."""
    vitals = get(ent, Vitals)
    if vitals.state == UNCONSCIOUS and vitals.hit_points > 0:
        vitals.state = UP
        return [Woke(who(ent).cid)]
    return []


def release_holds(state: StancesState, ent: int, reason: str) -> list[Event]:
    """End every grapple and climb the fighter takes part in."""
    events: list[Event] = []
    cid = who(ent).cid
    holds = get(ent, Holds)
    if holds.grappling is not None:
        events += end_grapple(state, ent, state.ent(holds.grappling), reason)
    if holds.grappled_by is not None:
        events += end_grapple(state, state.ent(holds.grappled_by), ent, reason)
    if holds.climbing is not None:
        events.append(HoldEnded(cid, holds.climbing, "climb", reason))
        holds.climbing = None
    for other, fighter in state.combatants():
        if get(other, Holds).climbing == cid:
            get(other, Holds).climbing = None
            events.append(HoldEnded(fighter.cid, cid, "climb", reason))
    return events


def end_grapple(state: StancesState, grappler: int, grappled: int, reason: str) -> list[Event]:
    """The grappler lets go: both conditions end."""
    g, t = get(grappler, Holds), get(grappled, Holds)
    g.grappling, g.grapple_hands, t.grappled_by = None, 0, None
    return [HoldEnded(who(grappler).cid, who(grappled).cid, "grapple", reason)]


def holds_after_moving(state: StancesState, ent: int, own_move: bool) -> list[Event]:
    """After a fighter moved: a grappler or climber that moved itself lets go; anything no longer adjacent ends.

    Ruling stances-grapple-ends: a grapple holds only while the two stand side by side, and a
    grappler that moves away lets go; a climber falls off a creature that moves.
    """
    events: list[Event] = []
    cid = who(ent).cid
    holds = get(ent, Holds)
    if holds.grappling is not None:
        other = state.ent(holds.grappling)
        if own_move or not adjacent(ent, other):
            events += end_grapple(state, ent, other, "moved apart" if not own_move else "let go to move")
    if holds.grappled_by is not None:
        other = state.ent(holds.grappled_by)
        if not adjacent(ent, other):
            events += end_grapple(state, other, ent, "moved apart")
    if holds.climbing is not None:
        events.append(HoldEnded(cid, holds.climbing, "climb", "climbed down to move" if own_move else "moved"))
        holds.climbing = None
    for other, fighter in state.combatants():
        if get(other, Holds).climbing == cid:
            get(other, Holds).climbing = None
            events.append(HoldEnded(fighter.cid, cid, "climb", "thrown off when it moved"))
    return events
