"""The UI scale a window shows: the chosen one, or less where the window has no room for it."""

from __future__ import annotations

from game.ui.layout import BASE_WINDOW, fitting_scale, layout_for
from game.ui.menu_dialogs import SettingsDialog
from tests.ui.helpers import as_buttons, open_menu, settle


def test_a_window_shows_the_chosen_scale_when_it_has_room_for_it() -> None:
    assert fitting_scale((2048, 1280), 2.0) == 2.0
    assert fitting_scale((1920, 1080), 1.5) == 1.5
    assert fitting_scale(BASE_WINDOW, 1.0) == 1.0


def test_a_window_too_small_for_the_chosen_scale_shows_the_largest_that_fits() -> None:
    # 1.0 per 1024x640, in steps of 0.05, taken from the narrower of width and height.
    assert fitting_scale((1280, 800), 2.0) == 1.25
    assert fitting_scale((1920, 1080), 2.0) == 1.65
    assert fitting_scale((1600, 900), 1.75) == 1.4


def test_no_window_shows_less_than_scale_one_or_more_than_two() -> None:
    assert fitting_scale((960, 600), 1.5) == 1.0
    assert fitting_scale((7680, 4320), 2.0) == 2.0
    assert fitting_scale((7680, 4320), 3.0) == 2.0


def test_the_layout_takes_the_scale_the_window_shows() -> None:
    assert layout_for((1280, 800), 2.0).scale == 1.25
    assert layout_for((1280, 800), 2.0).toolbar.height == round(48 * 1.25)


def test_widgets_follow_the_shown_scale_when_the_window_grows_and_shrinks() -> None:
    app, menu = open_menu((1280, 800), 2.0)
    seen = []
    for size in ((2048, 1280), (1280, 800)):
        app.resize(size)
        settle(app)
        start = next(b for b in as_buttons(menu.buttons) if getattr(b, "text", "") == "Start the encounter")
        font = start.ui_theme.get_font(start.combined_element_ids)
        seen.append((app.layout.scale, start.rect.height, font.size("Start")[1]))
    (big, big_button, big_text), (small, small_button, small_text) = seen
    assert (big, small) == (2.0, 1.25)
    assert (big_button, small_button) == (round(50 * 2.0), round(50 * 1.25))
    assert big_text > small_text * 1.4  # the widgets' fonts were made again for the new scale
    assert app.settings.ui_scale == 2.0  # the choice is kept for when the window is larger again
    menu.close()


def test_the_settings_dialog_says_when_the_window_shows_less_than_the_chosen_scale() -> None:
    app, menu = open_menu((1280, 800), 1.75)
    menu._show_settings()
    assert isinstance(menu.dialog, SettingsDialog)
    assert menu.dialog.scale_text() == "1.75 (this window: 1.25)"
    app.resize((2048, 1280))
    settle(app)
    assert menu.dialog.scale_text() == "1.75"
    menu.close()


def test_a_narrow_toolbar_gives_the_title_room_to_the_status_line() -> None:
    from game.ui.layout import TOOLBAR_BUTTONS

    wide = layout_for((1280, 800), 1.0)
    assert not wide.toolbar_compact
    assert wide.toolbar_button(TOOLBAR_BUTTONS[0]).x == wide.left.right + wide.pad  # the title before them
    narrow = layout_for((960, 600), 1.0)
    # There the buttons start at the window's edge, and the status between them has room for a whole
    # "Round 1 · Orrin: your turn · 6 movement points" in the small type.
    assert narrow.toolbar_compact
    assert narrow.toolbar_button(TOOLBAR_BUTTONS[0]).x == narrow.pad
    assert narrow.toolbar_status.width >= narrow.px(300)


def test_the_title_is_drawn_only_where_the_toolbar_has_room_for_it(monkeypatch) -> None:
    from tests.ui.helpers import drawn_texts, make_app, open_encounter

    for size, shown in (((1280, 800), True), ((960, 600), False)):
        app = make_app(size=size)
        open_encounter(app)
        texts = [text for text, _, _ in drawn_texts(app, monkeypatch)]
        assert ("Rulebound" in texts) is shown, size
        monkeypatch.undo()
