"""Saving from the encounter's menu, the autosave after every turn, Continue and --resume, and bad saves."""

import json
import shutil
import time
from pathlib import Path

import pygame
import pytest

from game.core.mode import Seat
from game.core.saves import autosave_path, load_match, read_save, saves_dir, write_save
from game.modes.grid.actions import EndTurn, Move
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen, start_encounter
from game.ui.modes.grid import GridScreen
from game.ui.session import BUILT_IN, EncounterChoice
from main import main
from tests.ui.helpers import click, click_button, make_app, press, settle, until

ROOT = Path(__file__).resolve().parents[2]
ALONE = (Seat("Ann", ("heroes",)), Seat("Computer", ("monsters",), True, "random"))


def _encounter(app: App, seed: int = 6, map_path: str = BUILT_IN) -> GridScreen:
    choice = EncounterChoice(map_path, heroes=("warrior", "mage"), monsters=("skeleton", "wolf"), seed=seed,
                             max_rounds=8, seats=ALONE)
    start_encounter(app, choice)
    settle(app)
    assert isinstance(app.screen, GridScreen)
    return app.screen


def _walk(app: App, screen: GridScreen) -> None:
    """Take one step with the current hero by clicking the map."""
    assert screen.current is not None and screen.current.square is not None
    x, y = screen.current.square
    goal = min(screen.reach, key=lambda s: (abs(s[0] - x) + abs(s[1] - y), s))
    screen.map_view.centre_on(goal)
    click(app, screen.map_view.square_centre(goal))


def _to_heroes_turn(app: App, screen: GridScreen) -> None:
    """Roll initiative and let the computer play until a hero may act."""
    for _ in range(300):
        if screen.my_turn and screen.reach:
            return
        press(app, pygame.K_SPACE)
        assert until(app, lambda: screen.auto is None)
    raise AssertionError("no hero turn came")


def _turn_ended(app: App, screen: GridScreen) -> None:
    _to_heroes_turn(app, screen)
    press(app, pygame.K_SPACE)  # the hero has done nothing: Space asks to be pressed again
    press(app, pygame.K_SPACE)  # End Turn: the autosave is written


def test_save_from_the_encounters_menu_writes_a_named_file_that_resumes_exactly():
    app = make_app()
    screen = _encounter(app)
    _to_heroes_turn(app, screen)
    _walk(app, screen)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Save the match")
    assert screen.overlay == "save" and screen.save_entry is not None
    screen.save_entry.set_text("before the fight")
    click_button(app, "Save")
    path = saves_dir() / "before the fight.json"
    assert screen.overlay is None and path.is_file() and "Saved as before the fight" in screen.status
    resumed = load_match(path)
    assert resumed.event_log() == screen.match.event_log()
    # The same name again asks first, then replaces.
    press(app, pygame.K_ESCAPE)
    click_button(app, "Save the match")
    screen.save_entry.set_text("before the fight")
    click_button(app, "Save")
    assert screen.overlay == "save" and "press Save again to replace it" in screen.save_message[0]
    click_button(app, "Save")
    assert screen.overlay is None


def test_a_file_of_that_name_that_is_no_save_is_never_replaced():
    app = make_app()
    screen = _encounter(app)
    path = saves_dir() / "notes.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("my own notes, not a save")
    press(app, pygame.K_ESCAPE)
    click_button(app, "Save the match")
    screen.save_entry.set_text("notes")
    for _ in range(2):
        click_button(app, "Save")
        assert "cannot be read as a save; it is kept" in screen.save_message[0]
    assert path.read_text() == "my own notes, not a save"


def test_a_bad_name_is_refused_with_the_reason():
    app = make_app()
    screen = _encounter(app)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Save the match")
    screen.save_entry.set_text("../../etc/x")
    click_button(app, "Save")
    assert screen.overlay == "save" and "cannot hold" in screen.save_message[0]
    screen.save_entry.set_text("autosave")
    click_button(app, "Save")
    assert "the game's own autosave" in screen.save_message[0]


def test_the_autosave_is_written_after_every_turn_of_the_encounter():
    app = make_app()
    screen = _encounter(app)
    path = autosave_path()
    for _ in range(3):
        _turn_ended(app, screen)
        # Every action up to the last turn ended (a turn out of sight may have begun at once after it).
        actions = screen.match.actions
        ended = max(i for i, (_, a) in enumerate(actions) if isinstance(a, EndTurn))
        assert read_save(path).actions == [(s, a.to_dict()) for s, a in actions[:ended + 1]]


def test_leaving_in_the_middle_of_a_turn_keeps_the_moves_in_the_autosave():
    app = make_app()
    screen = _encounter(app)
    _to_heroes_turn(app, screen)
    _walk(app, screen)
    assert isinstance(screen.match.actions[-1][1], Move)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Main menu")
    assert isinstance(app.screen, MenuScreen)
    assert isinstance(load_match(autosave_path()).actions[-1][1], Move)


def test_continue_picks_the_last_match_up_exactly_with_the_same_future_dice():
    app = make_app()
    screen = _encounter(app, seed=9)
    _turn_ended(app, screen)
    _to_heroes_turn(app, screen)
    before = screen.match.event_log()
    twin = load_match(autosave_path())  # the same match, to compare the dice to come
    press(app, pygame.K_ESCAPE)
    click_button(app, "Main menu")
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    click_button(app, "Continue")
    resumed = app.screen
    assert isinstance(resumed, EncounterScreen) and resumed is not screen
    assert resumed.match.event_log()[:len(twin.events)] == twin.event_log()
    assert resumed.match.event_log() == before
    # The log shows what the person learnt, as it was learnt.
    assert resumed.log.lines == resumed.session.log_for("Ann") and resumed.log.lines == screen.log.lines
    for _ in range(30):
        if twin.over:
            break
        action = twin.legal_actions()[0]
        assert resumed.session.apply(action) == twin.apply(action)


BAD_SAVES = {
    "corrupt": ("{\"format\": \"rulebound-save\", \"version\": 1, @@@ }", "the save is corrupt (not valid JSON"),
    "truncated": (None, "the save is truncated"),
    "newer": (None, "saved by a newer version of the game (save format 9"),
    "map gone": (None, "is gone"),
}


def _bad_autosave(kind: str, tmp_path: Path) -> bytes:
    """Write the autosave in a bad way and return its bytes."""
    path = autosave_path()
    text, _ = BAD_SAVES[kind]
    if text is None:
        app = make_app()
        map_path = BUILT_IN
        if kind == "map gone":
            copy = tmp_path / "crypt.tmx"
            shutil.copy(ROOT / "maps" / "crypt.tmx", copy)
            copy.write_text(copy.read_text().replace("../assets/tiles/", str(ROOT / "assets/tiles") + "/"))
            map_path = str(copy)
        screen = _encounter(app, map_path=map_path)
        _turn_ended(app, screen)
        app.show(MenuScreen(app))
        data = path.read_text()
        if kind == "truncated":
            text = data[: len(data) // 2]
        elif kind == "newer":
            text = json.dumps({**json.loads(data), "version": 9})
        else:
            Path(map_path).unlink()
            text = data
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path.read_bytes()


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_a_bad_save_gives_its_message_in_the_menu_and_is_left_as_it_was(kind, tmp_path):
    before = _bad_autosave(kind, tmp_path)
    app = make_app()
    menu = MenuScreen(app)
    app.show(menu)
    settle(app)
    click_button(app, "Continue")
    assert app.screen is menu and BAD_SAVES[kind][1] in menu.error and "autosave.json" in menu.error
    assert autosave_path().read_bytes() == before
    # The same from the list of saved matches.
    click_button(app, "Saved matches")
    click_button(app, "Open")
    assert app.screen is menu and menu.dialog is None and BAD_SAVES[kind][1] in menu.error
    assert autosave_path().read_bytes() == before


def test_a_new_match_keeps_an_unreadable_autosave_under_another_name():
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{\"format\": \"rulebound-save\", \"vers")
    app = make_app()
    screen = _encounter(app)
    kept = path.with_name("autosave.unreadable-1.json")
    assert kept.read_text() == "{\"format\": \"rulebound-save\", \"vers"
    assert any("it is kept as autosave.unreadable-1.json" in line.text for line in screen.log.lines)
    _turn_ended(app, screen)
    assert read_save(path).actions


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_play_resume_with_a_bad_autosave_exits_2_with_one_line(kind, tmp_path, capsys, monkeypatch):
    before = _bad_autosave(kind, tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window opened for a bad save"))
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and BAD_SAVES[kind][1] in err and "Traceback" not in err
    assert autosave_path().read_bytes() == before


def test_play_resume_without_any_match_yet_exits_2_with_one_line(capsys):
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no match to continue yet" in err


def test_continue_without_any_match_yet_says_so():
    app = make_app()
    menu = MenuScreen(app)
    app.show(menu)
    settle(app)
    click_button(app, "Continue")
    assert app.screen is menu and menu.error.startswith("No match to continue yet")


def test_play_resume_opens_the_last_match_where_it_stopped(monkeypatch):
    app = make_app()
    screen = _encounter(app, seed=12)
    _turn_ended(app, screen)
    log = screen.match.event_log()
    app.show(MenuScreen(app))
    pygame.quit()
    shown: list[object] = []
    monkeypatch.setattr(App, "run", lambda self: shown.append(self.screen) or 0)
    assert main(["play", "--resume", "--size", "1280x800"]) == 0
    assert isinstance(shown[0], EncounterScreen) and shown[0].match.event_log() == log


def _continue_button(app: App):  # noqa: ANN202
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    return next(b for b in menu.elements if getattr(b, "text", "") == "Continue")


def test_continue_stands_out_only_when_there_is_a_match_to_continue():
    app = make_app()
    app.show(MenuScreen(app))
    settle(app)
    button = _continue_button(app)
    # Nothing saved yet: a plain button whose tooltip (and, when pressed, the red line) says why.
    assert "@primary" not in button.get_class_ids() and button.tool_tip_text.startswith("No match to continue")
    click_button(app, "Continue")
    assert app.screen.error.startswith("No match to continue")
    write_save(_encounter(app).match, autosave_path())
    app.show(MenuScreen(app))
    settle(app)
    assert "@primary" in _continue_button(app).get_class_ids()


def _saves_dialog(app: App):  # noqa: ANN202
    """The menu with its Saved matches dialog open."""
    app.show(MenuScreen(app))
    settle(app)
    click_button(app, "Saved matches")
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    return menu.dialog


def _choose(app: App, dialog, path: Path) -> None:  # noqa: ANN001
    """Click a save's line in the list."""
    label = dialog.labels[dialog.saves.index(path)]
    item = next(i for i in dialog.save_list.item_list if i["text"] == label)
    click(app, item["button_element"].rect.center)


def test_each_saved_match_is_listed_with_its_mode_its_map_and_the_round_it_reached():
    app = make_app()
    screen = _encounter(app)
    _to_heroes_turn(app, screen)
    write_save(screen.match, saves_dir() / "mine.json")
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    dialog = _saves_dialog(app)
    labels = dict(zip([p.stem for p in dialog.saves], dialog.labels, strict=True))
    held = f"grid \u00b7 Ruined Hall \u00b7 round {screen.view.round}"
    assert labels["mine"].startswith(f"mine  \u00b7  {held}  \u00b7  ")
    assert labels["broken"].startswith("broken  \u00b7  cannot be opened  \u00b7  ")


def test_a_long_saved_matchs_line_shows_whole_in_the_list_and_still_names_its_own_save():
    from game.ui import theme
    from game.ui.menu_dialogs import list_font_px

    app = make_app()
    match = _encounter(app).match
    door = write_save(match, saves_dir() / "Ruined Hall round 1, just before the big fight by the door.json")
    gate = write_save(match, saves_dir() / "Ruined Hall round 1, just before the big fight by the gate.json")
    dialog = _saves_dialog(app)
    font = theme.font(list_font_px(app.layout.scale))
    for label in dialog.labels:
        assert font.size(label)[0] < dialog.list_rect.width - 20  # inside the list, beside its scroll bar
        assert label.endswith(time.strftime("%Y-%m-%d %H:%M", time.localtime(door.stat().st_mtime)))
    assert len({label for label in dialog.labels if not label.startswith("autosave")}) == 2  # told apart
    first = dialog._selected()  # chosen when the dialog opens: a click on it would take the choice back
    for path in sorted((gate, door), key=lambda p: p == first):
        _choose(app, dialog, path)
        assert dialog._selected() == path


def _delete_pressed_once(app: App) -> tuple[Path, Path]:
    """Two saves, "first" and "second", in the open dialog, and Delete pressed once with "first" chosen."""
    match = _encounter(app).match
    first, second = write_save(match, saves_dir() / "first.json"), write_save(match, saves_dir() / "second.json")
    _choose(app, _saves_dialog(app), first)
    click_button(app, "Delete")
    return first, second


def test_delete_asks_first_and_deletes_the_chosen_save_on_the_second_press():
    app = make_app()
    first, second = _delete_pressed_once(app)
    assert first.exists() and second.exists()  # only asked
    click_button(app, "Delete it?")
    assert not first.exists() and second.exists()
    dialog = app.screen.dialog
    assert first not in dialog.saves and second in dialog.saves  # the encounter's autosave is there too
    assert dialog.save_list.get_single_selection() == dialog.labels[0]


def test_choosing_another_save_takes_back_the_first_press_of_delete():
    app = make_app()
    first, second = _delete_pressed_once(app)
    _choose(app, app.screen.dialog, second)
    texts = [getattr(e, "text", "") for e in app.screen.elements]
    assert "Delete" in texts and "Delete it?" not in texts
    click_button(app, "Delete")  # asks again, for the save now chosen
    assert first.exists() and second.exists()


def _autosave_of_a_match(map_spec: str = "builtin:hall") -> Path:
    """The autosave of a match played a little way on the map, written without a screen."""
    from game.core.match import Match
    from game.core.mode import MatchSetup
    from game.core.seats import default_seats
    from tests.saved_games import advance

    match = Match(MatchSetup("grid", default_seats(), {"map": map_spec, "heroes": ["warrior", "mage"],
                                                       "monsters": ["skeleton", "wolf"], "max_rounds": 8}), 6)
    advance(match, 30, 1)
    return write_save(match, autosave_path())


def _kept_aside_by_a_new_match(before: bytes) -> None:
    """Start a new match and check that the autosave it found was kept aside whole, and the player told."""
    app = make_app()
    screen = _encounter(app)
    assert autosave_path().with_name("autosave.unreadable-1.json").read_bytes() == before
    assert any("it is kept as autosave.unreadable-1.json" in line.text for line in screen.log.lines)


@pytest.mark.parametrize("broken", ["gone", "not a map"])
def test_a_new_match_keeps_aside_an_autosave_whose_map_is_gone_or_cannot_be_loaded(broken, tmp_path):
    copy = tmp_path / "crypt.tmx"
    copy.write_text((ROOT / "maps" / "crypt.tmx").read_text().replace("../assets/tiles/",
                                                                       str(ROOT / "assets/tiles") + "/"))
    path = _autosave_of_a_match(str(copy))
    if broken == "gone":
        copy.unlink()
    else:
        copy.write_text("<map>torn</map")
    _kept_aside_by_a_new_match(path.read_bytes())


def test_a_new_match_keeps_aside_an_autosave_whose_actions_do_not_replay():
    path = _autosave_of_a_match()
    data = json.loads(path.read_text())
    data["actions"].insert(0, ["monsters", {"type": "EndTurn"}])  # out of turn: the heroes roll initiative first
    path.write_text(json.dumps(data))
    _kept_aside_by_a_new_match(path.read_bytes())


def _last_seen_rows(screen: GridScreen) -> list[tuple[str, str]]:
    """The list's rows of enemies out of sight, and the faint tokens where they were last seen."""
    rows = [(row.cid, row.status) for row in screen._rows() if not row.in_sight]
    ghosts = [(token.cid, str(token.position)) for token in screen.scene().tokens if token.ghost]
    return rows + ghosts


def test_a_resumed_match_lists_the_enemies_last_seen_as_before():
    app = make_app()
    choice = EncounterChoice(str(ROOT / "maps" / "bridge.tmx"), hero_control="computer",
                             monster_control="computer", seed=1)
    start_encounter(app, choice)
    screen = app.screen
    assert isinstance(screen, GridScreen)
    for _ in range(200):  # the computer plays both sides until the heroes have lost sight of a few enemies
        if len(screen._out_of_sight()) >= 3 and len(_last_seen_rows(screen)) >= 6:
            break
        screen.act(screen.session.planned_action())
    before = _last_seen_rows(screen)
    assert len(before) >= 6  # three rows, and three faint tokens at least
    path = screen.session.save(saves_dir() / "seen.json")
    app.show(MenuScreen(app))
    settle(app)
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    menu.open_save(path)
    resumed = app.screen
    assert isinstance(resumed, GridScreen) and resumed is not screen
    assert _last_seen_rows(resumed) == before
    assert resumed.view.last_seen == screen.view.last_seen


def _line_colour(dialog, stem: str):  # noqa: ANN001, ANN202
    """The colour of the text of a save's line in the list."""
    label = dialog.labels[[p.stem for p in dialog.saves].index(stem)]
    item = next(i for i in dialog.save_list.item_list if i["text"] == label)
    return item["button_element"].colours["normal_text"]


def test_a_save_that_cannot_be_opened_is_named_in_red_in_the_list_and_a_good_one_is_not():
    from game.ui import theme

    app = make_app()
    screen = _encounter(app)
    write_save(screen.match, saves_dir() / "mine.json")
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    dialog = _saves_dialog(app)
    assert tuple(_line_colour(dialog, "broken"))[:3] == theme.BAD
    assert tuple(_line_colour(dialog, "mine"))[:3] != theme.BAD
    # It can still be chosen (opening it says in red what is wrong, leaving the file as it is).
    for stem in sorted(("mine", "broken"), key=lambda stem: saves_dir() / f"{stem}.json" == dialog._selected()):
        _choose(app, dialog, saves_dir() / f"{stem}.json")
        assert dialog._selected() == saves_dir() / f"{stem}.json"


def test_a_save_whose_map_is_gone_says_so_in_red(tmp_path):
    from game.ui import theme

    copy = tmp_path / "crypt.tmx"
    copy.write_text((ROOT / "maps" / "crypt.tmx").read_text().replace("../assets/tiles/",
                                                                       str(ROOT / "assets/tiles") + "/"))
    shutil.copy(_autosave_of_a_match(str(copy)), saves_dir() / "lost map.json")
    autosave_path().unlink()
    copy.unlink()
    app = make_app()
    dialog = _saves_dialog(app)
    assert dialog.labels[0].startswith("lost map  \u00b7  its map is gone  \u00b7  ")
    assert tuple(_line_colour(dialog, "lost map"))[:3] == theme.BAD


def test_after_a_finished_match_continue_does_not_stand_out_and_says_there_is_nothing_to_continue():
    from game.core.match import Match
    from game.core.mode import MatchSetup
    from game.core.seats import default_seats
    from game.ui.menu.choices import LAST_ONE_OVER
    from tests.saved_games import advance

    match = Match(MatchSetup("grid", default_seats(), {"map": "builtin:hall", "heroes": ["warrior"],
                                                       "monsters": ["kobold"], "max_rounds": 1}), 6)
    advance(match, 500, 1)
    assert match.over
    write_save(match, autosave_path())
    app = make_app()
    app.show(MenuScreen(app))
    settle(app)
    button = _continue_button(app)
    assert "@primary" not in button.get_class_ids() and button.tool_tip_text == LAST_ONE_OVER
    click_button(app, "Continue")
    # Its result is not opened again: the menu stays, and says why.
    assert isinstance(app.screen, MenuScreen) and app.screen.error == LAST_ONE_OVER
