"""Which seat decides for which combatant: sides and combatants named by a seat, shared by every mode."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.mode import Seat

HEROES, MONSTERS = "heroes", "monsters"


def default_seats() -> tuple[Seat, ...]:
    """One person for the heroes, the computer for the monsters."""
    return (Seat(HEROES, (HEROES,)), Seat(MONSTERS, (MONSTERS,), computer=True))


def seat_named(seats: Sequence[Seat], name: str) -> Seat:
    """A seat by name (KeyError when there is none)."""
    for seat in seats:
        if seat.name == name:
            return seat
    raise KeyError(name)


def controls(seat: Seat, side: str, cid: str) -> bool:
    """Whether the seat decides for a combatant: it names the combatant's side or the combatant itself."""
    return side in seat.sides or cid in seat.sides


def seat_for_side(seats: Sequence[Seat], side: str, members: Iterable[str] = ()) -> Seat:
    """The seat that commands a side: the first naming it, else the first naming one of its ``members``."""
    for seat in seats:
        if side in seat.sides:
            return seat
    for cid in members:
        for seat in seats:
            if cid in seat.sides:
                return seat
    return seats[0]


def deciding_seat(seats: Sequence[Seat], side: str, cid: str, members: Iterable[str] = ()) -> Seat:
    """The seat that decides for one combatant: the first that controls it, else its side's seat."""
    for seat in seats:
        if controls(seat, side, cid):
            return seat
    return seat_for_side(seats, side, members)


def not_deciding(seat: str) -> str:
    """Why an action of a seat is refused while another seat has the decision."""
    return f"it is not for {seat} to decide now"
