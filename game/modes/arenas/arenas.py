"""The arenas of a map: their kinds, which touch, how far apart they are, and the weapon each favours.

Text 002: "An arena is a place you might fight in that's different from the places around it", and "If the
walls mean you can't go that way, the wall is impassible (and not an arena)": an arena is the playable squares
of a map's arena region; two arenas are adjacent when a square of one touches a square of the other.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.battlefield import Battlefield, Square

KINDS = ("tight", "hazardous", "open", "dense", "neutral")
UNREACHABLE = 10**6
ARENA_BONUS = 2  # "+2 to attack"
# The weapon types each kind favours (text 002: Tight, light weapons; Hazardous, reach weapons; Open, ranged
# weapons against a target there; Dense, heavy and very heavy weapons).
FAVOURED = {"tight": ("light",), "hazardous": ("reach",),
            "open": ("short_bow", "long_bow", "sling", "crossbow", "thrown"),
            "dense": ("heavy", "very_heavy"), "neutral": ()}
FAVOUR_WORDS = {"tight": "light weapons", "hazardous": "reach weapons", "open": "ranged weapons at targets here",
                "dense": "heavy weapons (collateral)", "neutral": "no weapon favoured"}


@dataclass(frozen=True)
class ArenaMap:
    """The arenas of one battlefield, in map order, with each one's kind, squares and neighbours."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    squares: tuple[tuple[Square, ...], ...]  # each arena's playable squares, in reading order
    neighbours: tuple[frozenset[int], ...]
    steps: tuple[tuple[int, ...], ...] = ()  # moves between each pair of arenas, UNREACHABLE when they never meet

    def index(self, name: str) -> int:
        """An arena's place in the list, by name (ValueError when there is none)."""
        return self.names.index(name)

    def squares_of(self, name: str) -> tuple[Square, ...]:
        """An arena's playable squares."""
        return self.squares[self.index(name)]

    def kind(self, name: str) -> str:
        """An arena's kind as the map gives it (changes during a fight are kept by the match)."""
        return self.kinds[self.index(name)]

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two different arenas touch."""
        return self.index(b) in self.neighbours[self.index(a)]

    def distance(self, a: str, b: str) -> int | None:
        """How many moves from one arena to the other (0 for the same one), or None when they never meet."""
        d = self.steps[self.index(a)][self.index(b)]
        return None if d == UNREACHABLE else d

    def within(self, a: str, steps: int) -> list[str]:
        """Every arena at most ``steps`` moves from ``a`` (itself included), in map order."""
        row = self.steps[self.index(a)]
        return [n for n, d in zip(self.names, row, strict=True) if d <= steps]

    def arena_of(self, square: Square) -> str | None:
        """The arena a square lies in, or None."""
        for name, squares in zip(self.names, self.squares, strict=True):
            if square in squares:
                return name
        return None

    def nearest(self, square: Square) -> str:
        """The arena a square lies in, else the one with the square nearest it (a start off every arena)."""
        found = self.arena_of(square)
        if found is not None:
            return found
        x, y = square
        best = min(((abs(sx - x) + abs(sy - y), i) for i, sq in enumerate(self.squares) for sx, sy in sq))
        return self.names[best[1]]


class NoArenas(ValueError):
    """A map without any arena region holding a playable square."""


def arena_map(battlefield: Battlefield, leave_out: Collection[str] = ()) -> ArenaMap:
    """The arenas of a battlefield: walls and impassable squares are left out; a square claimed twice stays
    in the first arena that claims it (ruling arenas-overlap); an arena left with no square is dropped, and so are
    those named in ``leave_out`` (possible arenas not drawn in)."""
    taken: set[Square] = set()
    regions: list[tuple[str, str, tuple[Square, ...]]] = []
    for arena in battlefield.arenas:
        if arena.name in leave_out:
            continue
        mine = sorted((s for s in arena.squares if battlefield.is_open(s) and s not in taken),
                      key=lambda s: (s[1], s[0]))
        if not mine or any(arena.name == name for name, _, _ in regions):
            continue
        taken.update(mine)
        regions.append((arena.name, arena.kind if arena.kind in KINDS else "neutral", tuple(mine)))
    if not regions:
        raise NoArenas(f"{battlefield.name}: the map has no arena to fight in")
    return regions_map(regions)


def regions_map(regions: list[tuple[str, str, tuple[Square, ...]]]) -> ArenaMap:
    """The arena map of (name, kind, squares) regions that share no square: which touch, and how far apart."""
    names = tuple(name for name, _, _ in regions)
    squares = tuple(sq for _, _, sq in regions)
    owner = {s: i for i, sq in enumerate(squares) for s in sq}
    neighbours: list[set[int]] = [set() for _ in names]
    for s, i in owner.items():
        x, y = s
        for n in ((x + 1, y), (x, y + 1)):
            j = owner.get(n)
            if j is not None and j != i:
                neighbours[i].add(j)
                neighbours[j].add(i)
    near = tuple(frozenset(n) for n in neighbours)
    return ArenaMap(names, tuple(kind for _, kind, _ in regions), squares, near,
                    tuple(_steps(near, i) for i in range(len(near))))


def with_region(arenas: ArenaMap, name: str, kind: str, squares: Collection[Square]) -> ArenaMap:
    """The arena map with one more arena, of the given squares no arena holds yet, beside whatever they touch."""
    held = {s for sq in arenas.squares for s in sq}
    mine = tuple(sorted((s for s in squares if s not in held), key=lambda s: (s[1], s[0])))
    return regions_map([*zip(arenas.names, arenas.kinds, arenas.squares, strict=True), (name, kind, mine)])


def touching(arenas: ArenaMap, squares: Collection[Square]) -> list[str]:
    """The arenas, in map order, with a square beside one of ``squares`` across a side."""
    near = {(x + dx, y + dy) for x, y in squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return [name for name, sq in zip(arenas.names, arenas.squares, strict=True) if near.intersection(sq)]


def _steps(neighbours: tuple[frozenset[int], ...], start: int) -> tuple[int, ...]:
    """Moves from one arena to every arena, breadth first."""
    out = [UNREACHABLE] * len(neighbours)
    out[start] = 0
    todo = deque([start])
    while todo:
        at = todo.popleft()
        for nxt in sorted(neighbours[at]):
            if out[nxt] == UNREACHABLE:
                out[nxt] = out[at] + 1
                todo.append(nxt)
    return tuple(out)


def arena_bonus(weapon_type: str, attacker_kind: str, target_kind: str) -> int:
    """The +2 an arena gives a weapon: a ranged weapon's against a target in an Open arena ("+2 to attack target
    here"), any other's in the arena it is swung in."""
    kind = target_kind if weapon_type in FAVOURED["open"] else attacker_kind
    return ARENA_BONUS if weapon_type in FAVOURED[kind] else 0


def collateral(weapon_type: str, attacker_kind: str) -> bool:
    """Whether an attack takes the Dense arena's +2 "with collateral damage" (ruling arenas-collateral)."""
    return attacker_kind == "dense" and weapon_type in FAVOURED["dense"]


def favoured(kind: str, weapon_types: Collection[str]) -> bool:
    """Whether an arena kind gives its +2 to any of a character's weapon types."""
    return any(w in FAVOURED[kind] for w in weapon_types)


def side_favour(kind: str, monsters: Sequence[Collection[str]], heroes: Sequence[Collection[str]]) -> int:
    """How many more monsters than heroes (each by its weapon types) an arena of that kind favours."""
    return sum(favoured(kind, w) for w in monsters) - sum(favoured(kind, w) for w in heroes)
