"""The help overlay (F1) shows every part of the rules and every key, whatever the window and UI scale."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.settings import MIN_WINDOW, UI_SCALES, WINDOW_SIZES
from tests.ui.helpers import drawn_texts, make_app, open_encounter, press
from tests.ui.test_stances_screen import open_stances


def _help_texts(app, screen, monkeypatch) -> list[str]:  # noqa: ANN001
    def open_help() -> None:
        press(app, pygame.K_F1)
        app.dirty = True
        app.step(0)

    drawn = [text for text, _, _ in drawn_texts(app, monkeypatch, open_help)]
    assert screen.overlay == "help"
    return drawn


@pytest.mark.parametrize("size", [MIN_WINDOW, *WINDOW_SIZES])
def test_every_rule_and_key_is_in_the_help_at_every_window_and_scale(size, monkeypatch) -> None:
    for scale, opener in itertools.product(UI_SCALES, ("grid", "stances")):
        app = make_app(size=size, scale=scale)
        screen = open_encounter(app) if opener == "grid" else open_stances(app, monster_control="computer")
        drawn = _help_texts(app, screen, monkeypatch)
        in_help = drawn[len(drawn) - 1 - drawn[::-1].index(screen.rules_title):]  # the last frame's help
        assert not [text for text in in_help if text.endswith("\u2026")], (size, scale, opener)  # nothing cut
        shown = " ".join(in_help)  # wrapped lines joined again
        for title, text in screen.rules:
            assert f"{title} {text}" in shown, (size, scale, opener, title)
        for key, what in screen.keys:
            assert f"{key}: {what}" in shown, (size, scale, opener, key)
        pygame.quit()


def test_each_mode_lists_only_the_keys_it_has() -> None:
    from game.ui.modes.grid import GridScreen
    from game.ui.modes.stances import StancesScreen

    grid, stances = dict(GridScreen.keys), dict(StancesScreen.keys)
    assert "S / M / A" in grid and "Q" in grid  # the grid's tabs and retreat
    assert "S / M / A" not in stances and "Q" not in stances  # text 001 has neither
    assert grid["Ctrl+Z"] == "take back the last move of this turn"
    assert stances["Ctrl+Z"] == "take back the last dash"  # ruling stances-undo: only a dash
    assert set(grid) - {"S / M / A", "Q", "E"} == set(stances)  # E: end the turns of heroes with nothing to do


def test_each_mode_names_those_who_fight_as_its_screen_does() -> None:
    from game.ui.modes.grid import GridScreen
    from game.ui.modes.stances import StancesScreen

    grid, stances = dict(GridScreen.keys), dict(StancesScreen.keys)
    assert grid["Tab / Shift+Tab"] == "next / previous combatant" and grid["C"] == "centre on the current combatant"
    assert stances["Tab / Shift+Tab"] == "next / previous fighter" and stances["C"] == "centre on the current fighter"
