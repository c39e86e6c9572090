"""Spending movement points on moving (text 003, "Moving")."""

from __future__ import annotations

from collections.abc import Callable

from game.core.battlefield import Square
from game.core.components import Position, get, square_of
from game.core.events import Event
from game.core.geometry import distance, neighbours
from game.core.paths import Reach, StepCost, cheapest_grid_path, grid_step_cost, reachable
from game.core.world import entity_table
from game.modes.grid.components import PRONE, STANDING, UNCONSCIOUS, Combatant, Health, TurnScores
from game.modes.grid.events import Moved, MoveStopped
from game.modes.grid.state import GridState, able_to_fight, cid_of, side_of

Plan = tuple[list[Square], int]
"""A path (the squares stepped into) and what it costs."""

ABLE = (STANDING, PRONE)  # state.able_to_fight
LEAVE_OPPONENT_COST = 4  # "If the square you are moving out of is adjacent to an opponent, add 4"


def cost_multiplier(mover: int) -> int:
    """"If you are Prone or Hidden, double the movement point cost" (Hidden: a score above 0)."""
    prone = get(mover, Health).state == PRONE
    hidden = get(mover, TurnScores).hidden > 0
    return 2 if prone or hidden else 1


def squeezes(state: GridState) -> bool:
    """Whether a diagonal step may pass between two closed squares (ruling grid-diagonal-squeeze).

    "You can move into any adjacent empty square, including diagonally": walls beside the diagonal do
    not make the square any less adjacent or empty. Matches of the seventh save format and older allowed
    no such step (LEGACY_CORNERS).
    """
    return not state.legacy_corners


def threatens(state: GridState, health_state: str) -> bool:
    """Whether an opponent in this state adds the +4 for leaving its side (ruling grid-opponent-adjacent).

    "adjacent to an opponent": an Unconscious opponent is still one. Matches of the fifth save format
    and older counted only opponents able to fight (LEGACY_GRID_RULES).
    """
    return health_state in ABLE or (health_state == UNCONSCIOUS and not state.legacy_rules)


def known_obstacles(state: GridState, mover: int) -> tuple[frozenset[Square], frozenset[Square]]:
    """Squares the mover knows are taken, and squares next to opponents it can see.

    Ruling grid-move-knowledge: the mover plans with what it sees; an unseen combatant still
    blocks the square it stands on, which stops the move there (MoveStopped), and the mover
    knows that square is taken for the rest of its turn.
    """
    # visibility.can_see for every other combatant, with the mover's sight and Senses found once
    # and each entity's components read straight from the current world's table (as the view does).
    table = entity_table()
    own = table[mover]
    taken: set[Square] = set(own[TurnScores].bumped)
    threatened: set[Square] = set()
    side = own[Combatant].side
    position = own.get(Position)
    if position is None or own[Health].state not in ABLE:
        return frozenset(), frozenset()  # visibility.sight_of: it sees nothing, so knows of nobody
    sight = state.sight.visible_from(position.square)
    senses = own[TurnScores].senses
    for ent, who in state.roster:
        if ent == mover:
            continue
        comps = table[ent]
        position = comps.get(Position)
        if position is None:
            continue
        square = position.square
        opponent = who.side != side
        # Ruling grid-move-allies: a side always knows where its own members stand (before the seventh save
        # format, only those in the mover's sight were known).
        if square not in sight and (opponent or state.legacy_allies):
            continue
        if opponent and comps[TurnScores].hidden > senses:
            continue  # visibility.hidden_from
        taken.add(square)
        if opponent and threatens(state, comps[Health].state):
            threatened.update(neighbours(square))
            threatened.add(square)
    return frozenset(taken), frozenset(threatened)


def step_cost_for(state: GridState, mover: int) -> StepCost:
    """The cost of each step for this mover now: terrain, +4 out of an opponent's side, doubled."""
    taken, threatened = known_obstacles(state, mover)
    return grid_step_cost(state.battlefield, taken, threatened, LEAVE_OPPONENT_COST, cost_multiplier(mover),
                          squeezes(state))


def reach_of(state: GridState, mover: int) -> Reach:
    """Every square the mover can reach with its movement points, and the cheapest paths."""
    start = square_of(mover)
    assert start is not None
    return reachable(start, get(mover, TurnScores).movement, step_cost_for(state, mover))


# The last path planned and everything it was planned from: checking a move, checking that it is
# listed and walking it plan the same path from the same knowledge, so the search runs once.
_last_plan: list[tuple[tuple[object, ...], Plan | None]] = []


def plan_path(state: GridState, mover: int, goal: Square) -> Plan | None:
    """The cheapest path to a square within the mover's movement points, or None."""
    start = square_of(mover)
    assert start is not None
    taken, threatened = known_obstacles(state, mover)
    movement = get(mover, TurnScores).movement
    multiplier = cost_multiplier(mover)
    straight = not state.legacy_ties
    squeeze = squeezes(state)
    key = (state.battlefield, start, goal, movement, multiplier, taken, threatened, straight, squeeze)
    if _last_plan and _last_plan[0][0] == key:
        found = _last_plan[0][1]
    else:
        # The same costs as step_cost_for, from the knowledge just found.
        found = cheapest_grid_path(state.battlefield, start, goal, movement, taken, threatened, LEAVE_OPPONENT_COST,
                                   multiplier, straight, squeeze)
        _last_plan[:] = [(key, found)]
    return None if found is None else (list(found[0]), found[1])


def check_move(state: GridState, mover: int, goal: Square) -> str | None:
    """Why the mover cannot move to the square, or None."""
    start = square_of(mover)
    if start is None:
        return "not on the map"
    if goal == start:
        return "already there"
    if not state.battlefield.is_open(goal):
        return "that square cannot be stood on"
    if goal in get(mover, TurnScores).bumped:
        return "somebody unseen stands there"
    if goal in known_obstacles(state, mover)[0]:
        return "somebody stands there"
    if plan_path(state, mover, goal) is None:
        taken, threatened = known_obstacles(state, mover)
        if cheapest_grid_path(state.battlefield, start, goal, None, taken, threatened,
                              squeeze=squeezes(state)) is None:
            return "no way leads there"  # walled in or blocked: no number of points would do
        return "not enough movement points" if distance(start, goal) <= get(mover, TurnScores).movement \
            else "too far for the movement points left"
    return None


def move(state: GridState, mover: int, goal: Square, on_step: Callable[[], None] | None = None,
         planned: Plan | None = None) -> list[Event]:
    """Walk the cheapest path step by step, paying each step at its cost when it is taken.

    Costs are charged with what the mover knows at each step; a step into a square that turns
    out to hold an unseen combatant, or that now costs more than is left, ends the move.
    ``planned`` is the path plan_path gives in this same state, when the caller has it already.
    """
    if planned is None:
        planned = plan_path(state, mover, goal)
    assert planned is not None
    path, _ = planned
    scores = get(mover, TurnScores)
    position = get(mover, Position)
    walked: list[Square] = []
    costs: list[int] = []
    stop: str | None = None
    # The same costs as step_cost_for at each step, without a fresh field of view per step: a
    # square next to the mover is always in its sight, so the +4 depends only on which adjacent
    # opponents able to fight are not Hidden from it, and a step into a taken square is refused
    # as "an unseen combatant" before its cost matters.
    terrain = grid_step_cost(state.battlefield, squeeze=squeezes(state))
    multiplier = cost_multiplier(mover)
    # Nobody else moves while the mover walks, and nobody's state, Hidden or Senses changes, so
    # the squares others hold and the squares beside opponents that add the +4 (those able to
    # fight and not Hidden from the mover, while the mover itself can fight) are found once.
    table = entity_table()
    side = side_of(mover)
    watchful = able_to_fight(mover)
    held: set[Square] = set()
    beside_opponents: set[Square] = set()
    for ent, who in state.roster:
        if ent == mover:
            continue
        comps = table[ent]
        there = comps.get(Position)
        if there is None:
            continue
        held.add(there.square)  # state.occupant: a path never steps onto the mover's own square
        if watchful and who.side != side and threatens(state, comps[Health].state) and \
                not comps[TurnScores].hidden > scores.senses:  # visibility.hidden_from
            beside_opponents.update(neighbours(there.square))
            beside_opponents.add(there.square)
    for square in path:
        here = position.square
        cost = terrain(here, square)
        if cost is not None:
            if here in beside_opponents:
                cost += LEAVE_OPPONENT_COST
            cost *= multiplier
        if square in held:
            stop = "an unseen combatant is in the way"
            if not state.legacy_bumps:
                scores.bumped.add(square)
        elif cost is None:
            stop = "the way is blocked"
        elif cost > scores.movement:
            stop = "not enough movement points for the next step"
        if stop:
            break
        assert cost is not None
        scores.movement -= cost
        position.square = square
        walked.append(square)
        costs.append(cost)
    events: list[Event] = []
    cid = cid_of(mover)
    if walked:
        events.append(Moved(cid, tuple(walked), tuple(costs), scores.movement))
    if stop:
        events.append(MoveStopped(cid, position.square, stop))
    return events

