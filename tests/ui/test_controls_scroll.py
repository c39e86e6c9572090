"""The controls column scrolls when its options are taller than the window: every option can be reached, by the
wheel over it or by Shift+Page Up/Down, and the grid's Move tab lists every carried item, copies too."""

from __future__ import annotations

import esper
import pygame

from game.modes.grid.components import Gear
from game.modes.grid.mode import GridMode
from game.ui.app import App
from game.ui.modes.grid import GridScreen
from game.ui.settings import MIN_WINDOW
from tests.ui.helpers import as_buttons, click, hover, make_app, open_encounter, press, settle, until
from tests.ui.test_controls_fit import _my_turn_or_go

MANY = ["longsword", "shield", "chain_mail", "dagger", "staff", "shortbow", "leather_armour", "amulet_of_warding"]


def _carrying(app: App, carried: list[str], equipped: list[str]) -> GridScreen:
    """A warrior carrying (and wearing) the given items, on its own turn, its Move tab open."""
    screen = open_encounter(app)
    mode = screen.session.match.mode
    assert isinstance(mode, GridMode)
    mode._enter()
    gear = esper.component_for_entity(mode.state.ent("warrior"), Gear)
    gear.carried[:] = carried
    gear.equipped[:] = equipped
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))  # the kobold may act first
    screen._set_tab("move")
    settle(app)
    return screen


def _labels(screen: GridScreen) -> list[str]:
    """The words on the column's buttons shown now, without their number keys."""
    return [b.text.split("  ", 1)[-1] for b in as_buttons(screen.groups.get("right", []))]


def _wheel(app: App, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    settle(app)


def test_the_wheel_over_the_controls_scrolls_the_move_tab_to_its_last_option() -> None:
    app = make_app(size=MIN_WINDOW)
    screen = _carrying(app, MANY, ["longsword", "shield", "chain_mail"])
    last = "Drop Amulet of Warding (0 MP)"
    assert last not in _labels(screen) and screen.column_room() > 0  # taller than the window: not all shown
    zoom = screen.map_view.sq
    hover(app, screen.layout.tab_body.center)
    for _ in range(30):
        _wheel(app, -1)
    assert last in _labels(screen) and screen.map_view.sq == zoom
    shown = [b for b in as_buttons(screen.groups["right"]) if b.text.endswith(last)]
    body = screen.column_view
    assert body is not None and all(body.contains(b.rect) for b in shown)  # inside the room, above End Turn
    assert screen.right.bar is not None  # a bar beside the options says there are more than fit
    click(app, shown[0].rect.center)
    view = screen.current
    assert view is not None and "amulet_of_warding" not in (view.carried or ())
    for _ in range(30):
        _wheel(app, 1)
    assert screen.column_scroll == 0 and "Hide (4 MP)" in _labels(screen)
    pygame.quit()


def test_shift_page_down_scrolls_the_controls_and_page_down_alone_the_log() -> None:
    app = make_app(size=MIN_WINDOW)
    screen = _carrying(app, MANY, ["longsword", "shield", "chain_mail"])
    press(app, pygame.K_PAGEDOWN)
    assert screen.column_scroll == 0
    for _ in range(6):
        press(app, pygame.K_PAGEDOWN, pygame.KMOD_SHIFT)
    assert screen.column_scroll == screen.column_room() > 0
    assert "Drop Amulet of Warding (0 MP)" in _labels(screen)
    press(app, pygame.K_PAGEUP, pygame.KMOD_SHIFT)
    assert 0 < screen.column_scroll < screen.column_room()
    screen._set_tab("stats")
    assert screen.column_scroll == 0  # another tab starts at its top
    pygame.quit()


def test_a_second_copy_of_a_worn_item_can_be_equipped_or_dropped() -> None:
    app = make_app()
    screen = _carrying(app, ["longsword", "leather_armour", "leather_armour"], ["longsword", "leather_armour"])
    labels = _labels(screen)
    assert "Unequip Leather Armour (1 MP)" in labels
    assert "Equip spare Leather Armour (1 MP)" in labels  # greyed: the body is taken, and it says so
    assert "Drop spare Leather Armour (0 MP)" in labels
    spare = next(b for b in as_buttons(screen.groups["right"]) if b.text.endswith("Drop spare Leather Armour (0 MP)"))
    click(app, spare.rect.center)
    view = screen.current
    assert view is not None and view.carried == ("longsword", "leather_armour")
    assert view.equipped == ("longsword", "leather_armour")  # the worn one stays on
    assert "Drop Leather Armour (0 MP)" in _labels(screen) and "Equip Leather Armour (1 MP)" not in _labels(screen)
    pygame.quit()


def test_the_stats_tab_names_a_spare_copy_of_a_worn_item_as_carried() -> None:
    app = make_app()
    screen = _carrying(app, ["longsword", "leather_armour", "leather_armour"], ["longsword", "leather_armour"])
    screen._set_tab("stats")
    text = [line.text for note in screen.right.notes for line in note.lines]
    assert "Equipped: Longsword, Leather Armour" in text and "Carried: Leather Armour" in text
    pygame.quit()


def test_every_target_of_a_chosen_action_can_be_reached_with_run_and_cancel_kept_in_place() -> None:
    app = make_app(size=MIN_WINDOW)
    around = [(x, y) for y in (1, 2, 3) for x in (4, 5, 6) if (x, y) != (5, 2)]
    places = {"warrior": (5, 2), **{f"kobold#{i + 1}": sq for i, sq in enumerate(around)}}
    screen = open_encounter(app, monsters=("kobold",) * 8, places=places)
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))
    screen._set_tab("action")
    screen.choose_action("strike", None)
    settle(app)
    run = next(b for b in as_buttons(screen.groups["right"]) if b.text == "Run this Action").rect
    names = {f"Kobold {i}" for i in range(1, 9)}
    seen = names & set(_labels(screen))
    assert seen != names and screen.column_room() > 0  # more kobolds than fit
    hover(app, screen.layout.tab_body.center)
    for _ in range(30):
        _wheel(app, -1)
        seen |= names & set(_labels(screen))
    assert seen == names
    again = next(b for b in as_buttons(screen.groups["right"]) if b.text == "Run this Action").rect
    assert again == run  # Run and Cancel stay at the bottom
    room = screen.column_view
    assert room is not None and room.bottom <= run.top
    pygame.quit()
