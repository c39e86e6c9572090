"""Hot-seat play: which person sits at the screen, and when the board must be hidden for a hand-over."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.mode import Seat


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

    def viewer(self) -> str | None:
        """Whose view the screen may show now."""
        return self.shown_to
