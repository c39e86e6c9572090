"""Starting an encounter while a match is unfinished under Continue asks first, naming the match that would be lost."""

from __future__ import annotations

import pygame

from game.core.saves import autosave_path, read_save
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen
from game.ui.menu_dialogs import ReplaceDialog
from tests.ui.helpers import button, click, open_menu, press, settle


def _unfinished_match() -> tuple:
    """A match begun from the menu and left for the menu: it is under Continue, not over."""
    app, menu = open_menu()
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, EncounterScreen)
    press(app, pygame.K_SPACE)  # Roll Initiative: a turn ends, so the autosave is written
    screen.on_menu()
    settle(app)
    back = app.screen
    assert isinstance(back, MenuScreen) and autosave_path().exists()
    back.balance.close()
    return app, back


def test_starting_over_an_unfinished_match_asks_and_enter_keeps_it() -> None:
    app, menu = _unfinished_match()
    kept = read_save(autosave_path()).actions
    press(app, pygame.K_RETURN)  # Start the encounter
    assert app.screen is menu and menu.dialog is not None
    assert isinstance(menu.dialog, ReplaceDialog)
    assert "round 1" in menu.dialog.unfinished  # the match is named: its mode, its map, its round
    press(app, pygame.K_RETURN)  # Enter keeps it
    assert app.screen is menu and menu.dialog is None
    assert read_save(autosave_path()).actions == kept
    pygame.quit()


def test_start_anyway_begins_the_new_encounter() -> None:
    app, menu = _unfinished_match()
    press(app, pygame.K_RETURN)
    click(app, button(app, "Start anyway").center)
    screen = app.screen
    assert isinstance(screen, EncounterScreen) and not screen.match.actions
    pygame.quit()


def test_the_new_encounter_takes_the_old_ones_place_under_continue_before_its_first_action() -> None:
    # The dialog says the unfinished match would be lost: it is, at once, not only after the new one's first turn.
    app, menu = _unfinished_match()
    assert read_save(autosave_path()).actions
    press(app, pygame.K_RETURN)
    click(app, button(app, "Start anyway").center)
    screen = app.screen
    assert isinstance(screen, EncounterScreen) and not screen.match.actions
    assert not read_save(autosave_path()).actions
    pygame.quit()
