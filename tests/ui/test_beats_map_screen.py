"""Beats on a map at the screen: the menu offers the table and the maps, the shared map board draws the fighters
and the tools on their squares, a beat is played by clicks, and the screenshot command draws it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.ui.encounter import EncounterScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, make_app, settle, until

TAVERN = Path(__file__).resolve().parents[2] / "maps" / "tavern.tmx"


@pytest.fixture
def beats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The beats mode's name, the player's files in the test's folder."""
    import pygame

    import game.modes  # noqa: F401  (registers every mode, beats among them)
    from game.ui import theme

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)
    pygame.font.init()
    theme.reset_caches()
    yield "beats"
    pygame.quit()


def test_the_menu_offers_the_table_then_the_maps_and_starts_a_run_on_the_map_chosen(beats: str) -> None:
    from game.ui.menu import MenuScreen
    from game.ui.modes.beats.screen import BeatsScreen
    from game.ui.modes.beats.setup import TABLE
    from game.ui.session import BUILT_IN

    app = make_app()
    menu = MenuScreen(app, EncounterChoice(mode=beats, heroes=("bruiser",), monsters=("thug",), seed=3))
    menu.balance.close()
    app.show(menu)
    settle(app)
    assert menu.maps[0] == (TABLE, BUILT_IN) and menu.battlefield is None and menu.map_list is not None
    assert [item["text"] for item in menu.map_list.item_list][0] == TABLE
    tavern = next(value for _name, value in menu.maps if value.endswith("tavern.tmx"))
    # The tavern's spawns name none of the beats foes: the mode's own band fights there.
    assert menu._load_map(tavern) and menu.battlefield is not None and menu.monsters == ["thug", "footpad", "hound"]
    menu.start()
    settle(app)
    screen = app.screen
    assert isinstance(screen, BeatsScreen) and screen.session.battlefield is not None
    assert screen.match.setup.options["map"] == str(TAVERN.resolve())


def test_beats_on_a_map_draws_the_map_board_and_plays_a_beat(beats: str) -> None:
    import pygame

    from game.modes.beats.events import DicePresented
    from game.ui.mapview import MapScene, MapView
    from game.ui.modes import open_screen
    from game.ui.modes.beats.screen import BeatsScreen
    from game.ui.modes.beats.words import choice_words

    app = make_app()
    session = Session(EncounterChoice(str(TAVERN), ("bruiser",), ("thug",), seed=5, mode=beats))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    board = screen.board
    assert isinstance(screen, BeatsScreen) and isinstance(board, MapView)
    scene = screen.scene()
    assert isinstance(scene, MapScene)
    squares = {m.cid: m.square for m in screen.view.members if m.square is not None}
    assert {t.cid: t.position for t in scene.tokens} == squares and len(squares) == len(screen.view.members)
    assert sorted(text for _sq, text, _c in scene.badges) == ["Bottle", "Chair", "Chair", "Poker", "Rope"]
    assert sorted(scene.piles) == sorted(square for _i, square in screen.view.lying_at)
    # Pointing at a square names what is there: a fighter and its dice, or the tools lying there.
    for square, words in ((squares["thug"], "Thug \u00b7 d"), (screen.view.lying_at[0][1], "On the ground: ")):
        screen.hover_pos, screen.hover_square = board.square_rect(square).center, square
        pointed = screen.scene()
        assert isinstance(pointed, MapScene) and pointed.hover_label is not None
        assert pointed.hover_label[0].startswith(words)
    # A click on a fighter's square selects it; the beat's dice are chosen on the right.
    click(app, board.square_rect(squares["thug"]).center)
    assert screen.selected == "thug"
    while not any(isinstance(e, DicePresented) for e in screen.match.events):
        if screen.my_turn:
            click(app, button(app, choice_words(screen.match.legal_actions()[0], screen.view)).center)
        else:
            acted = _more_events(screen, len(screen.match.events))
            click(app, button(app, "Go").center)
            assert until(app, acted)
    shown = screen.scene()
    assert isinstance(shown, MapScene)
    values = {str(m.value) for m in screen.view.members}
    assert values <= {text for _sq, text, _c in shown.badges}  # each die shown this beat, on its fighter
    surface = pygame.Surface((app.layout.width, app.layout.height))
    screen.draw(surface)
    assert surface.get_at(board.square_rect(squares["thug"]).center) != (0, 0, 0)


def _more_events(screen: EncounterScreen, before: int) -> Callable[[], bool]:
    """The test for the computer's decision having been taken: the match has more events than ``before``."""
    return lambda: len(screen.match.events) > before


def test_screenshot_draws_beats_on_a_map(beats: str, tmp_path: Path, capsys) -> None:
    from game.cli import main

    out = tmp_path / "tavern.png"
    assert main(["screenshot", "--mode", beats, "--map", str(TAVERN), "--out", str(out), "--turns", "2",
                 "--size", "1024x640"]) == 0
    assert capsys.readouterr().out == f"{out}: 1024x640, 2 turns played on The Crooked Tavern\n"
    assert out.is_file()


def test_a_saved_run_on_a_map_is_replayed_on_the_map_board_event_for_event(beats: str, tmp_path: Path) -> None:
    import pygame

    from game.core.match import Match
    from game.core.mode import MatchSetup, Seat
    from game.core.saves import read_save, write_save
    from game.players.base import make_policy
    from game.ui.mapview import MapView
    from game.ui.replay import open_replay
    from tests.ui.helpers import press

    seats = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))
    options = {"heroes": ["bruiser"], "monsters": ["thug"], "fights": 1, "map": str(TAVERN)}
    match = Match(MatchSetup(beats, seats, options), 7)
    players = {"Ann": make_policy("random", 1, beats), "Bo": make_policy("random", 2, beats)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
    saved = read_save(write_save(match, tmp_path / "run.json"))
    app = make_app()
    screen = open_replay(app, saved, 1.0, on_quit=app.quit)
    app.show(screen)
    replay = screen.replay
    assert replay is not None and isinstance(screen.board, MapView)
    while not replay.finished:
        press(app, pygame.K_n)
    assert screen.match.event_log() == saved.events and replay.differs is None


def test_on_a_map_the_dice_shown_turn_over_on_their_fighters_squares(beats: str) -> None:
    from game.modes.beats.events import DicePresented
    from game.ui.effects import Flipped
    from game.ui.modes import open_screen

    app = make_app()
    session = Session(EncounterChoice(str(TAVERN), ("bruiser",), ("thug",), seed=5, mode=beats))
    screen = open_screen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    squares = {m.cid: m.square for m in screen.view.members if m.square is not None}
    shown = DicePresented(1, 1, (("bruiser", 0, 10, 4), ("thug", 2, 8, 2)), ("thug", "bruiser"), ())
    made = screen.motion_cues([shown], {}, {}, {})
    assert made == [Flipped((float(squares["bruiser"][0]), float(squares["bruiser"][1])), "4"),
                    Flipped((float(squares["thug"][0]), float(squares["thug"][1])), "2")]
