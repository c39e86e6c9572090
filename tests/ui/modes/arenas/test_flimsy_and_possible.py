"""The screen offers a Break with its odds beside a flimsy wall and a suggestion beside a possible arena, asks the
game master's seat (behind a hand-over) to draw it in, and draws the new arena."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.modes.arenas.mode import ArenasMode
from game.ui.app import App
from game.ui.modes import open_screen
from game.ui.modes.arenas.board import ArenaMapView
from game.ui.modes.arenas.log import log_lines
from game.ui.modes.arenas.screen import ArenasScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, drawn_texts, make_app, press, settle

ROOT = Path(__file__).resolve().parents[4]
BARN = str(ROOT / "maps" / "barn.tmx")


def _barn(hero_arena: str | None = None) -> tuple[App, ArenasScreen]:
    """The barn with both seats people; the game master declares every monster's Defend."""
    app = make_app()
    session = Session(EncounterChoice(mode="arenas", seed=4, map_path=BARN, heroes=("fighter",),
                                      monsters=("wolf",), hero_control="person", monster_control="person"))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, ArenasScreen) and isinstance(screen.match.mode, ArenasMode)
    if hero_arena:
        screen.match.mode.state.fighters["fighter"].arena = hero_arena
    _hand_over(app, screen)
    while screen.view.phase == "declare":
        click(app, button(app, "Defend").center)
        click(app, button(app, "Defend").center)
        press(app, pygame.K_2)  # tell all of it
        _hand_over(app, screen)
    return app, screen


def _hand_over(app: App, screen: ArenasScreen) -> None:
    settle(app)
    if screen.overlay == "handover":
        click(app, button(app, "I am ready").center)
        settle(app)


def test_a_hero_beside_the_rotten_planks_is_offered_a_break_with_its_exact_odds(monkeypatch) -> None:
    app, screen = _barn()  # the heroes start in the Lane, beside the planks
    assert screen.current is not None and screen.current.cid == "fighter"
    texts = " ".join(t for t, _pos, _size in drawn_texts(app, monkeypatch))
    assert "flimsy: Rotten Planks" in texts and "possible: Hay Wagons (hazardous)" in texts
    click(app, button(app, "Break a wall").center)
    label = button(app, "Break Rotten Planks \u00b7 70%")  # Brawn 3: 4 or more on the d10
    assert label is not None
    tip = screen.plan_label(next(p for p, _ in screen.view.chances if p.act == "break"))[1]
    assert "7 in 10 to break it" in tip


def test_a_suggestion_goes_to_the_game_masters_seat_behind_a_hand_over_and_the_arena_is_drawn(monkeypatch) -> None:
    app, screen = _barn("Farmyard")
    click(app, button(app, "Suggest Hay Wagons as hazardous").center)
    settle(app)
    assert screen.overlay == "handover"  # the game master's seat is another person
    _hand_over(app, screen)
    assert screen.view.asking == ("fighter", "Hay Wagons") and "draw in Hay Wagons" in screen.status
    click(app, button(app, "Draw Hay Wagons in").center)
    _hand_over(app, screen)
    assert screen.current is not None and screen.current.cid == "fighter"
    arena = screen.view.arena("Hay Wagons")
    assert arena is not None and arena.kind == "hazardous" and "Farmyard" in arena.neighbours
    texts = " ".join(t for t, _pos, _size in drawn_texts(app, monkeypatch))
    assert "hazardous: reach weapons" in texts and "possible: Hay Wagons" not in texts
    lines = log_lines(screen.match.events, screen.ctx)
    assert any("draws Hay Wagons in" in line.text and "Farmyard" in line.text for line in lines)
    click(app, button(app, "Move").center)
    assert button(app, "Move to Hay Wagons") is not None


def test_the_log_tells_a_break_with_its_die_and_the_rubbles_kind_and_who_told_it() -> None:
    from game.modes.arenas import events as ev
    from game.ui.eventtext import LogContext

    ctx = LogContext({"fighter": "Fighter"}, known=frozenset({"fighter"}))
    tested, broken = log_lines([ev.AttributeTested("fighter", "brawn", 4, 3, 6, True, "to break Rotten Planks"),
                                ev.WallBroken("fighter", "Rotten Planks", "dense", "the game master",
                                              ("Threshing Floor", "Lane"))], ctx)
    assert tested.text == "Fighter tests Brawn (to break Rotten Planks): 4 + 3 = 7 against 6, passes"
    assert tested.details == ("1d10 rolled 4",)
    assert broken.text == "Fighter breaks Rotten Planks: the rubble-strewn hole is dense (the game master says)"
    assert broken.details == ("a new arena beside Threshing Floor, Lane",)


def test_a_broken_wall_is_drawn_as_rubble_under_its_new_arenas_tint_and_name(monkeypatch) -> None:
    from tests.ui.helpers import pixel

    app, screen = _barn()
    board = screen.board
    assert isinstance(board, ArenaMapView)
    rect = board.square_rect((11, 13))
    spot = (rect.x + rect.width * 3 // 4, rect.y + rect.height // 4)
    before = pixel(app, spot)
    for _ in range(10):  # the fighter tries until the planks give way (70% a round)
        click(app, button(app, "Break a wall").center)
        click(app, button(app, "Break Rotten Planks \u00b7 70%").center)
        _hand_over(app, screen)
        while screen.view.phase == "declare" and not screen.match.over:
            click(app, button(app, "Defend").center)
            click(app, button(app, "Defend").center)
            press(app, pygame.K_2)
            _hand_over(app, screen)
        if screen.view.arena("Rotten Planks") is not None:
            break
    arena = screen.view.arena("Rotten Planks")
    assert arena is not None and arena.rubble and set(arena.neighbours) == {"Threshing Floor", "Lane"}
    assert board.rubble == frozenset(arena.squares) and not board.flimsy
    texts = " ".join(t for t, _pos, _size in drawn_texts(app, monkeypatch))
    assert "Rotten Planks" in texts and "flimsy: Rotten Planks" not in texts
    assert pixel(app, spot) != before


def test_the_computer_game_master_answers_a_suggestion_and_the_hero_chooses_on() -> None:
    from tests.ui.helpers import until

    app = make_app()
    session = Session(EncounterChoice(mode="arenas", seed=4, map_path=BARN, heroes=("fighter",),
                                      monsters=("wolf",), hero_control="person", monster_control="computer"))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    assert isinstance(screen, ArenasScreen) and isinstance(screen.match.mode, ArenasMode)
    screen.match.mode.state.fighters["fighter"].arena = "Farmyard"
    assert until(app, lambda: screen.my_turn and screen.current is not None)
    click(app, button(app, "Suggest Hay Wagons as hazardous").center)
    # Nobody's weapon is favoured on the wagons: the computer, as the game master, does not draw them in.
    assert until(app, lambda: screen.my_turn and screen.view.asking is None and screen.current is not None)
    current = screen.current
    assert screen.view.arena("Hay Wagons") is None and current is not None and current.cid == "fighter"
    assert any("does not draw Hay Wagons in" in line.text for line in log_lines(screen.match.events, screen.ctx))
