"""Shortest paths on the grid with a cost chosen by each mode.

Every search here asks a ``StepCost`` what one step between two adjacent squares costs, so the
terrain rules (obstructed squares, occupied squares, squeezing diagonals) live in
``grid_step_cost`` and each mode wraps it with its own extras (leaving a square next to an
opponent, doubled costs while prone...). Whether a diagonal may squeeze between two closed squares
is each mode's ruling, passed in as ``squeeze`` (see ``geometry.can_step``). Steps must cost at
least 1: A* relies on it.

Determinism: sources start in reading order (row, then column), Dijkstra settles squares of equal
cost first in, first out, A* breaks ties by distance left, then distance from the straight line
between start and goal, then reading order, and the neighbours of a square are always tried in
the same order (``geometry.neighbours``). Nothing depends on set iteration order, so the same
inputs always give the same costs, paths and dictionary order.
"""

from __future__ import annotations

import heapq
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.core.battlefield import Battlefield, Square
from game.core.geometry import neighbours

StepCost = Callable[[Square, Square], "int | None"]
"""What stepping from the first square into the adjacent second one costs; None if it is not allowed.

Searches only ask about adjacent squares, and every allowed step must cost at least 1.
"""


@dataclass(frozen=True)
class Reach:
    """The squares reachable from ``start`` within a budget, their cheapest costs and how to get there."""

    start: Square
    costs: dict[Square, int]
    previous: dict[Square, Square]

    def __contains__(self, square: object) -> bool:
        return square in self.costs

    def cost_to(self, square: Square) -> int | None:
        """The cheapest cost to reach the square, or None if it is out of reach."""
        return self.costs.get(square)

    def path_to(self, square: Square) -> list[Square]:
        """The squares stepped into on the cheapest way to ``square`` (start excluded); ValueError if unreachable."""
        if square not in self.costs:
            raise ValueError(f"{square} is not reachable from {self.start}")
        path: list[Square] = []
        previous = self.previous
        while square in previous:
            path.append(square)
            square = previous[square]
        path.reverse()
        return path


def _dijkstra(
    sources: Iterable[Square], step_cost: StepCost, limit: int | None, towards: bool = False
) -> tuple[dict[Square, int], dict[Square, Square]]:
    """Multi-source Dijkstra; with ``towards`` the costs are of walking to the sources, not from them."""
    costs: dict[Square, int] = {}
    previous: dict[Square, Square] = {}
    # Costs are small integers, so squares wait in one list per cost (a bucket queue) and a heap
    # holds only the distinct costs: far fewer heap operations than one per square. Squares of
    # one cost are settled first in, first out, so ties are settled in a fixed order.
    start = sorted(set(sources), key=_reading_order)
    for square in start:
        costs[square] = 0
    buckets: dict[int, list[Square]] = {0: start}
    pending = [0]
    pop, push, get = heapq.heappop, heapq.heappush, costs.get
    bound = limit if limit is not None else float("inf")
    while pending:
        cost = pop(pending)
        floor = cost + 1  # the least a step from here can cost
        if floor > bound:
            break
        for here in buckets.pop(cost):
            if costs[here] < cost:
                continue  # already settled more cheaply
            for there in neighbours(here):
                old = get(there)
                if old is not None and old <= floor:
                    continue  # no step can improve it: skipping spares most calls to step_cost
                step = step_cost(there, here) if towards else step_cost(here, there)
                if step is None:
                    continue
                new = cost + step
                if new > bound or (old is not None and new >= old):
                    continue
                costs[there] = new
                previous[there] = here
                bucket = buckets.get(new)
                if bucket is None:
                    buckets[new] = [there]
                    push(pending, new)
                else:
                    bucket.append(there)
    return costs, previous


def _reading_order(square: Square) -> tuple[int, int]:
    return square[1], square[0]


def reachable(start: Square, budget: int | None, step_cost: StepCost) -> Reach:
    """Every square reachable from start for at most ``budget`` (None: no limit), by Dijkstra."""
    costs, previous = _dijkstra((start,), step_cost, budget)
    return Reach(start, costs, previous)


def distance_field(
    sources: Iterable[Square], step_cost: StepCost, limit: int | None = None, *, towards: bool = True
) -> dict[Square, int]:
    """The cheapest cost between every square and its nearest source, up to ``limit``.

    By default (``towards``) a square's value is the cost of walking from it to the nearest source,
    which is what a monster heading for the heroes pays when entering obstructed squares costs more;
    ``towards=False`` gives the cost of walking out from the sources instead.
    """
    return _dijkstra(sources, step_cost, limit, towards)[0]


def cheapest_path(
    start: Square, goal: Square, step_cost: StepCost, budget: int | None = None, straight: bool = True
) -> tuple[list[Square], int] | None:
    """The cheapest path from start to goal (squares stepped into, start excluded) and its cost, by A*.

    The heuristic is the Chebyshev distance, which never overestimates since each step costs at
    least 1 and moves one square. None if the goal cannot be reached, or not within ``budget``.
    ``straight`` settles ties as ``cheapest_grid_path`` does.
    """

    def successors(here: Square) -> list[tuple[Square, int]]:
        found = []
        for there in neighbours(here):
            step = step_cost(here, there)
            if step is not None:
                found.append((there, step))
        return found

    return _a_star(start, goal, budget, successors, straight)


def cheapest_grid_path(
    battlefield: Battlefield,
    start: Square,
    goal: Square,
    budget: int | None = None,
    blocked: frozenset[Square] = frozenset(),
    leaving: frozenset[Square] = frozenset(),
    leaving_cost: int = 0,
    multiplier: int = 1,
    straight: bool = True,
    squeeze: bool = False,
) -> tuple[list[Square], int] | None:
    """``cheapest_path`` with ``grid_step_cost(battlefield, blocked, leaving, leaving_cost, multiplier, squeeze)``.

    The same path and cost, by the same search in the same order, but the terrain's steps come
    from ``grid_steps`` instead of a call per step: the rules plan a path for every move.
    ``straight=False`` settles ties in reading order alone, as matches saved in the first save
    format were played.
    """
    steps = grid_steps(battlefield, squeeze)
    known, steps_from = steps.known, steps.steps_from

    def successors(here: Square) -> list[tuple[Square, int]]:
        extra = leaving_cost if here in leaving else 0
        # A square that is not open has no steps, as grid_step_cost allows none out of it.
        out = known.get(here)
        if out is None:
            out = steps_from(here)
        return [(there, (terrain + extra) * multiplier) for there, terrain in out if there not in blocked]

    return _a_star(start, goal, budget, successors, straight)


def _a_star(start: Square, goal: Square, budget: int | None,
            successors: Callable[[Square], list[tuple[Square, int]]],
            straight: bool = True) -> tuple[list[Square], int] | None:
    """A* from start to goal over the steps ``successors`` gives out of each square, in the order it gives them."""
    if start == goal:
        return [], 0
    gx, gy = goal
    sx, sy = start
    ax, ay = gx - sx, gy - sy  # the straight line from start to goal
    bound = budget if budget is not None else float("inf")
    costs: dict[Square, int] = {start: 0}
    previous: dict[Square, Square] = {}
    # Entries are (estimate, remaining, off the line, row, column, square): among equal estimates
    # the square nearer the goal goes first, which explores fewer squares, then the square nearer
    # the straight line from start to goal. Many paths often cost the same (on open ground every
    # zigzag of the right length does); the one walked and shown is the one a player would walk.
    h0 = max(abs(ax), abs(ay))
    if not straight:
        ax = ay = 0  # every square counts as on the line: ties go by reading order alone
    heap: list[tuple[int, int, int, int, int, Square]] = [(h0, h0, 0, sy, sx, start)]
    pop, push, get = heapq.heappop, heapq.heappush, costs.get
    while heap:
        estimate, remaining, _, _, _, here = pop(heap)
        cost = estimate - remaining
        if costs[here] < cost:
            continue
        if here == goal:
            path: list[Square] = []
            square = goal
            while square in previous:
                path.append(square)
                square = previous[square]
            path.reverse()
            return path, cost
        floor = cost + 1
        if floor > bound:
            continue
        for there, step in successors(here):
            old = get(there)
            if old is not None and old <= floor:
                continue
            new = cost + step
            if new > bound or (old is not None and new >= old):
                continue
            costs[there] = new
            previous[there] = here
            nx, ny = there
            dx, dy = abs(nx - gx), abs(ny - gy)
            h = dx if dx > dy else dy
            # Twice the area between the line and the square: its distance from the line, scaled.
            off = (nx - sx) * ay - (ny - sy) * ax
            push(heap, (new + h, h, off if off >= 0 else -off, ny, nx, there))
    return None


class Steps:
    """Each open square's steps into the squares around it that may be stepped into, with their costs.

    A square's steps are worked out when first asked for, so a search on a big map costs what it
    walks, not the map's area. With ``squeeze`` a diagonal may pass between two closed squares.
    """

    def __init__(self, battlefield: Battlefield, squeeze: bool = False) -> None:
        self._open = battlefield.playable
        self._obstructed = battlefield.obstructed
        self._squeeze = squeeze
        self.known: dict[Square, tuple[tuple[Square, int], ...]] = {}
        """The steps worked out so far, by square: read it first, then ask ``steps_from``."""

    def steps_from(self, here: Square) -> tuple[tuple[Square, int], ...]:
        """The steps out of a square, in the order of geometry.neighbours (none out of a square that is not open)."""
        found = self.known.get(here)
        if found is None:
            open_squares, obstructed, heavy, squeeze = self._open, self._obstructed, OBSTRUCTED_STEP, self._squeeze
            if here not in open_squares:
                return ()
            ax, ay = here
            steps = []
            # grid_step_cost with nobody in the way, spelt out; in the order of geometry.neighbours, which the
            # searches rely on to settle ties.
            for there in neighbours(here):
                if there not in open_squares:
                    continue
                bx, by = there
                if not squeeze and ax != bx and ay != by and (bx, ay) not in open_squares \
                        and (ax, by) not in open_squares:
                    continue  # no squeezing between two closed squares (geometry.can_step)
                steps.append((there, heavy if there in obstructed else 1))
            found = self.known[here] = tuple(steps)
        return found


# Each battlefield's steps, with and without squeezing, worked out on first use and forgotten with it. Kept by
# identity: hashing a battlefield hashes all of its fields, which would cost more than a search saves.
_STEPS: dict[tuple[int, bool], tuple[weakref.ref[Battlefield], Steps]] = {}


def grid_steps(battlefield: Battlefield, squeeze: bool = False) -> Steps:
    """Each open square's steps that grid_step_cost allows with nobody in the way, and their costs, in order."""
    key = (id(battlefield), squeeze)
    known = _STEPS.get(key)
    if known is not None and known[0]() is battlefield:
        return known[1]
    steps = Steps(battlefield, squeeze)
    _STEPS[key] = (weakref.ref(battlefield, lambda _gone: _STEPS.pop(key, None)), steps)
    return steps


OBSTRUCTED_STEP = 2  # "If the square you are moving into is Obstructed, add 1 movement point"


def entering_cost(battlefield: Battlefield, square: Square) -> int | None:
    """What stepping into a square costs by its terrain alone (as every step below counts it), None where nobody may
    stand: a wall, an impassable square, or off the map."""
    if square not in battlefield.playable:
        return None
    return OBSTRUCTED_STEP if square in battlefield.obstructed else 1


def grid_step_cost(
    battlefield: Battlefield,
    blocked: Iterable[Square] = frozenset(),
    leaving: frozenset[Square] = frozenset(),
    leaving_cost: int = 0,
    multiplier: int = 1,
    squeeze: bool = False,
) -> StepCost:
    """The plain terrain cost of a step: 1, or 2 into an obstructed square.

    None (no step) from or into a wall, an impassable square or a square off the map, into a square
    in ``blocked`` (occupied squares; stepping out of one is fine), and, unless ``squeeze``, for a
    diagonal squeezing between two closed squares (see ``geometry.can_step``). Only adjacent squares are
    expected, as the searches ask. A mode's extras may come in too: a step out of a square in ``leaving`` costs
    ``leaving_cost`` more, and then the whole step ``multiplier`` times as much.
    """
    open_squares = battlefield.playable
    obstructed = battlefield.obstructed
    heavy = OBSTRUCTED_STEP
    occupied = frozenset(blocked)  # a snapshot: the caller may go on changing its own set

    def step_cost(a: Square, b: Square) -> int | None:
        # A step must start where someone can stand too, or a distance field walked backwards
        # would reach into walls and off the map.
        if b not in open_squares or b in occupied or a not in open_squares:
            return None
        ax, ay = a
        bx, by = b
        # Mirrors geometry.can_step, inlined because the AI asks this many thousand times a turn.
        if not squeeze and ax != bx and ay != by and (bx, ay) not in open_squares and (ax, by) not in open_squares:
            return None
        return heavy if b in obstructed else 1

    if not leaving and multiplier == 1:
        return step_cost

    def step_cost_with_extras(a: Square, b: Square) -> int | None:
        # step_cost inlined with the extras: searches ask for every step, so one call instead of two.
        if b not in open_squares or b in occupied or a not in open_squares:
            return None
        ax, ay = a
        bx, by = b
        if not squeeze and ax != bx and ay != by and (bx, ay) not in open_squares and (ax, by) not in open_squares:
            return None
        base = heavy if b in obstructed else 1
        if a in leaving:
            base += leaving_cost
        return base * multiplier

    return step_cost_with_extras
