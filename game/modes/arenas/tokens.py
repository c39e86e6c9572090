"""Where each character's token stands on the map: inside its arena's region, spread over its squares."""

from __future__ import annotations

from game.core.battlefield import Square
from game.modes.arenas.state import ArenasState


def token_squares(st: ArenasState) -> dict[str, Square]:
    """A square of its arena for every character not dead, none shared while the arena has room.

    "Characters can move around and maneuver within their arena without taking actions to do it": the square
    is only where the token is drawn; the rules read the arena.
    """
    out: dict[str, Square] = {}
    by_arena: dict[str, list[str]] = {}
    for cid, f in st.fighters.items():
        if f.status != "dead":
            by_arena.setdefault(f.arena, []).append(cid)
    for arena, cids in by_arena.items():
        squares = st.arenas.squares[st.arenas.index(arena)]
        heroes = [c for c in cids if st.fighters[c].hero]
        others = [c for c in cids if not st.fighters[c].hero]
        # The map writes the arena's name on its first row: heroes start below it when that leaves every token a
        # square of its own, else from the first square as before.
        below = next((i for i, s in enumerate(squares) if s[1] != squares[0][1]), 0)
        plain = _spread(squares, squares, heroes, others)
        placed = _spread(squares[below:] + squares[:below], squares, heroes, others) if below else plain
        out.update(placed if len(set(placed.values())) >= len(set(plain.values())) else plain)
    return out


def _spread(for_heroes: tuple[Square, ...], for_others: tuple[Square, ...], heroes: list[str], others: list[str]
            ) -> dict[str, Square]:
    """Heroes from the first of their squares on, the others from the last of theirs back, so the sides stand
    apart."""
    out: dict[str, Square] = {}
    spread = max(1, len(for_others) // max(1, len(heroes) + len(others) + 1))
    for k, cid in enumerate(heroes):
        out[cid] = for_heroes[min(len(for_heroes) - 1, k * spread)]
    for k, cid in enumerate(others):
        out[cid] = for_others[max(0, len(for_others) - 1 - k * spread)]
    return out
