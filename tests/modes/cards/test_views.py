"""Seat views and logs: no seat's view or log holds another seat's hand or face-down card."""

from __future__ import annotations

from dataclasses import fields

from game.core.mode import Seat, SeatView
from game.modes.cards.actions import PlaceCard
from game.modes.cards.events import CardChosen, CardPlaced
from game.modes.cards.view import CardsView
from tests.modes.cards.scenario import act, fight, join_all, uid

SEATS = (Seat("ann", ("knight",)), Seat("bo", ("mage",)), Seat("monsters", ("monsters",)))


def _as_seat_view(view: CardsView) -> SeatView:
    return view  # mypy checks that the cards view follows the protocol every mode's does


def _cards_in(view: CardsView, cid: str) -> set[int]:
    member = view.member(cid)
    return {c.uid for c in member.hand} | {c.uid for c, _t in member.placed}


def test_a_hot_seat_view_holds_only_its_own_hand_and_face_down_cards() -> None:
    mode = fight(["knight", "mage"], ["giant_rat"], seats=SEATS, fame={"knight": 3})
    join_all(mode)
    assert mode.pending_seat() == "bo"  # the mage places first (reverse turn order)
    fire = uid(mode, "mage", "firebolt")
    events = act(mode, PlaceCard(fire, "giant_rat"))
    ann, bo = mode.view("ann"), mode.view("bo")
    assert _as_seat_view(ann).seat == "ann" and ann.member("mage").face_down == 1
    assert _cards_in(ann, "mage") == set() and ann.member("mage").hand == ()
    assert fire in _cards_in(bo, "mage") and _cards_in(bo, "knight") == set()
    assert _cards_in(ann, "knight") == set(mode.state.fighters["knight"].hand)
    # The face-down card is in the mage's seat's log alone; the others read only that a card was placed.
    assert [type(e) for e in mode.events_for("ann", events)] == [CardPlaced]
    assert [type(e) for e in mode.events_for("bo", events)] == [CardChosen, CardPlaced]
    assert mode.events_for("monsters", events) == mode.events_for("ann", events)
    # Nothing else in Ann's view names the card: no field of the view holds its number.
    assert "firebolt" not in repr([getattr(ann, f.name) for f in fields(ann) if f.name != "content"])
