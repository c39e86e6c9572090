"""Blocks of text in panels: whole lines only, and an ellipsis where text is left out."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.layout import layout_for
from game.ui.panels import InfoPanel, TextLine, draw_lines, lines_height

WORDS = " ".join(f"word{i}" for i in range(60))


def _drawn(monkeypatch, rect: pygame.Rect, lines: list[TextLine]) -> tuple[list[tuple[str, int]], int]:
    calls: list[tuple[str, int]] = []
    real = theme.draw_text

    def record(target, text, pos, size, *args, **kwargs):  # noqa: ANN001, ANN202
        calls.append((text, pos[1]))
        return real(target, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    used = draw_lines(pygame.Surface((400, 400)), rect, lines, layout_for((1280, 800)))
    return calls, used


def test_text_that_fits_is_drawn_whole_without_an_ellipsis(monkeypatch) -> None:
    calls, used = _drawn(monkeypatch, pygame.Rect(0, 0, 200, 1000), [TextLine(WORDS)])
    assert " ".join(text for text, _ in calls) == WORDS
    assert not calls[-1][0].endswith("\u2026") and used <= 1000


def test_only_whole_lines_are_drawn_and_the_last_ends_in_an_ellipsis_when_text_is_left_out(monkeypatch) -> None:
    layout = layout_for((1280, 800))
    size = layout.font_px("body")
    rect = pygame.Rect(0, 10, 200, round(size * 1.32) * 3 - 1)
    calls, _ = _drawn(monkeypatch, rect, [TextLine(WORDS)])
    assert len(calls) == 2  # a third line's slot would reach past the bottom by one pixel
    assert all(y + round(size * 1.32) <= rect.bottom for _, y in calls)
    assert calls[-1][0].endswith("\u2026")
    assert theme.font(size).size(calls[-1][0])[0] <= rect.width


def test_a_rectangle_one_line_high_draws_that_line(monkeypatch) -> None:
    size = layout_for((1280, 800)).font_px("small")
    calls, _ = _drawn(monkeypatch, pygame.Rect(0, 0, 300, round(size * 1.32)), [TextLine("no free hands", "small")])
    assert calls == [("no free hands", 0)]


def test_a_rectangle_too_low_for_one_line_draws_nothing(monkeypatch) -> None:
    calls, _ = _drawn(monkeypatch, pygame.Rect(0, 0, 200, 5), [TextLine("Estimating")])
    assert calls == []


def test_shorten_leaves_text_that_fits_and_cuts_what_does_not() -> None:
    assert theme.shorten("Goblin Archer", 15, 400) == "Goblin Archer"
    cut = theme.shorten("Goblin Archer \u00d7 3, Skeleton \u00d7 2", 15, 90)
    assert cut.endswith("\u2026") and theme.font(15).size(cut)[0] <= 90
    assert theme.shorten("Round 1 \u00b7 Ysolde", 15, 400, cut=True) == "Round 1 \u00b7 Ysolde\u2026"


def test_lines_height_is_the_height_draw_lines_takes_when_all_fits(monkeypatch) -> None:
    lines = [TextLine("Harm", "body", bold=True, gap=6), TextLine(WORDS, "small")]
    _, used = _drawn(monkeypatch, pygame.Rect(0, 0, 240, 2000), lines)
    assert lines_height(lines, 240, layout_for((1280, 800))) == used


def test_a_score_in_the_info_panel_stays_with_its_name_when_the_line_wraps() -> None:
    from tests.ui.helpers import make_app, open_encounter

    app = make_app()
    screen = open_encounter(app)
    screen.selected = "warrior"
    _, lines = screen._make_info_lines()
    scores = next(line.text for line in lines if line.text.startswith("Movement"))
    size = screen.layout.font_px("small")
    full = theme.font(size).size(scores)[0]
    for width in range(full // 3, full, 7):
        for part in theme.wrap(scores, size, width):
            assert not part.strip().isdigit() and not part.endswith(("Movement", "Senses", "Hidden")), part
    pygame.quit()


def test_lines_that_start_below_the_flow_top_take_its_width(monkeypatch) -> None:
    calls: list[tuple[str, tuple[int, int]]] = []
    real = theme.draw_text

    def record(target: pygame.Surface, text: str, pos: tuple[int, int], *a: Any, **k: Any) -> pygame.Rect:
        calls.append((text, pos))
        return real(target, text, pos, *a, **k)

    monkeypatch.setattr(theme, "draw_text", record)
    layout = layout_for((1280, 800))
    narrow, wide = pygame.Rect(100, 0, 60, 400), pygame.Rect(0, 40, 300, 360)
    draw_lines(pygame.Surface((400, 400)), narrow, [TextLine("Orrin"), TextLine(WORDS, gap=40)], layout,
               flow=wide)
    assert calls[0] == ("Orrin", (100, 0))  # beside the picture
    assert all(pos[0] == 0 for _, pos in calls[1:])  # under it, at the flow's left
    assert max(theme.font(layout.font_px("body")).size(text)[0] for text, _ in calls[1:]) > narrow.width


def test_the_info_panel_of_the_smallest_window_shows_a_heros_whole_equipment(monkeypatch) -> None:
    from game.ui.settings import MIN_WINDOW
    from tests.ui.helpers import drawn_texts, make_app, open_encounter

    app = make_app(size=MIN_WINDOW)
    screen = open_encounter(app, heroes=("mage",))
    screen.selected = "mage"
    screen._rebuild()
    drawn = " ".join(text for text, _, _ in drawn_texts(app, monkeypatch))
    assert all(words in drawn for words in ("Equipped: Staff,", "Warding"))  # not cut to "Equipped: Staff…"
    pygame.quit()


def _info_texts(monkeypatch, panel, rect: pygame.Rect) -> list[tuple[str, int]]:
    """The texts an information panel draws inside its rectangle, with their tops."""
    calls: list[tuple[str, int]] = []
    real = theme.draw_text

    def record(target, text, pos, size, *args, **kwargs):  # noqa: ANN001, ANN202
        drawn = real(target, text, pos, size, *args, **kwargs)
        if drawn.top >= 0 and drawn.bottom <= rect.height:  # within the panel, not clipped away above it
            calls.append((text, drawn.top))
        return drawn

    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))  # the panel keeps its drawing in a surface of the display's format
    monkeypatch.setattr(theme, "draw_text", record)
    panel.draw(pygame.Surface((rect.right, rect.bottom)), rect, layout_for((1280, 800)))
    monkeypatch.setattr(theme, "draw_text", real)
    return calls


def _long_info() -> InfoPanel:
    panel = InfoPanel()
    panel.lines = [TextLine(f"line {i}") for i in range(12)]
    return panel


def test_info_longer_than_the_panel_says_more_lies_below_and_hides_the_rest(monkeypatch) -> None:
    panel, rect = _long_info(), pygame.Rect(0, 0, 300, 120)
    texts = [text for text, _ in _info_texts(monkeypatch, panel, rect)]
    assert "line 0" in texts and "line 11" not in texts
    assert any(text.startswith("more below") for text in texts)
    assert panel.overflow > 0


def test_the_wheel_scrolls_the_info_to_its_last_line_and_no_further(monkeypatch) -> None:
    panel, rect = _long_info(), pygame.Rect(0, 0, 300, 120)
    _info_texts(monkeypatch, panel, rect)
    panel.scroll_by(10_000)
    assert panel.scroll == panel.overflow
    texts = [text for text, _ in _info_texts(monkeypatch, panel, rect)]
    assert "line 11" in texts and "line 0" not in texts
    assert not any(text.startswith("more below") for text in texts)
    panel.scroll_by(-10_000)
    assert panel.scroll == 0


def test_info_that_fits_does_not_scroll(monkeypatch) -> None:
    panel, rect = _long_info(), pygame.Rect(0, 0, 300, 400)
    texts = [text for text, _ in _info_texts(monkeypatch, panel, rect)]
    assert "line 11" in texts and not any(text.startswith("more below") for text in texts)
    panel.scroll_by(50)
    assert panel.scroll == 0


def test_another_tokens_info_starts_at_its_top(monkeypatch) -> None:
    from game.ui.tokens import TokenLook

    panel, rect = _long_info(), pygame.Rect(0, 0, 300, 120)
    _info_texts(monkeypatch, panel, rect)
    panel.scroll_by(40)
    _info_texts(monkeypatch, panel, rect)
    assert panel.scroll == 40
    panel.look = TokenLook("hero", (40, 90, 200), "O")
    texts = [text for text, _ in _info_texts(monkeypatch, panel, rect)]
    assert panel.scroll == 0 and "line 0" in texts


def test_list_row_names_an_unconscious_combatants_state_before_its_damage_and_wounds() -> None:
    from game.ui.panels import Row, row_status
    from game.ui.tokens import TokenLook
    row = Row("wolf_3", "Wolf 3", TokenLook("monster", theme.MONSTER, "W3"), "unconscious", 0, 2, 2, (), 10)
    # A narrow list cuts the end of the line, so the state comes first.
    assert row_status(row) == "Unconscious \u00b7 Damage 0 \u00b7 Wounds 2/2"
    standing = Row("wolf_1", "Wolf 1", TokenLook("monster", theme.MONSTER, "W1"), "standing", 3, 1, 2, (), 1)
    assert row_status(standing) == "Damage 3 \u00b7 Wounds 1/2"


def _row(cid: str, state: str, place: int | None, damage: int = 0, wounds: int = 0) -> Any:
    from game.ui.panels import Row
    from game.ui.tokens import TokenLook

    return Row(cid, cid.title(), TokenLook("monster", theme.MONSTER, cid[:1].upper()), state, damage, wounds, 3, (),
               place)


def _list_texts(monkeypatch, rows: list[Any], size: tuple[int, int] = (1280, 800)) -> list[str]:
    """The texts the combatant list draws for rows, in a window of a size."""
    from game.ui.panels import CombatantList

    layout = layout_for(size)
    area = layout.left_rows(False).inflate(-2, 0)
    panel = CombatantList()
    panel.rows = rows
    texts: list[str] = []
    real = theme.draw_text

    def record(target, text, pos, size, *args, **kwargs):  # noqa: ANN001, ANN202
        texts.append(text)
        return real(target, text, pos, size, *args, **kwargs)

    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))  # the panel keeps its drawing in a surface of the display's format
    monkeypatch.setattr(theme, "draw_text", record)
    panel.draw(pygame.Surface(size), area, layout)
    monkeypatch.setattr(theme, "draw_text", real)
    return texts


def test_the_list_numbers_this_rounds_order_without_a_gap_where_someone_fell(monkeypatch) -> None:
    # The wolf was third this round and fell: it is listed last, without a number, and the rat acts third.
    rows = [_row("bat", "standing", 1), _row("orc", "standing", 2), _row("rat", "standing", 4),
            _row("wolf", "dead", None)]
    numbers = [text for text in _list_texts(monkeypatch, rows) if text.startswith("#")]
    assert numbers == ["#1", "#2", "#3"]


def test_a_narrow_list_keeps_an_unconscious_combatants_wounds_and_leaves_out_its_damage(monkeypatch) -> None:
    rows = [_row("orc", "unconscious", 2, damage=10, wounds=3), _row("bat", "standing", 1, damage=4, wounds=1)]
    texts = _list_texts(monkeypatch, rows)
    assert "Unconscious \u00b7 Wounds 3/3" in texts  # too long with its Damage: the Damage goes, not the wounds
    assert "Damage 4 \u00b7 Wounds 1/3" in texts  # a line that fits is whole
