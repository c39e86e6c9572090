"""The menu fits every window the settings offer at every UI scale: nothing overlaps, nothing is out of reach."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.app import App
from game.ui.layout import menu_columns
from game.ui.menu import MenuScreen
from game.ui.settings import MAX_PEOPLE, MIN_WINDOW, UI_SCALES, WINDOW_SIZES
from tests.ui.helpers import as_buttons, drawn_texts, dropdowns, open_menu, settle

SIX_KINDS = ["skeleton", "goblin_archer", "cultist", "ghoul", "orc_brute", "kobold"]


def _menu(size: tuple[int, int], scale: float = 1.0, monsters: list[str] | None = None,
          people: int = 1) -> tuple[App, MenuScreen]:
    app, menu = open_menu(size, scale)
    if monsters:
        menu.monsters = list(monsters)
    menu.people = [f"Player {i + 1}" for i in range(people)]
    menu.build(app.layout)
    return app, menu


def _widget_rects(menu: MenuScreen) -> list[pygame.Rect]:
    return [pygame.Rect(e.rect) for e in menu.elements]  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_no_two_widgets_of_the_menu_overlap_and_all_are_in_the_window(size: tuple[int, int]) -> None:
    for scale, people in itertools.product(UI_SCALES, (1, MAX_PEOPLE)):
        app, menu = _menu(size, scale, SIX_KINDS, people)
        rects = _widget_rects(menu)
        window = pygame.Rect(0, 0, *size)
        assert all(window.contains(r) for r in rects), (size, scale)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (size, scale, people, a, b)
        menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_the_balance_box_keeps_below_the_players_and_inside_its_column(size: tuple[int, int]) -> None:
    for scale in UI_SCALES:
        app, menu = _menu(size, scale, people=MAX_PEOPLE)
        L = app.layout
        third = menu_columns(L)[3]
        assert menu.search_button is not None
        search = pygame.Rect(menu.search_button.rect)
        in_third = [r for r in _widget_rects(menu) if third.colliderect(r) and r != search]
        assert menu.balance_top >= max(r.bottom for r in in_third)
        assert third.contains(search) and search.y < menu.balance_top + L.px(32)  # on the heading's line
        # Its heading, at least one line of the estimate and the bar below it.
        assert menu.balance_top + L.px(32) + L.font_px("body") * 1.4 <= third.bottom - L.px(14), (size, scale)
        menu.close()


def test_monster_kinds_that_do_not_fit_page_with_the_arrows_and_the_mouse_wheel() -> None:
    app, menu = _menu((1024, 640), monsters=SIX_KINDS)
    shown = [name for name, _ in menu.monster_rows]
    assert 0 < len(shown) < len(SIX_KINDS) and shown == SIX_KINDS[:len(shown)]
    assert menu.monster_pager is not None
    menu._scroll_monsters(1)
    assert [name for name, _ in menu.monster_rows] == SIX_KINDS[1:len(shown) + 1]
    for _ in range(10):
        menu._scroll_monsters(1)  # the last page stops at the last kind
    assert [name for name, _ in menu.monster_rows] == SIX_KINDS[-len(shown):]
    over_rows = menu.monster_area.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_rows, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    settle(app)
    assert [name for name, _ in menu.monster_rows] == SIX_KINDS[-len(shown) - 1:-1]
    menu.close()


def test_a_kind_of_monster_added_is_scrolled_into_sight() -> None:
    app, menu = _menu((1024, 640), monsters=SIX_KINDS)
    menu._add_monster(menu.monster_names["bandit"])
    assert menu.monster_rows[-1][0] == "bandit"
    assert "bandit" in menu.monsters
    menu.close()


def test_all_monster_kinds_are_listed_without_arrows_when_they_fit() -> None:
    app, menu = _menu((1280, 800), monsters=SIX_KINDS)
    assert [name for name, _ in menu.monster_rows] == SIX_KINDS
    assert menu.monster_pager is None
    assert not any(getattr(b, "text", "") in ("\u2039", "\u203a") for b in menu.buttons)
    menu.close()


@pytest.mark.parametrize("mode, battle", [("grid", "monsters"), ("grid", "parties"), ("stances", "monsters")])
def test_every_hero_and_at_least_three_kinds_of_monster_have_a_row_at_every_size(mode: str, battle: str) -> None:
    for size, scale in itertools.product([MIN_WINDOW, *WINDOW_SIZES], UI_SCALES):
        app, menu = _menu(size, scale)
        menu._set_mode(mode)
        menu.battle = battle
        menu.monsters = [m for m in menu.monster_names][:5]
        menu.build(app.layout)
        sides = 2 if battle == "parties" else 1
        assert len(menu.side_rows) == sides * len(menu.hero_names), (mode, battle, size, scale)
        if battle == "monsters":
            assert len(menu.monster_rows) >= 3, (mode, size, scale)
        rects = _widget_rects(menu)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (mode, battle, size, scale, a, b)
        menu.close()


def test_side_headings_end_before_the_played_by_lists_in_short_form_when_the_column_is_narrow(monkeypatch) -> None:
    from game.ui import theme

    for size, expected in (((960, 600), "First party: 4/5"), ((1920, 1080), "First party: 4 of up to 5")):
        app, menu = _menu(size)
        menu.battle = "parties"
        menu.heroes = menu.heroes[:4]
        menu.build(app.layout)
        drawn = drawn_texts(app, monkeypatch)
        second = menu_columns(app.layout)[2]
        text, pos, size_px = next(d for d in drawn if d[0].startswith("First party"))
        assert text == expected
        assert pos[0] + theme.font(size_px, True).size(text)[0] <= second.right - app.layout.px(118)
        menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_heroes_whose_classes_do_not_fit_their_buttons_show_their_names_whole_and_classes_in_tooltips(
        size: tuple[int, int]) -> None:
    from game.ui import theme

    app, menu = _menu(size)
    text_size, edges = theme.button_text(app.layout.scale)
    names = set(menu.hero_names.values())
    rows = as_buttons(e for e in menu.elements if getattr(e, "text", "").split(" \u00b7 ")[0] in names)
    assert len(rows) == len(names)
    assert len({" \u00b7 " in button.text for button in rows}) == 1  # every row in the same form
    for button in rows:
        assert theme.font(text_size).size(button.text)[0] <= button.rect.width - edges, (size, button.text)
        if " \u00b7 " not in button.text:
            assert button.tool_tip_text is not None
            assert button.tool_tip_text.startswith(f"{button.text} \u00b7 "), button.tool_tip_text
    menu.close()


def test_the_estimate_and_its_advice_are_drawn_whole_in_the_smallest_window(monkeypatch) -> None:
    app, menu = _menu(MIN_WINDOW)
    text = ("Heroes win about 92 % (95 % interval 82\u201396 %) in 60 games with the computer on both sides. "
            "Easy for the heroes: add monsters for a closer fight.")
    monkeypatch.setattr(menu.balance, "text", lambda: text)
    monkeypatch.setattr(menu.balance, "report", lambda: {"hero_win_rate": 0.92})
    monkeypatch.setattr(menu.balance, "busy", lambda: False)
    drawn = " ".join(t for t, _, _ in drawn_texts(app, monkeypatch))
    assert "closer fight." in drawn and "closer\u2026" not in drawn
    menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_the_kind_of_battle_is_named_whole_in_its_drop_down_at_every_size(size: tuple[int, int]) -> None:
    from game.ui import theme
    from game.ui.menu import DROP_DOWN_ARROW

    for scale in UI_SCALES:
        app, menu = _menu(size, scale)
        text_size, edges = theme.button_text(app.layout.scale)
        battle = next(d for d in dropdowns(menu) if "against" in d.selected_option[0].lower())
        room = battle.rect.width - DROP_DOWN_ARROW - edges
        options = [option if isinstance(option, str) else option[0] for option in battle.options_list]
        assert all(theme.font(text_size).size(text)[0] <= room for text in options), (size, scale, options)
        menu._set_battle(options[-1])  # the short name chooses the same battle as the long one
        assert menu.battle == "parties"
        menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_the_notes_under_the_players_are_drawn_whole_in_a_shorter_form_when_room_is_short(
        size: tuple[int, int], monkeypatch) -> None:  # noqa: ANN001
    for people in (1, MAX_PEOPLE):
        app, menu = _menu(size, people=people)
        monkeypatch.setattr(menu.balance, "text", lambda: "Estimating\u2026 8 of 60 games played")
        third = menu_columns(app.layout)[3]
        drawn = [t for t, pos, _ in drawn_texts(app, monkeypatch) if third.collidepoint(pos)]
        assert not [t for t in drawn if t.endswith("\u2026") and "Estimating" not in t], (size, people, drawn)
        if people == 1:  # with four names to type there may be no room for notes at all
            assert any("normal level" in t for t in drawn), (size, people)
        monkeypatch.undo()
        menu.close()


def test_a_large_window_explains_how_the_computer_plays_at_its_level() -> None:
    app, menu = _menu((1280, 800))
    box = pygame.Rect(0, 0, menu_columns(app.layout)[3].width, 400)
    assert any("picks among plans close to its best" in line.text for line in menu.players_notes(box))
    menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_the_maps_title_and_facts_are_drawn_whole_in_the_first_column(size: tuple[int, int], monkeypatch) -> None:
    from game.ui import theme

    for scale in UI_SCALES:
        app, menu = _menu(size, scale)
        first = menu_columns(app.layout)[1]
        drawn = {d for d in drawn_texts(app, monkeypatch) if "spawns" in d[0] or d[0] == "Ruined Hall"}
        assert len(drawn) == 2, drawn
        for text, pos, size_px in drawn:
            title = text == "Ruined Hall"
            assert title or text.endswith("2 treasure"), (size, scale, text)
            assert pos[0] + theme.font(size_px, title).size(text)[0] <= first.right, (size, scale, text)
        menu.close()


@pytest.mark.parametrize("size", [*WINDOW_SIZES, MIN_WINDOW])
def test_the_map_list_is_as_tall_as_its_rows_and_needs_no_scroll_bar(size: tuple[int, int]) -> None:
    # Every pixel it does not need goes to the map's preview below it.
    for scale in UI_SCALES:
        app, menu = _menu(size, scale)
        assert menu.map_list is not None and menu.map_list.scroll_bar is None, (size, scale)
        rows = [item["button_element"] for item in menu.map_list.item_list]
        assert menu.map_list.rect.bottom - rows[-1].rect.bottom <= app.layout.px(8), (size, scale)
        menu.close()
