"""Who may read an event: every event class declares whom it is about and which seats read it.

A class says it with ``privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")`` (or ``everyone``,
``owners``, ``seat``); ``game.core.events.Event`` refuses a class that says nothing, so a new event can
neither leak nor vanish because of how its fields happen to be named. ``events_for_seat`` makes one seat's
log from what the seat knows (its ``Sight``); ``subjects_of`` names the combatants an event is about.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.events import Event

UNSEEN = "unseen"  # stands in a seat's log for a combatant it cannot see


class Readers(Enum):
    """Which seats read an event."""

    EVERYONE = "everyone"  # every seat; a subject it cannot see reads as UNSEEN, roster entries it cannot see go
    SEEING = "seeing"  # the seats that see every subject; a seat controlling one reads the others as UNSEEN
    OWNERS = "owners"  # only the seats that control a subject: its private scores
    SEAT = "seat"  # only the seat whose name the event holds in ``seat_field``


@dataclass(frozen=True)
class Privacy:
    """An event class's declaration: its readers, the fields naming its subjects, and its roster fields.

    A subject field holds one combatant id (or None); a roster field holds a tuple of combatant ids, or
    of tuples whose first item is a combatant id.
    """

    readers: Readers
    subjects: tuple[str, ...] = ()
    rosters: tuple[str, ...] = ()
    seat_field: str | None = None

    @classmethod
    def everyone(cls, *subjects: str, rosters: tuple[str, ...] = ()) -> Privacy:
        """Every seat reads it; unseen subjects are named UNSEEN and unseen roster entries are left out."""
        return cls(Readers.EVERYONE, subjects, rosters)

    @classmethod
    def seeing(cls, *subjects: str) -> Privacy:
        """The seats that see every subject read it; a seat controlling one of them reads it with the rest UNSEEN."""
        if not subjects:
            raise ValueError("an event read by the seats that see its subjects must name a subject field")
        return cls(Readers.SEEING, subjects)

    @classmethod
    def owners(cls, *subjects: str) -> Privacy:
        """Only the seats controlling a subject read it."""
        if not subjects:
            raise ValueError("an event read by its subjects' seats must name a subject field")
        return cls(Readers.OWNERS, subjects)

    @classmethod
    def seat(cls, seat_field: str, *subjects: str) -> Privacy:
        """Only the seat named in ``seat_field`` reads it."""
        return cls(Readers.SEAT, subjects, (), seat_field)

    def fields(self) -> tuple[str, ...]:
        """Every field name the declaration relies on."""
        return self.subjects + self.rosters + ((self.seat_field,) if self.seat_field else ())


@dataclass(frozen=True)
class Sight:
    """What one seat knows of the combatants when it reads: those it knows of and those it controls."""

    seat: str
    known: frozenset[str]
    own: frozenset[str]


def privacy_of(event: Event | type[Event]) -> Privacy:
    """An event's declared privacy; TypeError for a class that declares none."""
    cls = event if isinstance(event, type) else type(event)
    declared = getattr(cls, "privacy", None)
    if not isinstance(declared, Privacy):
        raise TypeError(f"event {cls.__name__} does not declare who may read it: give it "
                        "privacy: ClassVar[Privacy] = Privacy.everyone() (or seeing, owners or seat)")
    return declared


def check_declaration(cls: type, names: Iterable[str]) -> None:
    """Refuse an event class whose privacy is missing or names a field the class does not have."""
    declared = privacy_of(cls)
    known = set(names)
    missing = [f for f in declared.fields() if f not in known]
    if missing:
        raise TypeError(f"event {cls.__name__} declares privacy over fields it does not have: {', '.join(missing)}")


def subjects_of(event: Event) -> list[str]:
    """The combatants an event is about, as its class declares them (None fields left out)."""
    declared = privacy_of(event)
    return [v for v in (getattr(event, f) for f in declared.subjects) if isinstance(v, str)]


def _entry_cid(entry: Any) -> Any:
    return entry[0] if isinstance(entry, tuple) else entry


def read_as(event: Event, sight: Sight) -> Event | None:
    """The event as the seat may read it (names it cannot see replaced, roster entries cut), or None."""
    declared = privacy_of(event)
    named = {f: v for f in declared.subjects if isinstance(v := getattr(event, f), str)}
    if declared.readers is Readers.EVERYONE:
        changes: dict[str, Any] = {f: UNSEEN for f, v in named.items() if v not in sight.known}
        for f in declared.rosters:
            changes[f] = tuple(e for e in getattr(event, f) if _entry_cid(e) in sight.known)
        return dataclasses.replace(event, **changes) if changes else event
    if declared.readers is Readers.SEAT:
        return event if getattr(event, declared.seat_field or "") == sight.seat else None
    if not named:
        return event
    if declared.readers is Readers.SEEING and all(v in sight.known for v in named.values()):
        return event
    if any(v in sight.own for v in named.values()):
        # Something unseen acted on one of the seat's own: it learns that, not who.
        unseen = {f: UNSEEN for f, v in named.items() if v not in sight.known}
        return dataclasses.replace(event, **unseen) if unseen else event
    return None


def events_for_seat(events: Iterable[Event], sight: Sight) -> list[Event]:
    """One seat's log of the events: each read as its class's declaration allows, the unreadable left out."""
    out: list[Event] = []
    for event in events:
        read = read_as(event, sight)
        if read is not None:
            out.append(read)
    return out
