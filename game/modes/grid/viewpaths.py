"""Movement previews from a seat's view: what the screen may show of a move before it is made.

The rules plan a move with the world (``movement.step_cost_for``); a screen may read only a
view, so these functions rebuild the same costs from what the view holds: terrain, the squares
of combatants the mover can see (in its sight and not Hidden from it) and of those unseen that
stopped its moves this turn, +4 for leaving a square next to a seen opponent able to fight, and
the cost doubled while the mover is Prone or Hidden.
"""

from __future__ import annotations

from game.core.battlefield import Square
from game.core.paths import Reach, StepCost, cheapest_path, grid_step_cost, reachable
from game.modes.grid.components import PRONE, STANDING, UNCONSCIOUS
from game.modes.grid.movement import LEAVE_OPPONENT_COST
from game.modes.grid.view import CombatantView, GridView


def _mover(view: GridView, cid: str) -> CombatantView | None:
    """The combatant if the view knows where it stands and its movement points (only its own seat does)."""
    mover = view.combatant(cid)
    if mover is None or mover.square is None or mover.movement is None:
        return None
    return mover


def seen_by_mover(view: GridView, mover: CombatantView) -> tuple[set[Square], set[Square]]:
    """The squares of the combatants the mover sees, and the squares next to (and of) the opponents among them
    able to fight: what blocks its moves and what costs 4 more to leave."""
    taken: set[Square] = set()
    threatened: set[Square] = set()
    visible, unseen = view.visible, view.hidden_from_current
    for other in view.combatants:
        # The mover plans with what it sees: a combatant outside its sight, or one whose Hidden beats its
        # Senses (seen by an ally), does not block the plan.
        square = other.square
        if other.cid == mover.cid or square is None:
            continue
        # Its own side's members it always knows of (ruling grid-move-allies), but in matches of the sixth save
        # format and older.
        ally = other.side == mover.side and not view.legacy_allies
        if not ally and (square not in visible or other.cid in unseen):
            continue
        taken.add(square)
        # movement.threatens: an Unconscious opponent counts too, but in matches of the fifth save format and older.
        if other.side != mover.side and (other.state in (STANDING, PRONE)
                                         or other.state == UNCONSCIOUS and not view.legacy_rules):
            x, y = square
            threatened.update((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return taken, threatened


def step_cost_for_view(view: GridView, cid: str) -> StepCost | None:
    """The cost of each step for a combatant of the viewing seat, or None if the view cannot tell."""
    mover = _mover(view, cid)
    if mover is None:
        return None
    taken, threatened = seen_by_mover(view, mover)
    taken.update(mover.bumped or ())
    # movement.squeezes: a diagonal may pass between two walls, but in matches of the seventh save format and older.
    terrain = grid_step_cost(view.battlefield, taken, squeeze=not view.legacy_corners)
    multiplier = 2 if mover.state == PRONE or (mover.hidden or 0) > 0 else 1

    def step_cost(a: Square, b: Square) -> int | None:
        base = terrain(a, b)
        if base is None:
            return None
        if a in threatened:
            base += LEAVE_OPPONENT_COST
        return base * multiplier

    return step_cost


def paths_for_view(view: GridView, cid: str) -> Reach | None:
    """Every square the combatant can reach with its movement points left, with the cheapest paths."""
    mover = _mover(view, cid)
    step_cost = step_cost_for_view(view, cid)
    if mover is None or step_cost is None:
        return None
    assert mover.square is not None and mover.movement is not None
    return reachable(mover.square, mover.movement, step_cost)


def path_for_view(view: GridView, cid: str, goal: Square, budget: int | None = None) -> tuple[list[Square], int] | None:
    """The cheapest path to a square and its cost (within ``budget`` if given), or None."""
    mover = _mover(view, cid)
    step_cost = step_cost_for_view(view, cid)
    if mover is None or step_cost is None:
        return None
    assert mover.square is not None
    return cheapest_path(mover.square, goal, step_cost, budget, straight=not view.legacy_ties)
