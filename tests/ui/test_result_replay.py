"""The result of an encounter offers to watch it again: a replay of the finished match from its start,
after which the result (and Play again) come back."""

import pygame

from game.core.mode import Seat
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen, start_encounter
from game.ui.session import BUILT_IN, EncounterChoice
from tests.ui.helpers import button, click_button, make_app, press, settle

ALONE = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True, "random"))


def _finished(app) -> EncounterScreen:  # noqa: ANN001
    """An encounter played until the heroes' first turn, one step taken, then left by retreating."""
    choice = EncounterChoice(BUILT_IN, heroes=("warrior", "mage"), monsters=("skeleton", "wolf"), seed=6,
                             max_rounds=8, seats=ALONE)
    start_encounter(app, choice)
    settle(app)
    screen = app.screen
    for _ in range(300):
        if screen.my_turn and screen.reach:
            break
        press(app, pygame.K_SPACE)
        while screen.auto is not None:
            settle(app)
    screen.act(next(a for a in screen.legal if type(a).__name__ == "Move"))
    screen.anim.finish()
    press(app, pygame.K_q)
    press(app, pygame.K_TAB)  # Retreat is never the default: Tab chooses it
    press(app, pygame.K_RETURN)
    settle(app)
    assert screen.match.over and screen.overlay == "result"
    return screen


def test_watch_it_again_replays_the_finished_match_event_for_event() -> None:
    app = make_app()
    screen = _finished(app)
    played = screen.match.event_log()
    assert button(app, "Watch it again")
    click_button(app, "Watch it again")
    settle(app)
    replay = app.screen
    assert isinstance(replay, EncounterScreen) and replay.replay is not None
    assert not replay.replay.finished  # from the start, playing on
    assert replay.right.subtitle == "the encounter just played"
    while not replay.replay.finished:
        press(app, pygame.K_n)
    assert replay.match.event_log() == played and replay.replay.differs is None


def test_leaving_the_replay_brings_the_result_back_and_play_again_still_works() -> None:
    app = make_app()
    screen = _finished(app)
    actions = list(screen.match.actions)
    press(app, pygame.K_w)
    assert isinstance(app.screen, EncounterScreen) and app.screen.replay is not None
    press(app, pygame.K_ESCAPE)
    settle(app)
    back = app.screen
    assert isinstance(back, EncounterScreen) and back.replay is None
    assert back.match.over and back.match.actions == actions and back.overlay == "result"
    press(app, pygame.K_RETURN)  # Play again: a new encounter with new dice
    settle(app)
    again = app.screen
    assert again is not back and not again.match.over and again.match.seed == back.match.seed + 1


def test_the_menu_button_of_the_result_still_leads_to_the_menu() -> None:
    app = make_app()
    _finished(app)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.screen, MenuScreen)


def test_space_pressed_past_the_last_turn_leaves_the_result_showing() -> None:
    app = make_app()
    screen = _finished(app)
    # Space is what a player presses again and again to let the computer act: the result stays up,
    # and only Enter (or the button) plays the encounter again.
    press(app, pygame.K_SPACE)
    settle(app)
    assert app.screen is screen and screen.overlay == "result"


def test_the_result_names_enemies_out_of_sight_as_last_seen_and_counts_only_those_never_seen() -> None:
    import dataclasses

    app = make_app()
    screen = _finished(app)
    monsters = [cid for cid, side in screen.session.sides.items() if side == "monsters"]
    assert len(monsters) == 2
    remembered = dataclasses.replace(screen.view.combatants[0], cid=monsters[0], name="Skeleton 1", side="monsters")
    # At the end neither monster is in the view: the first was seen in round 3, the second never.
    screen.view = dataclasses.replace(screen.view, combatants=tuple(c for c in screen.view.combatants
                                                                    if c.side != "monsters"),
                                      last_seen={monsters[0]: (remembered, 3)})
    texts = [line.text for line in screen.result_lines()]
    assert "Skeleton 1: out of sight at the end (last seen in round 3)" in texts
    assert "and 1 you never saw" in texts
    assert all(not text.endswith(": dead") for text in texts)  # every fate is capitalised alike


def test_esc_held_down_in_the_replay_brings_the_result_back_and_never_quits() -> None:
    app = make_app()
    _finished(app)
    press(app, pygame.K_w)
    assert isinstance(app.screen, EncounterScreen) and app.screen.replay is not None
    # One Esc whose release is read late: pygame repeats the key while the match is resumed behind the replay.
    for _ in range(6):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        settle(app)
    back = app.screen
    assert app.running and isinstance(back, EncounterScreen) and back.replay is None and back.overlay == "result"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    press(app, pygame.K_ESCAPE)  # a new press after the release is the result's Esc: the menu
    assert isinstance(app.screen, MenuScreen) and app.running


def test_after_the_end_the_map_and_the_result_show_every_monster_where_it_stands() -> None:
    app = make_app()
    screen = _finished(app)
    monsters = {cid for cid, side in screen.session.sides.items() if side == "monsters"}
    seat = screen._seat
    # The seat's own view at the end still misses a monster: the screen must not.
    assert monsters - {c.cid for c in screen.session.view(seat).combatants}
    shown = {c.cid: c for c in screen.view.combatants}
    assert monsters <= set(shown) and not any(shown[cid].controlled for cid in monsters)
    assert all(shown[cid].movement is None and shown[cid].senses is None for cid in monsters)  # still private
    tokens = {t.cid: t for t in screen.scene().tokens}
    assert all(tokens[cid].position == shown[cid].square and not tokens[cid].ghost for cid in monsters
               if shown[cid].state != "dead")
    texts = [line.text for line in screen.result_lines()]
    assert all(any(text.startswith(f"{shown[cid].name}: ") for text in texts) for cid in monsters)
    assert not any("out of sight at the end" in text or "you never saw" in text for text in texts)


def test_a_replay_still_shows_only_what_the_seat_knew_at_the_end() -> None:
    app = make_app()
    _finished(app)
    press(app, pygame.K_w)
    replay = app.screen
    assert isinstance(replay, EncounterScreen) and replay.replay is not None
    while not replay.replay.finished:
        press(app, pygame.K_n)
    assert replay.replay.spectator == "Ann"  # watched through the person's eyes, as it opens
    monsters = {cid for cid, side in replay.session.sides.items() if side == "monsters"}
    assert monsters - {c.cid for c in replay.view.combatants}
