"""The text in the controls on the right is never cut: each note is as tall as its lines wrap to, and an
option's words too long for its button are shortened with an ellipsis, its cost kept whole."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ui import theme
from game.ui.modes import open_screen, open_session, screen_mode
from game.ui.modes.grid import GridScreen
from game.ui.panels import lines_height
from game.ui.session import EncounterChoice
from game.ui.settings import MIN_WINDOW
from tests.ui.helpers import SteadyDice, as_buttons, make_app, open_encounter, settle, until

SIZES = [(MIN_WINDOW, 1.0), ((1280, 800), 1.25), ((1920, 1080), 2.0)]


def _cut(screen) -> list[str]:  # noqa: ANN001
    """The first line of every note, and every button label, whose text does not fit its place."""
    layout = screen.layout
    size, edges = theme.button_text(layout.scale)
    return [note.lines[0].text for note in screen.right.notes
            if lines_height(list(note.lines), note.rect.width, layout) > note.rect.height] + \
        [button.text for button in screen.groups.get("right", [])
         if theme.font(size).size(button.text)[0] > button.rect.width - edges]


def _my_turn_or_go(screen: GridScreen) -> bool:
    """Whether it is the person's turn; if not, Go lets the computer act (and the answer is no)."""
    if screen.my_turn:
        return True
    screen.go()
    return False


@pytest.mark.parametrize(("size", "scale"), SIZES)
def test_no_note_is_cut_in_a_stances_fight_between_two_people(size, scale) -> None:
    app = make_app(size=size, scale=scale)
    mode = screen_mode("stances")
    choice = EncounterChoice(heroes=mode.default_heroes, monsters=mode.default_monsters, hero_control="person",
                             monster_control="person", seed=4, mode="stances")
    screen = open_screen(app, open_session(choice, dice=SteadyDice()), lambda: None, lambda: None)
    app.show(screen)
    settle(app)
    rng = random.Random(2)
    kinds = set()
    for _ in range(80):
        if screen.match.over:
            break
        if screen.overlay == "handover":
            screen._continue_handover()
        kinds.add(screen.view.decision.kind)
        assert not _cut(screen), (size, scale, screen.view.decision.kind)
        screen.act(rng.choice(screen.legal))
    assert {"priority", "join", "stance", "declare"} <= kinds  # the fight went through the long notes
    pygame.quit()


@pytest.mark.parametrize(("size", "scale"), SIZES)
def test_no_note_is_cut_on_any_tab_or_chosen_action_of_the_grid(size, scale) -> None:
    app = make_app(size=size, scale=scale)
    screen = open_encounter(app, heroes=("mage", "cleric"))
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))  # the kobold may act first
    current = screen.current
    assert current is not None and current.actions is not None
    for tab in ("stats", "move", "action"):
        screen._set_tab(tab)
        assert not _cut(screen), (size, scale, tab)
    for action_id in current.actions:
        screen.choose_action(action_id, None)
        assert not _cut(screen), (size, scale, action_id)
        screen.cancel()
    pygame.quit()


def test_a_grid_option_too_long_for_its_button_is_shortened_and_its_tooltip_says_it_whole() -> None:
    app = make_app(size=MIN_WINDOW, scale=1.0)
    screen = open_encounter(app, heroes=("mage",))
    screen.roll_initiative()
    assert until(app, lambda: _my_turn_or_go(screen))
    screen._set_tab("move")
    labels = {button.text: button.tool_tip_text for button in as_buttons(screen.groups["right"])}
    shortened = [text for text in labels if "\u2026" in text]
    assert shortened == ["6  Unequip Amulet of War\u2026 (1 MP)"]  # the cost stays whole
    tooltip = labels[shortened[0]]
    assert tooltip is not None and tooltip.startswith("Unequip Amulet of Warding (1 MP). ")
    pygame.quit()


def test_the_columns_header_keeps_a_long_title_and_line_inside_the_column(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.encounter.column import RightPanel
    from game.ui.tokens import TokenLook

    app = make_app(size=MIN_WINDOW)
    panel = RightPanel()
    panel.look = TokenLook("hero", (70, 130, 200), "BK")  # its portrait beside the header
    panel.title = "Brannoc the Knight of the Long Road"
    panel.subtitle = "Grit 14/14 \u00b7 Fame 0 \u00b7 places cards face down"
    drawn: list[tuple[str, int, int, bool]] = []
    real = theme.draw_text

    def record(target, text, pos, size, colour, bold=False, **kw):  # noqa: ANN001, ANN202
        drawn.append((text, pos[0], size, bold))
        return real(target, text, pos, size, colour, bold=bold, **kw)

    monkeypatch.setattr(theme, "draw_text", record)
    layout = app.layout
    panel.draw(app.surface, layout.right, layout)
    assert len(drawn) == 2 and drawn[1][0].endswith("\u2026")  # the line, cut to fit
    for text, x, size, bold in drawn:
        assert x + theme.font(size, bold).size(text)[0] <= layout.right.width - layout.pad
