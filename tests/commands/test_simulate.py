"""The simulate command: the same seed gives the same report; bad arguments give one line and exit 2."""

import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from game.commands.simulate import play_all
from game.players.balance import verdict
from main import main
from tests.maps.tiled_files import floor_map


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_has_the_promised_keys(capsys):
    code, out, _ = run(capsys, "--mode", "grid", "--games", "3", "--seed", "5", "--max-rounds", "8", "--json")
    assert code == 0
    report = json.loads(out)
    for key in ("games", "hero_wins", "monster_wins", "draws", "hero_win_rate", "median_rounds"):
        assert key in report
    assert report["games"] == 3
    assert report["hero_wins"] + report["monster_wins"] + report["draws"] == 3


def test_simulate_prints_the_share_of_quiet_rounds_in_every_mode(capsys):
    for mode in ("grid", "stances", "cards", "arenas", "beats"):
        code, out, _ = run(capsys, "--mode", mode, "--games", "1", "--seed", "5", "--max-rounds", "8", "--json")
        report = json.loads(out)
        # Every mode's fights have rounds with attacks in them: a mode's attacks are known by its spec.
        assert code == 0 and 0 <= report["quiet_rounds"] < report["all_rounds"], mode
        assert report["quiet_share"] == round(report["quiet_rounds"] / report["all_rounds"], 4)
        text = run(capsys, "--mode", mode, "--games", "1", "--seed", "5", "--max-rounds", "8")[1]
        assert f"quiet rounds (no attack roll in them): {report['quiet_share']:.1%} " \
               f"({report['quiet_rounds']} of {report['all_rounds']})" in text


def test_same_seed_gives_the_same_output(capsys):
    first = run(capsys, "--games", "3", "--seed", "9", "--max-rounds", "8")[1]
    second = run(capsys, "--games", "3", "--seed", "9", "--max-rounds", "8")[1]
    assert first == second and "heroes' win rate" in first


def test_parallel_and_serial_runs_agree(capsys):
    serial = run(capsys, "--games", "4", "--seed", "2", "--max-rounds", "5", "--jobs", "1", "--json")[1]
    parallel = run(capsys, "--games", "4", "--seed", "2", "--max-rounds", "5", "--jobs", "2", "--json")[1]
    assert serial == parallel


def _noted_game(job: tuple[dict[str, Any], int]) -> int:
    """Stands in for one game in a worker: notes its seed, takes a moment; the chosen one brings the interrupt."""
    plan, seed = job
    with open(plan["log"], "a") as log:
        log.write(f"{seed}\n")
    if seed == plan["interrupted"]:
        raise KeyboardInterrupt
    time.sleep(0.05)
    return seed


def test_ctrl_c_in_a_parallel_run_drops_the_games_not_yet_begun(tmp_path):
    # The interrupt reaches the run while it waits for results: the thousands of games queued are never played.
    # The few handed to a worker are played out, more of them the longer a loaded machine takes to stop the rest:
    # a game takes 50 ms here, so 400 of them would take a stall of ten seconds.
    log = tmp_path / "played"
    plan = {"log": str(log), "interrupted": 0}
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(KeyboardInterrupt):
        play_all(plan, list(range(2000)), pool, 2, play=_noted_game)
    assert 1 <= len(log.read_text().split()) <= 400


def test_unknown_hero_gives_one_line_and_exit_2(capsys):
    code, out, err = run(capsys, "--heroes", "warrior,dragon")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown hero 'dragon'" in err


def test_names_may_be_written_as_the_game_shows_them(capsys):
    # The menu shows "Brannoc" and "Goblin Archer"; the data calls them warrior and goblin_archer.
    shown = run(capsys, "--heroes", "Brannoc, ysolde", "--monsters", "Goblin Archer,SKELETON,giant-rat",
                "--games", "2", "--seed", "3", "--max-rounds", "4", "--json")
    ids = run(capsys, "--heroes", "warrior,ranger", "--monsters", "goblin_archer,skeleton,giant_rat",
              "--games", "2", "--seed", "3", "--max-rounds", "4", "--json")
    assert shown[0] == 0 and shown[1] == ids[1]
    assert set(json.loads(shown[1])["combatants"]) == {"warrior", "ranger", "goblin_archer", "skeleton", "giant_rat"}


def test_an_unknown_name_is_reported_as_written(capsys):
    code, _, err = run(capsys, "--monsters", "Skeleton,Dragon")
    assert code == 2 and "unknown monster 'Dragon'" in err and "goblin_archer" in err


def test_non_number_games_gives_one_line_and_exit_2(capsys):
    try:
        main(["simulate", "--games", "many"])
    except SystemExit as stop:
        assert stop.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--games" in err


def test_a_negative_number_of_processes_is_refused(capsys):
    code, out, err = run(capsys, "--games", "2", "--jobs", "-1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--jobs must be from 1 to 64, or 0" in err


def test_zero_games_is_refused(capsys):
    code, _, err = run(capsys, "--games", "0")
    assert code == 2 and "--games" in err


def test_the_report_says_in_words_how_hard_the_fight_was(capsys):
    out = run(capsys, "--games", "3", "--seed", "9", "--max-rounds", "40")[1]  # long enough for every game to end
    lines = out.splitlines()
    rate_line = next(i for i, line in enumerate(lines) if line.startswith("heroes' win rate "))
    rate = float(lines[rate_line].split()[3].rstrip("%")) / 100
    assert lines[rate_line + 1] == verdict(rate)


def _one_apart(a: list[str], b: list[str]) -> bool:
    """Whether two monster lists differ by one monster added or taken away."""
    from collections import Counter

    difference = (Counter(a) - Counter(b)) + (Counter(b) - Counter(a))
    return sum(difference.values()) == 1


def test_find_even_steps_the_monsters_one_at_a_time_and_names_the_closest(capsys):
    args = ("--find-even", "--games", "6", "--seed", "3", "--monsters", "kobold,kobold", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    found = json.loads(out)
    tried = found["tried"]
    assert tried[0]["monsters"] == ["kobold", "kobold"] and len(tried) > 1  # two kobolds are no match for four heroes
    for i, step in enumerate(tried[1:], start=1):
        assert any(_one_apart(step["monsters"], earlier["monsters"]) for earlier in tried[:i])
    closest = min(reversed(tried), key=lambda t: abs(t["hero_win_rate"] - 0.5))  # of a tie, the last tried
    assert (found["monsters"], found["hero_win_rate"]) == (closest["monsters"], closest["hero_win_rate"])
    assert found["even"] == (35 < round(found["hero_win_rate"] * 100) < 65)
    assert run(capsys, *args)[1] == out  # the same seed, the same search


def test_find_even_prints_each_estimate_and_the_monsters_to_pass_on(capsys):
    code, out, _ = run(capsys, "--find-even", "--games", "6", "--seed", "3", "--monsters", "kobold,kobold")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Looking for an even fight on Ruined Hall")
    assert lines[1].strip().endswith("kobold x2")
    assert lines[-2].startswith(("An even fight:", "No count is even"))
    assert lines[-1].startswith("  --monsters kobold,")


def test_rivals_fight_the_heroes_instead_of_monsters_and_their_wins_are_counted_apart(capsys):
    code, out, _ = run(capsys, "--heroes", "warrior,ranger", "--rivals", "mage,cleric", "--games", "4", "--seed", "3",
                       "--max-rounds", "60", "--json")
    assert code == 0
    report = json.loads(out)
    assert "monster_wins" not in report
    assert report["hero_wins"] + report["rival_wins"] + report["draws"] == 4
    sides = {cid: c["side"] for cid, c in report["combatants"].items()}
    assert sorted(sides.values()) == ["heroes", "heroes", "rivals", "rivals"]
    text = run(capsys, "--heroes", "warrior,ranger", "--rivals", "mage,cleric", "--games", "4", "--seed", "3",
               "--max-rounds", "60")[1]
    assert f"first party won {report['hero_wins']}, second party won {report['rival_wins']}" in text
    assert verdict(report["hero_win_rate"], "rivals") in text


def test_rivals_are_refused_with_monsters_with_find_even_and_in_the_stances_mode(capsys):
    for args, problem in ((("--rivals", "mage", "--monsters", "kobold"), "leave out --monsters"),
                          (("--rivals", "mage", "--find-even"), "with --rivals there are none"),
                          (("--rivals", "mage", "--mode", "stances"), "heroes fight monsters only"),
                          (("--rivals", "mage,dragon"), "--rivals: unknown hero 'dragon'")):
        code, out, err = run(capsys, *args, "--games", "2")
        assert code == 2 and out == "" and err.count("\n") == 1 and problem in err, (args, err)


def test_a_map_with_too_little_room_for_the_sides_gives_one_line_and_exit_2(capsys, tmp_path):
    two = floor_map(tmp_path, ["11"])
    for mode in ("grid", "stances"):
        code, out, err = run(capsys, "--mode", mode, "--map", str(two), "--games", "2")
        assert code == 2 and out == ""
        assert err == f"simulate: {two}: the map has room for only 2 of the 4 heroes\n"


def test_find_even_adds_no_more_monsters_than_the_map_has_room_for(capsys, tmp_path):
    # Nine squares: a warrior and at most eight kobolds. Random kobolds never trouble him, so the search adds
    # kobolds until the map is full, and stops there instead of on an error.
    nine = floor_map(tmp_path, ["111", "111", "111"])
    code, out, err = run(capsys, "--map", str(nine), "--heroes", "warrior", "--monsters", "kobold," * 5 + "kobold",
                         "--monster-ai", "random", "--games", "4", "--seed", "2", "--find-even", "--json")
    assert code == 0, err
    tried = [len(t["monsters"]) for t in json.loads(out)["tried"]]
    assert tried == [6, 7, 8]


@pytest.mark.parametrize("arguments, message", [
    (["--heroes", "warrior,,ranger"], "--heroes: 'warrior,,ranger' has an empty hero name between its commas"),
    (["--monsters", "kobold,"], "--monsters: 'kobold,' has an empty monster name between its commas"),
    (["--map", ""], "--map needs the path of a Tiled map (or builtin:hall)"),
    (["--mode", "stances", "--map", "builtin:hall"],
     "builtin:hall: no such built-in map (the stances mode's own is builtin:crossing)"),
    (["--map", "builtin:crossing"], "builtin:crossing: no such built-in map (the grid mode's own is builtin:hall)"),
])
def test_bad_names_and_maps_give_one_line_and_exit_2(capsys, arguments, message):
    code, out, err = run(capsys, "--games", "1", *arguments)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_a_run_mostly_of_draws_says_the_round_limit_decided_it_rather_than_judging_the_fight(capsys):
    out = run(capsys, "--games", "1", "--max-rounds", "1")[1]
    lines = out.splitlines()
    assert lines[0].startswith("1 game on Ruined Hall")
    assert lines[1] == "heroes won 0, monsters won 0, draws 1"
    assert lines[3] == "Most games reached the round limit undecided, so the win rate says little: raise --max-rounds."


def _map_with_a_misspelt_monster(tmp_path):
    """A 6x3 room whose monster spawns name a skeleton and a monster no mode knows."""
    from tests.maps.tiled_files import object_layer, point_obj

    markers = object_layer("markers", point_obj("hero_spawn", 0, 1),
                           point_obj("monster_spawn", 5, 0, props={"monster": "skeleton"}),
                           point_obj("monster_spawn", 5, 2, props={"monster": "Goblin Archr"}))
    return floor_map(tmp_path, ["111111"] * 3, markers, spawns=False)


def test_the_maps_warnings_go_to_stderr_one_line_each_and_the_json_stays_json(capsys, tmp_path):
    path = _map_with_a_misspelt_monster(tmp_path)
    code, out, err = run(capsys, "--map", str(path), "--games", "1", "--max-rounds", "2", "--json")
    assert code == 0
    assert json.loads(out)["games"] == 1
    (line,) = err.splitlines()
    assert line.startswith(f"{path}: warning: monster_spawn (object ") and "'Goblin Archr'" in line


def test_the_maps_warnings_are_printed_before_the_report_in_words(capsys, tmp_path):
    path = _map_with_a_misspelt_monster(tmp_path)
    code, out, err = run(capsys, "--map", str(path), "--games", "1", "--max-rounds", "2")
    assert code == 0 and "warning" not in out
    assert err.count(f"{path}: warning: ") == 1


def test_the_stances_mode_warns_about_monster_names_it_does_not_know_listing_its_own(capsys, tmp_path):
    path = _map_with_a_misspelt_monster(tmp_path)
    code, out, err = run(capsys, "--mode", "stances", "--map", str(path), "--games", "1", "--max-rounds", "2",
                         "--json")
    assert code == 0 and json.loads(out)["games"] == 1
    lines = err.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{path}: warning: monster_spawn") for line in lines)
    assert "'skeleton'" in lines[0] and "undead_orc" in lines[0] and "goblin_archer" not in lines[0]
