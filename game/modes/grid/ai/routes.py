"""Paths for the tactical policy, costed from the view exactly as the rules charge them.

The rules plan a move with what the mover sees (``movement.step_cost_for``); this rebuilds the
same step costs from the view (as ``viewpaths`` does for the screen) over the battlefield's step
table, worked out once, since the policy walks them tens of thousands of times a turn: 1 a step,
2 into an obstructed square, +4 for leaving a square next to a seen opponent able to fight,
doubled while Prone or Hidden, no step into a seen combatant's square, and a diagonal between
two closed squares only where the match allows it (``movement.squeezes``).
"""

from __future__ import annotations

import weakref

from game.core.battlefield import Battlefield, Square
from game.core.paths import StepCost, cheapest_grid_path, grid_step_cost, grid_steps
from game.modes.grid.movement import LEAVE_OPPONENT_COST
from game.modes.grid.view import CombatantView, GridView
from game.modes.grid.viewpaths import seen_by_mover


def around(square: Square) -> list[Square]:
    """The square and the eight around it."""
    x, y = square
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]


class Steps:
    """The steps between the open squares of a battlefield and their terrain cost, numbered for quick searches.

    Squares are numbered as searches first come near them, and their steps worked out then: a
    search on a big map costs what it walks, not the map's area.
    """

    def __init__(self, battlefield: Battlefield, squeeze: bool = False) -> None:
        self._open = battlefield.playable
        self._table = grid_steps(battlefield, squeeze)
        self.squares: list[Square] = []  # by number
        self.index: dict[Square, int] = {}
        # Per multiplier, each numbered square's steps by number, and whether they are worked out yet.
        self._numbered: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        self._ready: dict[int, bytearray] = {}
        self._covered: set[tuple[Square, int, int]] = set()

    def _number(self, square: Square) -> int:
        """The square's number, given it now if it has none."""
        found = self.index.get(square)
        if found is None:
            found = self.index[square] = len(self.squares)
            self.squares.append(square)
            for out in self._numbered.values():
                out.append(())
            for ready in self._ready.values():
                ready.append(0)
        return found

    def numbered(self, multiplier: int, start: Square, distance: int) -> list[tuple[tuple[int, int], ...]]:
        """The steps by square number, times a multiplier (Prone or Hidden doubles every step): for each square,
        the numbers of its neighbours and the step costs, worked out for every open square within ``distance``
        of start (others may have none yet).
        """
        out = self._numbered.get(multiplier)
        if out is None:
            out = self._numbered[multiplier] = [()] * len(self.squares)
            self._ready[multiplier] = bytearray(len(self.squares))
        ready = self._ready[multiplier]
        if (start, distance, multiplier) not in self._covered:
            self._covered.add((start, distance, multiplier))
            number, steps_from, open_squares, index = self._number, self._table.steps_from, self._open, self.index
            sx, sy = start
            for y in range(sy - distance, sy + distance + 1):
                for x in range(sx - distance, sx + distance + 1):
                    square = (x, y)
                    i = index.get(square)
                    if i is None:
                        if square not in open_squares:
                            continue
                        i = number(square)
                    if not ready[i]:
                        found = []
                        for there, cost in steps_from(square):
                            j = index.get(there)
                            found.append((number(there) if j is None else j, cost * multiplier))
                        out[i] = tuple(found)
                        ready[i] = 1
        return out


# The step tables of each battlefield, without and with diagonals squeezing between two closed squares.
_STEPS: tuple[weakref.WeakKeyDictionary[Battlefield, Steps], weakref.WeakKeyDictionary[Battlefield, Steps]] = \
    (weakref.WeakKeyDictionary(), weakref.WeakKeyDictionary())


def steps_of(battlefield: Battlefield, squeeze: bool = False) -> Steps:
    """The step table of a battlefield, shared by every player on it."""
    tables = _STEPS[squeeze]
    found = tables.get(battlefield)
    if found is None:
        found = tables[battlefield] = Steps(battlefield, squeeze)
    return found


class Mover:
    """The current combatant's movement as the rules will charge it: what it sees blocks and threatens."""

    def __init__(self, view: GridView, me: CombatantView,
                 bumped: set[Square] | frozenset[Square] = frozenset()) -> None:
        taken, threatened = seen_by_mover(view, me)
        taken.update(bumped)
        self.battlefield = view.battlefield
        self.taken = taken
        self.threatened = threatened
        # "If you are Prone or Hidden, double the movement point cost" (ruling grid-hidden-move).
        self.multiplier = 2 if me.state == "prone" or (me.hidden or 0) > 0 else 1
        self.squeeze = not view.legacy_corners  # movement.squeezes
        # Taken and threatened by square number, and how many squares were numbered when they were worked out.
        self._numbers: tuple[set[int], set[int], int] | None = None

    def costs(self) -> StepCost:
        """One step's cost as a function, for the path searches of game.core.paths."""
        return grid_step_cost(self.battlefield, self.taken, frozenset(self.threatened), LEAVE_OPPONENT_COST,
                              self.multiplier, self.squeeze)

    def reach(self, start: Square, budget: int, goals: set[Square] | None = None) -> dict[Square, int]:
        """The cheapest cost of every square reachable from start within the budget, in the order first found.

        Costs are small integers, so squares wait in one list per cost and the lists are taken in
        order (Dial's algorithm): no heap at all. Squares are numbered and their costs kept in a
        list, which is much quicker than a dictionary keyed by coordinates. With ``goals`` the
        search stops once every goal has its cheapest cost; squares not yet settled then may carry
        costs that are too high.
        """
        found: dict[Square, int] = {start: 0}
        if budget <= 0:
            return found
        steps = steps_of(self.battlefield, self.squeeze)
        multiplier = self.multiplier
        # Every step costs at least the multiplier and moves one square, so every square the search settles
        # and leaves lies within this distance of the start: only those squares need their steps.
        out = steps.numbered(multiplier, start, budget // multiplier)
        first = steps.index.get(start)
        if first is None:
            return found
        index = steps.index
        pending: set[int] | None = None
        if goals is not None:
            # A goal off the open squares is never settled: -1 stands for it, so the search runs to the end.
            pending = {index.get(goal, -1) for goal in goals}
        taken, threatened = self._numbered(steps)
        extra = LEAVE_OPPONENT_COST * multiplier
        unset = budget + 1  # above every cost the search keeps: a step that is not cheaper than it is over budget
        cost_of = [unset] * len(out)
        for i in taken:
            cost_of[i] = -1  # never entered: below every cost, so the first test below turns it away
        cost_of[first] = 0
        order = [first]
        add = order.append
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        buckets[0].append(first)
        for cost in range(budget + 1 - multiplier):
            bucket = buckets[cost]
            if not bucket:
                continue
            floor = cost + multiplier  # the least a step from here can cost
            for here in bucket:
                if cost_of[here] != cost:
                    continue  # settled more cheaply since it was queued
                if pending is not None:
                    pending.discard(here)
                    if not pending:
                        break
                # Steps already carry the multiplier; leaving an opponent's side adds 4 before doubling.
                base_cost = cost + extra if here in threatened else cost
                for there, step in out[here]:
                    old = cost_of[there]
                    if old <= floor:
                        continue  # taken, or nothing from here can improve it
                    new = base_cost + step
                    if old <= new:
                        continue  # no cheaper, or over budget (unset is budget + 1)
                    if old == unset:
                        add(there)
                    cost_of[there] = new
                    buckets[new].append(there)
            else:
                continue
            break  # every goal is settled
        squares = steps.squares
        return {squares[i]: cost_of[i] for i in order}

    def _numbered(self, steps: Steps) -> tuple[set[int], set[int]]:
        """The squares taken and threatened, by their numbers among the open squares (again once more are numbered)."""
        index = steps.index
        if self._numbers is None or self._numbers[2] != len(index):
            self._numbers = ({index[sq] for sq in self.taken if sq in index},
                             {index[sq] for sq in self.threatened if sq in index}, len(index))
        return self._numbers[0], self._numbers[1]


def route(view: GridView, start: Square, goal: Square, avoid: set[Square]) -> list[Square] | None:
    """A cheap way from start to goal over the terrain, around the squares in ``avoid``; None if there is none.

    Used to head for a goal further than one turn: the +4 of squares next to opponents are
    left out, since where the opponents will stand by then is not known.
    """
    squeeze = not view.legacy_corners  # movement.squeezes
    found = cheapest_grid_path(view.battlefield, start, goal, blocked=frozenset(avoid - {goal}), squeeze=squeeze)
    if found is None and avoid:
        found = cheapest_grid_path(view.battlefield, start, goal, squeeze=squeeze)
    return None if found is None else found[0]
