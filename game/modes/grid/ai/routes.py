"""Paths for the tactical policy, costed from the view exactly as the rules charge them.

The rules plan a move with what the mover sees (``movement.step_cost_for``); this rebuilds the
same step costs from the view (as ``viewpaths`` does for the screen) in one closure, since the
policy asks for them tens of thousands of times a turn: 1 a step, 2 into an obstructed square,
+4 for leaving a square next to a seen opponent able to fight, doubled while Prone or Hidden, no
step into a seen combatant's square and no squeezing between two closed squares.
"""

from __future__ import annotations

from game.core.battlefield import Battlefield, Square
from game.core.paths import Reach, StepCost, cheapest_path, reachable
from game.modes.grid.ai.lore import ABLE
from game.modes.grid.movement import LEAVE_OPPONENT_COST
from game.modes.grid.view import CombatantView, GridView


def step_costs(battlefield: Battlefield, taken: frozenset[Square] | set[Square], threatened: set[Square],
               multiplier: int) -> StepCost:
    """One step's cost with the terrain, the squares taken, the squares next to opponents and the multiplier."""
    open_squares = battlefield.playable
    obstructed = battlefield.obstructed
    extra = LEAVE_OPPONENT_COST

    def step_cost(a: Square, b: Square) -> int | None:
        if b not in open_squares or b in taken or a not in open_squares:
            return None
        ax, ay = a
        bx, by = b
        if ax != bx and ay != by and (bx, ay) not in open_squares and (ax, by) not in open_squares:
            return None  # geometry.can_step: no squeezing between two closed squares
        cost = 2 if b in obstructed else 1
        if a in threatened:
            cost += extra
        return cost * multiplier

    return step_cost


def around(square: Square) -> list[Square]:
    """The square and the eight around it."""
    x, y = square
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


def mover_costs(view: GridView, me: CombatantView, bumped: set[Square] | frozenset[Square] = frozenset()) -> StepCost:
    """The step costs of the current combatant, from what it sees now and the squares it bumped into this turn."""
    taken: set[Square] = set(bumped)
    threatened: set[Square] = set()
    visible = view.visible
    for other in view.combatants:
        # The mover plans with what it sees: a combatant outside its sight does not block the plan.
        square = other.square
        if other.cid == me.cid or square is None or square not in visible:
            continue
        taken.add(square)
        if other.side != me.side and other.state in ABLE:
            threatened.update(around(square))
    multiplier = 2 if me.state == "prone" or (me.hidden or 0) > 0 else 1
    return step_costs(view.battlefield, taken, threatened, multiplier)


def reach_from(start: Square, budget: int, costs: StepCost) -> Reach:
    """Every square reachable from start within the budget, with its cheapest cost."""
    return reachable(start, budget, costs)


def route(view: GridView, start: Square, goal: Square, avoid: set[Square]) -> list[Square] | None:
    """A cheap way from start to goal over the terrain, around the squares in ``avoid``; None if there is none.

    Used to head for a goal further than one turn: the +4 of squares next to opponents are
    left out, since where the opponents will stand by then is not known.
    """
    costs = step_costs(view.battlefield, avoid - {goal}, set(), 1)
    found = cheapest_path(start, goal, costs)
    if found is None and avoid:
        found = cheapest_path(start, goal, step_costs(view.battlefield, frozenset(), set(), 1))
    return None if found is None else found[0]
