"""Before the fight the menu shows the map's intro and objective; after it, the result says whether it was met."""

import pygame

from game.core.ending import last_side_standing
from game.core.mode import Outcome
from game.modes.grid.actions import Retreat
from tests.ui.helpers import drawn_texts, make_app, open_encounter, open_menu, press, settle


def test_the_menu_shows_the_chosen_maps_intro_and_objective(monkeypatch):
    app, menu = open_menu()
    bridge = next(v for _, v in menu.maps if v.endswith("bridge.tmx"))
    assert menu._load_map(bridge)
    menu._rebuild()
    texts = [text for text, _pos, _size in drawn_texts(app, monkeypatch)]
    assert "An orc and his kobolds hold the Old Toll Bridge and rob every traveller. Take the bridge back." in \
        " ".join(texts)
    assert "Objective: Defeat them all: win with none of the enemy left able to fight." in texts


def test_the_result_says_the_objective_was_met_when_no_enemy_is_left_able_to_fight(monkeypatch):
    app = make_app()
    screen = open_encounter(app)
    won = last_side_standing({"heroes": True, "monsters": False})
    assert won is not None
    monkeypatch.setattr(screen.match, "outcome", lambda: Outcome(*won, 4))
    texts = [line.text for line in screen.result_lines()]
    assert texts[:3] == ["Victory for the heroes", "None of the monsters is left able to fight, after 4 rounds.",
                         "Objective, defeat them all: met"]


def test_the_result_says_the_objective_was_not_met_when_the_heroes_retreat():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    settle(app)
    assert screen.act(Retreat("heroes")), screen.status
    assert screen.match.over
    texts = [line.text for line in screen.result_lines()]
    assert "Objective, defeat them all: not met" in texts
