"""The encounter screen's dialogs as a stack: one opened from the pause menu lies over it, and Back returns to it."""

from __future__ import annotations

import pygame

from tests.ui.helpers import click_button, make_app, open_encounter, press


def test_a_dialog_opened_from_the_pause_menu_lies_over_it_and_resume_closes_them_all() -> None:
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_ESCAPE)
    assert screen.overlays == ["menu"]
    click_button(app, "Settings")
    assert screen.overlays == ["menu", "settings"] and screen.overlay == "settings"
    click_button(app, "Back")
    assert screen.overlays == ["menu"]
    click_button(app, "Rules and keys")
    assert screen.overlays == ["menu", "help"]
    press(app, pygame.K_ESCAPE)  # closing a dialog goes back to the encounter, as it always did
    assert screen.overlays == [] and screen.overlay is None


def test_the_keys_open_a_dialog_alone_over_the_board() -> None:
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_F1)
    assert screen.overlays == ["help"]
