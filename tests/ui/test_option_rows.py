"""An option's row stays where it is whether it can be used now or not: the line for the reason it cannot is kept
under every option that can be greyed, so nothing moves under the mouse as reasons come and go."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.modes.grid import GridScreen
from tests.ui.helpers import as_buttons, make_app, open_encounter, settle, until
from tests.ui.test_controls_fit import _my_turn_or_go


def _rows(screen: GridScreen) -> dict[str, pygame.Rect]:
    """Where each of the column's option buttons is, by the words on it (not the tabs, not the big button)."""
    room = screen.column_view
    assert room is not None
    return {b.text: pygame.Rect(b.rect) for b in as_buttons(screen.groups.get("right", []))
            if room.contains(b.rect)}


def _my_tab(tab: str) -> tuple[App, GridScreen]:
    app = make_app()
    screen = open_encounter(app)
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))
    screen._set_tab(tab)
    settle(app)
    return app, screen


def test_a_greyed_move_option_keeps_the_rows_below_it_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    app, screen = _my_tab("move")
    before = _rows(screen)
    assert len(before) >= 3
    monkeypatch.setattr(screen.session, "reason", lambda action: "not now, in this test")
    screen._rebuild()
    settle(app)
    shown = [b for b in as_buttons(screen.groups["right"]) if b.text in before]
    assert shown and not any(b.is_enabled for b in shown)  # every one greyed now, its reason under it
    assert _rows(screen) == before


def test_using_the_action_does_not_move_the_action_cards() -> None:
    app, screen = _my_tab("action")
    before = _rows(screen)
    assert before
    view = screen.view
    current = next(c for c in view.combatants if c.cid == view.current)
    screen.view = type(view)(**{**view.__dict__, "combatants": tuple(
        type(c)(**{**c.__dict__, "acted": True}) if c is current else c for c in view.combatants)})
    screen._rebuild()
    settle(app)
    assert _rows(screen) == before
