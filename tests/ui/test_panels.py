"""Blocks of text in panels: whole lines only, and an ellipsis where text is left out."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.layout import layout_for
from game.ui.panels import TextLine, draw_lines, lines_height

WORDS = " ".join(f"word{i}" for i in range(60))


@pytest.fixture(autouse=True)
def fonts():
    """Fonts need pygame's font module, which a test on its own has not started (or another test quit)."""
    pygame.font.init()
    theme.reset_caches()  # fonts made before another test's pygame.quit() cannot be used
    yield


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
    monkeypatch.setattr(theme, "draw_text", lambda target, text, pos, *a, **k: calls.append((text, pos))
                        or real(target, text, pos, *a, **k))
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
