"""A person with a keyboard only: from the menu through an encounter, the pause menu, a save, the result and its
replay, and back; every dialog's buttons are reached with the arrows or Tab and pressed with Enter."""

from __future__ import annotations

import pygame

from game.core.saves import saves_dir
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen
from tests.ui.helpers import open_menu, press, settle, until


def _pressed_on(app, screen: EncounterScreen, label: str) -> None:  # noqa: ANN001
    """Move the dialog's focus with Tab to the button showing the label, and press Enter."""
    for _ in range(12):
        focused = screen.focused_button()
        if focused is not None and focused.text == label:
            press(app, pygame.K_RETURN)
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {label!r}: {[b.text for b in screen.dialog_buttons()]}")


def _focused(screen: EncounterScreen) -> str | None:
    focused = screen.focused_button()
    return None if focused is None else focused.text


def _to_a_heros_turn(app, screen: EncounterScreen) -> None:  # noqa: ANN001
    for _ in range(100):
        if screen.my_turn and screen.current is not None:
            return
        press(app, pygame.K_SPACE)
        assert until(app, lambda: screen.auto is None)
    raise AssertionError("no hero's turn came")


def test_menu_encounter_pause_menu_save_result_and_replay_with_the_keyboard_alone() -> None:
    app, menu = open_menu()
    assert isinstance(menu, MenuScreen)
    press(app, pygame.K_RETURN)  # Start the encounter
    screen = app.screen
    assert isinstance(screen, EncounterScreen) and screen.replay is None
    _to_a_heros_turn(app, screen)
    # The pause menu: Esc opens it, the arrows reach Save the match, Enter opens the save, Enter writes it.
    press(app, pygame.K_ESCAPE)
    assert screen.overlay == "menu" and screen.focused_button() is None
    press(app, pygame.K_DOWN)
    assert _focused(screen) == "Resume"
    press(app, pygame.K_DOWN)
    assert _focused(screen) == "Save the match"
    press(app, pygame.K_RETURN)
    assert screen.overlay == "save"
    press(app, pygame.K_RETURN)
    assert list(saves_dir().glob("*.json")), "the save was not written"
    assert screen.overlay is None  # saved, and back to the encounter
    # Settings from the pause menu, and back to the encounter.
    press(app, pygame.K_ESCAPE)
    _pressed_on(app, screen, "Settings")
    assert screen.overlay == "settings"
    press(app, pygame.K_ESCAPE)
    assert screen.overlay is None and not screen.match.over
    # Q asks; Enter keeps fighting; only Retreat chosen with Tab ends the encounter.
    press(app, pygame.K_q)
    assert screen.overlay == "retreat"
    press(app, pygame.K_RETURN)
    assert screen.overlay is None and not screen.match.over
    press(app, pygame.K_q)
    _pressed_on(app, screen, "Retreat")
    settle(app)
    assert screen.match.over and screen.overlay == "result"
    # The result: Tab to Watch it again; Esc leaves the replay for the result, and Esc again for the menu.
    _pressed_on(app, screen, "Watch it again")
    replay = app.screen
    assert isinstance(replay, EncounterScreen) and replay.replay is not None
    press(app, pygame.K_n)
    press(app, pygame.K_ESCAPE)
    settle(app)
    back = app.screen
    assert isinstance(back, EncounterScreen) and back.replay is None and back.overlay == "result"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, MenuScreen) and app.running
    app.screen.close()
    pygame.quit()


def test_enter_on_the_retreat_question_keeps_fighting() -> None:
    app, _ = open_menu()
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, EncounterScreen)
    _to_a_heros_turn(app, screen)
    press(app, pygame.K_q)
    press(app, pygame.K_RETURN)
    assert not screen.match.over and screen.overlay is None
    pygame.quit()
