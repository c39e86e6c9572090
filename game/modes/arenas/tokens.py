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
        # Heroes from the first squares on, monsters from the last back, so the sides stand apart.
        spread = max(1, len(squares) // max(1, len(cids) + 1))
        for k, cid in enumerate(heroes):
            out[cid] = squares[min(len(squares) - 1, k * spread)]
        for k, cid in enumerate(others):
            out[cid] = squares[max(0, len(squares) - 1 - k * spread)]
    return out
