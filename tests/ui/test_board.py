"""The boards in the middle of the encounter screen: the table board of modes without a map."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.battlefield import Battlefield
from game.ui import theme
from game.ui.encounter.board import Board, TableBoard, TableMember, TableScene
from game.ui.mapview import MapScene, MapView
from game.ui.tiles import TileArt
from game.ui.tokens import TokenLook


def _member(cid: str, side: str, words: str = "", current: bool = False) -> TableMember:
    look = TokenLook("hero" if side == "heroes" else "monster", (90, 140, 230), cid[:2].upper())
    return TableMember(cid, cid.title(), side, look, words, current)


def _scene() -> TableScene:
    return TableScene("Round 1 · Ada decides", [_member("ada", "heroes", words="3 cards", current=True),
                                               _member("bo", "heroes"), _member("orc", "monsters")])


def test_the_table_gives_each_side_its_own_column_in_the_order_the_sides_first_appear() -> None:
    board = TableBoard(pygame.Rect(100, 50, 800, 500))
    boxes = {m.cid: box for m, box in board.member_boxes(_scene())}
    assert boxes["ada"].x == boxes["bo"].x < boxes["orc"].x
    assert boxes["ada"].bottom <= boxes["bo"].top
    assert all(board.rect.contains(box) for box in boxes.values())


def test_the_table_draws_the_pending_decision_each_side_and_each_member_with_its_words(monkeypatch) -> None:  # noqa: ANN001
    pygame.font.init()
    drawn: list[str] = []
    real = theme.draw_text

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *args: Any,
               **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    surface = pygame.Surface((1000, 600))
    TableBoard(pygame.Rect(100, 50, 800, 500)).draw(surface, _scene())
    assert drawn[0] == "Round 1 · Ada decides"
    assert {"Heroes", "Monsters", "Ada", "Bo", "Orc", "3 cards"} <= set(drawn)


def test_a_table_has_no_squares_so_no_cursor_and_nothing_to_scroll_zoom_or_turn() -> None:
    board = TableBoard(pygame.Rect(0, 0, 400, 300))
    assert board.square_at((10, 10)) is None
    assert board.step_cursor(None, (1, 1), 1, 0) is None
    assert board.zoom(1) is False and board.ensure_visible((3, 3)) is False and board.page == 0


def test_the_map_view_is_a_board_whose_cursor_walks_in_screen_directions_whatever_the_turn() -> None:
    view = MapView(Battlefield.from_ascii("......\n......\n......\n......"), TileArt(), pygame.Rect(0, 0, 600, 400))
    board: Board[MapScene] = view
    assert board.step_cursor((2, 2), None, 1, 0) == (3, 2)
    view.rotate(1)  # a quarter turn clockwise: the map's north is on the right, so screen-right is map-north
    assert board.step_cursor((2, 2), None, 1, 0) == (2, 1)
    assert board.step_cursor((2, 0), None, 1, 0) == (2, 0)  # never off the map
    assert view.step_cursor(None, (4, 1), 0, 1) == (4, 1)  # a new cursor starts where it is told
