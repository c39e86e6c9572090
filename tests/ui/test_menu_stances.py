"""The menu's mode drop-down: choosing the stances mode offers its fighters and maps and starts its matches."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.saves import autosave_path, load_match, read_save
from game.modes.stances.mode import StancesMode
from game.players.balance import BalanceRequest, game_seed, make_plan, play_many, summarise
from game.ui import estimate
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.estimate import BalanceEstimate
from game.ui.menu import COMPUTER_SEAT, MenuScreen
from game.ui.modes.stances import StancesScreen
from game.ui.settings import load_settings
from main import main
from tests.ui.helpers import (
    as_buttons,
    button,
    choose_option,
    click,
    click_button,
    decision_kind,
    dropdowns,
    make_app,
    press,
    settle,
    until,
)


def open_menu(app: App) -> MenuScreen:
    """The menu, shown and settled."""
    menu = MenuScreen(app)
    app.show(menu)
    settle(app)
    return menu


def labels(menu: MenuScreen) -> list[str]:
    """The text of every enabled button."""
    return [getattr(b, "text", "") for b in menu.buttons]


def test_choosing_stances_shows_its_heroes_monsters_and_maps(app: App) -> None:
    menu = open_menu(app)
    assert "Orrin \u00b7 mage" in labels(menu)
    choose_option(app, menu, "grid", "stances")
    assert isinstance(app.screen, MenuScreen)
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == "stances"
    # Stances heroes have no role: each shows the weapon it fights with.
    shown = labels(menu)
    assert "Warrior \u00b7 longsword" in shown and "Monk \u00b7 fists" in shown
    assert not any(text.startswith("Orrin") for text in shown)
    assert menu.heroes == ["warrior", "archer", "priest", "rogue"]
    assert menu.monsters == ["undead_orc", "undead_hound", "ogre", "skeleton_archer"]
    assert menu.maps[0] == ("Old Crossing (built in)", "") and any(v.endswith("crypt.tmx") for _, v in menu.maps)
    assert menu.battlefield is not None and menu.battlefield.name == "Old Crossing"
    # Two hero parties are a grid battle only.
    battle = next(d for d in dropdowns(menu) if d.selected_option[0] == "Heroes against monsters")
    assert battle.options_list == [("Heroes against monsters", "Heroes against monsters")]
    add = next(d for d in dropdowns(menu) if d.selected_option[0] == "Add a monster\u2026")
    assert ("Ogre", "Ogre") in add.options_list and ("Kobold", "Kobold") not in add.options_list
    assert load_settings().mode == "stances" and load_settings().heroes == menu.heroes


def test_a_bundled_map_gives_the_stances_monsters_its_spawns_name(app: App) -> None:
    menu = open_menu(app)
    menu._set_mode("stances")
    crypt = next(v for _, v in menu.maps if v.endswith("crypt.tmx"))
    assert menu.map_list is not None
    list_item = next(i for i in menu.map_list.item_list if i["text"] == "The Sunken Crypt")
    click(app, list_item["button_element"].rect.center)
    assert menu.map_path == crypt and menu.battlefield is not None and menu.battlefield.name == "The Sunken Crypt"
    assert menu.monsters and set(menu.monsters) <= set(menu.monster_names)
    named = [s.monster for s in menu.battlefield.monster_spawns if s.monster in menu.monster_names]
    assert menu.monsters == named
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, StancesScreen)
    assert screen.session.battlefield is not None and screen.session.battlefield.name == "The Sunken Crypt"
    monsters = [f.cid for f in screen.view.fighters if not f.hero]
    assert len(monsters) == len(named) and {cid.partition("#")[0] for cid in monsters} == {"zombie"}


def test_a_bundled_map_whose_spawns_name_grid_monsters_says_so_in_red_in_the_menu(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui.helpers import drawn_texts

    menu = open_menu(app)
    crypt = next(v for _, v in menu.maps if v.endswith("crypt.tmx"))
    menu._load_map(crypt)
    shown = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert "mode does not have" not in shown  # the grid mode has the crypt's monsters
    menu._set_mode("stances")
    menu._load_map(crypt)
    menu._rebuild()
    shown = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert "of this map's spawns name monsters the stances mode does not have" in shown
    assert "the monsters chosen here fight instead" in shown


def test_enter_starts_a_stances_match_with_the_chosen_party(app: App) -> None:
    menu = open_menu(app)
    choose_option(app, menu, "grid", "stances")
    assert isinstance(app.screen, MenuScreen)
    menu = app.screen
    click_button(app, "Priest \u00b7 mace")  # out of the party
    click_button(app, "Monk \u00b7 fists")  # into it
    assert menu.heroes == ["warrior", "archer", "rogue", "monk"]
    click(app, button(app, "+").center)  # the "+" of the first monster row: one more undead orc
    assert menu.monsters.count("undead_orc") == 2
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, StancesScreen) and screen.session.choice.mode == "stances"
    heroes = [f.cid for f in screen.view.fighters if f.hero]
    assert heroes == ["warrior", "archer", "rogue", "monk"]
    monsters = {f.cid for f in screen.view.fighters if not f.hero}
    assert {"undead_orc#1", "undead_orc#2", "ogre"} <= monsters
    assert screen.session.battlefield.name == "Old Crossing"
    assert [(s.name, s.sides, s.computer) for s in screen.session.match.setup.seats] == [
        ("Player 1", ("heroes",), False), (COMPUTER_SEAT, ("monsters",), True)]
    # Back to the menu from the match: still the stances mode, with the party as it was.
    screen.on_menu()
    settle(app)
    assert isinstance(app.screen, MenuScreen) and app.screen.mode == "stances"
    assert app.screen.heroes == heroes


def test_two_people_share_the_stances_sides_with_a_hand_over(app: App) -> None:
    menu = open_menu(app)
    menu._set_mode("stances")
    plus = next(b for b in as_buttons(menu.buttons) if (b.tool_tip_text or "").startswith("One more person"))
    click(app, plus.rect.center)
    choose_option(app, menu, COMPUTER_SEAT, "Player 2")  # the monsters' "played by"
    menu._set_owner(("heroes:rogue",), COMPUTER_SEAT)  # one hero to the computer
    seats = {s.name: s for s in menu.seats()}
    assert seats["Player 2"].sides == ("monsters",)
    assert seats["Player 1"].sides == ("warrior", "archer", "priest") and seats[COMPUTER_SEAT].sides == ("rogue",)
    press(app, pygame.K_RETURN)
    screen = app.screen
    assert isinstance(screen, StancesScreen)
    assert screen.overlay == "handover" and screen.handover_person() == "Player 1"
    assert isinstance(screen.session.match.mode, StancesMode)
    assert screen.session.match.mode.seat_of("rogue").name == COMPUTER_SEAT
    assert screen.session.match.mode.seat_of("ogre").name == "Player 2"


def test_the_grid_is_chosen_again_with_its_own_fighters(app: App) -> None:
    menu = open_menu(app)
    menu._set_mode("stances")
    choose_option(app, menu, "stances", "grid")
    assert menu.mode == "grid" and "Orrin \u00b7 mage" in labels(menu)
    assert menu.maps[0][1] == "" and menu.battlefield is not None and menu.battlefield.name != "Old Crossing"
    press(app, pygame.K_RETURN)
    assert isinstance(app.screen, EncounterScreen) and not isinstance(app.screen, StancesScreen)
    assert app.screen.session.choice.mode == "grid"


def test_the_balance_estimate_plays_the_stances_mode() -> None:
    app = make_app()
    menu = MenuScreen(app)
    menu._set_mode("stances")
    menu.heroes = ["warrior", "archer"]
    menu.monsters = ["undead_orc", "undead_hound"]
    menu.balance = BalanceEstimate(games=2)
    app.show(menu)
    try:
        end = time.monotonic() + 180
        while menu.balance.report() is None:
            assert time.monotonic() < end, f"gave up waiting: {menu.balance.text()}"
            app.step(15)
        plan = make_plan(BalanceRequest(mode="stances", heroes="warrior,archer", monsters="undead_orc,undead_hound",
                                        games=2))
        assert menu.balance.report() == summarise(play_many(plan, [game_seed(estimate.SEED, i) for i in range(2)]))
        assert menu.balance.text().startswith("Heroes win about ")
    finally:
        menu.close()
        pygame.quit()


def test_a_remembered_stances_choice_opens_the_menu_in_that_mode(app: App) -> None:
    menu = open_menu(app)
    menu._set_mode("stances")
    app.settings = load_settings()
    again = open_menu(app)
    assert again.mode == "stances" and again.heroes == ["warrior", "archer", "priest", "rogue"]
    mode = next(d for d in dropdowns(again) if d.selected_option[0] in ("grid", "stances"))
    assert mode.selected_option[0] == "stances"


def _stances_from_menu(app: App) -> StancesScreen:
    """The warrior and the archer against the undead orc and the hound on the Old Crossing, started from the menu."""
    menu = open_menu(app)
    menu._set_mode("stances")
    menu.heroes = ["warrior", "archer"]
    menu.monsters = ["undead_orc", "undead_hound"]
    menu.seed = 11
    press(app, pygame.K_RETURN)
    assert isinstance(app.screen, StancesScreen)
    return app.screen


def _until_priority_passes(app: App, screen: StancesScreen) -> None:
    """The heroes pass; the computer then decides with Go (Space) until the heroes have priority again."""
    click_button(app, "Pass")

    def back_to_the_heroes() -> bool:
        if screen.match.over or (screen.my_turn and decision_kind(screen) == "priority"):
            return True
        if screen.auto is None and not screen.awaiting_thought:
            press(app, pygame.K_SPACE)
        return False

    # The computer thinks on another thread: wait for it by the clock, not by a count of frames.
    assert until(app, back_to_the_heroes), "priority never came back to the heroes"


def test_a_stances_match_is_autosaved_and_continue_picks_it_up_where_it_stopped(app: App) -> None:
    screen = _stances_from_menu(app)
    path = autosave_path()
    assert not read_save(path).actions  # saved as it begins, before any action
    _until_priority_passes(app, screen)
    saved = read_save(path)
    assert saved.setup.mode == "stances"
    assert saved.actions == [(s, a.to_dict()) for s, a in screen.match.actions]
    before, lines = screen.match.event_log(), list(screen.log.lines)
    twin = load_match(path)  # the same match, to compare the dice to come
    press(app, pygame.K_ESCAPE)
    click_button(app, "Main menu")
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == "stances"
    click_button(app, "Continue")
    resumed = app.screen
    assert isinstance(resumed, StancesScreen) and resumed is not screen
    assert resumed.match.event_log() == before and resumed.log.lines == lines
    assert resumed.session.autosaver is not None
    for _ in range(30):
        if twin.over:
            break
        action = twin.legal_actions()[0]
        assert resumed.session.apply(action) == twin.apply(action)


def test_play_resume_opens_a_stances_match(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = _stances_from_menu(app)
    _until_priority_passes(app, screen)
    log = screen.match.event_log()
    app.show(MenuScreen(app))
    pygame.quit()
    shown: list[object] = []
    monkeypatch.setattr(App, "run", lambda self: shown.append(self.screen) or 0)  # type: ignore[func-returns-value]
    assert main(["play", "--resume", "--size", "1280x800"]) == 0
    assert isinstance(shown[0], StancesScreen) and shown[0].match.event_log() == log
