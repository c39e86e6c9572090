"""The computer's turns at the screen: worked out off the window's thread, with or without Go, and reproducible."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pygame

from game.core.battlefield import Battlefield, Square
from game.core.events import Action
from game.core.match import Match
from game.core.mode import MatchSetup
from game.modes.grid.actions import EndTurn, UseAction
from game.players.base import make_policy, reseed
from game.ui.menu import MenuScreen
from game.ui.modes.grid import GridScreen
from game.ui.session import EncounterChoice, Session
from game.ui.settings import Settings, load_settings, save_settings
from tests.ui.helpers import (
    as_buttons,
    click,
    click_button,
    make_app,
    monster_turn,
    open_encounter,
    press,
    settle,
    until,
)

HALL = """
#########
#H.....M#
#.......#
#H.....M#
#########
"""


class HeldPlayer:
    """A policy that thinks until the test lets it answer, then plays as the random policy would."""

    def __init__(self, seed: int) -> None:
        self.inner = make_policy("random", seed)
        self.asked = threading.Event()
        self.answer = threading.Event()

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Wait to be let go, then choose."""
        self.asked.set()
        assert self.answer.wait(120), "the test never let the policy answer"
        return self.inner.choose(view, legal)


def test_the_window_answers_while_the_computer_thinks() -> None:
    app = make_app()
    screen = open_encounter(app)
    monster_turn(app)
    slow = HeldPlayer(5)
    screen.session.players["monsters"] = slow
    screen.session._planned = None
    screen._rebuild()
    screen.go()
    settle(app)
    assert slow.asked.wait(120)
    actions = len(screen.match.actions)
    # Still thinking: the loop carries on handling the window's events and drawing.
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768)))
    settle(app)
    assert app.surface.get_size() == (1366, 768)
    assert app.frames > frames
    assert not slow.answer.is_set() and len(screen.match.actions) == actions
    assert screen.busy()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    settle(app, 1)
    assert not app.running
    # Once it answers, its action is played.
    slow.answer.set()
    assert until(app, lambda: len(screen.match.actions) > actions)


def test_the_computer_panel_says_it_is_thinking_and_then_what_it_intends() -> None:
    app = make_app()
    screen = open_encounter(app)
    monster_turn(app)
    slow = HeldPlayer(5)
    screen.session.players["monsters"] = slow
    screen.session._planned = None
    screen._rebuild()
    texts = [line.text for note in screen.right.notes for line in note.lines]
    assert "Thinking\u2026" in texts and screen.awaiting_thought
    slow.answer.set()
    assert until(app, lambda: not screen.awaiting_thought)
    texts = [line.text for note in screen.right.notes for line in note.lines]
    assert "Thinking\u2026" not in texts and "Intends to:" in texts


def play_watched(computer_acts: bool, seed: int) -> Match:
    """A short encounter the computer plays on both sides at the screen, with Go pressed only when it must be."""
    app = make_app()
    app.settings.computer_acts = computer_acts
    choice = EncounterChoice(heroes=("warrior", "ranger"), monsters=("kobold", "giant_rat"), hero_control="computer",
                             monster_control="computer", seed=seed, max_rounds=3)
    screen = GridScreen(app, Session(choice, Battlefield.from_ascii(HALL)), on_menu=lambda: None,
                         on_again=lambda: None)
    app.show(screen)

    def over() -> bool:
        """Press Go whenever the screen waits for it, until the encounter ends."""
        if screen.match.over:
            return True
        if not computer_acts and screen.auto is None and not screen.anim.busy(pygame.time.get_ticks()):
            screen.go()
        return False

    assert until(app, over, seconds=600)
    return screen.match


def test_the_computer_plays_without_go_when_the_settings_say_so() -> None:
    app = make_app()
    app.settings.computer_acts = True
    screen = open_encounter(app)

    def three_monster_turns() -> bool:
        """Play the person's side, never pressing Go, until the monster has ended three turns."""
        if screen.view.phase == "initiative" and screen.session.is_human(screen.session.pending_seat()):
            screen.roll_initiative()
        elif screen.my_turn:
            screen.end_turn()
        settle(app, 1)
        return len([a for seat, a in screen.match.actions if seat == "monsters" and isinstance(a, EndTurn)]) >= 3

    # Nobody pressed Go, yet the monster took its turns and ended them.
    assert until(app, three_monster_turns)


def test_without_the_setting_the_computer_waits_for_go() -> None:
    app = make_app()
    assert app.settings.computer_acts is False
    screen = open_encounter(app)
    monster_turn(app)
    actions = len(screen.match.actions)
    for _ in range(30):
        settle(app, 1)
        pygame.time.wait(2)
    assert len(screen.match.actions) == actions
    click_button(app, "Go")
    assert until(app, lambda: len(screen.match.actions) > actions)


WALLED = """
#########
#H..#..M#
#...#...#
#########
"""


def test_a_turn_out_of_the_persons_sight_plays_without_go() -> None:
    # There is nothing to watch: Go would only be pressed for a line in the log.
    app = make_app()
    assert app.settings.computer_acts is False
    screen = open_encounter(app, art=WALLED)

    def monster_ended() -> bool:
        return any(seat == "monsters" and isinstance(a, EndTurn) for seat, a in screen.match.actions)

    def played_on() -> bool:
        """Play the person's side, never pressing Go, until the monster has ended a turn."""
        if monster_ended():
            return True
        if screen.view.phase == "initiative":
            screen.roll_initiative()
        elif screen.my_turn:
            screen.end_turn()
        return False

    assert until(app, played_on)
    assert all(c.side == "heroes" for c in screen.view.combatants)  # the kobold was never in sight


def test_the_screen_plays_the_same_match_as_the_computer_alone_for_the_same_seed() -> None:
    watched = play_watched(computer_acts=True, seed=11)
    pressed = play_watched(computer_acts=False, seed=11)
    # The same match played headless, each seat's policy seeded as the screen seeds it, and its dice for each
    # decision from the match's seed, the seat and the decision's number.
    setup = MatchSetup("grid", watched.setup.seats, dict(watched.setup.options))
    players = {seat.name: make_policy(seat.policy, watched.seed * 2 + i + 1)
               for i, seat in enumerate(watched.setup.seats)}
    alone = Match(setup, watched.seed)
    while alone.pending_seat() is not None:
        seat = alone.pending_seat()
        assert seat is not None
        reseed(players[seat], alone.seed, seat, len(alone.actions))
        alone.apply(players[seat].choose(alone.view(seat), alone.legal_actions(seat)), seat)
    assert len(watched.actions) > 10
    assert watched.actions == pressed.actions == alone.actions
    assert watched.events == alone.events


def test_the_setting_is_remembered_and_shown_in_the_settings_dialog(tmp_path) -> None:
    assert Settings().computer_acts is False
    save_settings(Settings(computer_acts=True), tmp_path)
    assert load_settings(tmp_path).computer_acts is True
    app = make_app()
    menu = MenuScreen(app)
    app.show(menu)
    click_button(app, "Settings")
    click_button(app, "Acts without Go: off")
    assert app.settings.computer_acts is True
    click_button(app, "Acts without Go: on")
    assert app.settings.computer_acts is False


def test_space_pressed_again_as_the_computer_hands_back_does_not_end_the_persons_turn(monkeypatch) -> None:
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 400)
    clock = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    app = make_app()
    screen = open_encounter(app)
    monster_turn(app)
    press(app, pygame.K_SPACE)  # Go

    def run_over() -> bool:
        """Let the screen's clock run on while the computer's run plays."""
        if screen.auto is None:
            return True
        clock[0] += 20
        return False

    assert until(app, run_over)
    # The run is over and a person's choice is next: End Turn, or Roll Initiative for a new round.
    assert screen.auto is None and screen.primary is not None and screen.primary != screen.go
    actions = len(screen.match.actions)
    clock[0] += 150
    press(app, pygame.K_SPACE)  # one press too many, meant for Go
    assert len(screen.match.actions) == actions
    clock[0] += 400
    press(app, pygame.K_SPACE)  # a press of its own
    assert len(screen.match.actions) == actions + 1
    pygame.quit()


LONG_HALL = "#" * 62 + "\n" + ("#" + "." * 60 + "#\n") * 3 + "#" * 62


def _on_screen(screen: GridScreen, cid: str) -> bool:
    square = next(c.square for c in screen.view.combatants if c.cid == cid)
    assert square is not None
    return screen.map_view.shows(square)


def _square_of(screen: GridScreen, cid: str) -> Square | None:
    """Where the seat's view puts a combatant it knows of."""
    known = screen.view.combatant(cid)
    assert known is not None, f"{cid} is not in the view"
    return known.square


def test_the_camera_shows_a_monster_in_sight_as_it_takes_its_turn_and_moves() -> None:
    app = make_app()
    screen = open_encounter(app, LONG_HALL, places={"warrior": (1, 2), "kobold": (55, 2)})
    screen.map_view.centre_on((1, 2))
    assert not _on_screen(screen, "kobold")  # far off to the right of the view
    monster_turn(app)
    assert screen.view.current == "kobold"  # in the warrior's sight, so the seat watches its turn
    assert _on_screen(screen, "kobold")
    start = _square_of(screen, "kobold")
    screen.map_view.centre_on((1, 2))
    actions = len(screen.match.actions)
    screen.go()
    assert until(app, lambda: len(screen.match.actions) > actions)
    settle(app)
    assert _square_of(screen, "kobold") != start  # it walked towards the warrior
    assert _on_screen(screen, "kobold")


def test_the_camera_stays_where_the_person_put_it_on_their_own_turn() -> None:
    app = make_app()
    screen = open_encounter(app, LONG_HALL, places={"warrior": (1, 2), "kobold": (55, 2)})
    _my_turn(app, screen)
    screen.map_view.centre_on((30, 2))
    offset = list(screen.map_view.offset)
    screen.act(next(a for a in screen.legal if type(a).__name__ == "Move"))
    assert screen.map_view.offset == offset


def _my_turn(app, screen: GridScreen) -> None:  # noqa: ANN001
    """Roll initiative and let the computer play until the hero's turn."""
    screen.roll_initiative()
    settle(app)
    while not screen.my_turn:  # the kobold may go first
        screen.go()
        assert until(app, lambda: screen.my_turn or screen.view.phase == "initiative")
        if screen.view.phase == "initiative":
            screen.roll_initiative()
            settle(app)


def test_choosing_an_action_whose_targets_are_all_off_screen_brings_them_into_view() -> None:
    app = make_app()
    screen = open_encounter(app, LONG_HALL, heroes=("ranger",), places={"ranger": (1, 2), "kobold": (9, 2)})
    _my_turn(app, screen)
    shot = next(a for a in screen.legal if getattr(a, "target", None) == "kobold")
    assert isinstance(shot, UseAction)
    screen.map_view.centre_on((50, 2))
    assert not _on_screen(screen, "kobold")
    screen.choose_action(shot.action, shot.weapon)
    assert _on_screen(screen, "kobold")
    screen.map_view.centre_on((9, 2))
    offset = list(screen.map_view.offset)
    screen.choose_action(shot.action, shot.weapon)
    assert screen.map_view.offset == offset  # a target already in view: the camera stays


def test_go_can_be_left_out_from_the_pause_menu_in_the_middle_of_an_encounter(own_data_folder) -> None:
    app = make_app()
    app.remember = True
    screen = open_encounter(app)
    monster_turn(app)
    actions = len(screen.match.actions)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Settings")
    assert screen.overlay == "settings"
    click_button(app, "Acts without Go: off")
    assert app.settings.computer_acts and load_settings().computer_acts
    assert len(screen.match.actions) == actions  # an open dialog holds the computer back
    press(app, pygame.K_ESCAPE)
    assert until(app, lambda: len(screen.match.actions) > actions)


def test_the_computer_panel_asks_for_go_only_when_the_computer_waits_for_it() -> None:
    app = make_app()
    screen = open_encounter(app)
    monster_turn(app)
    held = HeldPlayer(5)  # the turn stays on the computer's side while the panel is read
    screen.session.players["monsters"] = held
    screen.session._planned = None
    screen._rebuild()

    def panel() -> str:
        return " ".join(line.text for note in screen.right.notes for line in note.lines)

    assert "Press Go (Space) to let it act." in panel()
    app.settings.computer_acts = True
    screen._rebuild()
    assert "Press Go" not in panel() and "without waiting for Go" in panel()
    held.answer.set()


def test_clicks_on_go_made_on_and_on_never_do_the_persons_choice_that_follows(monkeypatch) -> None:
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 700)
    clock = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    app = make_app()
    screen = open_encounter(app)
    monster_turn(app)
    go = next(b for b in as_buttons(screen.buttons) if screen.buttons[b] == screen.go)
    assert "@go" in go.get_class_ids() and "@primary" not in go.get_class_ids()  # Go looks unlike End Turn
    where = app.layout.end_button.center
    actions = len(screen.match.actions)

    def persons() -> list[object]:
        return [a for seat, a in screen.match.actions[actions:] if screen.session.is_human(seat)]

    # Go clicked again and again, every 0.4 s, through the computer's run and well after it.
    for _ in range(8):
        click(app, where)
        for _ in range(20):
            clock[0] += 20
            settle(app, 1)
    assert screen.session.is_human(screen.session.pending_seat())
    assert persons() == [], "a click meant for Go did the person's choice"
    # Once the clicks stop, Space does the person's choice: a new round's initiative.
    clock[0] += 800
    settle(app)
    assert screen.view.phase == "initiative"
    press(app, pygame.K_SPACE)
    assert len(persons()) == 1 and screen.my_turn and screen.current is not None
    # The hero's turn begins with a moment in which its End Turn is greyed: a double press ends nothing.
    end = next(b for b in as_buttons(screen.groups["right"]) if b.rect == app.layout.end_button)
    assert "@primary" in end.get_class_ids() and not end.is_enabled
    click(app, where)
    press(app, pygame.K_SPACE)
    assert len(persons()) == 1
    clock[0] += 800
    settle(app)
    end = next(b for b in as_buttons(screen.groups["right"]) if b.rect == app.layout.end_button)
    assert end.is_enabled and screen.buttons[end] == screen.end_turn
    pygame.quit()
