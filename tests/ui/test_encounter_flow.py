"""A whole encounter played through the screen with posted mouse and key events, as a person would."""

import pygame
import pytest

from game.core.geometry import distance
from game.modes.grid.preview import attack_preview
from game.ui import theme
from game.ui.menu import MenuScreen
from tests.ui.helpers import (
    SteadyDice,
    button,
    click,
    click_button,
    hover,
    make_app,
    monster_turn,
    open_encounter,
    pixel,
    press,
    settle,
    until,
)


@pytest.fixture
def clock(monkeypatch) -> list[int]:
    """The screen's clock, moved only by the test: a walk lasts as long as the test says, however slow the machine."""
    ticks = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: ticks[0])
    return ticks


def _attack_dice(screen, attacker: str, target: str, action: str = "strike") -> list[int]:
    """Dice that make the attack hit: nines for the attacker's pool, ones for the defender's."""
    view = screen.view
    preview = attack_preview(screen.content, view.combatant(attacker), view.combatant(target), action,
                             "longsword" if action == "strike" else None)
    return [9] * max(1, preview.attack_rank) + [1] * max(1, preview.defence_rank)


def _play_hero_turn(app, screen, dice: SteadyDice) -> None:
    """Attack the nearest kobold if it stands beside the hero, else walk towards it; then end the turn."""
    hero = screen.view.combatant("warrior")
    foes = [c for c in screen.view.combatants if c.side == "monsters" and c.state != "dead" and c.square]
    if foes:
        foe = min(foes, key=lambda c: distance(c.square, hero.square))
        if distance(foe.square, hero.square) > 1:
            goal = min(screen.reach, key=lambda s: (distance(s, foe.square), s))
            screen.map_view.centre_on(goal)
            click(app, screen.map_view.square_centre(goal))
            hero = screen.view.combatant("warrior")
        if distance(foe.square, hero.square) <= 1:
            press(app, pygame.K_a)
            press(app, pygame.K_1)  # Strike
            dice.push(_attack_dice(screen, "warrior", foe.cid))
            screen.map_view.centre_on(foe.square)
            click(app, screen.map_view.square_centre(foe.square))
            click_button(app, "Run this Action")
    if screen.overlay is None and screen.my_turn:
        press(app, pygame.K_SPACE)


def test_a_person_plays_a_whole_encounter_from_initiative_to_the_result():
    app = make_app()
    dice = SteadyDice()
    screen = open_encounter(app, monsters=("kobold", "kobold"), dice=dice,
                            places={"warrior": (1, 2), "kobold#1": (5, 2), "kobold#2": (9, 5)})
    assert screen.view.phase == "initiative"
    click_button(app, "Roll Initiative")
    assert screen.view.phase == "turn" and screen.view.current == "warrior"

    # Select the hero by clicking its token: its information shows below the map.
    click(app, screen.map_view.square_centre((1, 2)))
    assert screen.selected == "warrior"
    assert screen.info_lines()[1][0].text == "Brannoc"

    # Hover a square: the cheapest path and its cost show; a click walks there.
    goal = (4, 2)
    assert goal in screen.reach
    hover(app, screen.map_view.square_centre(goal))
    assert screen.hover_path is not None and screen.hover_path[0][-1] == goal
    assert screen.scene().path_label == f"{screen.hover_path[1]} MP"
    step = screen.hover_path[0][-2]
    assert pixel(app, screen.map_view.square_centre(step)) == (255, 255, 255)  # the path is drawn through it
    click(app, screen.map_view.square_centre(goal))
    assert screen.view.combatant("warrior").square == goal

    # Attack: choose Strike, the kobold lights up, hovering it shows the exact chance to hit.
    click_button(app, "Action")
    click_button(app, "Strike")
    assert (5, 2) in screen.scene().targets
    hover(app, screen.map_view.square_centre((5, 2)))
    preview = attack_preview(screen.content, screen.view.combatant("warrior"), screen.view.combatant("kobold#1"),
                             "strike", "longsword")
    assert f"{preview.p_success:.0%} to hit" in screen.preview_text
    # A kobold is a Drone: any damage that gets through kills it, and the preview says how likely that is.
    assert preview.drone and f"{preview.p_success * preview.p_wound:.0%} to kill" in screen.preview_text
    assert screen.scene().hover_label[0] == screen.preview_text
    dice.push(_attack_dice(screen, "warrior", "kobold#1"))
    click(app, screen.map_view.square_centre((5, 2)))
    click_button(app, "Run this Action")
    assert screen.view.combatant("kobold#1").state == "dead"
    assert any("hits Kobold 1" in line.text for line in screen.log.lines)

    # End the turn; the monster's turn shows its intent and waits for Go.
    press(app, pygame.K_SPACE)
    assert not screen.my_turn and screen.view.current == "kobold#2"
    assert until(app, lambda: any("Intends to" in line.text for note in screen.right.notes for line in note.lines))
    click_button(app, "Go")
    assert until(app, lambda: screen.auto is None)

    # Play on until the encounter ends, then leave through the result screen.
    for _ in range(60):
        if screen.overlay == "result":
            break
        if screen.view.phase == "initiative":
            press(app, pygame.K_SPACE)
        elif screen.my_turn:
            _play_hero_turn(app, screen, dice)
        else:
            press(app, pygame.K_SPACE)  # Go
            until(app, lambda: screen.auto is None)
    assert screen.overlay == "result"
    assert screen.result_lines()[0].text == "Victory for the heroes"
    told = {line.text.split(":")[0]: line.text for line in screen.result_lines() if ":" in line.text}
    dead = [c for c in screen.view.combatants if c.state == "dead"]
    # The dead are told dead, not by a count of wounds past their Resolve ("3 of 2 wounds").
    assert dead and all(told[c.name] == f"{c.name}: Dead" for c in dead)
    click_button(app, "Menu")
    assert getattr(app, "went_to_menu", False)


def test_retreat_asks_first_and_ends_the_encounter():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    click_button(app, "Retreat")
    assert screen.overlay == "retreat" and not screen.match.over
    press(app, pygame.K_ESCAPE)
    assert screen.overlay is None and not screen.match.over
    press(app, pygame.K_q)
    click_button(app, "Retreat")
    settle(app)
    assert screen.match.outcome().reason == "the heroes retreated"
    assert screen.overlay == "result"
    assert screen.result_lines()[0].text == "Defeat: the monsters win"


def test_keyboard_alone_moves_the_hero_to_the_cursor():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    press(app, pygame.K_RIGHT)  # the cursor appears on the hero
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_DOWN)
    assert screen.cursor == (3, 3)
    assert screen.hover_path is not None and screen.hover_path[0][-1] == (3, 3)
    press(app, pygame.K_RETURN)
    assert screen.view.combatant("warrior").square == (3, 3)


def test_tab_cycles_the_selection_through_the_combatants():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (4, 2)})
    press(app, pygame.K_SPACE)
    seen = []
    for _ in range(3):
        press(app, pygame.K_TAB)
        seen.append(screen.selected)
    assert set(seen) == {"warrior", "kobold"}


def test_options_that_cannot_be_used_say_why(monkeypatch):
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    press(app, pygame.K_m)
    reasons = [line.text for note in screen.right.notes for line in note.lines]
    # 5 movement points: Inspire costs 4, so it can be used; after it only 1 is left.
    assert "needs 4 movement points, 1 left" not in reasons
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda target, text, *a, **k: drawn.append(text) or real(target, text,
                                                                                                        *a, **k))
    press(app, pygame.K_1)  # Inspire
    reasons = [line.text for note in screen.right.notes for line in note.lines]
    assert "needs 4 movement points, 1 left" in reasons
    assert "needs 4 movement points, 1 left" in drawn  # drawn whole under the option, not only listed
    press(app, pygame.K_a)
    reasons = [line.text for note in screen.right.notes for line in note.lines]
    assert any(r.startswith("out of range") or r == "no enemy in sight" for r in reasons)


def test_once_the_action_is_used_the_action_tab_says_so_once_not_under_every_option():
    app = make_app()
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    press(app, pygame.K_SPACE)
    assert screen.my_turn
    dice.push([1] * 12 + [9] * 12)  # a miss: the kobold stays, and the encounter goes on
    screen.act(next(a for a in screen.legal if getattr(a, "action", None) == "strike"))
    settle(app)
    assert not screen.match.over
    assert screen.tab == "move" and screen.reach  # what is left of the turn is moving
    press(app, pygame.K_a)
    notes = [line.text for note in screen.right.notes for line in note.lines]
    assert notes.count("You have used your action this turn.") == 1
    assert "already took an action this turn" not in notes
    options = [b for b in screen.groups["right"] if "\u00b7" in b.text]
    assert options and all(not b.is_enabled for b in options)
    assert all("Not now: already took an action this turn" in b.tool_tip_text for b in options)


def test_result_screen_offers_play_again():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_q)
    press(app, pygame.K_TAB)  # Retreat is never the default: Tab chooses it
    press(app, pygame.K_RETURN)
    settle(app)
    assert screen.overlay == "result"
    assert button(app, "Play again")
    press(app, pygame.K_RETURN)
    assert getattr(app, "played_again", False)


def test_menu_button_leads_to_the_main_menu():
    app = make_app()
    screen = open_encounter(app)
    click_button(app, "Menu")
    assert screen.overlay == "menu"
    click_button(app, "Main menu")
    assert getattr(app, "went_to_menu", False)
    assert not isinstance(app.screen, MenuScreen)  # the test's callback only records it


def test_a_move_is_animated_and_the_screen_goes_quiet_when_it_ends(clock):
    app = make_app(animation="fast")
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    click(app, screen.map_view.square_centre((4, 2)))
    assert screen.view.combatant("warrior").square == (4, 2)
    assert screen.busy()
    clock[0] += 100  # 70 ms a square, fast
    x, _ = screen.anim.position("warrior", clock[0])
    assert 1 < x < 4  # on its way
    for _ in range(200):
        if not screen.busy():
            break
        clock[0] += 10
        app.step(0)
    assert not screen.busy()
    app.step(0)  # the frame that shows the end of the walk
    frames = app.frames
    for _ in range(5):
        app.step(0)
    assert app.frames == frames


def test_the_first_frame_after_a_move_ends_shows_where_the_hero_can_still_walk(monkeypatch, clock):
    app = make_app(animation="fast")
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    drawn = []
    real = screen.map_view.draw
    monkeypatch.setattr(screen.map_view, "draw", lambda target, scene: drawn.append(scene) or real(target, scene))
    click(app, screen.map_view.square_centre((4, 2)))
    assert screen.busy() and not drawn[-1].reach  # no reach while the token walks
    for _ in range(200):
        if not screen.busy():
            break
        clock[0] += 10
        app.step(0)
    app.step(0)
    assert drawn[-1].reach == screen.reach and screen.reach  # drawn without waiting for the pointer to move


def test_a_log_line_opens_on_a_click_to_show_its_dice():
    app = make_app()
    screen = open_encounter(app)
    press(app, pygame.K_SPACE)
    settle(app)
    index, rect = next((i, r) for i, r in screen.log.hits if screen.log.lines[i].details)
    click(app, rect.center)
    assert index in screen.log.expanded
    press(app, pygame.K_l)
    assert len(screen.log.expanded) in (0, 2)  # L opens or closes the newest line with dice


def test_space_ends_a_turn_in_which_the_hero_did_nothing_only_when_pressed_again(monkeypatch):
    clock = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)  # Roll Initiative: the warrior first
    assert screen.my_turn and screen.primary == screen.end_turn
    actions = len(screen.match.actions)
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions
    assert screen.status == "Space again to end Brannoc's turn with nothing done"
    assert button(app, "End Turn? (Space again)")  # said on the button too, for windows whose status line is short
    clock[0] += 3000  # too late to count as the second press: the button says its own words, and Space warns again
    settle(app)
    assert button(app, "End Turn") and "Space again" not in screen.status
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions
    clock[0] += 500
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions + 1 and not screen.my_turn
    pygame.quit()


def test_space_again_ends_the_turn_while_the_screen_still_asks_for_it(monkeypatch):
    clock = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)  # Roll Initiative
    actions = len(screen.match.actions)
    press(app, pygame.K_SPACE)
    assert button(app, "End Turn? (Space again)")
    # The time is up, but the loop has not woken to take the question away: Space again does what it asks.
    clock[0] += 3500
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions + 1 and not screen.my_turn
    pygame.quit()


def test_the_question_goes_away_on_time_though_the_window_would_sleep_longer(monkeypatch):
    # The question lasts long enough to be seen however slow the machine; nothing else wakes the loop for a minute.
    monkeypatch.setattr("game.ui.encounter.frame.ASK_AGAIN_MS", 1500)
    monkeypatch.setattr("game.ui.app.IDLE_WAKE_MS", 60_000)
    monkeypatch.setattr("game.ui.app.HOVER_WAKE_MS", 60_000)
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)  # Roll Initiative
    press(app, pygame.K_SPACE)
    assert "Space again" in screen.status
    # No long sleep of the loop may run its time out: the question's own timer ends it.
    slept_out = []
    real_wait = pygame.event.wait

    def wait(timeout: int = 0) -> pygame.event.Event:
        event = real_wait(timeout)
        if event.type == pygame.NOEVENT and timeout >= 60_000:
            slept_out.append(timeout)
        return event

    monkeypatch.setattr(pygame.event, "wait", wait)
    for _ in range(5):
        app.step(app._sleep_ms())  # the loop as it runs: asleep until something happens
        if screen.warned is None:
            break
    assert screen.warned is None and not slept_out
    assert button(app, "End Turn") and "Space again" not in screen.status and screen.my_turn
    pygame.quit()


def test_space_ends_the_turn_at_once_once_the_hero_moved_and_the_button_never_asks():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)
    click(app, screen.map_view.square_centre((2, 2)))
    settle(app)
    assert screen.view.combatant("warrior").square == (2, 2)
    actions = len(screen.match.actions)
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions + 1 and not screen.my_turn
    monster_turn(app)
    screen.go()
    assert until(app, lambda: screen.my_turn or screen.view.phase == "initiative")
    if screen.view.phase == "initiative":
        press(app, pygame.K_SPACE)
    assert screen.my_turn
    actions = len(screen.match.actions)
    click_button(app, "End Turn")
    assert len(screen.match.actions) == actions + 1
    pygame.quit()


def test_the_animation_speed_is_chosen_from_the_pause_menu_and_the_next_move_follows_it(clock):
    app = make_app(animation="off")
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Settings")
    click_button(app, "slow")
    assert app.settings.animation == "slow"
    click_button(app, "Back")
    assert screen.overlay == "menu"
    press(app, pygame.K_ESCAPE)
    click(app, screen.map_view.square_centre((4, 2)))
    assert screen.busy()  # the token walks, where with the animation off it would already stand there


def test_enter_runs_the_action_chosen_with_the_keys_though_the_cursor_is_elsewhere():
    app = make_app()
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    press(app, pygame.K_SPACE)
    assert screen.my_turn
    press(app, pygame.K_DOWN)  # the cursor shows, on an empty square below the hero
    press(app, pygame.K_DOWN)
    assert screen.cursor is not None and screen.cursor != (2, 2)
    press(app, pygame.K_a)
    press(app, pygame.K_1)  # Strike
    actions = len(screen.match.actions)
    press(app, pygame.K_RETURN)
    if screen.target is None:  # a card with several targets: Enter said why, and the number chooses one
        assert screen.status.startswith("Cannot run") and len(screen.match.actions) == actions
        press(app, pygame.K_1)
        press(app, pygame.K_RETURN)
    assert len(screen.match.actions) == actions + 1
    assert getattr(screen.match.actions[-1][1], "action", None) == "strike"
