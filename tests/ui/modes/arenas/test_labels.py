"""Each arena's name is written where it reads: on no other arena's label, and on no token when its arena has a
row free of them."""

from __future__ import annotations

import pygame
import pytest

from game.ui.modes import open_screen
from game.ui.modes.arenas import board as arena_board
from game.ui.modes.arenas.screen import ArenasScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import make_app, settle


def test_the_arenas_names_cover_neither_one_another_nor_a_token(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    session = Session(EncounterChoice(mode="arenas", seed=3, heroes=("fighter", "ranger", "duelist", "priest")))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, ArenasScreen)
    board = screen.board
    assert isinstance(board, arena_board.ArenaMapView)
    names = {name for name, _kind, _favours, _squares in board.regions}
    written: dict[str, pygame.Rect] = {}
    real = arena_board._chip

    def chip(target, text, pos, size, colour, bold=False):  # noqa: ANN001, ANN202
        drawn = real(target, text, pos, size, colour, bold)
        if text in names:
            written[text] = drawn
        return drawn

    monkeypatch.setattr(arena_board, "_chip", chip)
    app.draw()
    assert set(written) == names
    labels = list(written.values())
    assert all(a.collidelist([b for b in labels if b is not a]) < 0 for a in labels)
    tokens = [board.square_rect(c.square) for c in screen.view.fighters if c.square is not None]
    assert tokens and all(label.collidelist(tokens) < 0 for label in labels)
