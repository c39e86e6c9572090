"""The balance estimate: the same figures as simulate, read while the games are played in worker processes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from game.modes.grid import events as grid_events
from game.modes.stances import events as stances_events
from game.players.balance import (
    BalanceRequest,
    Estimate,
    GameResult,
    background_pool,
    game_pool,
    make_plan,
    play_many,
    quiet_rounds,
    summarise,
    verdict,
)

ROOT = Path(__file__).resolve().parents[2]


class HeldPool:
    """An executor whose tasks run only when told to, so a test can look at an estimate half played."""

    def __init__(self) -> None:
        self.tasks: list[tuple[Future, Callable[..., object], tuple]] = []

    def submit(self, fn, *args):  # noqa: ANN001, ANN201  (the Executor signature)
        future: Future = Future()
        self.tasks.append((future, fn, args))
        return future

    def run(self, count: int) -> None:
        """Run the next ``count`` tasks not yet run or cancelled."""
        for future, fn, args in self.tasks:
            if count == 0:
                return
            if future.done() or not future.set_running_or_notify_cancel():
                continue
            future.set_result(fn(*args))
            count -= 1


def test_estimate_reports_what_simulate_prints_for_the_same_seed() -> None:
    request = BalanceRequest(heroes="warrior,ranger", monsters="goblin_archer,kobold", games=6)
    pool = background_pool(2)
    try:
        estimate = Estimate(make_plan(request), games=6, seed=2, pool=pool, chunk=2)
        for _, task in estimate._tasks:
            task.result(timeout=120)
        report = estimate.report()
    finally:
        pool.shutdown()
    out = subprocess.run([sys.executable, "main.py", "simulate", "--heroes", "warrior,ranger", "--monsters",
                          "goblin_archer,kobold", "--games", "6", "--seed", "2", "--json", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert report == json.loads(out)


def test_workers_leave_ctrl_c_to_the_process_that_started_them() -> None:
    # Ctrl-C in a terminal reaches every process of its group: a worker that took it would print a traceback.
    for pool in (background_pool(1), game_pool(1)):
        with pool:
            assert pool.submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN


def test_estimate_counts_progress_and_reports_only_when_every_game_is_played() -> None:
    plan = make_plan(BalanceRequest(heroes="warrior", monsters="kobold", games=5))
    pool = HeldPool()
    estimate = Estimate(plan, games=5, seed=1, pool=pool, chunk=2)  # type: ignore[arg-type]
    assert (estimate.played(), estimate.report()) == (0, None)
    pool.run(2)
    assert (estimate.played(), estimate.report()) == (4, None)
    pool.run(1)
    assert estimate.played() == 5
    seeds = [1_000_003 + i for i in range(5)]
    assert estimate.report() == summarise(play_many(plan, seeds))


def test_estimate_sums_up_the_games_played_so_far_while_the_others_are_still_played() -> None:
    plan = make_plan(BalanceRequest(heroes="warrior", monsters="kobold", games=6))
    pool = HeldPool()
    estimate = Estimate(plan, games=6, seed=1, pool=pool, chunk=2)  # type: ignore[arg-type]
    assert estimate.so_far() is None
    pool.run(2)
    seeds = [1_000_003 + i for i in range(4)]
    assert estimate.so_far() == summarise(play_many(plan, seeds)) and estimate.report() is None


def test_a_cancelled_estimate_plays_no_more_and_never_reports() -> None:
    plan = make_plan(BalanceRequest(heroes="warrior", monsters="kobold", games=4))
    pool = HeldPool()
    estimate = Estimate(plan, games=4, seed=1, pool=pool, chunk=1)  # type: ignore[arg-type]
    pool.run(1)
    estimate.cancel()
    pool.run(3)
    assert estimate.played() == 1
    assert estimate.report() is None
    assert estimate.error() is None


def test_the_verdict_says_how_hard_the_fight_is_and_at_either_end_what_would_even_it() -> None:
    assert verdict(0.95) == "Easy for the heroes: add monsters for a closer fight."
    assert verdict(0.90) == "Easy for the heroes: add monsters for a closer fight."
    assert verdict(0.89) == "The heroes are favoured."
    assert verdict(0.65) == "The heroes are favoured."
    assert verdict(0.64) == "An even fight."
    assert verdict(0.36) == "An even fight."
    assert verdict(0.35) == "The monsters are favoured."
    assert verdict(0.11) == "The monsters are favoured."
    assert verdict(0.10) == "Very hard for the heroes: take monsters away for a fairer fight."
    assert verdict(0.0) == "Very hard for the heroes: take monsters away for a fairer fight."


def test_the_verdict_follows_the_whole_percentage_the_estimate_shows() -> None:
    assert verdict(0.896) == verdict(0.90)  # shown as 90 %
    assert verdict(0.104) == verdict(0.10)  # shown as 10 %


def test_a_round_in_which_nobody_makes_an_attack_roll_is_quiet() -> None:
    roll = grid_events.AttackRolled.__new__(grid_events.AttackRolled)
    contest = stances_events.ContestRolled.__new__(stances_events.ContestRolled)
    events = [grid_events.TurnStarted("a", 1), roll, grid_events.TurnStarted("b", 2),
              grid_events.TurnStarted("a", 3), contest, grid_events.TurnStarted("a", 4)]
    assert quiet_rounds(events, 4) == 2  # rounds 2 and 4


def test_simulate_reports_the_share_of_quiet_rounds() -> None:
    results = [GameResult("heroes", 10, {}, 1), GameResult("monsters", 30, {}, 9)]
    report = summarise(results)
    assert (report["quiet_rounds"], report["all_rounds"], report["quiet_share"]) == (10, 40, 0.25)


def test_each_mode_names_its_attacks_and_a_run_counts_each_fights_rounds_apart() -> None:
    from game.modes.beats import events as beats_events
    from game.modes.beats.spec import BEATS
    from game.modes.cards import events as cards_events
    from game.modes.cards.spec import CARDS

    attack = cards_events.AttackResolved.__new__(cards_events.AttackResolved)
    cards = [cards_events.RoundBegan(1, ()), attack, cards_events.RoundBegan(2, ())]
    assert quiet_rounds(cards, 2, CARDS.attack_made, CARDS.fight_begins) == 1  # round 2
    assert quiet_rounds(cards, 2) == 2  # read as another mode's, no event of it is an attack roll

    def fight(number: int) -> beats_events.FightBegan:
        return beats_events.FightBegan(number, "the yard", ("mara",), ("thug",), ())

    def beat(round_: int, kind: str) -> list[object]:
        return [beats_events.DicePresented(round_, 1, (), (), ()),
                beats_events.ActionDeclared("mara", kind, "thug", "", 4)]

    run = [fight(1), *beat(1, "attack"), *beat(2, "hold"), fight(2), *beat(1, "attack")]
    assert quiet_rounds(run, 3, BEATS.attack_made, BEATS.fight_begins) == 1  # the first fight's round 2
