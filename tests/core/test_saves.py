"""Saves: versioned JSON, atomic writes, exact resumes, and clear messages for bad files."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.core.saves import (
    Autosaver,
    SaveError,
    autosave_path,
    load_match,
    read_save,
    saved_match,
    to_save,
    write_save,
)
from game.core.seats import Seat
from game.core.userdata import atomic_write_text
from game.modes.grid.events import MoveStopped
from game.modes.grid.mode import default_seats
from game.modes.grid.skirmish import BUILTIN
from game.modes.grid.spec import LEGACY_ALLIES, LEGACY_BUMPS, LEGACY_CORNERS, LEGACY_GRID_RULES, LEGACY_TIES
from game.modes.stances.spec import LEGACY_PUSHES, LEGACY_STANCES_RULES
from game.players.base import make_policy
from game.players.baseline import RandomPlayer
from main import main
from tests.saved_games import ADDED_ON_READING, advance, as_format, tampered


def setup(map_spec: str = BUILTIN, max_rounds: int = 12) -> MatchSetup:
    return MatchSetup("grid", default_seats(), {"map": map_spec, "heroes": ["warrior", "mage"],
                                                "monsters": ["skeleton", "wolf"], "max_rounds": max_rounds})


def test_resumed_match_is_exactly_where_it_stopped_with_the_same_future_dice(tmp_path):
    whole = Match(setup(), 11)
    advance(whole, 60, 5)
    path = write_save(whole, tmp_path / "save.json")
    resumed = load_match(path)
    assert resumed.event_log() == whole.event_log()
    # Both go on with the same decisions: the dice must come out the same.
    rng = random.Random(3)
    for _ in range(80):
        if whole.over:
            break
        legal = whole.legal_actions()
        assert legal == resumed.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert whole.apply(action) == resumed.apply(action)


def test_a_match_held_as_its_save_holds_what_the_file_would(tmp_path):
    match = Match(setup(), 11)
    advance(match, 40, 5)
    held = saved_match(match, tmp_path / "unwritten.json")
    written = read_save(write_save(match, tmp_path / "save.json"))
    assert (held.seed, held.setup, held.actions, held.events) == \
        (written.seed, written.setup, written.actions, written.events)
    assert not (tmp_path / "unwritten.json").exists()


def test_save_is_versioned_json_and_holds_no_pickled_objects(tmp_path):
    match = Match(setup(), 2)
    advance(match, 10, 1)
    data = json.loads(write_save(match, tmp_path / "s.json").read_text())
    assert data["format"] == "rulebound-save" and data["version"] == 8
    assert data["setup"]["options"]["map"] == BUILTIN


def test_corrupt_save_gives_a_clear_message_and_is_not_overwritten(tmp_path):
    path = tmp_path / "save.json"
    path.write_text('{"format": "rulebound-save", "version": 1, @@@ }')
    before = path.read_bytes()
    with pytest.raises(SaveError, match=r"save\.json: the save is corrupt \(not valid JSON at line 1\)"):
        load_match(path)
    assert path.read_bytes() == before


def test_truncated_save_gives_a_clear_message(tmp_path):
    match = Match(setup(), 2)
    advance(match, 30, 1)
    path = write_save(match, tmp_path / "save.json")
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    with pytest.raises(SaveError, match=r"save\.json: the save is truncated"):
        load_match(path)


def test_save_from_a_newer_version_gives_a_clear_message(tmp_path):
    match = Match(setup(), 2)
    path = write_save(match, tmp_path / "save.json")
    data = json.loads(path.read_text())
    data["version"] = 9
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"saved by a newer version of the game \(save format 9; this one reads up"):
        load_match(path)


def test_save_whose_map_is_gone_gives_a_clear_message(tmp_path):
    import shutil

    map_path = tmp_path / "crypt.tmx"
    root = Path(__file__).resolve().parents[2]
    shutil.copy(root / "maps" / "crypt.tmx", map_path)
    (tmp_path / "crypt.tmx").write_text(map_path.read_text().replace("../assets/tiles/", str(root / "assets/tiles")
                                                                      + "/"))
    match = Match(setup(str(map_path)), 2)
    path = write_save(match, tmp_path / "save.json")
    map_path.unlink()
    with pytest.raises(SaveError, match=r"save\.json: its map .*crypt\.tmx is gone"):
        load_match(path)


def test_file_that_is_not_a_save_is_named(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}')
    with pytest.raises(SaveError, match="not a save of this game"):
        read_save(path)


def test_bad_save_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "save.json"
    path.write_text("{")
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "truncated" in err


def test_replay_check_passes_for_a_saved_match(tmp_path, capsys):
    match = Match(setup(), 8)
    advance(match, 200, 2)
    path = write_save(match, tmp_path / "save.json")
    assert main(["replay", str(path), "--check"]) == 0
    assert "every one as saved" in capsys.readouterr().out


def test_replay_check_fails_when_the_saved_log_differs(tmp_path, capsys):
    match = Match(setup(), 8)
    advance(match, 50, 2)
    path = write_save(match, tmp_path / "save.json")
    data = json.loads(path.read_text())
    data["events"][3]["type"] = "Tampered"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--check"]) == 1
    assert "event 4 differs" in capsys.readouterr().err


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    atomic_write_text(path, "old")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new" * 1000)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_autosave_is_written_after_every_turn(tmp_path):
    match = Match(setup(), 4)
    saver = Autosaver(tmp_path / "auto.json")
    players = {"heroes": RandomPlayer(1), "monsters": RandomPlayer(2)}
    turns = 0
    while not match.over and turns < 6:
        seat = match.pending_seat()
        events = match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
        if saver.after(match, events):
            turns += 1
            assert read_save(saver.path).actions == [(s, a.to_dict()) for s, a in match.actions]


def _play_and_autosave(path: Path, seed: int) -> None:
    """The child process: play a random match forever, autosaving after every turn."""
    saver = Autosaver(path)
    while True:
        match = Match(setup(max_rounds=40), seed)
        write_save(match, path)
        players = {"heroes": RandomPlayer(seed), "monsters": RandomPlayer(seed + 1)}
        while not match.over:
            seat = match.pending_seat()
            assert seat is not None
            events = match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
            saver.after(match, events)
        seed += 1


KILLS = 200


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork to kill a child at random moments")
def test_killing_a_running_match_at_random_moments_never_loses_the_autosave(tmp_path):
    rng = random.Random(2024)
    resumed = 0
    for kill in range(KILLS):
        path = tmp_path / f"auto{kill}.json"
        pid = os.fork()
        if pid == 0:  # the child plays until it is killed
            try:
                _play_and_autosave(path, kill * 13)
            finally:
                os._exit(0)
        deadline = time.monotonic() + 300  # generous: a loaded machine may take long to start the child
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(rng.uniform(0.0, 0.08))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        match = load_match(path)  # never unreadable
        advance(match, 100_000, kill)  # and it plays on to the end
        assert match.over
        resumed += 1
        leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        for p in leftovers:  # a write cut short leaves only its temporary file, which is harmless
            p.unlink()
    assert resumed == KILLS


def test_a_save_cut_short_anywhere_is_called_truncated_not_corrupt(tmp_path):
    match = Match(setup(), 3)
    advance(match, 20, 1)
    whole = write_save(match, tmp_path / "whole.json").read_bytes()
    path = tmp_path / "cut.json"
    for end in range(1, len(whole) - 1, max(1, len(whole) // 97)):
        path.write_bytes(whole[:end])
        with pytest.raises(SaveError, match=r"cut\.json: the save is truncated"):
            read_save(path)


def test_a_save_is_described_by_its_mode_its_map_and_the_round_it_reached_or_that_it_is_over() -> None:
    from game.core.mode import MatchSetup
    from game.core.saves import SavedMatch, describe

    def saved(*events: dict) -> SavedMatch:
        return SavedMatch(Path("x.json"), MatchSetup("grid", ()), 1, [], list(events))

    began = {"type": "EncounterBegan", "map_name": "The Sunken Crypt"}
    assert describe(saved(began)) == "grid \u00b7 The Sunken Crypt \u00b7 not begun"
    assert describe(saved(began, {"type": "TurnStarted", "round": 1}, {"type": "TurnStarted", "round": 3})) == \
        "grid \u00b7 The Sunken Crypt \u00b7 round 3"
    assert describe(saved(began, {"type": "TurnStarted", "round": 2}, {"type": "EncounterEnded"})) == \
        "grid \u00b7 The Sunken Crypt \u00b7 over"
    # Odd entries are passed over (a string where an event's dict belongs, on purpose).
    assert describe(saved("not an event", {"round": "2"})) == "grid \u00b7 not begun"  # type: ignore[arg-type]


def test_a_save_of_the_first_format_replays_with_the_party_on_its_spawns_in_map_order(tmp_path):
    # Saves of format 1 were played before rulings grid-spawn-order and grid-path-choice: read as
    # such, they still replay event for event and play on.
    forest = str(Path(__file__).resolve().parents[2] / "maps" / "forest.tmx")
    options = {"map": forest, "heroes": ["warrior", "ranger", "mage", "cleric"], "max_rounds": 12,
               LEGACY_TIES: True, LEGACY_BUMPS: True, LEGACY_ALLIES: True, LEGACY_CORNERS: True}
    played = Match(MatchSetup("grid", default_seats(), options), 4)
    advance(played, 80, 2)
    path = write_save(played, tmp_path / "old.json")
    as_format(path, 1)
    resumed = load_match(path)
    assert resumed.event_log() == played.event_log()
    began = resumed.event_log()[0]
    assert began["type"] == "EncounterBegan" and tuple(began["combatants"][0][3]) == (1, 11)  # hero 1's spawn
    again = load_match(write_save(resumed, tmp_path / "again.json"))
    assert again.event_log() == played.event_log()


def test_a_save_of_the_current_format_is_read_without_the_older_formats_ways(tmp_path):
    match = Match(setup(), 11)
    advance(match, 10, 5)
    saved = read_save(write_save(match, tmp_path / "new.json"))
    legacy = {LEGACY_TIES, LEGACY_BUMPS, LEGACY_PUSHES, LEGACY_GRID_RULES, LEGACY_STANCES_RULES, LEGACY_ALLIES,
              LEGACY_CORNERS}
    assert not legacy & set(saved.setup.options)
    assert json.loads((tmp_path / "new.json").read_text())["version"] == 8


def test_a_save_of_the_second_format_replays_a_move_that_bumped_into_the_same_unseen_combatant_twice(tmp_path):
    # Format 2 was played before a move remembered where an unseen combatant stopped it (ruling
    # grid-move-knowledge): asked again for the same square, the move walked the same way and stopped again.
    bridge = str(Path(__file__).resolve().parents[2] / "maps" / "bridge.tmx")
    seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
    options = {"map": bridge, "heroes": ["warrior", "ranger", "mage", "cleric"], "max_rounds": 2,
               LEGACY_BUMPS: True, LEGACY_ALLIES: True, LEGACY_CORNERS: True}
    played = Match(MatchSetup("grid", seats, options), 3)
    players = {"heroes": make_policy("tactical", 1), "monsters": make_policy("tactical", 2)}
    while True:  # the tactical players until a move is stopped by someone unseen; then the same move again
        seat = played.pending_seat()
        assert seat is not None, "no move was stopped by someone unseen"
        action = players[seat].choose(played.view(seat), played.legal_actions(seat))
        if [e for e in played.apply(action, seat) if isinstance(e, MoveStopped)]:
            again = played.apply(action, seat)
            assert [type(e) for e in again] == [MoveStopped]
            break
    path = write_save(played, tmp_path / "old.json")
    as_format(path, 2)
    assert load_match(path).event_log() == played.event_log()
    # Under the current rule the second move goes around instead.
    current = MatchSetup("grid", seats, {k: v for k, v in options.items() if k != LEGACY_BUMPS})
    assert replay(current, 3, played.actions).event_log() != played.event_log()


def test_a_won_match_saved_before_the_fourth_format_replays_as_saved_with_the_ending_worded_anew(tmp_path):
    # Format 3 and older wrote a side's win as "nobody of the monsters is left able to fight"; the rules
    # are the same, so such a save replays event for event and reads the way the game words it now.
    plain = setup(max_rounds=40)
    # Played under the rules that reading a third-format save brings back (tests.saved_games.ADDED_ON_READING).
    played = Match(MatchSetup(plain.mode, plain.seats, {**plain.options, **{k: True for k in ADDED_ON_READING[3]}}),
                   2)
    players = {"heroes": make_policy("tactical", 1), "monsters": make_policy("tactical", 2)}
    while (seat := played.pending_seat()) is not None:
        played.apply(players[seat].choose(played.view(seat), played.legal_actions(seat)), seat)
    ended = played.event_log()[-1]
    assert ended["type"] == "EncounterEnded" and ended["winner"] is not None
    assert ended["reason"].startswith("none of the ")
    path = write_save(played, tmp_path / "old.json")
    data = json.loads(path.read_text())
    for option in ADDED_ON_READING[3]:
        data["setup"]["options"].pop(option)
    data["version"] = 3
    data["events"][-1]["reason"] = ended["reason"].replace("none of the ", "nobody of the ", 1)
    path.write_text(json.dumps(data))
    saved = read_save(path)
    assert saved.events == played.event_log()
    assert main(["replay", str(path), "--check"]) == 0


def _played(tmp_path: Path) -> Path:
    """A save of a match played a little way, at tmp_path/save.json."""
    match = Match(setup(), 5)
    advance(match, 30, 1)
    return write_save(match, tmp_path / "save.json")


def _corrupt(why: str) -> str:
    """The message (as a pattern) of a save.json that is corrupt for the reason given."""
    return r"save\.json: the save is corrupt \(" + why + r"\)$"


@pytest.mark.parametrize("version", [0, -1, True, 2.5, "4"])
def test_a_save_whose_version_is_not_a_positive_number_is_corrupt(tmp_path, version):
    path = tampered(_played(tmp_path), lambda data: data.update(version=version))
    with pytest.raises(SaveError, match=_corrupt("its version is not a format this game wrote")):
        read_save(path)


@pytest.mark.parametrize("option, value", [("max_rounds", "x"), ("max_rounds", 0), ("max_rounds", True),
                                           ("heroes", "warrior"), ("monsters", [1]), ("map", 5),
                                           ("sides", [["heroes"]]), (LEGACY_TIES, "yes")])
def test_a_save_whose_setup_holds_an_option_of_the_wrong_kind_is_corrupt(tmp_path, option, value):
    path = tampered(_played(tmp_path), lambda data: data["setup"]["options"].update({option: value}))
    with pytest.raises(SaveError, match=_corrupt(f"its option '{option}' is not .*")):
        read_save(path)


@pytest.mark.parametrize("seats, why", [
    ([], "it has no seats"),
    ([{"name": 1, "sides": ["heroes", "monsters"], "computer": False, "policy": "random"}], "seat 1 is malformed"),
    ([{"name": "Ann", "sides": "heroes monsters", "computer": False, "policy": "random"}], "seat 1 is malformed"),
    ([{"name": "Ann", "sides": ["heroes", "monsters"], "computer": "no", "policy": "random"}], "seat 1 is malformed"),
    ([{"name": "Ann", "sides": ["heroes"], "computer": False, "policy": "random"}, "Bo"], "seat 2 is malformed"),
    ([{"name": "Ann", "sides": ["heroes"], "computer": False, "policy": "random"},
      {"name": "Ann", "sides": ["monsters"], "computer": True, "policy": "random"}], "two seats are named 'Ann'"),
    ([{"name": "Ann", "sides": ["heroes"], "computer": False, "policy": "random"}], "no seat plays the monsters"),
    ([{"name": "Ann", "sides": ["mage"], "computer": False, "policy": "random"},
      {"name": "Bo", "sides": ["rivals"], "computer": False, "policy": "random"}], "no seat plays the monsters"),
], ids=["none", "a name not a string", "sides not a list", "computer not true or false", "a seat not an object",
        "two of one name", "a side nobody plays", "a side nobody plays, a hero of the other played alone"])
def test_a_save_whose_seats_are_missing_malformed_or_leave_a_side_unplayed_is_corrupt(tmp_path, seats, why):
    path = tampered(_played(tmp_path), lambda data: data["setup"].update(seats=seats))
    with pytest.raises(SaveError, match=_corrupt(why)):
        read_save(path)


@pytest.mark.parametrize("actions, why", [
    ("abc", "its actions are not a list"),
    ([["heroes", [["type", "EndTurn"]]]], "action 1 is malformed"),
    ([["heroes", {"type": "EndTurn"}, 1]], "action 1 is malformed"),
    ([[1, {"type": "EndTurn"}]], "action 1 is malformed"),
], ids=["not a list", "an action not an object", "three parts", "a seat not a name"])
def test_actions_that_are_not_pairs_of_a_seat_and_an_action_make_the_save_corrupt(tmp_path, actions, why):
    path = tampered(_played(tmp_path), lambda data: data.update(actions=actions))
    with pytest.raises(SaveError, match=_corrupt(why)):
        read_save(path)


@pytest.mark.parametrize("events", ["abc", [1, 2], {"type": "EncounterBegan"}])
def test_an_event_log_that_is_not_a_list_of_events_makes_the_save_corrupt(tmp_path, events):
    path = tampered(_played(tmp_path), lambda data: data.update(events=events))
    with pytest.raises(SaveError, match=_corrupt("its event log is not a list of events")):
        read_save(path)


def _nested(depth: int) -> str:
    """A save's text with a value nested ``depth`` lists deep in its options."""
    return ('{"format": "rulebound-save", "version": 4, "seed": 1, "setup": {"mode": "grid", "seats": [], '
            '"options": {"a": ' + "[" * depth + "]" * depth + '}}, "actions": [], "events": []}')


@pytest.mark.parametrize("text", ["[" * 100_000, _nested(100_000), _nested(500)],
                         ids=["open brackets", "nested past Python's stack", "nested deeper than a save"])
def test_a_save_nested_too_deeply_is_corrupt_not_a_crash(tmp_path, text):
    path = tmp_path / "save.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=_corrupt("it is nested too deeply")):
        read_save(path)


def _first_move(data: dict) -> int:
    """The index in a save's actions of its first move."""
    return next(i for i, (_, action) in enumerate(data["actions"]) if action["type"] == "Move")


def test_an_action_without_its_fields_makes_the_save_corrupt_and_says_which(tmp_path):
    path = _played(tmp_path)
    index = _first_move(json.loads(path.read_text()))
    tampered(path, lambda data: data["actions"][index][1].pop("to"))
    with pytest.raises(SaveError, match=_corrupt(f"action {index + 1} is malformed")):
        load_match(path)


def test_an_action_whose_fields_are_of_the_wrong_kind_makes_the_save_corrupt(tmp_path):
    path = _played(tmp_path)
    index = _first_move(json.loads(path.read_text()))
    tampered(path, lambda data: data["actions"][index][1].update(to={"x": 1}))
    with pytest.raises(SaveError, match=_corrupt(f"action {index + 1} is malformed")):
        load_match(path)


def test_a_save_naming_a_combatant_the_game_does_not_know_says_so_in_words(tmp_path):
    path = tampered(_played(tmp_path), lambda data: data["setup"]["options"].update(heroes=["nobody"]))
    with pytest.raises(SaveError, match=r"save\.json: the save cannot be set up again "
                                        r"\(it names 'nobody', which this game does not know\)$"):
        load_match(path)


def test_a_save_of_a_mode_the_game_does_not_have_names_the_mode_in_words(tmp_path):
    path = tampered(_played(tmp_path), lambda data: data["setup"].update(mode="chess"))
    with pytest.raises(SaveError, match=r"save\.json: the save cannot be set up again \(unknown mode 'chess'; "):
        load_match(path)


def _changed(change: Callable[[dict], object]) -> Callable[[str], str]:
    """A change of a save's plain data, as a change of its text."""
    def apply(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data)
    return apply


def _deep_option(text: str) -> str:
    """A save's text with an option nested deeper than Python's stack (which json.dumps cannot write)."""
    deep = "[" * 100_000 + "]" * 100_000
    return text.replace('"options": {', f'"options": {{"a": {deep}, ', 1)


CORRUPTIONS: dict[str, tuple[Callable[[str], str], str]] = {
    "a round limit not a number": (_changed(lambda data: data["setup"]["options"].update(max_rounds="x")),
                                   "its option 'max_rounds' is not a whole number from 1 up"),
    "no seats": (_changed(lambda data: data["setup"].update(seats=[])), "it has no seats"),
    "version 0": (_changed(lambda data: data.update(version=0)), "its version is not a format this game wrote"),
    "nested too deeply": (_deep_option, "it is nested too deeply"),
}


@pytest.mark.parametrize("kind", list(CORRUPTIONS))
def test_a_corrupt_save_is_one_line_and_exit_2_for_replay_check_and_play_resume(kind, tmp_path, capsys,
                                                                                monkeypatch):
    from game.ui.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    corrupted, why = CORRUPTIONS[kind]
    match = Match(setup(), 5)
    advance(match, 30, 1)
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(corrupted(json.dumps(to_save(match))))
    before = path.read_bytes()
    monkeypatch.setattr(App, "__init__", lambda *a, **k: pytest.fail("a window opened for a corrupt save"))
    for command in (["replay", str(path), "--check"], ["play", "--resume"]):
        assert main(command) == 2
        assert capsys.readouterr().err == f"{path}: the save is corrupt ({why})\n"
    assert path.read_bytes() == before
