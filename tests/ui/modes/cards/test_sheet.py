"""A click on a fighter at the cards table shows its sheet: defenses, Worn gear, a monster's action table; of an
enemy character its Fame and how many cards it holds, never which. Every fighter wears an emblem of what it is."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.mode import Seat
from game.ui.encounter.board import TableBoard
from game.ui.encounter.screen import EncounterScreen
from game.ui.modes.cards.screen import CardsScreen
from tests.ui.helpers import button, click, make_app, press
from tests.ui.modes.watching import emblems_drawn, open_mode, persons_turn

COMMON = ("Base Attack", "Lure", "Balance", "Focus")  # in every hand: naming them tells nothing


def _box_of(screen: EncounterScreen, cid: str) -> pygame.Rect:
    board = screen.board
    assert isinstance(board, TableBoard)
    return next(box for member, box in board.member_boxes(screen.scene()) if member.cid == cid)


def _sheet(screen: EncounterScreen) -> list[str]:
    return [line.text for line in screen.info_lines()[1]]


def test_a_click_on_a_monster_shows_its_defenses_and_its_action_table():
    app = make_app()
    screen = open_mode(app, mode="cards", heroes=("knight",), monsters=("giant_rat",), seed=4)
    assert persons_turn(app, screen)
    click(app, _box_of(screen, "giant_rat").center)
    assert screen.selected == "giant_rat"
    text = _sheet(screen)
    assert "Defense (3 + 2 x Tier): Might 5, Finesse 7, Wit 5, Spirit 5" in text
    assert any(line.startswith("1-8: Bite") for line in text)
    assert any(line.startswith("9-12: Claw") for line in text)


def test_an_enemy_characters_sheet_counts_its_cards_and_names_none(monkeypatch: pytest.MonkeyPatch):
    app = make_app()
    seats = (Seat("Player 1", ("heroes",)), Seat("Player 2", ("rivals",)))
    screen = open_mode(app, mode="cards", heroes=("knight",), rivals=("mage",), seats=seats, seed=2)

    def ready() -> None:
        if screen.overlay == "handover":
            click(app, button(app, "I am ready").center)

    for _ in range(6):  # the joins
        ready()
        if screen.view.pending is not None and screen.view.pending.kind == "join":
            press(app, pygame.K_SPACE)
    ready()
    assert isinstance(screen, CardsScreen)
    first = screen.current
    pending = screen.view.pending
    assert first is not None and first.cid == "knight" and pending is not None and pending.kind == "place"
    press(app, pygame.K_1)  # the first card of the knight's hand...
    if screen.picked is not None:
        press(app, pygame.K_1)  # ...at its first target
    held = {screen.view.content.card(c.card).name for c in screen.view.member("knight").hand} - set(COMMON)
    placed = [screen.view.content.card(c.card).name for c, _t in screen.view.member("knight").placed]
    press(app, pygame.K_SPACE)
    ready()  # Player 2 at the screen now
    click(app, _box_of(screen, "knight").center)
    assert screen.selected == "knight"
    text = " ".join(_sheet(screen))
    assert "cards in hand" in text and "1 face down" in text
    secret: set[Any] = (held | set(placed)) - set(COMMON)
    assert secret and not any(name in text for name in secret)


@pytest.mark.parametrize(("monster", "emblem"), [("giant_rat", "paw"), ("cave_spider", "spider"),
                                                 ("stone_drake", "wing"), ("goblin_shaman", "flame"),
                                                 ("ogre", "hammer")])
def test_every_fighter_at_the_table_wears_the_emblem_of_what_it_is(monster: str, emblem: str,
                                                                   monkeypatch: pytest.MonkeyPatch):
    app = make_app()
    screen = open_mode(app, mode="cards", heroes=("knight", "ranger"), monsters=(monster,), seed=4)
    looks = {m.cid: m.look.emblem for m in screen.scene().members}
    assert looks == {"knight": "sword", "ranger": "bow", monster: emblem}
    assert {"sword", "bow", emblem} <= emblems_drawn(app, monkeypatch)  # drawn on the tokens of the table
