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
import tracemalloc
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


def _encounter(size: int) -> tuple[dict[str, Any], float]:
    """The plan of the games on the map of this size (the map, the sides, their policies) and seconds to make it."""
    from game.core.battlefield import Battlefield
    from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS
    from game.players.balance import BalanceRequest, _plan

    battlefield = Battlefield.from_ascii(open_map_art(size), name=f"open {size}")
    started = time.perf_counter()
    plan = _plan(BalanceRequest(), "normal", battlefield, list(DEFAULT_HEROES), list(DEFAULT_MONSTERS))
    return plan, time.perf_counter() - started


def play(size: int, traced: bool) -> dict[str, Any]:
    """Play the games on the map of this size in this process: seconds, or the memory the games held at their
    peak beyond the map and the plan (``traced``, which slows the games, so time and memory come from two runs)."""
    import game.modes  # noqa: F401  (registers every mode, as simulate does before it plans)
    from game.players.balance import game_seed, play_one

    plan, plan_seconds = _encounter(size)
    if traced:
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
    started = time.perf_counter()
    results = [play_one((plan, game_seed(SEED, i))) for i in range(GAMES)]
    seconds = time.perf_counter() - started
    held = (tracemalloc.get_traced_memory()[1] - before) / 2 ** 20 if traced else 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    return {"size": size, "seconds": seconds, "plan_seconds": plan_seconds, "held_mb": held, "peak_mb": peak,
            "rounds": [r.rounds for r in results], "winners": [r.winner for r in results]}


def open_screen(size: int) -> dict[str, float]:
    """Open the encounter screen on the map of this size as the menu does (headless): seconds until its first frame
    is drawn, and the median frame after the pointer moves to another square (with its path preview)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    import game.modes  # noqa: F401  (the menu has imported every mode before an encounter opens)
    from game.core.battlefield import Battlefield
    from game.modes.grid.actions import RollInitiative
    from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS
    from game.ui.app import App
    from game.ui.modes.grid import GridScreen
    from game.ui.session import EncounterChoice, Session
    from game.ui.settings import Settings

    window = (1280, 800)
    app = App(Settings(window=window, animation="off"), size=window, remember=False)
    battlefield = Battlefield.from_ascii(open_map_art(size), name=f"open {size}")
    started = time.perf_counter()
    session = Session(EncounterChoice(heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS, seed=SEED), battlefield)
    opened = time.perf_counter() - started
    # On to the first hero's turn (not timed: that is the game), where the pointer previews paths.
    while session.match.pending_seat() != "heroes" or session.match.view("heroes").phase != "turn":
        action = RollInitiative() if session.match.view("heroes").phase == "initiative" else session.planned_action()
        assert action is not None  # the computer always has an action for its side
        session.apply(action)
    started = time.perf_counter()
    screen = GridScreen(app, session, on_menu=app.quit, on_again=app.quit)
    app.show(screen)
    app.step(0)
    opened += time.perf_counter() - started
    middle = size // 2
    squares = [(x, y) for x in range(middle - 6, middle + 6) for y in range(middle - 6, middle + 6)]
    frames = []
    for i in range(120):
        pos = screen.map_view.square_centre(squares[(i * 37) % len(squares)])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        begun = time.perf_counter()
        if app.step(0):
            frames.append(time.perf_counter() - begun)
    pygame.quit()
    return {"size": size, "opened": opened, "frame_ms": statistics.median(frames) * 1000 if frames else 0.0}


def open_screen_in_process(size: int) -> dict[str, float]:
    """Open the encounter screen on the map of this size in a fresh process and read back what it measured."""
    done = subprocess.run([sys.executable, __file__, "--screen", str(size)], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(size: int, traced: bool) -> dict[str, Any]:
    """Play the games of one size in a fresh process and read back what it measured."""
    command = [sys.executable, __file__, "--size", str(size)] + (["--traced"] if traced else [])
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Print each size's median time and memory, and their ratios to the 32-square map."""
    timed: dict[int, list[dict[str, Any]]] = {size: [] for size in SIZES}
    traced: dict[int, list[dict[str, Any]]] = {size: [] for size in SIZES}
    for turn in range(REPEATS):
        for size in SIZES:
            timed[size].append(measure(size, False))
            if turn == 0:
                traced[size].append(measure(size, True))  # the same every time: measured once
    screens = {size: [open_screen_in_process(size) for _ in range(REPEATS)] for size in (SIZES[0], SIZES[-1])}

    def median(runs: dict[int, list[dict[str, Any]]], size: int, key: str) -> float:
        return statistics.median(r[key] for r in runs[size])

    print(f"the same fight ({GAMES} seeded games, 4 heroes against 4 monsters {GAP} squares apart) on open maps, "
          f"each size in fresh processes, medians of {REPEATS} turns:")
    print("    map      games' time  ratio   games' memory  ratio   process peak  ratio   plan    rounds")
    first = SIZES[0]
    for size in SIZES:
        seconds, peak = median(timed, size, "seconds"), median(timed, size, "peak_mb")
        held = median(traced, size, "held_mb")
        rounds = ",".join(str(n) for n in timed[size][0]["rounds"])
        print(f"    {size:3}x{size:<3} {seconds:8.2f} s {seconds / median(timed, first, 'seconds'):6.2f} "
              f"{held:10.1f} MB {held / median(traced, first, 'held_mb'):6.2f} "
              f"{peak:9.0f} MB {peak / median(timed, first, 'peak_mb'):6.2f} "
              f"{median(timed, size, 'plan_seconds'):6.2f} s  {rounds}")
    last = SIZES[-1]
    worst = max(median(timed, last, "seconds") / median(timed, first, "seconds"),
                median(traced, last, "held_mb") / median(traced, first, "held_mb"))
    print(f"    games on {last}x{last} against {first}x{first}: at most {LIMIT:.0f} times the time and the memory "
          f"wanted: {'ok' if worst <= LIMIT else 'TOO COSTLY'}")
    print("    (games' memory: the most the games held beyond the map and the plan, by tracemalloc in a second "
          "process; process peak: the whole process, the map included; plan: once per run, before the games)")
    for size, opened in screens.items():
        seconds = statistics.median(screen["opened"] for screen in opened)
        frame = statistics.median(screen["frame_ms"] for screen in opened)
        verdict = "ok" if seconds < 1.0 else "TOO SLOW"
        print(f"    the encounter screen on {size}x{size}: opens in {seconds:.2f} s (under 1 s wanted on {SIZES[-1]}: "
              f"{verdict}), frame after a pointer move {frame:.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--screen":
        print(json.dumps(open_screen(int(sys.argv[2]))))
    elif len(sys.argv) >= 3 and sys.argv[1] == "--size":
        print(json.dumps(play(int(sys.argv[2]), "--traced" in sys.argv)))
    else:
        main()
