"""Hand signs, a mode with no map registered by the tests alone, chosen in the menu and played on the real screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core.saves import read_save, save_path, write_save
from game.ui.app import App
from game.ui.menu import MenuScreen
from game.ui.modes import open_screen, resume_session
from game.ui.session import EncounterChoice, Session
from tests.nomap.screen import HandsScreen
from tests.ui.helpers import as_buttons, button, choose_option, click, drawn_texts, make_app, settle


def _menu(app: App, name: str) -> MenuScreen:
    """The menu with the mode chosen in its drop-down and a second person given the other side."""
    first = MenuScreen(app, EncounterChoice(seed=2))
    first.balance.close()
    app.show(first)
    settle(app)
    choose_option(app, first, "grid", name)
    settle(app)
    menu = app.screen
    assert isinstance(menu, MenuScreen) and menu.mode == name
    menu.balance.close()
    plus = next(b for b in as_buttons(menu.buttons) if (b.tool_tip_text or "").startswith("One more person"))
    click(app, plus.rect.center)
    menu.control["monsters"] = "person:1"
    return menu


def _show(app: App, sign: str) -> None:
    """The person whose turn it is shows a sign by its button."""
    click(app, button(app, sign.title()).center)


def _hand_over(app: App) -> None:
    """The next person takes the screen."""
    screen = app.screen
    assert isinstance(screen, HandsScreen) and screen.overlay == "handover"
    click(app, button(app, "I am ready").center)
    assert screen.overlay is None


def test_the_menu_offers_the_mode_without_its_map_column(hands: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    menu = _menu(app, hands)
    texts = [text for text, _pos, _size in drawn_texts(app, monkeypatch)]
    assert menu.mode == hands and menu.battlefield is None
    assert menu.map_list is None and menu.path_entry is None and "Map" not in texts


def test_two_people_play_to_the_end_and_the_hand_over_hides_the_first_sign(
        hands: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    menu = _menu(app, hands)
    menu.start()
    settle(app)
    screen = app.screen
    assert isinstance(screen, HandsScreen) and screen.session.battlefield is None
    assert [(s.name, s.sides) for s in screen.match.setup.seats] == [("Player 1", ("heroes",)),
                                                                      ("Player 2", ("monsters",))]
    if screen.overlay == "handover":
        _hand_over(app)
    first = screen.session.pending_seat()
    assert first is not None
    _show(app, "rock")
    assert screen.match.mode.view(first).own_sign == "rock"  # the sign is sealed, known to whoever showed it
    # The other person is next: the screen is handed over, and nothing drawn there names the sign shown.
    assert screen.overlay == "handover" and screen.session.pending_seat() != first
    texts = " ".join(text for text, _pos, _size in drawn_texts(app, monkeypatch)).lower()
    assert "rock" not in texts and "your turn" in texts
    _hand_over(app)
    # The second person's column says nothing of the first person's sign.
    assert "rock" not in screen.sign_words().lower() and screen.view.own_sign is None
    _show(app, "scissors")  # rock beats scissors: the first person scores
    scores = dict(screen.match.mode.view(first).scores)
    assert scores[first] == 1
    for sign_first, sign_second in (("paper", "paper"), ("paper", "rock")):
        _hand_over(app)
        _show(app, sign_first)
        _hand_over(app)
        _show(app, sign_second)
    settle(app)
    outcome = screen.match.outcome()
    assert screen.match.over and outcome is not None and outcome.winner == first
    assert screen.overlay == "result"


def test_a_match_saved_at_the_screen_resumes_there_and_replays_with_check(hands: str, capsys) -> None:
    from game.cli import main

    app = make_app()
    session = Session(EncounterChoice(mode=hands, hero_control="person", monster_control="person", seed=5))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, HandsScreen)
    if screen.overlay == "handover":
        _hand_over(app)
    first = session.pending_seat()
    _show(app, "paper")
    assert screen.save_as("half")  # as the pause menu's Save does
    path = save_path("half")
    assert path.is_file() and read_save(path).setup.mode == hands
    again = resume_session(read_save(path))
    assert again.pending_seat() != first and again.pending_seat() is not None
    assert [e.to_dict() for e in again.match.events] == [e.to_dict() for e in session.match.events]
    resumed = open_screen(app, again, on_menu=lambda: None, on_again=lambda: None)
    app.show(resumed)
    settle(app)
    assert isinstance(resumed, HandsScreen)
    if resumed.overlay == "handover":
        _hand_over(app)
    _show(app, "rock")  # paper covers rock: the first person's point
    assert dict(again.match.mode.view(first or "").scores)[first or ""] == 1
    write_save(again.match, path)
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out == f"{path}: {len(again.match.events)} events replayed, every one as saved\n"


def test_screenshot_draws_the_table_of_the_mode_without_a_map(hands: str, tmp_path: Path, capsys,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game.cli import main
    from game.ui import theme

    drawn: list[str] = []
    real = theme.draw_text

    def record(target: pygame.Surface, text: str, pos: tuple[int, int], size: int, *args: Any,
               **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return real(target, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    out = tmp_path / "hands.png"
    assert main(["screenshot", "--mode", hands, "--out", str(out), "--turns", "2", "--size", "1024x640"]) == 0
    assert capsys.readouterr().out == f"{out}: 1024x640, 2 turns played in the hand-signs mode\n"
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)
    # The table board names both sides and its heading says the third round's sign is awaited: two were played.
    assert {"Heroes", "Monsters"} <= set(drawn) and any(text.startswith("Round 3") for text in drawn)
    assert not any(text.startswith("Plain squares") for text in drawn)  # no map, so no map's note


def test_screenshot_refuses_a_map_for_the_mode_without_one(hands: str, tmp_path: Path, capsys) -> None:
    from game.cli import main

    shots = tmp_path / "shots"
    shots.mkdir()
    assert main(["screenshot", "--mode", hands, "--map", "builtin", "--out", str(shots / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "the hand-signs mode is played without a map" in err and err.count("\n") == 1
    assert list(shots.iterdir()) == []
