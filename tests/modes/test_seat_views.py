"""Every mode's view of a seat shows the same few things: seat, round, outcome, the decision awaited, the members."""

from __future__ import annotations

import game.modes  # noqa: F401  (registers every mode)
from game.core.match import Match
from game.core.mode import MatchSetup, SeatView
from game.core.seats import default_seats


def seat_view(view: SeatView) -> SeatView:
    """The view as the contract reads it (mypy checks that each mode's view class follows it)."""
    return view


def test_a_grid_view_names_its_members_and_the_decision_awaited() -> None:
    match = Match(MatchSetup("grid", default_seats(), {"map": "builtin:hall", "heroes": ["warrior", "mage"]}), 2)
    view = seat_view(match.view("heroes"))
    assert view.seat == "heroes" and view.round == 0 and view.outcome is None
    assert view.pending is not None and view.pending.kind == "initiative"
    heroes = [m for m in view.members if m.controlled]
    assert [m.cid for m in heroes] == ["warrior", "mage"] and all(m.square is not None for m in heroes)
    match.apply(match.legal_actions()[0])
    turn = seat_view(match.view("heroes")).pending
    assert turn is not None and turn.kind == "turn"
    match.mode.close()


def test_a_stances_view_names_its_members_and_whose_decision_is_awaited() -> None:
    match = Match(MatchSetup("stances", default_seats(), {"map": "builtin:crossing", "heroes": ["warrior"],
                                                          "monsters": ["wolf"]}), 2)
    view = seat_view(match.view("monsters"))
    assert view.seat == "monsters" and view.outcome is None
    assert view.pending is not None and view.pending.kind == "priority" and view.pending.seat == "heroes"
    assert {(m.cid, m.side, m.controlled) for m in view.members} == {("warrior", "heroes", False),
                                                                   ("wolf", "monsters", True)}
    match.mode.close()
