"""How long the menu's balance estimate takes for each mode's default encounter, as the menu plays it.

Each figure is also given in yardsticks (the time of ``sum(range(10**6))`` measured just before it), so
figures from a busy day and a quiet one compare; every mode's estimate should finish within 200.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from run import yardstick_seconds  # noqa: E402

import game.modes  # noqa: E402,F401  (registers every mode)
from game.core.modespec import specs  # noqa: E402
from game.players.balance import BalanceRequest, Estimate, background_pool, make_plan  # noqa: E402
from game.ui.estimate import GAMES, SEED  # noqa: E402

MODES = tuple(spec.name for spec in specs())  # every registered mode
LIMIT = 200  # yardsticks


def estimate_seconds(mode: str) -> tuple[float, float]:
    """Seconds by the wall clock from the start of the menu's estimate to its report; the heroes' win rate."""
    plan = make_plan(BalanceRequest(mode=mode, games=GAMES))
    with background_pool() as pool:
        # The workers start before the clock does: the menu keeps its pool from one estimate to the next.
        pool.submit(sum, ()).result()
        pool.submit(sum, ()).result()
        started = time.perf_counter()
        estimate = Estimate(plan, GAMES, SEED, pool)
        while (report := estimate.report()) is None:
            if estimate.error() is not None:
                raise RuntimeError(estimate.error())
            time.sleep(0.05)
        return time.perf_counter() - started, report["hero_win_rate"]


def main() -> None:
    """Print the time of the menu's balance estimate in every mode."""
    print(f"the menu's balance estimate, {GAMES} games on two worker processes, each mode's default encounter:")
    for mode in MODES:
        stick = yardstick_seconds()
        seconds, rate = estimate_seconds(mode)
        sticks = seconds / stick
        print(f"    {mode:8} {seconds:5.1f} s = {sticks:5.0f} yardsticks of {stick * 1000:.1f} ms "
              f"(at most {LIMIT} wanted: {'ok' if sticks <= LIMIT else 'TOO SLOW'})  (heroes win {100 * rate:.0f} %)")


if __name__ == "__main__":
    main()
