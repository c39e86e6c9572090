"""The stances mode on the encounter screen, driven headless with posted events: one round between two people."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.core.battlefield import Battlefield
from game.core.events import Event
from game.modes.stances.actions import Attack, ChooseStance, Engage, Pass, ShrugOff, SidestepFirst, TakeDamage
from game.modes.stances.events import PushBlocked, StayedOut
from game.modes.stances.moves import sidestep
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.eventtext import LogContext
from game.ui.modes import open_screen, open_session, screen_mode
from game.ui.modes.stances import StancesScreen
from game.ui.modes.stances.log import declaration_tip, describe_intent, log_lines
from game.ui.modes.stances.looks import (
    damage_choices,
    intent_lines,
    stance_badge,
    stance_mark,
)
from game.ui.panels import TextLine
from game.ui.session import EncounterChoice
from tests.modes.stances.scenario import Scenario, fight
from tests.ui.helpers import SteadyDice, click_button, decision_kind, make_app, settle, until
from tests.ui.test_computer_turns import HeldPlayer

FACE_TO_FACE = """
#######
#.....#
#.HM..#
#.....#
#######
"""


def open_stances(app: App, monster_control: str = "person") -> StancesScreen:
    """A warrior and an undead orc side by side; both sides a person's unless told otherwise."""
    choice = EncounterChoice(heroes=("warrior",), monsters=("undead_orc",), hero_control="person",
                             monster_control=monster_control, seed=3, mode="stances")
    session = open_session(choice, Battlefield.from_ascii(FACE_TO_FACE), dice=SteadyDice())
    screen = open_screen(app, session, lambda: None, lambda: None)
    app.show(screen)
    settle(app)
    return screen


def shown_text(screen: EncounterScreen) -> str:
    """Everything the screen writes: the list, the log, the notes on the right, the buttons and the status line."""
    parts = [screen.status, screen.right.title, screen.right.subtitle]
    parts += [f"{r.name} {r.status} {' '.join(r.conditions)}" for r in screen._rows()]
    parts += [line.text + " " + " ".join(line.details) for line in screen.log.lines]
    parts += [line.text for note in screen.right.notes for line in note.lines]
    parts += [getattr(b, "text", "") for b in screen.buttons]
    parts += [text for _sq, text, _c in screen.scene().badges]
    return "\n".join(parts)


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


def test_a_round_between_two_people_keeps_each_stance_secret_until_the_reveal(app: App) -> None:
    screen = open_stances(app)
    assert screen.overlay == "handover" and screen.handover_person() == "heroes"
    click_button(app, "I am ready")
    assert decision_kind(screen) == "priority"
    click_button(app, "Engage Undead orc")
    assert decision_kind(screen) == "stance" and screen.current is not None and screen.current.cid == "warrior"
    click_button(app, "Cunning")
    # The orc's person takes the screen: the board hides, and nothing shown names the warrior's stance.
    assert screen.overlay == "handover" and screen.handover_person() == "monsters"
    click_button(app, "I am ready")
    assert screen.view.seat == "monsters" and screen.current is not None and screen.current.cid == "undead_orc"
    warrior = screen.view.fighter("warrior")
    assert warrior is not None and warrior.chose_stance and warrior.stance is None
    text = shown_text(screen)
    assert "Cunning (sealed)" not in text and "Stances revealed" not in text
    assert "Warrior has chosen in secret" in text and "stance chosen" in text
    click_button(app, "Cunning")
    # Revealed together: the monsters' person now reads both stances and declares against the warrior.
    log = "\n".join(line.text for line in screen.log.lines)
    assert "Stances revealed: Warrior Cunning, Undead orc Cunning." in log
    assert decision_kind(screen) == "declare"
    if screen.overlay == "handover":
        click_button(app, "I am ready")
    assert screen.current is not None
    click_button(app, "Attack")  # under the other fighter's name
    assert screen.overlay == "handover"
    click_button(app, "I am ready")
    click_button(app, "Attack")
    if screen.overlay == "handover":
        click_button(app, "I am ready")
    lines = screen.log.lines
    clash = next(i for i, line in enumerate(lines) if " clash (cunning): " in line.text)
    # Every die of both rolls, by its source: heart, the stance's ability die, the weapon.
    details = "\n".join(lines[clash].details)
    assert "d8 heart 5" in details and "d6 cunning 5" in details and "Longsword" in details
    assert details.count("heart") == 2
    screen.log.toggle(clash)
    assert clash in screen.log.expanded
    for _ in range(6):  # the loser of the clash chooses how to take the damage
        if screen.overlay == "handover":
            click_button(app, "I am ready")
        if decision_kind(screen) != "damage":
            break
        click_button(app, "Take all")
    lines = screen.log.lines
    assert any("The engagement ends" in line.text for line in lines)
    # The engagement is over: priority goes to the side first targeted, and its person decides next.
    assert decision_kind(screen) == "priority" and screen.view.priority == "monsters"
    assert any(getattr(b, "text", "") == "Pass" for b in screen.buttons)


def test_the_computer_picks_its_stance_at_once_and_the_person_sees_it_only_after_the_reveal(app: App) -> None:
    screen = open_stances(app, monster_control="computer")
    assert screen.overlay is None
    click_button(app, "Engage Undead orc")
    click_button(app, "Defensive")
    # The computer's sealed stance needs no Go; it thinks on another thread, so wait for it rather than count frames.
    assert until(app, lambda: screen.view.decision is None or screen.view.decision.kind != "stance")
    orc = screen.view.fighter("undead_orc")
    assert orc is not None and orc.stance is not None
    assert "Stances revealed" in "\n".join(line.text for line in screen.log.lines)


def test_the_left_list_shows_heart_die_and_hit_points(app: App) -> None:
    screen = open_stances(app, monster_control="computer")
    rows = {r.cid: r for r in screen._rows()}
    assert rows["warrior"].status.startswith("Heart d8 \u00b7 ")
    assert "HP" in rows["undead_orc"].status


def test_the_menu_lists_the_stances_mode_with_its_own_fighters() -> None:
    mode = screen_mode("stances")
    assert ("warrior", "Warrior") in mode.heroes()
    assert any(cid == "undead_orc" for cid, _name in mode.monsters())


def test_screenshot_draws_the_stances_mode(tmp_path: Path) -> None:
    out = tmp_path / "stances.png"
    done = subprocess.run([sys.executable, "main.py", "screenshot", "--mode", "stances", "--map", "builtin",
                           "--out", str(out), "--turns", "6"], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_screenshot_refuses_a_missing_map_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "main.py", "screenshot", "--mode", "stances", "--map",
                           str(tmp_path / "nowhere.tmx"), "--out", str(tmp_path / "x.png")], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_stances_screen_answers_while_the_computer_thinks(app: App) -> None:
    screen = open_stances(app, monster_control="computer")
    slow = HeldPlayer(5)
    screen.session.players["monsters"] = slow
    screen.session._planned = None
    click_button(app, "Pass")  # the monsters' priority: the computer's to decide, after Go
    assert screen.session.pending_seat() == "monsters" and decision_kind(screen) == "priority"
    assert slow.asked.wait(120)
    texts = [line.text for note in screen.right.notes for line in note.lines]
    assert "Thinking\u2026" in texts and screen.awaiting_thought and screen.busy()
    click_button(app, "Go")
    actions = len(screen.match.actions)
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768)))
    settle(app)
    # Still thinking: the window follows the resize and draws, and nothing is played yet.
    assert app.surface.get_size() == (1366, 768) and app.frames > frames
    assert len(screen.match.actions) == actions and screen.auto is not None
    slow.answer.set()
    assert until(app, lambda: len(screen.match.actions) > actions)
    assert not screen.awaiting_thought


def test_the_wheel_over_the_information_panel_of_the_smallest_window_scrolls_it_not_the_map() -> None:
    from game.ui.settings import MIN_WINDOW

    app = make_app(size=MIN_WINDOW)
    try:
        screen = open_stances(app, monster_control="computer")
        screen.selected = "warrior"
        screen._rebuild()
        settle(app)
        assert screen.info.overflow > 0  # the warrior's sheet is longer than the panel at this size
        zoom = screen.map_view.sq
        over_info = screen.layout.info.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over_info, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(20):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                                 precise_y=-1.0))
        settle(app)
        assert screen.info.scroll == screen.info.overflow and screen.map_view.sq == zoom
    finally:
        pygame.quit()


def test_the_stances_computer_panel_asks_for_go_only_when_the_computer_waits_for_it(app: App) -> None:
    screen = open_stances(app, monster_control="computer")
    held = HeldPlayer(5)  # the decision stays the computer's while the panel is read
    screen.session.players["monsters"] = held
    screen.session._planned = None
    click_button(app, "Pass")
    assert screen.session.pending_seat() == "monsters"
    assert "Press Go (Space) to let it act." in shown_text(screen)
    app.settings.computer_acts = True
    screen._rebuild()
    assert "Press Go" not in shown_text(screen) and "without waiting for Go" in shown_text(screen)
    held.answer.set()


def test_a_hover_label_goes_when_the_map_turns_under_a_still_pointer(app: App) -> None:
    screen = open_stances(app, "computer")  # one person: no hand-over screen in front of the map
    pointer = screen.map_view.square_centre((2, 2))  # the warrior
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(1, 1), buttons=(0, 0, 0)))
    settle(app, 2)
    label = screen.scene().hover_label
    assert label is not None and label[0].startswith("Warrior")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    settle(app, 2)
    assert screen.map_view.square_at(pointer) != (2, 2)  # another square is under the pointer now
    assert screen.scene().hover_label is None


def _marks(s: Scenario, seat: str = "heroes") -> dict[str, tuple[str, tuple[str, tuple[int, int, int]] | None]]:
    """Each engaged fighter's mark in the list and its badge on the map, as the seat sees them."""
    view = s.mode.view(seat)
    return {f.cid: (stance_mark(f, view.engagement), stance_badge(f, view.engagement))
            for f in view.fighters if f.in_engagement}


def test_an_unconscious_fighter_in_an_engagement_shows_no_stance_rather_than_choosing_one() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.vitals("undead_orc").hit_points, s.vitals("undead_orc").state = -2, "unconscious"
    s.act(Engage("warrior", "undead_orc"))
    assert s.decision() == ("stance", "warrior")
    assert _marks(s)["undead_orc"] == ("no stance", None)
    assert _marks(s)["warrior"][0] == "choosing a stance"
    s.act(ChooseStance("warrior", "agility"))
    marks = _marks(s)
    assert marks["undead_orc"] == ("no stance", None) and marks["warrior"][0] == "Agility"


def test_fighters_still_joining_an_engagement_are_not_shown_as_choosing_a_stance() -> None:
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"))
    assert s.decision() is not None and s.decision()[0] == "join"  # type: ignore[index]
    assert _marks(s) == {"warrior": ("engaged", None), "undead_orc": ("engaged", None)}


def test_revealed_stances_show_in_the_list_and_on_the_badges_for_every_seat() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "might"})
    for seat in ("heroes", "monsters"):
        marks = _marks(s, seat)
        assert marks["warrior"][0] == "Might" and marks["undead_orc"][0] == "Might"
        assert marks["undead_orc"][1] is not None and marks["undead_orc"][1][0] == "Might"


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_the_status_line_of_every_decision_fits_the_toolbar_whole(app: App, size: tuple[int, int]) -> None:
    from game.ui import theme
    from game.ui.modes.stances.looks import STATUS_WORDS, status_words

    app = make_app(size)
    screen = open_stances(app)
    room, body = screen.layout.toolbar_status.width, theme.font(screen.layout.font_px("body"), True)
    for kind in STATUS_WORDS:
        for who, side in (("Skeleton archer", False), ("monsters", True)):
            for mine in (True, False):
                text = status_words(100, kind, who, side, mine)
                assert body.size(text)[0] <= room, text


def _ctx(s: Scenario) -> LogContext:
    """A log context naming every fighter of a scenario."""
    names = {f.cid: f.name for _ent, f in s.state.combatants()}
    return LogContext(names, frozenset(names), frozenset(names))


def _said(s: Scenario, events: list[Event]) -> list[str]:
    return [line.text for line in log_lines(events, _ctx(s))]


def test_a_side_staying_out_is_not_told_as_no_more_joining_since_it_may_still_join_later() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    said = _said(s, [StayedOut("heroes")])
    assert said == ["The heroes let the chance to join pass."]


def test_a_sealed_declaration_reads_as_declared_not_as_chosen() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    events = fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "might"})
    assert "Warrior has chosen in secret (waiting for Undead orc)." in _said(s, events)
    said = _said(s, s.act(Attack("warrior", "undead_orc")))
    assert said == ["Warrior has declared in secret (waiting for Undead orc)."]


def test_a_sidestep_is_told_by_the_way_it_went_not_by_coordinates() -> None:
    s = Scenario(heroes={"rogue": (5, 4)}, monsters={"undead_orc": (8, 2)})
    events = sidestep(s.state, s.ent("rogue"), (6, 3))
    assert _said(s, events) == ["Rogue sidesteps one square north-east."]
    # Where it came from is for the words only: the event log, which saves hold, is as it was before.
    assert events[0].to_dict() == {"type": "Sidestepped", "cid": "rogue", "to": [6, 3]}


def test_a_blocked_push_is_in_the_log() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    said = _said(s, [PushBlocked("warrior", "undead_orc", "a wall is behind")])
    assert said == ["Undead orc cannot push Warrior: a wall is behind."]


def test_the_computer_passing_reads_intends_to_pass() -> None:
    lines = [TextLine("The computer decides.", "small"), TextLine("Intends to:", "small", gap=10),
             TextLine(describe_intent(Pass(), LogContext(), None), "body")]  # type: ignore[arg-type]
    assert [line.text for line in intent_lines(lines)] == ["The computer decides.", "Intends to pass"]
    dash = [TextLine("Intends to:", "small"), TextLine("Ogre dashes to advance on Archer", "body")]
    assert intent_lines(dash) == dash


def test_shrugging_off_one_damage_is_offered_second_and_says_it_saves_nothing() -> None:
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    warrior = s.mode.view("heroes").fighter("warrior")
    assert warrior is not None and warrior.heart == 8
    (first, take, _), (second, shrug, _) = damage_choices(warrior, 1)
    assert first == "Take all 1" and isinstance(take, TakeDamage)
    assert second == "Shrug off: saves nothing, heart d8 to d6" and isinstance(shrug, ShrugOff)
    labels = [label for label, _a, _t in damage_choices(warrior, 5)]
    assert labels == ["Shrug off: take 3, heart d8 to d6", "Take all 5"]


def _tooltips(screen: StancesScreen) -> dict[str, str]:
    """Each option button's words and its tooltip."""
    return {getattr(b, "text", ""): getattr(b, "tool_tip_text", "") or "" for b in screen.buttons}


def test_an_options_key_in_its_tooltip_reads_as_a_key_not_as_a_number_of_its_words(app: App) -> None:
    screen = open_stances(app, monster_control="computer")
    click_button(app, "Engage Undead orc")
    tips = _tooltips(screen)
    defensive = next(tip for text, tip in tips.items() if text.endswith("Defensive"))
    assert defensive.endswith("halved, rounding up (key 4)") and "(4)" not in defensive


def test_each_declarations_tooltip_says_what_it_does() -> None:
    push = declaration_tip(Attack("ogre", "warrior", push=True), "might", 1)
    execute = declaration_tip(Attack("archer", "ogre", execute=True), "agility", 0)
    plain = declaration_tip(Attack("archer", "ogre"), "agility", 0)
    first = declaration_tip(SidestepFirst("archer"), "agility", 0)
    assert "push it up to 1 square straight away" in push
    assert "Execute doubles the damage" in execute
    assert plain.startswith("Attack: heart + agility die + weapon die against its defence roll")
    assert first.startswith("Sidestep first, then choose whom to attack")
    assert len({push, execute, plain, first}) == 4 and all(t.endswith("has declared") for t in (push, first))


def test_a_map_for_the_stances_mode_warns_of_a_spawn_naming_a_monster_it_does_not_have(tmp_path: Path) -> None:
    from game.ui.modes.stances.setup import load_stances_map
    from tests.maps.tiled_files import object_layer, point_obj, tile_layer, tileset, tmx, write

    spawns = object_layer("spawns", point_obj("hero_spawn", 0, 0),
                          point_obj("monster_spawn", 3, 1, props={"monster": "goblin_archer"}))
    path = write(tmp_path / "map.tmx", tmx(4, 2, tileset(image=None, count=4), tile_layer("ground", ["1111", "1111"]),
                                           spawns))
    warnings = load_stances_map(str(path)).warnings
    assert any("goblin_archer" in w and "undead_orc" in w for w in warnings), warnings
