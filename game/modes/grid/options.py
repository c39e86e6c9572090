"""The other ways to spend movement points: Inspire, Scan, Hide, Stand Up (text 003)."""

from __future__ import annotations

from game.core.components import get
from game.core.events import Event
from game.modes.grid import stats
from game.modes.grid.components import PRONE, STANDING, Health, TurnScores
from game.modes.grid.conditions import remove_condition
from game.modes.grid.events import Hid, Inspired, Scanned, StoodUp
from game.modes.grid.state import GridState, cid_of, side_of
from game.modes.grid.visibility import can_see

INSPIRE_COST = 4
SCAN_COST = 4
HIDE_COST = 4
INSPIRE_NEEDS = 8  # "on a result of 8 or higher, any allies you can see are no longer Stunned"
STAND_UP_COST = 2  # ruling grid-stand-up: the price of one plain step taken while Prone


def spend_check(state: GridState, ent: int, cost: int) -> str | None:
    """Why the combatant cannot pay ``cost`` movement points now, or None."""
    if get(ent, TurnScores).movement < cost:
        return f"needs {cost} movement points, {get(ent, TurnScores).movement} left"
    return None


def inspire(state: GridState, ent: int) -> list[Event]:
    """Roll Presence; on 8 or higher every ally in sight stops being Stunned."""
    scores = get(ent, TurnScores)
    scores.movement -= INSPIRE_COST
    roll = stats.roll(state, ent, "Presence")
    success = roll.result >= INSPIRE_NEEDS
    freed: list[str] = []
    events: list[Event] = []
    if success:
        for ally, _ in state.combatants():
            if ally != ent and side_of(ally) == side_of(ent) and can_see(state, ent, ally) \
                    and stats.is_stunned(state, ally):
                freed.append(cid_of(ally))
                for _, cs in stats.conditions_on(ally):
                    if state.content.conditions[cs.condition].stun:
                        events += remove_condition(state, ally, cs.condition, "Inspire")
    return [Inspired(cid_of(ent), roll, INSPIRE_NEEDS, success, tuple(freed), scores.movement), *events]


def scan(state: GridState, ent: int) -> list[Event]:
    """Roll Perception and add the result to Senses."""
    scores = get(ent, TurnScores)
    scores.movement -= SCAN_COST
    roll = stats.roll(state, ent, "Perception")
    scores.senses += max(0, roll.result)
    return [Scanned(cid_of(ent), roll, scores.senses, scores.movement)]


def hide(state: GridState, ent: int) -> list[Event]:
    """Roll Stealth and add the result to the Hidden score."""
    scores = get(ent, TurnScores)
    scores.movement -= HIDE_COST
    roll = stats.roll(state, ent, "Stealth")
    scores.hidden += max(0, roll.result)
    return [Hid(cid_of(ent), roll, scores.hidden, scores.movement)]


def check_stand_up(state: GridState, ent: int) -> str | None:
    """Why the combatant cannot stand up now, or None."""
    if get(ent, Health).state != PRONE:
        return "not Prone"
    return spend_check(state, ent, STAND_UP_COST)


def stand_up(state: GridState, ent: int) -> list[Event]:
    """Get up from Prone."""
    scores = get(ent, TurnScores)
    scores.movement -= STAND_UP_COST
    get(ent, Health).state = STANDING
    return [StoodUp(cid_of(ent), STAND_UP_COST, scores.movement)]
