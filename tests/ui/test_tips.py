"""Tooltips are as wide as their words, keep a sentence to two lines, and open where they cover no other control."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.tips import clear_spot
from tests.ui.helpers import as_buttons, make_app, open_encounter, settle, until
from tests.ui.test_controls_fit import _my_turn_or_go

INSPIRE_TIP = "Roll Presence; on 8 or more your allies in sight are no longer Stunned (key 2)"


def _tip(app, owner, text: str) -> pygame.Rect:  # noqa: ANN001
    """Where a tooltip of a text shows for a button."""
    made = app.manager.create_tool_tip(text, (150, 115), (0, 15), owner, None)
    rect = made.rect.copy()
    made.kill()
    return rect


def test_a_tooltip_is_as_wide_as_its_words_and_a_sentence_keeps_to_two_lines() -> None:
    for scale in (1.0, 2.0):
        app = make_app(size=(1280, 800), scale=scale)
        try:
            owner = pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 30), "x", app.manager)
            one_line = _tip(app, owner, "x").height
            assert _tip(app, owner, "Zoom in (+ or wheel)").height == one_line
            sentence = _tip(app, owner, INSPIRE_TIP)
            assert sentence.height < 2 * one_line  # two lines at most, not pygame-gui's four or five
            assert sentence.width <= app.surface.get_width() // 2
        finally:
            pygame.quit()


WINDOW = pygame.Rect(0, 0, 1280, 800)


def test_a_tooltip_stays_under_its_widget_when_nothing_is_there() -> None:
    owner = pygame.Rect(100, 100, 200, 30)
    assert clear_spot(pygame.Rect(150, 130, 300, 40), owner, [], WINDOW) == (150, 130)


def test_a_tooltip_that_would_cover_the_option_below_opens_above_or_beside() -> None:
    owner = pygame.Rect(900, 300, 300, 30)
    below, above = pygame.Rect(900, 340, 300, 30), pygame.Rect(900, 260, 300, 30)
    spot = clear_spot(pygame.Rect(950, 330, 300, 40), owner, [below, above], WINDOW)
    placed = pygame.Rect(spot, (300, 40))
    assert placed.collidelist([below, above, owner]) < 0 and placed.right <= owner.left  # to its left
    spot = clear_spot(pygame.Rect(950, 330, 300, 40), owner, [below], WINDOW)
    assert pygame.Rect(spot, (300, 40)).bottom <= owner.top  # above, where that is clear


def test_an_options_tooltip_covers_none_of_the_column_s_buttons() -> None:
    app = make_app()
    screen = open_encounter(app)
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))
    screen._set_tab("move")
    settle(app)
    buttons = as_buttons(screen.groups["right"])
    owner = next(b for b in buttons if b.text.startswith("2  "))
    # As pygame-gui asks for it while the pointer rests on the button: at the pointer, half the button below.
    tip: Any = app.manager.create_tool_tip(INSPIRE_TIP, (owner.rect.centerx, owner.rect.centery),
                                      (0, owner.rect.height // 2), owner, None)
    assert pygame.Rect(tip.rect).collidelist([b.rect for b in buttons]) < 0
    assert WINDOW.contains(tip.rect)
