"""Possible arenas (text 002): "If you want to do something cool, suggest arena possibilities next to the arenas
the DM notes ... The DM may draw it in!"

Ruling arenas-suggest: while choosing its plan, a hero may suggest a possible arena of the map that touches its
own arena (no action of the seven: it says it at the table); the game master answers at once, drawing it in or
not, and the hero then chooses. Each possible arena may be suggested once a round. Drawn in, it is an arena like
the others, of its map kind (as the map's changes have it by then), beside every arena it touches.
"""

from __future__ import annotations

from game.core.events import Event
from game.modes.arenas.arenas import touching, with_region
from game.modes.arenas.events import ArenaSuggested, SuggestionAnswered
from game.modes.arenas.state import ArenasState, Fighter


def kind_now(st: ArenasState, arena: str, kind: str) -> str:
    """A possible arena's kind in this round: the map's, or the last change the map schedules by now."""
    for name, at, changed in st.changes:
        if name == arena and at <= st.round:
            kind = changed
    return kind


def room(st: ArenasState, arena: str) -> tuple[tuple[int, int], ...]:
    """The squares of a possible arena that no arena holds yet."""
    held = {s for sq in st.arenas.squares for s in sq}
    return tuple(s for s in st.possible[arena][1] if s not in held)


def suggestible(st: ArenasState, f: Fighter) -> list[str]:
    """The possible arenas a hero may suggest now: not drawn in, not suggested this round, touching its arena."""
    if not f.hero or not f.able or st.phase != "choose" or st.asking is not None:
        return []
    return [name for name in st.possible if name not in st.suggested and (squares := room(st, name))
            and f.arena in touching(st.arenas, squares)]


def suggest(st: ArenasState, f: Fighter, arena: str) -> list[Event]:
    """The hero suggests it; the game master is asked."""
    st.asking = (f.cid, arena)
    st.suggested.add(arena)
    return [ArenaSuggested(f.cid, arena, kind_now(st, arena, st.possible[arena][0]))]


def answer(st: ArenasState, drawn: bool) -> list[Event]:
    """The game master's answer: a drawn-in arena joins the map beside what it touches."""
    assert st.asking is not None
    cid, arena = st.asking
    st.asking = None
    kind = kind_now(st, arena, st.possible[arena][0])
    if not drawn:
        return [SuggestionAnswered(cid, arena, kind, False, ())]
    squares = room(st, arena)
    del st.possible[arena]
    st.arenas = with_region(st.arenas, arena, kind, squares)
    beside = tuple(n for n in touching(st.arenas, squares) if n != arena)
    return [SuggestionAnswered(cid, arena, kind, True, beside)]
