"""Hot-seat hand-overs: the board hides between two people only when either would see something private."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.battlefield import Battlefield
from game.modes.stances.actions import Dash
from game.ui.app import App
from game.ui.modes import open_screen, open_session
from game.ui.modes.stances import StancesScreen
from game.ui.session import EncounterChoice
from tests.ui.helpers import SteadyDice, click_button, decision_kind, make_app, settle

APART = """
#########
#.......#
#.H...M.#
#.......#
#########
"""


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


def _two_people(app: App) -> StancesScreen:
    """A warrior and an undead orc apart, each side a person's, past the first hand-over."""
    choice = EncounterChoice(heroes=("warrior",), monsters=("undead_orc",), hero_control="person",
                             monster_control="person", seed=3, mode="stances")
    session = open_session(choice, Battlefield.from_ascii(APART), dice=SteadyDice())
    screen = open_screen(app, session, lambda: None, lambda: None)
    app.show(screen)
    settle(app)
    assert screen.overlay == "handover" and screen.handover_person() == "heroes"  # who sits down first
    click_button(app, "I am ready")
    assert isinstance(screen, StancesScreen)
    return screen


def test_a_dash_in_hot_seat_stances_brings_a_banner_and_no_hand_over_screen(app: App) -> None:
    screen = _two_people(app)
    assert decision_kind(screen) == "priority" and screen.view.seat == "heroes"
    dash = next(a for a in screen.legal if isinstance(a, Dash))
    assert screen.act(dash)
    settle(app)
    # The map hides nothing and nobody has chosen in secret: the orc's person plays on at once.
    assert screen.session.pending_seat() == "monsters"
    assert screen.overlay is None and screen.view.seat == "monsters"
    assert app.shown_note() == "monsters, your turn"
    assert screen.hotseat.handovers == ["heroes"]

