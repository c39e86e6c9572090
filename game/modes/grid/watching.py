"""What a seat saw of an act it may not read whole: every act of a combatant the seat sees as it begins gets a line.

A hide or a scan is read only by the acting combatant's own seat (its score is private), a move only by the seats
that still see the mover when it ends, and an action card only by the seats that see its user and its target. A
seat that saw the combatant as the act began saw it act all the same: it learns that the combatant hid or
scanned, that it moved out of sight, or that it used its card on someone unseen, and no more (no score, no path,
not where it went, not whom it chose).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from game.core.components import get, square_of
from game.core.events import Action, Event
from game.core.mode import Seat
from game.core.privacy import Sight, read_as
from game.core.seats import controls
from game.modes.grid.actions import Hide, Move, Scan, UseAction
from game.modes.grid.components import Combatant
from game.modes.grid.events import UNSEEN, ActionUsed, Hid, Moved, Scanned, SeenActing
from game.modes.grid.state import GridState
from game.modes.grid.visibility import can_see

WATCHED = (Move, Hide, Scan, UseAction)  # the acts whose events a seat that saw them begin may not read whole

Watch = tuple[str, frozenset[str]]
"""The acting combatant and the seats, not its own, that saw it as its act began."""


def watchers(state: GridState, seats: Iterable[Seat], action: Action) -> Watch | None:
    """The seats, besides the actor's own, that see the current combatant as it begins one of the WATCHED acts."""
    if state.phase != "turn" or not isinstance(action, WATCHED):
        return None
    actor = state.current_entity()
    if actor is None or square_of(actor) is None:
        return None
    who = get(actor, Combatant)
    found = []
    for seat in seats:
        if controls(seat, who.side, who.cid):
            continue
        own = [ent for ent, other in state.roster if controls(seat, other.side, other.cid)]
        # As the seat's view lists combatants: its side's members always, others while one of its own sees them.
        if any(get(ent, Combatant).side == who.side for ent in own) or any(can_see(state, ent, actor) for ent in own):
            found.append(seat.name)
    return (who.cid, frozenset(found)) if found else None


def seen_act(seat: str, event: Event, cid: str, sight: Sight) -> Event | None:
    """The line a seat that saw ``cid`` begin its act reads for one of the act's events it may not read, if any."""
    if getattr(event, "cid", None) != cid:
        return None
    lost = cid not in sight.known
    if isinstance(event, Hid):
        return SeenActing(seat, cid, "hide", lost)
    if isinstance(event, Scanned):
        return SeenActing(seat, cid, "scan", lost)
    if isinstance(event, Moved):
        return SeenActing(seat, cid, "move", lost)
    if isinstance(event, ActionUsed) and not lost:
        return dataclasses.replace(event, target=UNSEEN)  # the user is seen; whom it chose is not
    return None  # a MoveStopped of a mover out of sight: why it stopped would tell of someone there


def read_with_watching(events: Iterable[Event], sight: Sight, watched: tuple[Watch, tuple[Event, ...]] | None
                       ) -> list[Event]:
    """A seat's log of the events (as ``events_for_seat`` makes it), with what it saw of an act it may not read whole.

    ``watched`` is the last act's watch and the events it gave: only those events can add a line.
    """
    told: set[int] = set()
    cid = ""
    if watched is not None and sight.seat in watched[0][1]:
        cid = watched[0][0]
        told = {id(e) for e in watched[1]}
    out: list[Event] = []
    for event in events:
        read = read_as(event, sight)
        if read is None and id(event) in told:
            read = seen_act(sight.seat, event, cid, sight)
        if read is not None:
            out.append(read)
    return out
