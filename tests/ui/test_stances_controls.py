"""The stances screen's shared controls (selecting by row or Tab, Retreat, the pause menu) and the computer's intent."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.ui.app import App
from tests.ui.helpers import click, make_app, press, settle
from tests.ui.test_stances_screen import open_stances


@pytest.fixture
def app() -> Iterator[App]:
    """A headless app."""
    yield make_app()
    pygame.quit()


def _board(app: App):  # noqa: ANN202
    screen = open_stances(app)
    screen._continue_handover()
    app.dirty = True
    settle(app)
    return screen


def test_a_click_on_a_row_of_the_list_selects_that_fighter(app: App) -> None:
    screen = _board(app)
    cid, rect = screen.list.hits[1]
    click(app, rect.center)
    assert screen.selected == cid


def test_tab_goes_through_the_fighters(app: App) -> None:
    screen = _board(app)
    seen = set()
    for _ in range(2):
        press(app, pygame.K_TAB)
        seen.add(screen.selected)
    assert seen == {f.cid for f in screen.view.fighters}



def _widgets(screen, group: str) -> dict[str, UIButton]:  # noqa: ANN001
    return {b.text: b for b in screen.groups.get(group, []) if hasattr(b, "text")}


def test_retreat_is_greyed_since_text_001_has_no_retreat(app: App) -> None:
    screen = _board(app)
    retreat = _widgets(screen, "toolbar")["Retreat"]
    assert not retreat.is_enabled and retreat.tool_tip_text is not None
    assert "No retreat in the stances mode" in retreat.tool_tip_text


def test_the_pause_menu_names_the_stances_rules(app: App) -> None:
    screen = _board(app)
    press(app, pygame.K_ESCAPE)
    rules = _widgets(screen, "overlay")["Rules and keys"]
    assert rules.tool_tip_text == "How the stances mode plays (F1)"


def test_the_pause_menu_changes_the_settings_in_the_stances_mode_too(app: App) -> None:
    screen = _board(app)
    press(app, pygame.K_ESCAPE)
    click(app, _widgets(screen, "overlay")["Settings"].rect.center)
    assert screen.overlay == "settings"
    click(app, _widgets(screen, "overlay")["Acts without Go: off"].rect.center)
    assert app.settings.computer_acts
    assert "Acts without Go: on" in _widgets(screen, "overlay")


def test_the_computers_dash_is_told_by_the_nearest_enemy_not_by_coordinates(app: App) -> None:
    from game.modes.stances.actions import Dash, Sidestep
    from game.ui.modes.stances.log import describe_intent

    screen = _board(app)
    orc = next(f for f in screen.view.fighters if not f.hero)
    x, y = orc.square
    # The warrior stands to the orc's west (FACE_TO_FACE): one square east falls back, one west advances.
    said = [describe_intent(action, screen.ctx, screen.view) for action in (Dash(orc.cid, (x + 1, y)),
                                                                            Sidestep(orc.cid, (x, y + 1)))]
    assert said == ["Undead orc dashes to fall back from Warrior", "Undead orc sidesteps to reposition"]


def test_the_result_is_told_as_the_grid_tells_it_victory_or_defeat_for_one_person_against_the_computer(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core.mode import Outcome

    screen = open_stances(app, monster_control="computer")
    screen._continue_handover()
    told = {}
    for outcome in (Outcome("heroes", "the monsters have nobody left able to fight", 3),
                    Outcome("monsters", "the heroes have nobody left able to fight", 1),
                    Outcome(None, "nobody can do anything more", 9)):
        monkeypatch.setattr(screen.match, "outcome", lambda outcome=outcome: outcome)
        told[outcome.winner] = [line.text for line in screen.result_lines()[:2]]
    assert told["heroes"] == ["Victory for the heroes", "The monsters have nobody left able to fight, after 3 rounds."]
    assert told["monsters"][0] == "Defeat: the monsters win" and told[None][0] == "A draw"
    # Each fighter's fate in the list's words: a fighter still up is standing.
    warrior = next(f for f in screen.view.fighters if f.name == "Warrior")
    fates = [line.text for line in screen.result_lines()]
    assert f"Warrior: standing, {warrior.hit_points}/{warrior.maximum} HP" in fates


def test_space_passes_while_a_fighter_has_neither_dashed_nor_acted_only_when_pressed_again(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    screen = _board(app)
    assert screen.view.decision.kind == "priority" and screen.my_turn
    actions = len(screen.match.actions)
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions
    assert screen.status == "Space again to pass with Warrior yet to dash or act"
    assert "Pass? (Space again)" in [getattr(b, "text", "") for b in screen.buttons]
    clock[0] += 500
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions + 1
    assert type(screen.match.actions[-1][1]).__name__ == "Pass"


def test_space_passes_at_once_once_every_fighter_that_could_act_has_dashed(app: App) -> None:
    screen = _board(app)
    # A dash that keeps the orc within reach, so that the warrior still has something to do afterwards.
    dash = next(a for a in screen.legal if type(a).__name__ == "Dash" and a.to == (2, 1))
    screen.act(dash)
    settle(app)
    for _ in range(4):  # the orc's person passes (twice, the orc having done nothing); then the warrior's side
        if screen.overlay == "handover":
            screen._continue_handover()
            settle(app)
        if screen.view.seat == "heroes":
            break
        press(app, pygame.K_SPACE)
    assert screen.view.seat == "heroes" and screen.view.decision.kind == "priority" and screen.view.round == 1
    assert screen.view.fighter("warrior").moved and screen._movers() == ["warrior"]
    actions = len(screen.match.actions)
    press(app, pygame.K_SPACE)
    assert len(screen.match.actions) == actions + 1


def test_a_fighter_below_zero_hit_points_is_said_to_be_at_its_real_number_not_at_zero() -> None:
    from game.ui.modes.stances.looks import status_words

    # A priest at -2 hit points decides whether it falls: the status line must not say "at 0".
    words = status_words(3, "fall", "Priest", False, True)
    assert "0 HP" not in words and words == "Round 3 \u00b7 Priest has no HP left (you)"
    # Given the fighter's hit points, it says the real number.
    assert status_words(3, "fall", "Priest", False, True, -2) == "Round 3 \u00b7 Priest is at -2 HP (you)"


def test_a_dead_or_fallen_fighters_sheet_says_nothing_of_a_dash_or_an_action_left(app: App) -> None:
    import dataclasses

    screen = _board(app)
    screen.selected = "warrior"
    for state, told in (("up", True), ("dead", False), ("unconscious", False)):
        fighters = tuple(dataclasses.replace(f, state=state) if f.cid == "warrior" else f for f in screen.view.fighters)
        screen.view = dataclasses.replace(screen.view, fighters=fighters)
        texts = [line.text for line in screen._make_info_lines()[1]]
        assert any(text.startswith("This round:") for text in texts) is told, (state, texts)


def test_the_greyed_retreat_says_why_under_the_pointer() -> None:
    from game.core.battlefield import Battlefield
    from game.ui.modes import open_screen, open_session
    from game.ui.session import EncounterChoice
    from tests.ui.helpers import hover, make_app

    app = make_app()
    choice = EncounterChoice(heroes=("warrior",), monsters=("undead_orc",), seed=3, mode="stances")
    screen = open_screen(app, open_session(choice, Battlefield.from_ascii("#####\n#H.M#\n#####")), lambda: None,
                         lambda: None)
    app.show(screen)
    hover(app, app.layout.toolbar_button("retreat").center)
    assert screen.hint is not None and screen.hint.startswith("No retreat in the stances mode")
    pygame.quit()


def test_in_reach_on_the_screen_is_what_the_rules_allow_a_wall_between_stops_it() -> None:
    import game.modes  # noqa: F401  (registers the modes)
    from game.core.battlefield import Battlefield
    from game.core.match import Match
    from game.core.mode import MatchSetup
    from game.core.seats import default_seats
    from game.modes.stances import kit
    from game.modes.stances.mode import StancesMode
    from game.ui.modes.stances.looks import in_reach

    for art, expected in (("#########\n#H..#..M#\n#########", False), ("#########\n#H.....M#\n#########", True)):
        bf = Battlefield.from_ascii(art, "wall")
        match = Match(MatchSetup("stances", default_seats(), {"battlefield": bf, "heroes": ["warrior"],
                                                              "monsters": ["skeleton_archer"]}), 1)
        view = match.view("heroes")
        archer = next(f for f in view.fighters if f.side == "monsters")
        warrior = next(f for f in view.fighters if f.side == "heroes")
        assert archer.reach >= 6  # the distance alone would put the warrior in reach
        mode = match.mode
        assert isinstance(mode, StancesMode)
        state = mode.state
        assert kit.in_reach(state, state.ent(archer.cid), state.ent(warrior.cid)) is expected
        assert in_reach(view.battlefield, archer, warrior) is expected
        match.mode.close()


def test_each_declaration_is_read_whole_under_its_targets_name_in_the_smallest_window() -> None:
    from game.core.battlefield import Battlefield
    from game.ui import theme
    from game.ui.modes import open_screen, open_session
    from game.ui.session import EncounterChoice
    from game.ui.settings import MIN_WINDOW
    from tests.ui.helpers import SteadyDice, decision_kind

    app = make_app(size=MIN_WINDOW)
    # The longest name of the stances monsters, two of them: "Skeleton archer 2".
    choice = EncounterChoice(heroes=("warrior",), monsters=("skeleton_archer", "skeleton_archer"),
                             hero_control="person", monster_control="computer", seed=3, mode="stances")
    screen = open_screen(app, open_session(choice, Battlefield.from_ascii("#####\n#MHM#\n#####"),
                                           dice=SteadyDice()), lambda: None, lambda: None)
    app.show(screen)
    settle(app)
    for _ in range(30):
        if screen.view.decision is not None and decision_kind(screen) == "declare" and screen.my_turn:
            break
        if screen.overlay == "handover":
            screen._continue_handover()
        elif screen.my_turn and decision_kind(screen) == "priority":
            screen.act(next(a for a in screen.legal if type(a).__name__ == "Engage"))
        elif screen.my_turn:
            screen.act(screen.legal[0])
        else:
            press(app, pygame.K_SPACE)
        settle(app)
    assert decision_kind(screen) == "declare"
    labels = [b.text for b in screen.groups.get("right", []) if getattr(b, "text", "")[:1].isdigit()]
    assert any("Grapple" in label for label in labels)
    size, edges = theme.button_text(app.layout.scale)
    for button in screen.groups["right"]:
        text = getattr(button, "text", "")
        if text[:1].isdigit():
            assert "\u2026" not in text and theme.font(size).size(text)[0] <= button.rect.width - edges, text
    names = [line.text for note in screen.right.notes for line in note.lines]
    assert "Skeleton archer 2" in names or "Skeleton archer 1" in names
    pygame.quit()


def test_the_ogres_orange_ring_is_explained_on_its_sheet(app: App) -> None:
    from game.core.battlefield import Battlefield
    from game.ui.modes import open_screen, open_session
    from game.ui.session import EncounterChoice

    choice = EncounterChoice(heroes=("warrior",), monsters=("ogre",), seed=3, mode="stances")
    screen = open_screen(app, open_session(choice, Battlefield.from_ascii("#####\n#H.M#\n#####")), lambda: None,
                         lambda: None)
    app.show(screen)
    settle(app)
    for cid, ringed in (("ogre", True), ("warrior", False)):
        fighter = next(f for f in screen.view.fighters if f.cid.partition("#")[0] == cid)
        screen.selected = fighter.cid
        texts = [line.text for line in screen._make_info_lines()[1]]
        assert screen._look(fighter).boss is ringed
        assert any("an orange ring marks its token" in text for text in texts) is ringed, texts
