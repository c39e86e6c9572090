"""Fog that remembers: terrain a seat saw stays drawn, dimmed; what it never saw is black; per seat, kept on resume."""

import esper
import pygame

from game.core.mode import Seat
from game.core.saves import read_save
from game.modes.grid.actions import Move
from game.modes.grid.components import TurnScores
from game.players.baseline import RandomPlayer
from game.ui import theme
from game.ui.mapterrain import FOG_ALPHA
from game.ui.session import BUILT_IN, EncounterChoice, Session
from tests.ui.helpers import make_app, open_encounter, pixel, press, settle

THREE_ROOMS = """
#################
#H...#....#.....#
#....#....#.....#
#....#....#.....#
#.........#.....#
#################
"""


def _walk(screen, cid: str, to: tuple[int, int]) -> None:  # noqa: ANN001
    """Give the hero movement enough and walk it to a square through the screen."""
    mode = screen.session.match.mode
    mode._enter()
    esper.component_for_entity(mode.state.ent(cid), TurnScores).movement = 40
    screen._refresh([])
    assert screen.act(Move(to)), screen.status
    esper.component_for_entity(mode.state.ent(cid), TurnScores).movement = 0  # no reach lit over the squares
    screen._refresh([])


def _near(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def test_terrain_seen_before_is_drawn_dimmed_and_terrain_never_seen_is_black():
    app = make_app()
    screen = open_encounter(app, THREE_ROOMS, places={"warrior": (1, 1), "kobold": (15, 4)})
    press(app, pygame.K_SPACE)
    settle(app)
    assert (2, 2) in screen.view.visible
    _walk(screen, "warrior", (8, 1))
    settle(app)
    assert (2, 2) not in screen.view.visible and (13, 2) not in screen.view.visible
    remembered = pixel(app, screen.map_view.square_rect((2, 2)).center)
    never = pixel(app, screen.map_view.square_rect((13, 2)).center)
    now = pixel(app, screen.map_view.square_rect((7, 3)).center)
    assert now == theme.FLOOR  # in sight: drawn in full
    # Seen before: the same floor under a dark veil, neither black nor as bright.
    veil = FOG_ALPHA / 255
    dimmed = tuple(round(f * (1 - veil) + d * veil) for f, d in zip(theme.FLOOR, theme.FOG, strict=True))
    assert _near(remembered, dimmed)
    assert never == theme.FOG  # never seen: black


PEOPLE = (Seat("Ann", ("heroes",)), Seat("Bo", ("monsters",)))


def _hot_seat(seed: int, first_player: int) -> tuple[Session, dict[str, RandomPlayer]]:
    """Ann's heroes against Bo's monsters on the built-in map, each seat played by a random player."""
    choice = EncounterChoice(BUILT_IN, heroes=("ranger", "rogue"), monsters=("goblin_archer", "bandit"), seed=seed,
                             max_rounds=8, seats=PEOPLE)
    return Session(choice), {seat.name: RandomPlayer(first_player + i) for i, seat in enumerate(PEOPLE)}


def test_an_action_taken_back_leaves_each_seat_the_terrain_it_had_seen_before():
    session, players = _hot_seat(4, 11)
    undone = 0
    for _ in range(60):
        seat = session.pending_seat()
        if seat is None:
            break
        before = {name: session.match.view(name).terrain_seen for name in ("Ann", "Bo")}
        session.apply(players[seat].choose(session.match.view(seat), session.match.legal_actions(seat)), seat)
        if session.undo_reason(seat) is None:
            session.undo(seat)
            undone += 1
            assert {name: session.match.view(name).terrain_seen for name in ("Ann", "Bo")} == before
            session.apply(players[seat].choose(session.match.view(seat), session.match.legal_actions(seat)), seat)
    assert undone


def test_each_person_at_a_hot_seat_screen_remembers_only_what_their_own_seat_saw():
    session, players = _hot_seat(3, 3)
    sights: dict[str, set] = {"Ann": set(), "Bo": set()}
    for _ in range(40):
        for name in sights:
            sights[name] |= set(session.match.view(name).visible)
        seat = session.pending_seat()
        if seat is None:
            break
        session.apply(players[seat].choose(session.match.view(seat), session.match.legal_actions(seat)), seat)
    for name in sights:
        sights[name] |= set(session.match.view(name).visible)
    # Each remembers exactly the squares its own views showed: none the other seat alone saw.
    assert session.match.view("Ann").terrain_seen == sights["Ann"]
    assert session.match.view("Bo").terrain_seen == sights["Bo"]
    assert sights["Ann"] != sights["Bo"]


def test_a_resumed_match_remembers_the_same_terrain_for_each_seat(tmp_path):
    session, players = _hot_seat(5, 7)
    for _ in range(30):
        seat = session.pending_seat()
        if seat is None:
            break
        session.apply(players[seat].choose(session.match.view(seat), session.match.legal_actions(seat)), seat)
    resumed = Session.resume(read_save(session.save(tmp_path / "fog.json")))
    for name in ("Ann", "Bo"):
        assert resumed.match.view(name).terrain_seen == session.match.view(name).terrain_seen
        assert session.match.view(name).terrain_seen
