"""Where the combatants of each side start: the map's spawns, or open squares at opposite ends."""

from __future__ import annotations

import math
from collections import deque

from game.core.battlefield import Battlefield, Square
from game.core.paths import distance_field, grid_step_cost


class NoRoom(ValueError):
    """A side has more combatants than the open squares its start can reach."""


def place_sides(battlefield: Battlefield, wanted: list[tuple[str, int]],
                front_first: bool = True) -> dict[str, list[Square]]:
    """Pick a starting square for each combatant of each side, never two on one square.

    The first side starts on the hero spawns, the one nearest the other side's spawns on foot
    first, so that the first of a party stands at its front; the second side starts on the
    monster spawns in map order, since a spawn may name the monster standing there. A side with
    more combatants than spawns fills the open squares nearest its spawns; a side with no spawns
    starts at the left (first side) or right (any other) end of the map. ``front_first=False``
    keeps the map's order for the first side too, as matches saved in the first save format were set up.
    """
    taken: set[Square] = set()
    out: dict[str, list[Square]] = {}
    for index, (side, count) in enumerate(wanted):
        spawns = battlefield.hero_spawns if index == 0 else battlefield.monster_spawns if index == 1 else ()
        seeds = [s.square for s in spawns if battlefield.is_open(s.square)]
        if index == 0 and front_first:
            seeds = _front_first(battlefield, seeds)
        if not seeds:
            seeds = _end_squares(battlefield, left=(index == 0))
        squares = _fill(battlefield, seeds, count, taken)
        if len(squares) < count:
            raise NoRoom(f"the map has room for only {len(squares)} of the {count} {side}")
        taken.update(squares)
        out[side] = squares
    return out


def room_for_second(battlefield: Battlefield, first: tuple[str, int]) -> int:
    """How many combatants the second side can start with once the first side is placed (0 if it does not fit)."""
    try:
        taken = place_sides(battlefield, [first])[first[0]]
    except NoRoom:
        return 0
    seeds = [s.square for s in battlefield.monster_spawns if battlefield.is_open(s.square)]
    return len(_fill(battlefield, seeds or _end_squares(battlefield, left=False), len(battlefield.playable),
                     set(taken)))


def _front_first(battlefield: Battlefield, spawns: list[Square]) -> list[Square]:
    """The hero spawns, those fewer steps from the nearest monster spawn first; as near ones in map order."""
    others = [s.square for s in battlefield.monster_spawns if battlefield.is_open(s.square)]
    if len(spawns) < 2 or not others:
        return spawns
    step_cost = grid_step_cost(battlefield)
    # The walk spreads only as far as it must to reach every spawn, not over the whole of a big map: a
    # field up to a limit holds the same costs within it, so the order is the same. A step costs at most
    # 2, so a straight walk reaches within twice the distance; walls may make the limit grow.
    limit = 2 * max(max(abs(a - c), abs(b - d)) for a, b in spawns for c, d in others) + 2
    walk = distance_field(others, step_cost, limit)
    while not all(sq in walk for sq in spawns):
        limit *= 4
        wider = distance_field(others, step_cost, limit)
        if len(wider) == len(walk):
            break  # every square the walk can reach is in: the other spawns are out of its reach
        walk = wider
    return sorted(spawns, key=lambda sq: walk.get(sq, math.inf))  # spawns no walk reaches go last


def _end_squares(battlefield: Battlefield, left: bool) -> list[Square]:
    """Open squares in the outermost occupied column at one end of the map."""
    columns = sorted({x for x, _ in battlefield.playable}, reverse=not left)
    for x in columns:
        column = sorted(sq for sq in battlefield.playable if sq[0] == x)
        if column:
            mid = column[len(column) // 2][1]
            return sorted(column, key=lambda s: (abs(s[1] - mid), s[1]))
    return []


def _fill(battlefield: Battlefield, seeds: list[Square], count: int, taken: set[Square]) -> list[Square]:
    """The spawn squares first, then the nearest open squares to them, breadth first."""
    chosen: list[Square] = []
    picked: set[Square] = set()  # the chosen squares again, to ask in constant time
    for sq in seeds:
        if len(chosen) == count:
            return chosen
        if sq not in taken and sq not in picked:
            chosen.append(sq)
            picked.add(sq)
    queue = deque(seeds)
    seen = set(seeds)
    while queue and len(chosen) < count:
        x, y = queue.popleft()
        # geometry.neighbours spelt out: this walk may cover a whole big map, which would fill that function's cache.
        for nxt in ((x - 1, y - 1), (x, y - 1), (x + 1, y - 1), (x - 1, y), (x + 1, y),
                    (x - 1, y + 1), (x, y + 1), (x + 1, y + 1)):
            if nxt in seen or not battlefield.is_open(nxt):
                continue
            seen.add(nxt)
            queue.append(nxt)
            if nxt not in taken and nxt not in picked:
                chosen.append(nxt)
                picked.add(nxt)
                if len(chosen) == count:
                    break
    return chosen
