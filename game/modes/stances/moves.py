"""Moving on the map: the dash, the agility sidestep and pushes."""

from __future__ import annotations

from game.core.battlefield import Square
from game.core.components import Position, get, square_of
from game.core.events import Event
from game.core.geometry import can_step, distance, neighbours
from game.core.paths import Reach, StepCost, cheapest_path, grid_step_cost, reachable
from game.modes.stances.components import Holds, Kit, RoundUse
from game.modes.stances.damage import holds_after_moving
from game.modes.stances.events import Dashed, PushBlocked, Pushed, Sidestepped
from game.modes.stances.kit import weapon_of
from game.modes.stances.state import StancesState, is_up, who


def dash_reach(state: StancesState, ent: int) -> Reach:
    """The squares a dash can end on: up to speed in steps (an obstructed square costs two), never through anyone.

    Ruling stances-dash: a fighter's move each round is one dash of up to its speed; squares
    cost what the map says (obstructed squares one more), and nobody passes through another.
    """
    start = square_of(ent)
    assert start is not None
    return reachable(start, get(ent, Kit).speed, _dash_cost(state, start))


def _dash_cost(state: StancesState, start: Square) -> StepCost:
    """What each step of a dash from ``start`` costs: the map's cost, never into another fighter's square."""
    return grid_step_cost(state.battlefield, set(state.occupied()) - {start})


def check_dash(state: StancesState, ent: int, to: Square) -> str | None:
    """Why the fighter cannot dash to the square now, or None."""
    name = who(ent).name
    if not is_up(ent):
        return f"{name} cannot move"
    if get(ent, RoundUse).moved:
        return f"{name} has already dashed this round"
    if get(ent, Holds).grappled_by is not None:
        return f"{name} is grappled and cannot move"
    if to == square_of(ent):
        return "a dash must go somewhere"
    if to not in dash_reach(state, ent):
        return f"{name} cannot reach {to} this round"
    return None


def dash(state: StancesState, ent: int, to: Square) -> list[Event]:
    """Dash to the square along the cheapest path, the one nearest the straight line among equally cheap ones."""
    start = square_of(ent)
    assert start is not None
    if state.legacy_ties:
        path = dash_reach(state, ent).path_to(to)  # the first path found, as dashes went before
    else:
        found = cheapest_path(start, to, _dash_cost(state, start), get(ent, Kit).speed)
        assert found is not None, "check_dash lets only a square in reach through"
        path = found[0]
    get(ent, Position).square = to
    get(ent, RoundUse).moved = True
    return [Dashed(who(ent).cid, tuple(path)), *holds_after_moving(state, ent, own_move=True)]


def sidestep_squares(state: StancesState, ent: int) -> list[Square]:
    """The open, empty squares next to the fighter that one step reaches (ruling stances-sidestep: one square)."""
    here = square_of(ent)
    if here is None or get(ent, Holds).grappled_by is not None:
        return []
    occupied = state.occupied()
    return [sq for sq in neighbours(here) if sq not in occupied and can_step(state.battlefield, here, sq)]


def sidestep(state: StancesState, ent: int, to: Square) -> list[Event]:
    """Take the free sidestep."""
    origin = square_of(ent)
    get(ent, Position).square = to
    return [Sidestepped(who(ent).cid, to, _origin=origin), *holds_after_moving(state, ent, own_move=True)]


def _push_stop(state: StancesState, here: Square, nxt: Square, occupied: dict[Square, int]) -> str:
    """Why a push cannot go on from ``here`` to ``nxt`` ("a wall, an edge or another fighter"), or ""."""
    if nxt in occupied:
        return f"{who(occupied[nxt]).name} stands behind"
    if not state.battlefield.in_bounds(nxt):
        return "the edge of the map is behind"
    if not can_step(state.battlefield, here, nxt):
        return "a wall is behind"
    return ""


def push(state: StancesState, target: int, attacker: str, origin: Square, squares: int) -> list[Event]:
    """Push the target straight away from the square the attacker struck from, stopping at anything in the way.

    Ruling stances-push: a push moves the target up to the weapon's push in squares, each step
    one square further along the line from the attacker to it; a wall, an edge or another
    fighter stops it.
    """
    here = square_of(target)
    if here is None:
        return []
    dx = (here[0] > origin[0]) - (here[0] < origin[0])
    dy = (here[1] > origin[1]) - (here[1] < origin[1])
    occupied = state.occupied()
    path: list[Square] = []
    blocked = ""
    for _ in range(squares):
        nxt = (here[0] + dx, here[1] + dy)
        blocked = _push_stop(state, here, nxt, occupied)
        if blocked:
            break
        path.append(nxt)
        here = nxt
    if not path:
        # The push was declared and hit, but moved nothing: the log says why rather than nothing at all
        # (matches saved before the fifth format said nothing, and replay so).
        return [] if state.legacy_pushes else [PushBlocked(who(target).cid, attacker, blocked or "there is no room")]
    get(target, Position).square = here
    return [Pushed(who(target).cid, attacker, tuple(path)), *holds_after_moving(state, target, own_move=False)]


def sides_can_meet(state: StancesState) -> bool:
    """Whether some fighter able to fight could, dashing round after round, come within reach of an enemy.

    Ruling stances-apart: fighters walk the map's open squares (others may move aside, so they do not
    block); a weapon reaches as ``kit.in_reach`` says, within its range and in sight.
    """
    fighters = []
    walks: dict[int, set[Square]] = {}
    for ent, f in state.combatants():
        start = square_of(ent)
        if is_up(ent) and start is not None:
            fighters.append((ent, f))
            walks[ent] = set(reachable(start, None, grid_step_cost(state.battlefield)).costs)
    for ent, f in fighters:
        weapon_range = weapon_of(state, ent).range
        enemies = [other for other, g in fighters if g.side != f.side]
        if not enemies:
            continue
        theirs = set().union(*(walks[other] for other in enemies))
        # Most maps are one open floor: an enemy's walk touching one's own settles it at once.
        if any(sq in theirs for here in walks[ent] for sq in (here, *neighbours(here))):
            return True
        for here in walks[ent]:
            seen = state.sight.visible_from(here)
            if any(sq in theirs and distance(here, sq) <= weapon_range for sq in seen):
                return True
    return False
