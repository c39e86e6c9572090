"""Hot-seat play: which person sits at the screen, and when the board must be hidden for a hand-over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from game.core.mode import Seat

# A view's fields that say whose it is rather than what is known: two views that differ only in them hold
# the same knowledge.
WHOSE = frozenset({"seat", "controlled"})


@dataclass
class HotSeat:
    """Tracks who was last shown the board; a decision for another person needs a hand-over first.

    The screen asks ``handover_for(seat)`` before showing anything of a seat's view. When it
    names a person, the screen hides the board and shows only "<name>, your turn" until that
    person ``confirm``s; nothing of the previous person's view may stay visible.
    """

    seats: tuple[Seat, ...]
    shown_to: str | None = None
    handovers: list[str] = field(default_factory=list)

    def person_of(self, seat_name: str) -> str | None:
        """The person deciding for a seat, or None when the computer decides."""
        for seat in self.seats:
            if seat.name == seat_name:
                return None if seat.computer else seat.name
        raise KeyError(seat_name)

    def people(self) -> list[str]:
        """The people at this screen."""
        return [s.name for s in self.seats if not s.computer]

    def handover_for(self, seat_name: str | None) -> str | None:
        """The person who must confirm before the board is shown for this seat, if a hand-over is due.

        A computer's decision needs none and shows nothing private; with only one person at the
        screen there is never a hand-over.
        """
        if seat_name is None:
            return None
        person = self.person_of(seat_name)
        if person is None or person == self.shown_to:
            return None
        if self.shown_to is None and len(self.people()) == 1:
            self.shown_to = person  # one person alone at the screen: nothing to hide from anyone
            return None
        return person

    def confirm(self, person: str) -> None:
        """The named person is at the screen now."""
        self.shown_to = person
        self.handovers.append(person)

    def private_between(self, seat: str, view_of: Callable[[str], Any], log_of: Callable[[str], Any]) -> bool:
        """Whether the person a seat's decision goes to and the one last shown the board see anything private of
        each other's, in their views (``view_of``) or their logs (``log_of``).

        Either holding what the other's may not (a sealed choice, a hand, presented dice, a fog view) needs
        the hand-over screen; views that differ only in whose they are, over the same log, need none. The
        first decision always has one: it tells the people who sits down first.
        """
        last = self.shown_to
        if last is None:
            return True
        return not same_knowledge(view_of(last), view_of(seat)) or log_of(last) != log_of(seat)

    def pass_to(self, person: str) -> None:
        """The named person sits down with no hand-over screen: nothing either of the two sees is private."""
        self.shown_to = person

    def viewer(self) -> str | None:
        """Whose view the screen may show now."""
        return self.shown_to


def same_knowledge(a: Any, b: Any) -> bool:
    """Whether two seats' views hold the same knowledge, apart from whose each is (``WHOSE``).

    A view holds everything its seat may know now (fog, a hand, a sealed choice), so views that agree
    apart from whose they are show neither seat anything private the other may not see.
    """
    if a is b:
        return True
    if is_dataclass(a) and not isinstance(a, type):
        if type(a) is not type(b):
            return False
        return all(f.name in WHOSE or same_knowledge(getattr(a, f.name), getattr(b, f.name)) for f in fields(a))
    if isinstance(a, (tuple, list)):
        return (isinstance(b, type(a)) and len(a) == len(b)
                and all(same_knowledge(x, y) for x, y in zip(a, b, strict=True)))
    if isinstance(a, dict):
        return (isinstance(b, dict) and a.keys() == b.keys()
                and all(same_knowledge(value, b[key]) for key, value in a.items()))
    return bool(a == b)
