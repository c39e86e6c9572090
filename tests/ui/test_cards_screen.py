"""The cards mode on the real screen: played to its end with keys and the mouse, hand-overs, the screenshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.mode import Seat
from game.ui.app import App
from game.ui.modes import open_screen
from game.ui.modes.cards.screen import CardsScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import as_buttons, button, click, drawn_texts, make_app, press, settle


@pytest.fixture
def cards() -> str:
    """The mode's name, as the menu and the commands know it."""
    return "cards"


def _open(app: App, choice: EncounterChoice) -> CardsScreen:
    session = Session(choice)
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, CardsScreen)
    return screen


def _ready(app: App, screen: CardsScreen) -> None:
    if screen.overlay == "handover":
        click(app, button(app, "I am ready").center)
        assert screen.overlay is None


def _person_decides(app: App, screen: CardsScreen) -> None:
    """A person's decision with the keys alone: 1 picks the first card, 1 again its first target, Space is done."""
    pending = screen.view.pending
    assert pending is not None
    if pending.kind == "place":
        me = screen.current
        assert me is not None
        if not me.placed and me.hand:
            press(app, pygame.K_1)  # the first card of the hand...
            if screen.picked is not None:
                press(app, pygame.K_1)  # ...at the first fighter it may be aimed at
    press(app, pygame.K_SPACE)  # done placing, keep the dice, join, attack


def test_a_person_plays_a_fight_to_its_end_with_number_keys_and_space(cards: str) -> None:
    app = make_app()
    screen = _open(app, EncounterChoice(mode=cards, heroes=("knight",), monsters=("giant_rat",), seed=4))
    placed = 0
    for _ in range(400):
        if screen.match.over:
            break
        _ready(app, screen)
        before = len(screen.match.events)
        if screen.my_turn:
            pending = screen.view.pending
            placed += pending is not None and pending.kind == "place"
            _person_decides(app, screen)
        else:
            press(app, pygame.K_SPACE)  # Go: the computer runs the rat
        assert len(screen.match.events) > before or screen.match.over, screen.status
    settle(app)
    assert screen.match.over and screen.overlay == "result" and placed > 0
    outcome = screen.match.outcome()
    assert outcome is not None and outcome.winner in ("heroes", "monsters")


def test_two_people_hand_over_and_neither_sees_the_others_hand_or_face_down_cards(
        cards: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    seats = (Seat("Player 1", ("heroes",)), Seat("Player 2", ("rivals",)))
    screen = _open(app, EncounterChoice(mode=cards, heroes=("knight",), rivals=("mage",), seats=seats, seed=2))
    for _ in range(6):  # the joins
        _ready(app, screen)
        if screen.view.pending is not None and screen.view.pending.kind == "join":
            press(app, pygame.K_SPACE)
    _ready(app, screen)
    first = screen.current
    assert first is not None and screen.view.pending is not None and screen.view.pending.kind == "place"
    own = [screen.view.content.card(c.card).name for c in first.hand]
    # The mouse: the first card's button, then the first target's.
    click(app, button(app, own[0].split(" x")[0]).center)
    if screen.picked is not None:
        click(app, next(b.rect for b in as_buttons(screen.buttons) if b.text.startswith("1  ")).center)
    assert screen.match.mode.view(screen.session.pending_seat() or "").member(first.cid).placed
    press(app, pygame.K_SPACE)
    # The other person is next: the screen is handed over and shows nothing of the first one's cards.
    assert screen.overlay == "handover"
    texts = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch))
    assert not any(name in texts for name in own if name not in ("Base Attack", "Lure", "Balance", "Focus"))
    _ready(app, screen)
    second = screen.current
    assert second is not None and second.cid != first.cid
    assert screen.view.member(first.cid).hand == () and screen.view.member(first.cid).placed == ()
    assert screen.view.member(first.cid).face_down >= 1  # a card back, nothing more
    log = " ".join(line.text for line in screen.session.log_for(screen.watching_seat()))
    assert "(only" not in log and "places a card face down" in log


def test_screenshot_draws_the_priority_track_of_the_cards_mode(cards: str, tmp_path: Path, capsys,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from game.cli import main
    from game.ui import theme

    drawn: list[str] = []
    real = theme.draw_text

    def record(target: pygame.Surface, text: str, pos: tuple[int, int], size: int, *args: Any,
               **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return real(target, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    out = tmp_path / "cards.png"
    assert main(["screenshot", "--mode", cards, "--out", str(out), "--turns", "2", "--size", "1280x800"]) == 0
    assert capsys.readouterr().out == f"{out}: 1280x800, 2 turns played in the cards mode\n"
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    assert "Priority track (highest first)" in drawn and {"Heroes", "Monsters"} <= set(drawn)


def test_the_menu_offers_the_cards_mode_without_a_map_and_starts_its_fight(cards: str) -> None:
    from game.ui.menu import MenuScreen
    from tests.ui.helpers import choose_option

    app = make_app()
    first = MenuScreen(app, EncounterChoice(seed=2))
    first.balance.close()
    app.show(first)
    settle(app)
    choose_option(app, first, "grid", cards)
    settle(app)
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == cards and menu.battlefield is None
    menu.balance.close()
    menu.start()
    settle(app)
    screen = app.screen
    assert isinstance(screen, CardsScreen) and screen.session.battlefield is None
    assert {m.side for m in screen.view.members} == {"heroes", "monsters"}


def test_the_menus_balance_estimate_plays_the_cards_fight_chosen(cards: str) -> None:
    import time

    from game.ui.estimate import BalanceEstimate
    from game.ui.menu import MenuScreen
    from tests.ui.helpers import choose_option

    app = make_app()
    first = MenuScreen(app, EncounterChoice(seed=2))
    first.balance.close()
    app.show(first)
    settle(app)
    choose_option(app, first, "grid", cards)
    settle(app)
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == cards
    menu.balance.close()
    menu.balance = BalanceEstimate(games=2)
    try:
        end = time.monotonic() + 240
        while menu.balance.report() is None:
            assert time.monotonic() < end, "the estimate never came"
            app.step(15)
        report = menu.balance.report()
        assert report is not None and report["games"] == 2
        assert "win about" in menu.balance.text()
    finally:
        menu.close()


def test_the_reveal_is_shown_card_by_card_and_the_computer_waits_for_it(
        cards: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(animation="normal")
    seats = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True))
    screen = _open(app, EncounterChoice(mode=cards, heroes=("knight", "mage"), monsters=("ogre",), seats=seats,
                                        seed=3))
    for _ in range(8):
        pending = screen.view.pending
        if pending is not None and pending.kind == "place" and screen.current and not screen.current.placed:
            press(app, pygame.K_2)  # the hand's second card: Lure, which goes on its user at once
        if screen.reveals:
            break
        press(app, pygame.K_SPACE)
    order = [m.cid for m in screen.view.members if m.character]
    turn = [cid for cid in screen.view.order if cid in order]
    names = [name for name, _card in screen.reveals]
    # Turned up in reverse turn order, one card after another on the board.
    assert names == [screen.view.member(cid).name for cid in reversed(turn)]
    assert [card for _name, card in screen.reveals] == ["Lure", "Lure"]
    step, start = screen._reveal_ms(), screen.reveal_from
    assert step > 0 and len(screen.revealed_now(start)) == 1 and len(screen.revealed_now(start + step)) == 2
    assert screen.revealing(start) and not screen.revealing(start + step)
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: start)  # the moment the first card is turned up
    screen.auto = len(screen.match.events)  # as after Go
    events = len(screen.match.events)
    assert screen.busy() and not screen._run_computer() and len(screen.match.events) == events


def test_a_table_has_no_buttons_to_turn_zoom_or_centre_a_map(cards: str) -> None:
    app = make_app()
    screen = _open(app, EncounterChoice(mode=cards, heroes=("knight",), monsters=("ogre",), seed=3))
    shown = [b.text for b in as_buttons(screen.groups["toolbar"])]
    assert "Help" in shown and "Undo" in shown
    assert not {"Rotate", "Centre", "+", "\u2212"} & set(shown)
    # Help takes the first place, and the status line the room the map's buttons left.
    assert screen.layout.toolbar_button("help").x == app.layout.toolbar_button("rotate").x
    assert screen.layout.toolbar_status.width > app.layout.toolbar_status.width


def test_a_character_yet_to_join_is_listed_as_waiting_not_as_out_of_the_fight(cards: str) -> None:
    app = make_app()
    screen = _open(app, EncounterChoice(mode=cards, heroes=("knight",), monsters=("ogre",), seed=3))
    rows = {row.cid: row for row in screen._make_rows()}
    waiting = [m for m in screen.view.members if m.state == "waiting"]
    assert waiting  # before the fight, each character may join it
    for m in waiting:
        assert rows[m.cid].state != "dead" and rows[m.cid].status == "Waiting"
