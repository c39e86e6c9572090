"""One run of each kind of mutant, as `make fuzz` and the quick fuzz tests both use them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.content import DATA
from tests.fuzz.mutants import command_line, data_mutant, map_mutant, prepare_map_folder, save_mutant
from tests.fuzz.runner import load_data, problem, run_main

Verdict = tuple[str, str]  # "accepted", "refused", "replayed differently" or "failed"; what went wrong, or ""


def _verdict(outcome_problem: str, status: int | None) -> Verdict:
    if outcome_problem:
        return "failed", outcome_problem
    return {2: "refused", 1: "replayed differently"}.get(status or 0, "accepted"), ""


def good_save(folder: Path) -> dict[str, Any]:
    """A short grid match on the built-in map, as plain save data: the seed of every save mutant."""
    from game.core.match import Match
    from game.core.mode import MatchSetup
    from game.core.saves import to_save
    from game.modes.grid.mode import default_seats
    from game.modes.grid.skirmish import BUILTIN
    from tests.saved_games import advance

    match = Match(MatchSetup("grid", default_seats(), {"map": BUILTIN, "heroes": ["warrior", "mage"],
                                                       "monsters": ["skeleton", "wolf"], "max_rounds": 4}), 7)
    advance(match, 25, 3)
    data = to_save(match)
    close = getattr(match.mode, "close", None)
    if close is not None:
        close()
    return json.loads(json.dumps(data))


def maps(folder: Path) -> Callable[[random.Random], Verdict]:
    """check-map on a mutant map."""
    where = prepare_map_folder(folder)

    def run(rng: random.Random) -> Verdict:
        outcome = run_main(["check-map", map_mutant(rng, where)])
        return _verdict(problem(outcome), outcome.status)
    return run


def saves(folder: Path) -> Callable[[random.Random], Verdict]:
    """replay --check on a mutant save (exit 1, a replay that differs from the log, is an answer too)."""
    folder.mkdir(parents=True, exist_ok=True)
    good = good_save(folder)

    def run(rng: random.Random) -> Verdict:
        outcome = run_main(["replay", "--check", save_mutant(rng, good, folder)])
        return _verdict(problem(outcome, allowed=(0, 1, 2)), outcome.status)
    return run


def data(folder: Path) -> Callable[[random.Random], Verdict]:
    """Loading a mode's data with one mutant file."""
    folder.mkdir(parents=True, exist_ok=True)

    def run(rng: random.Random) -> Verdict:
        mode, copy = data_mutant(rng, DATA, folder)
        outcome = load_data(mode, copy)
        return _verdict(problem(outcome), outcome.status)
    return run


def commands(folder: Path) -> Callable[[random.Random], Verdict]:
    """An odd command line of check-map, replay --check, simulate or odds."""
    where = prepare_map_folder(folder)
    save = where / "good.json"
    save.write_text(json.dumps(good_save(folder)))
    paths = {"map": str(Path(__file__).resolve().parents[2] / "maps" / "crypt.tmx"), "save": str(save),
             "fifo": str(where / "fifo.tmx"), "folder": str(where), "missing": str(where / "missing.tmx")}

    def run(rng: random.Random) -> Verdict:
        outcome = run_main(command_line(rng, paths))
        return _verdict(problem(outcome), outcome.status)
    return run


KINDS: dict[str, Callable[[Path], Callable[[random.Random], Verdict]]] = {
    "maps": maps, "saves": saves, "data": data, "commands": commands}
