"""The menu: choosing the map, the party and the players, remembering them, and starting the encounter."""

from pathlib import Path

import pygame

from game.maps import load_map
from game.ui import theme
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen
from game.ui.menu_dialogs import SettingsDialog
from game.ui.session import EncounterChoice, bundled_maps, map_title
from game.ui.settings import load_settings
from tests.ui.helpers import click, click_button, dropdowns, make_app, press, settle


def _menu(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = make_app()
    app.remember = True
    menu = MenuScreen(app)
    app.show(menu)
    settle(app)
    return app, menu


def test_enter_starts_the_encounter_with_the_chosen_party(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    click_button(app, "Orrin \u00b7 mage")  # take the mage out of the party
    assert "mage" not in menu.heroes
    press(app, pygame.K_RETURN)
    assert isinstance(app.screen, EncounterScreen)
    heroes = {c.template for c in app.screen.view.combatants if c.side == "heroes"}
    assert "mage" not in heroes and heroes
    assert "mage" not in load_settings().heroes


def test_the_shipped_maps_are_offered_and_their_monsters_are_the_default(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    names = [value for _, value in menu.maps]
    assert "" in names and any(v.endswith("crypt.tmx") for v in names)
    crypt = next(v for v in names if v.endswith("crypt.tmx"))
    assert menu._load_map(crypt)
    assert menu.monsters == [s.monster for s in menu.battlefield.monster_spawns if s.monster]


def test_the_map_list_names_the_shipped_maps_by_their_titles_in_order_of_title(tmp_path, monkeypatch):
    # The titles the preview below the list shows: the list and the preview speak of a map alike.
    app, menu = _menu(tmp_path, monkeypatch)
    assert menu.map_list is not None
    rows = [item["text"] for item in menu.map_list.item_list]
    shipped = sorted(load_map(path).name for path in bundled_maps())
    assert rows == ["Ruined Hall (built in)", *shipped]
    assert "The Old Toll Bridge" in rows
    for name, value in menu.maps[1:]:
        assert menu._load_map(value) and map_title(menu.battlefield) == name


def test_a_shipped_map_given_by_another_path_is_chosen_in_the_list_not_added_twice(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    listed = len(menu.maps)
    crypt = next(v for _, v in menu.maps if v.endswith("crypt.tmx"))
    # As `play --map maps/crypt.tmx` gives it: relative, spelt otherwise than the list's entry.
    other = Path(crypt).parent / ".." / Path(crypt).parent.name / "crypt.tmx"
    assert menu._load_map(str(other))
    assert len(menu.maps) == listed and menu.map_path == crypt


def test_a_map_that_cannot_be_played_is_named_in_red_and_the_menu_stays(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    before = menu.map_path
    assert not menu._load_map(str(tmp_path / "missing.tmx"))
    assert "no such map file" in menu.error and menu.map_path == before
    settle(app)
    assert isinstance(app.screen, MenuScreen)


def test_the_ui_scale_is_applied_and_remembered(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    SettingsDialog(menu).scale(1)
    settle(app)
    assert app.settings.ui_scale == 1.25 and app.layout.scale == 1.25
    assert load_settings().ui_scale == 1.25
    SettingsDialog(menu).scale(1)  # more than this 1280x800 window has room for: kept for a larger one
    settle(app)
    assert app.settings.ui_scale == 1.5 and app.layout.scale == 1.25
    assert load_settings().ui_scale == 1.5


def test_settings_changed_after_the_ui_scale_are_applied_and_remembered(tmp_path, monkeypatch):
    # Changing the scale (or the window, or fullscreen) gives the app a fresh copy of the settings: later
    # changes must reach that copy, not the one the menu was opened with.
    app, menu = _menu(tmp_path, monkeypatch)
    dialog = SettingsDialog(menu)
    dialog.scale(1)
    dialog._set_animation("slow")
    dialog._toggle_computer_acts()
    assert app.settings.animation == "slow" and app.settings.computer_acts
    saved = load_settings()
    assert saved.ui_scale == 1.25 and saved.animation == "slow" and saved.computer_acts
    click_button(app, "Orrin \u00b7 mage")
    assert "mage" not in load_settings().heroes


def test_esc_closes_an_open_drop_down_and_only_then_quits(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    dropdown = next(d for d in dropdowns(menu) if d.selected_option[0] == "normal")
    click(app, dropdown.rect.center)
    assert dropdown.current_state is dropdown.menu_states["expanded"]
    press(app, pygame.K_ESCAPE)
    assert app.running and dropdown.current_state is dropdown.menu_states["closed"]
    assert menu.difficulty == "normal"  # closed as it was, nothing chosen
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_esc_closes_an_open_drop_down_of_the_settings_and_then_the_settings(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    click_button(app, "Settings")
    size = f"{app.settings.window[0]} x {app.settings.window[1]}"
    dropdown = next(d for d in dropdowns(menu) if d.selected_option[0] == size)
    click(app, dropdown.rect.center)
    press(app, pygame.K_ESCAPE)
    assert isinstance(menu.dialog, SettingsDialog)
    assert dropdown.current_state is dropdown.menu_states["closed"]
    press(app, pygame.K_ESCAPE)
    assert menu.dialog is None and app.running


def test_an_encounter_started_from_the_menu_a_match_returned_to_rolls_new_dice() -> None:
    app = make_app()
    finished = EncounterChoice(seed=100062)
    seeds = set()
    for _ in range(3):
        menu = MenuScreen(app, finished)  # the menu that Menu on a result screen opens
        app.show(menu)
        seeds.add(menu.choice().seed)
    assert 100062 not in seeds and len(seeds) > 1


def test_a_mode_lists_only_the_shipped_maps_it_can_fight_on(tmp_path, monkeypatch):
    # The arenas mode fights in a map's arenas: a map without any is not offered, rather than refused when chosen.
    app, menu = _menu(tmp_path, monkeypatch)
    assert any(v.endswith("crypt.tmx") for _, v in menu.maps)
    menu._set_mode("arenas")
    listed = [v for _, v in menu.maps]
    assert any(v.endswith("barn.tmx") for v in listed) and not any(v.endswith("crypt.tmx") for v in listed)
    for _, value in menu.maps:
        assert menu._load_map(value), value
    rows = [item["text"] for item in menu.map_list.item_list]
    assert "The Sunken Crypt" not in rows and "The Burning Barn" in rows


def test_a_mode_without_a_map_says_how_its_fight_goes_where_the_map_would_be(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    drawn: list[str] = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda target, text, *a, **k: drawn.append(text) or real(target, text,
                                                                                                        *a, **k))
    menu._set_mode("cards")
    menu.draw(app.surface)
    words = " ".join(drawn)
    assert "no map" in words and "Priority" in words
    assert menu.map_list is None and not any("Up/Down" in text for text in drawn)  # no map to choose


def test_a_mode_played_at_the_table_says_how_its_fight_goes_under_the_map_list(tmp_path, monkeypatch):
    app, menu = _menu(tmp_path, monkeypatch)
    menu._set_mode("beats")
    assert menu.battlefield is None and menu.map_list is not None  # the table is chosen, a map may be
    drawn: list[str] = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda target, text, *a, **k: drawn.append(text) or real(target, text,
                                                                                                        *a, **k))
    menu.draw(app.surface)
    assert "three dice" in " ".join(drawn)
