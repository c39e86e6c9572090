"""The stances mode on the map board: emblems, the terrain under the pointer, the sheet, and no fog (text 001 hides
nothing on the map)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from tests.ui.helpers import make_app, settle
from tests.ui.test_stances_screen import open_stances


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


def test_stances_tokens_wear_the_emblems_of_their_kind_and_weapon(app: App) -> None:
    screen = open_stances(app, "computer")
    emblems = {t.cid: t.look.emblem for t in screen.scene().tokens}
    assert emblems == {"warrior": "sword", "undead_orc": "skull"}


def test_hovering_an_empty_square_tells_what_a_dash_pays_to_enter_it(app: App) -> None:
    screen = open_stances(app, "computer")
    pointer = screen.map_view.square_centre((4, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(1, 1), buttons=(0, 0, 0)))
    settle(app, 2)
    scene = screen.scene()
    assert scene.hover_label is None and scene.terrain_hover is not None
    assert screen.map_view.terrain_text(scene.terrain_hover[0], scene.step_unit) == \
        "Open ground \u00b7 entering costs 1 step of a dash \u00b7 sight passes"
    assert screen.map_view.terrain_text((0, 0), scene.step_unit).startswith("Wall")  # every square is seen


def test_a_fighters_sheet_names_its_kind(app: App) -> None:
    screen = open_stances(app, "computer")
    screen.select("undead_orc")
    text = [line.text for line in screen.info_lines()[1]]
    assert any(line.startswith("Kind: undead") for line in text)


def test_the_stances_result_reports_the_objective(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.ending import last_side_standing
    from game.core.mode import Outcome

    screen = open_stances(app, "computer")
    lost = last_side_standing({"heroes": False, "monsters": True})
    assert lost is not None
    monkeypatch.setattr(screen.match, "outcome", lambda: Outcome(*lost, 2))
    assert "Objective, defeat them all: not met" in [line.text for line in screen.result_lines()]
