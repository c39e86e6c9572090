"""The arenas mode on the real screen: arenas on the map, the round board, exact odds, a match played to its end
with mouse and keys, a hand-over that hides a seat's sealed plan, and screenshot --mode arenas."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.cli import main
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS
from game.ui.app import App
from game.ui.modes import open_screen
from game.ui.modes.arenas.screen import ArenasScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, drawn_texts, make_app, press, settle, until

PREFERRED = ("Attack", "Shoot or throw", "Aim", "Move", "Defend")


def _screen(hero: str, monster: str) -> tuple[App, ArenasScreen]:
    app = make_app()
    session = Session(EncounterChoice(mode="arenas", seed=4, heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS,
                                      hero_control=hero, monster_control=monster, max_rounds=10))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, ArenasScreen)
    return app, screen


def _hand_over(app: App, screen: ArenasScreen) -> None:
    if screen.overlay == "handover":
        click(app, button(app, "I am ready").center)


def _choose(app: App, screen: ArenasScreen) -> None:
    """Pick the first of the preferred actions by its button, then its first target by its button."""
    act = next(a for a in PREFERRED if _has(app, a))
    click(app, button(app, act).center)
    click(app, button(app, act).center)  # the first plan of that action: "Attack Orc brute · 64%"
    if screen.chosen_plan is not None:  # the game master's plan: say how much of it is told, by key
        press(app, pygame.K_2)


def _has(app: App, text: str) -> bool:
    try:
        button(app, text)
    except AssertionError:
        return False
    return True


def test_a_person_plays_the_heroes_to_the_end_of_a_match_with_mouse_and_keys(monkeypatch) -> None:
    app, screen = _screen("person", "computer")

    def board_texts() -> str:
        return " ".join(t for t, _pos, _size in drawn_texts(app, monkeypatch))

    # The round board's seven steps show once the game master (the computer, on its thread) has declared.
    assert until(app, lambda: "5. Attack, Assist or Aimed shot" in board_texts())
    texts = board_texts()
    assert "Gatehouse" in texts and "tight: light weapons" in texts  # arenas drawn with kind and weapon
    for _ in range(2000):
        settle(app)
        if screen.match.over:
            break
        _hand_over(app, screen)
        if screen.my_turn:
            _choose(app, screen)
    assert screen.match.over and screen.overlay == "result"
    for f in screen.view.fighters:
        arena = screen.view.arena(f.arena)
        assert arena is not None and (f.square is None or f.square in arena.squares)


def test_the_odds_shown_before_choosing_are_the_resolvers() -> None:
    app, screen = _screen("person", "person")
    _hand_over(app, screen)
    view = screen.view
    for plan, chance in view.chances:
        label, tip = screen.plan_label(plan)
        assert f"{chance.numerator} in {chance.denominator}" in tip


def test_the_game_masters_declarations_show_before_the_heroes_choose_and_a_hand_over_hides_them(monkeypatch) -> None:
    app, screen = _screen("person", "person")
    _hand_over(app, screen)
    while screen.view.phase == "declare":
        click(app, button(app, "Defend").center)
        click(app, button(app, "Defend").center)
        press(app, pygame.K_4)  # keep it secret while the bowl lasts
        if screen.chosen_plan is not None:
            press(app, pygame.K_2)  # the bowl is empty: tell all of it
        _hand_over(app, screen)
    assert screen.view.phase == "choose" and screen.view.told
    texts = " ".join(t for t, _pos, _size in drawn_texts(app, monkeypatch))
    assert "secret" in texts and "(Only you know)" not in texts


def test_screenshot_draws_the_arenas_mode(tmp_path: Path) -> None:
    out = tmp_path / "arenas.png"
    assert main(["screenshot", "--mode", "arenas", "--out", str(out), "--turns", "2", "--size", "1280x800"]) == 0
    assert out.is_file() and pygame.image.load(str(out)).get_size() == (1280, 800)


def test_the_menus_balance_estimate_plays_the_arenas_mode() -> None:
    import time

    from game.ui.estimate import BalanceEstimate
    from game.ui.menu import MenuScreen

    app = make_app()
    menu = MenuScreen(app, EncounterChoice(mode="arenas", heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS))
    menu.balance = BalanceEstimate(games=2)
    app.show(menu)
    try:
        end = time.monotonic() + 240
        while menu.balance.report() is None:
            assert time.monotonic() < end, "gave up waiting"
            app.step(15)
        report = menu.balance.report()
        assert report is not None and report["games"] == 2
        assert menu.balance.text().startswith("Heroes win about")
    finally:
        menu.close()


def test_a_match_saved_at_the_screen_continues_there_and_replays_with_check(capsys) -> None:
    from game.core.saves import read_save, save_path, write_save
    from game.ui.modes import resume_session

    app, screen = _screen("person", "computer")
    end = time.monotonic() + 300  # the computer thinks on a thread: a loaded machine makes this slower, not failing
    while time.monotonic() < end:
        settle(app)
        _hand_over(app, screen)
        if screen.my_turn and screen.view.round == 2:
            break
        if screen.my_turn:
            _choose(app, screen)
    assert screen.my_turn and screen.view.round == 2
    assert screen.save_as("arenas-half")
    path = save_path("arenas-half")
    again = resume_session(read_save(path))
    assert [e.to_dict() for e in again.match.events] == [e.to_dict() for e in screen.match.events]
    resumed = open_screen(app, again, on_menu=lambda: None, on_again=lambda: None)
    app.show(resumed)
    settle(app)
    assert isinstance(resumed, ArenasScreen) and resumed.view.round == 2
    write_save(again.match, path)
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out.endswith("every one as saved\n")


def test_a_parrying_weapons_uses_are_listed_apart() -> None:
    app, screen = _screen("person", "computer")
    mode = screen.match.mode
    assert isinstance(mode, ArenasMode)
    for f in mode.state.fighters.values():
        f.arena = "Gatehouse"  # everyone in one arena, so that the duelist has foes to parry
    mode._options.clear()
    mode._views.clear()
    end = time.monotonic() + 300  # the computer thinks on a thread: a loaded machine makes this slower, not failing
    while time.monotonic() < end:
        settle(app)
        _hand_over(app, screen)
        if screen.my_turn and screen.current is not None and screen.current.cid == "duelist":
            break
        if screen.my_turn:
            click(app, button(app, "Defend").center)
            click(app, button(app, "Defend").center)
    click(app, button(app, "Defend").center)
    click(app, button(app, "With the parrying weapon\u2026").center)
    assert screen.parrying
    labels = [getattr(b, "text", "") for b in screen.buttons]
    assert any("parry: Daring on" in label for label in labels)
    click(app, button(app, "Back").center)
    assert not screen.parrying and screen.chosen_act == "defend"


def test_undo_at_the_screen_takes_back_a_heroes_sealed_plan_and_a_round_autosaves(tmp_path: Path) -> None:
    from game.core.saves import read_save

    app = make_app()
    autosave = tmp_path / "autosave.json"
    session = Session(EncounterChoice(mode="arenas", seed=4, heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS,
                                      hero_control="person", monster_control="computer"), autosave=autosave)
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    assert isinstance(screen, ArenasScreen)
    for _ in range(200):
        settle(app)
        _hand_over(app, screen)
        if screen.my_turn:
            break
    first = screen.current
    assert first is not None
    click(app, button(app, "Defend").center)
    click(app, button(app, "Defend").center)
    assert screen.current is not None and screen.current.cid != first.cid
    click(app, button(app, "Undo").center)
    assert screen.current is not None and screen.current.cid == first.cid and screen.view.own_plans == ()
    for _ in range(4):
        click(app, button(app, "Defend").center)
        click(app, button(app, "Defend").center)
    for _ in range(200):
        settle(app)
        if screen.view.round >= 2:
            break
    assert screen.view.round >= 2 and autosave.is_file()
    assert read_save(autosave).setup.mode == "arenas"


def test_a_saved_arenas_match_replays_on_the_screen_to_its_end(tmp_path: Path, monkeypatch) -> None:
    from game.core.match import Match
    from game.core.mode import MatchSetup, Seat
    from game.core.saves import write_save
    from game.modes.arenas.ai import ArenasPlayer
    from tests.ui.helpers import run_replay_command

    seats = (Seat("heroes", ("heroes",), computer=True, policy="tactical"),
             Seat("monsters", ("monsters",), computer=True, policy="tactical"))
    match = Match(MatchSetup("arenas", seats, {"max_rounds": 3}), seed=8)
    players = {"heroes": ArenasPlayer(1), "monsters": ArenasPlayer(2)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.mode.view(seat), match.legal_actions(seat)), seat)
    path = write_save(match, tmp_path / "replay.json")
    status, screens = run_replay_command(monkeypatch, ["replay", str(path)])
    assert status == 0 and screens and isinstance(screens[0], ArenasScreen)
    assert screens[0].match.over and len(screens[0].match.events) == len(match.events)
