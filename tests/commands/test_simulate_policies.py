"""The simulate command with the tactical policy: difficulty, baselines by name, and Tiled maps."""

import json
from pathlib import Path

from main import main

MAPS = Path(__file__).resolve().parents[2] / "maps"


def report(capsys, *args: str) -> dict:
    code = main(["simulate", "--json", "--games", "4", "--seed", "3", "--max-rounds", "10", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_every_difficulty_runs_and_the_levels_play_differently(capsys):
    easy = report(capsys, "--difficulty", "easy")
    hard = report(capsys, "--difficulty", "hard")
    assert easy["games"] == hard["games"] == 4
    assert easy != hard


def test_baselines_are_chosen_by_name_for_either_side(capsys):
    result = report(capsys, "--hero-ai", "weighted", "--monster-ai", "random")
    assert result["hero_wins"] + result["monster_wins"] + result["draws"] == 4


def test_a_shipped_tiled_map_is_simulated_with_its_own_monsters(capsys):
    result = report(capsys, "--map", str(MAPS / "forest.tmx"))
    monsters = {cid.split("#")[0] for cid, c in result["combatants"].items() if c["side"] == "monsters"}
    assert monsters == {"giant_rat", "goblin_archer", "ooze", "wolf"}


def test_an_unknown_difficulty_gives_one_line_and_exit_2(capsys):
    try:
        main(["simulate", "--difficulty", "brutal"])
    except SystemExit as stop:
        assert stop.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--difficulty" in err
