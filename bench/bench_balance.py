"""How long the menu's balance estimate takes for each mode's default encounter, as the menu plays it."""

from __future__ import annotations

import time

from game.players.balance import BalanceRequest, Estimate, background_pool, make_plan
from game.ui.estimate import GAMES, SEED

MODES = ("grid", "stances")


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
        seconds, rate = estimate_seconds(mode)
        print(f"    {mode:8} {seconds:5.1f} s  (heroes win {100 * rate:.0f} %)")


if __name__ == "__main__":
    main()
