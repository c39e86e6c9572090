"""Undo at the screen: Ctrl+Z and the toolbar button take back a move; otherwise the button says why not."""

import pygame

from game.core.battlefield import Battlefield
from game.modes.grid.actions import Move, Scan
from game.ui.modes.grid import GridScreen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import button, click, hover, make_app, press, settle, until

OPEN = """
###########
#.........#
#H........#
#.........#
#........M#
###########
"""


def open_encounter(app, seed: int = 3) -> GridScreen:
    """An encounter with the match's own seeded dice: undo replays the match from its seed."""
    choice = EncounterChoice(heroes=("warrior",), monsters=("kobold",), seed=seed)
    screen = GridScreen(app, Session(choice, Battlefield.from_ascii(OPEN)), on_menu=lambda: None,
                        on_again=lambda: None)
    app.show(screen)
    settle(app)
    return screen


def _undo_button(app):
    return next(b for b in app.screen.groups["toolbar"] if getattr(b, "text", "") == "Undo")


def _hero_turn(app):
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)  # Roll Initiative
    while not screen.my_turn:
        press(app, pygame.K_SPACE)  # Go: the kobold's turn
        for _ in range(100):
            if screen.auto is None:
                break
            settle(app)
    return screen


def test_ctrl_z_takes_back_a_move_and_its_log_line():
    app = make_app()
    screen = _hero_turn(app)
    start = screen.current.square
    points = screen.current.movement
    log = list(screen.log.lines)
    goal = (start[0] + 1, start[1])
    click(app, screen.map_view.square_centre(goal))
    assert screen.current.square == goal and len(screen.log.lines) > len(log)
    assert _undo_button(app).is_enabled
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert screen.current.square == start and screen.current.movement == points
    assert screen.log.lines == log
    assert "Took back the move" in screen.status


def test_the_toolbar_button_takes_back_moves_one_at_a_time():
    app = make_app()
    screen = _hero_turn(app)
    start = screen.current.square
    for dx in (1, 2):
        click(app, screen.map_view.square_centre((start[0] + dx, start[1])))
    click(app, _undo_button(app).rect.center)
    assert screen.current.square == (start[0] + 1, start[1])
    click(app, _undo_button(app).rect.center)
    assert screen.current.square == start
    assert not _undo_button(app).is_enabled
    assert "Cannot undo:" in _undo_button(app).tool_tip_text


def test_after_a_roll_the_button_is_disabled_and_says_why():
    app = make_app()
    screen = _hero_turn(app)
    assert screen.current.movement >= 4, "the seed must give enough points to Scan"
    screen.act(Scan())
    settle(app)
    undo = _undo_button(app)
    assert not undo.is_enabled
    assert undo.tool_tip_text == "Cannot undo: Scan cannot be taken back: only movement can"
    # A greyed button shows no tooltip: pointing at it says why in the status line instead.
    hover(app, undo.rect.center)
    assert screen.hint == "Cannot undo: Scan cannot be taken back: only movement can"
    hover(app, screen.layout.map.center)
    assert screen.hint is None
    actions = len(screen.match.actions)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(screen.match.actions) == actions
    assert screen.status == "Cannot undo: Scan cannot be taken back: only movement can"
    assert screen.status_is_bad()


def test_nothing_of_the_computers_turn_can_be_taken_back():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    if screen.my_turn:
        click(app, screen.map_view.square_centre((2, 2)))
        press(app, pygame.K_SPACE)  # End Turn: the kobold is next
    assert not screen.my_turn
    undo = _undo_button(app)
    assert not undo.is_enabled and undo.tool_tip_text == "Cannot undo: the computer is playing"
    assert isinstance(button(app, "Go"), pygame.Rect)
    moved = [a for _, a in screen.match.actions if isinstance(a, Move)]
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert [a for _, a in screen.match.actions if isinstance(a, Move)] == moved


DUEL = """
#########
#.......#
#.H...M.#
#.......#
#########
"""


class Counting:
    """A computer player that counts how often it was asked, and plays the first choice."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: object, legal: list[object]) -> object:
        """The first choice."""
        self.asked += 1
        return legal[0]


def test_a_stances_dash_that_passed_priority_to_the_computer_can_be_taken_back_until_it_acts():
    from game.modes.stances.actions import Dash
    from game.ui.modes import open_screen, open_session

    app = make_app()
    choice = EncounterChoice(heroes=("warrior",), monsters=("undead_orc",), seed=3, mode="stances")
    session = open_session(choice, Battlefield.from_ascii(DUEL))
    screen = open_screen(app, session, lambda: None, lambda: None)
    app.show(screen)
    settle(app)
    start = screen.view.fighter("warrior").square
    session.players["monsters"] = counting = Counting()
    dash = next(a for a in screen.legal if isinstance(a, Dash) and a.to != start)
    assert screen.act(dash)
    assert until(app, session.decision_ready) and counting.asked == 1  # the computer thought of its answer
    assert session.pending_seat() == "monsters" and screen.undo_reason() is None
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert screen.view.fighter("warrior").square == start and session.pending_seat() == "heroes"
    # The computer's players keep nothing between decisions: the same one is asked again, and nothing is put back.
    assert session.players["monsters"] is counting
    assert screen.act(dash)
    settle(app)
    click(app, button(app, "Go").center)
    until(app, lambda: screen.auto is None and session.decision_ready())
    assert screen.undo_reason() is not None  # once the computer has acted, nothing before it comes back
    pygame.quit()

