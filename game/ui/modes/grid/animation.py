"""What the grid screen animates of its events: walks, misses, damage, wounds, deaths and heals."""

from __future__ import annotations

from game.core.battlefield import Square
from game.core.events import Event
from game.modes.grid import events as ev
from game.ui import theme
from game.ui.animation import Cue, Rose, Walked


def cues(events: list[Event], starts: dict[str, Square], squares: dict[str, Square]) -> list[Cue]:
    """The cues of what the events did; ``starts`` are where combatants stood before, ``squares`` where they are."""
    out: list[Cue] = []
    for event in events:
        if isinstance(event, ev.Moved) and event.cid in starts:
            out.append(Walked(event.cid, (starts[event.cid], *event.path)))
        elif isinstance(event, ev.AttackRolled) and event.target in squares and not event.hit:
            out.append(Rose(squares[event.target], "miss", (200, 204, 214)))
        elif isinstance(event, ev.DamageTaken) and event.target in squares:
            out.append(Rose(squares[event.target], f"\u2212{event.amount}", (255, 150, 90)))
        elif isinstance(event, ev.Wounded) and event.target in squares:
            out.append(Rose(squares[event.target], "wound!", theme.BAD, 2))
        elif isinstance(event, ev.Died) and event.cid in starts:
            out.append(Rose(starts[event.cid], "dead", (255, 110, 110), 3))
        elif isinstance(event, ev.Healed) and event.cid in squares:
            out.append(Rose(squares[event.cid], f"+{event.amount}", theme.GOOD))
    return out
