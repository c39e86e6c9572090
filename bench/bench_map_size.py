"""What the same fight costs on maps of 32, 64, 128 and 256 squares a side: time and peak memory, as ratios to 32.

The encounter is the same on every map: the default heroes against the built-in hall's monsters, four
hero spawns facing four monster spawns 8 squares apart in the middle of an open map (floor everywhere,
no walls), 3 seeded games. Each size is played in a fresh process, so that one size's caches and memory
do not count for another; the sizes are run in turns, several times, and the medians are printed, so a
machine busy with other work slows every size alike.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (32, 64, 128, 256)
GAMES = 3
SEED = 1
REPEATS = 3  # turns over every size; the medians are printed
LIMIT = 2.0  # the 256-square map may cost at most twice the 32-square map, in time and in memory
GAP = 8  # squares between the heroes' spawns and the monsters'


def open_map_art(size: int) -> str:
    """An open size x size map as ``Battlefield.from_ascii`` reads it, with the spawns in its middle."""
    rows = [["."] * size for _ in range(size)]
    middle = size // 2
    left, right = middle - GAP // 2, middle + GAP // 2
    for y in range(middle - 2, middle + 2):
        rows[y][left] = "H"
        rows[y][right] = "M"
    return "\n".join("".join(row) for row in rows)


def play(size: int) -> dict[str, Any]:
    """Play the games on the map of this size in this process: seconds, peak memory and rounds."""
    from game.core.battlefield import Battlefield
    from game.players.balance import BalanceRequest, _plan, game_seed, play_one

    battlefield = Battlefield.from_ascii(open_map_art(size), name=f"open {size}")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS

    plan = _plan(BalanceRequest(), "normal", battlefield, list(DEFAULT_HEROES), list(DEFAULT_MONSTERS))
    results = [play_one((plan, game_seed(SEED, i))) for i in range(GAMES)]
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    return {"size": size, "seconds": seconds, "peak_mb": peak / 1024, "grown_mb": (peak - before) / 1024,
            "rounds": [r.rounds for r in results], "winners": [r.winner for r in results]}


def measure(size: int) -> dict[str, Any]:
    """Play the games of one size in a fresh process and read back what it measured."""
    done = subprocess.run([sys.executable, __file__, "--size", str(size)], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each size's median time and peak memory, and their ratios to the 32-square map."""
    runs: dict[int, list[dict[str, Any]]] = {size: [] for size in SIZES}
    for _ in range(REPEATS):
        for size in SIZES:
            runs[size].append(measure(size))
    print(f"the same fight ({GAMES} seeded games, 4 heroes against 4 monsters {GAP} squares apart) on open maps, "
          f"each size in a fresh process, medians of {REPEATS} turns:")
    print("    map        time   ratio   peak memory   ratio   (grown during the games)   rounds")
    base_time = statistics.median(r["seconds"] for r in runs[SIZES[0]])
    base_peak = statistics.median(r["peak_mb"] for r in runs[SIZES[0]])
    for size in SIZES:
        seconds = statistics.median(r["seconds"] for r in runs[size])
        peak = statistics.median(r["peak_mb"] for r in runs[size])
        grown = statistics.median(r["grown_mb"] for r in runs[size])
        rounds = ",".join(str(n) for n in runs[size][0]["rounds"])
        print(f"    {size:3}x{size:<3} {seconds:6.2f} s {seconds / base_time:6.2f}   {peak:8.0f} MB "
              f"{peak / base_peak:6.2f}   ({grown:5.0f} MB)                  {rounds}")
    worst = max(statistics.median(r["seconds"] for r in runs[SIZES[-1]]) / base_time,
                statistics.median(r["peak_mb"] for r in runs[SIZES[-1]]) / base_peak)
    print(f"    {SIZES[-1]}x{SIZES[-1]} against {SIZES[0]}x{SIZES[0]}: at most {LIMIT:.0f} times wanted: "
          f"{'ok' if worst <= LIMIT else 'TOO COSTLY'}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--size":
        print(json.dumps(play(int(sys.argv[2]))))
    else:
        main()
