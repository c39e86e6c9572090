"""Rounds and turns: Roll Initiative, the start of a turn and the end of a turn (text 003)."""

from __future__ import annotations

from game.core.components import get
from game.core.events import Event
from game.modes.grid import stats
from game.modes.grid.auras import apply_auras, auras_touching
from game.modes.grid.components import DEAD, PRONE, UNCONSCIOUS, Health, TurnScores
from game.modes.grid.conditions import check_conditions
from game.modes.grid.events import (
    InitiativeRolled,
    MovementPointsSet,
    Reanimated,
    ResolveRolled,
    SensesSet,
    TurnEnded,
    TurnStarted,
)
from game.modes.grid.state import GridState, cid_of
from game.modes.grid.wounds import deal_damage, heal, kill, resolve_rank

INITIATIVE_SKILL = "Reactions"  # ruling grid-initiative
DIES_AT_MOST = 1  # "if the result is 0 or 1, the combatant dies"
REANIMATES_AT = 8  # ruling grid-undead: the same 8 that Inspire needs


def roll_initiative(state: GridState) -> list[Event]:
    """Every combatant not dead rolls Reactions; higher results act first.

    Ruling grid-initiative: ties go to the higher Reactions rank, then to the side listed
    first (heroes), then to the order in which the combatants joined the encounter.
    """
    state.round += 1
    entries = []
    side_order: dict[str, int] = {}
    for join, (ent, who) in enumerate(state.combatants()):
        side_order.setdefault(who.side, len(side_order))
        if get(ent, Health).state == DEAD:
            continue
        roll = stats.roll(state, ent, INITIATIVE_SKILL, "Initiative")
        entries.append((roll, stats.rank(state, ent, INITIATIVE_SKILL), side_order[who.side], join, who.cid))
    entries.sort(key=lambda e: (-e[0].result, -e[1], e[2], e[3]))
    state.order = [e[4] for e in entries]
    state.current = None
    return [InitiativeRolled(state.round, tuple((e[4], e[0]) for e in entries), tuple(state.order))]


def start_turn(state: GridState, ent: int) -> tuple[list[Event], bool]:
    """Run the start of a turn; return its events and whether the combatant goes on to act.

    Order (text 003): automatic healing and damage from conditions and auras; an Unconscious
    combatant rolls Resolve and dies on 0 or 1; otherwise Speed sets movement points,
    Perception sets Senses and Hidden is reset to 0.
    """
    cid = cid_of(ent)
    events: list[Event] = [TurnStarted(cid, state.round)]
    scores = get(ent, TurnScores)
    scores.acted = False
    scores.movement = 0
    scores.bumped = set()
    # "any automatic healing or damage effects from Conditions or Auras, apply them" is one step: the
    # auras act first, so a condition an aura gives counts in the turn it is given (ruling grid-aura-when).
    # Matches of the fifth save format and older applied the auras after the conditions (LEGACY_GRID_RULES).
    if not state.legacy_rules:
        events += apply_auras(state, ent)
    for _, cs in stats.conditions_on(ent):
        definition = state.content.conditions[cs.condition]
        if definition.heal:
            events += heal(state, ent, definition.heal, definition.name, automatic=True)
        if definition.automatic_damage is not None:
            events += deal_damage(state, ent, definition.automatic_damage)
    if state.legacy_rules:
        events += apply_auras(state, ent)
    health = get(ent, Health)
    if health.state == DEAD:
        return events, False
    if health.state == UNCONSCIOUS:
        roll = stats.roll(state, ent, "Resolve")
        dies = roll.result <= DIES_AT_MOST
        undead = stats.has_keyword(ent, "Undead")
        rises = not dies and undead and roll.result >= REANIMATES_AT
        events.append(ResolveRolled(cid, roll, dies, rises))
        if dies:
            return events + kill(state, ent, "failed its Resolve roll while Unconscious"), False
        if not rises:
            return events, False
        # Ruling grid-undead: it rises Prone with one wound fewer than its Resolve.
        health.wounds = resolve_rank(state, ent) - 1
        health.damage = 0
        health.state = PRONE
        events.append(Reanimated(cid, health.wounds))
    speed = stats.roll(state, ent, "Speed")
    movement_mods = stats.condition_modifiers(state, ent, "movement")
    scores.movement = max(0, speed.result + sum(m.amount for m in movement_mods))
    shown = speed if not movement_mods else type(speed)(
        "Movement", speed.rank, speed.dice, speed.natural, speed.modifiers + movement_mods, speed.halved,
        speed.rank_modifiers)
    events.append(MovementPointsSet(cid, shown, scores.movement))
    senses = stats.roll(state, ent, "Perception", "Senses")
    scores.senses = max(0, senses.result)
    scores.hidden = 0
    events.append(SensesSet(cid, senses, scores.senses))
    return events, True


def may_get_up(state: GridState, ent: int) -> bool:
    """Whether an Unconscious combatant's next turn start may wake it (ruling grid-able-to-fight).

    An Undead has "a chance to reanimate" there; any other wakes if the automatic healing of its
    conditions and the auras on it then takes its Wounds below its Resolve rank.
    """
    health = get(ent, Health)
    if health.state != UNCONSCIOUS:
        return False
    if stats.has_keyword(ent, "Undead"):
        return True
    healing = sum(state.content.conditions[cs.condition].heal for _, cs in stats.conditions_on(ent))
    healing += sum(aura.heal for _, aura in auras_touching(state, ent))
    return healing > 0 and health.wounds - healing < resolve_rank(state, ent)


def end_turn(state: GridState, ent: int) -> list[Event]:
    """Check every condition on the combatant, then end its turn."""
    events: list[Event] = []
    if get(ent, Health).state != DEAD:
        events += check_conditions(state, ent)
    return events + [TurnEnded(cid_of(ent))]

