"""``simulate``: play many matches with the computer on both sides and report how they went."""

from __future__ import annotations

import argparse
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.players.balance import (  # noqa: F401  (GameResult and wilson_interval are read from here too)
    DIFFICULTIES,
    GameResult,
    game_seed,
    make_plan,
    play_one,
    summarise,
    verdict,
    wilson_interval,
)

PARALLEL_FROM = 40  # below this many games one process is quicker than starting a second


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the simulate command's options."""
    parser.add_argument("--mode", default="grid", help="rule system (default: grid)")
    parser.add_argument("--games", type=int, default=100, help="how many matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument("--map", dest="map_path",
                        help="a Tiled .tmx map or builtin:hall (default: the built-in ruined hall)")
    parser.add_argument("--heroes", help="comma-separated hero ids (default: warrior,ranger,mage,cleric)")
    parser.add_argument("--monsters", help="comma-separated monster ids (default: the map's or a mixed band)")
    parser.add_argument("--hero-ai", default="tactical",
                        help="policy for the heroes: tactical, weighted or random (default: tactical)")
    parser.add_argument("--monster-ai", default="tactical",
                        help="policy for the monsters: tactical, weighted or random (default: tactical)")
    parser.add_argument("--difficulty", default="normal", choices=DIFFICULTIES,
                        help="how well the tactical policy plays, on every side it runs (default: normal)")
    parser.add_argument("--max-rounds", type=int, default=100, help="rounds before a match is a draw (default 100)")
    parser.add_argument("--jobs", type=int, default=0, help="processes to use (default: every core when useful)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the report."""
    plan = make_plan(args)
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    jobs = args.jobs or (min(os.cpu_count() or 1, 2) if args.games >= PARALLEL_FROM else 1)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_one, [(plan, s) for s in seeds], chunksize=max(1, len(seeds) // (jobs * 8))))
    else:
        results = [play_one((plan, s)) for s in seeds]
    report = summarise(results)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report, plan))
    return 0


def format_report(report: dict[str, Any], plan: dict[str, Any]) -> str:
    """The report as lines a person reads."""
    low, high = report["hero_win_rate_95"]
    lines = [
        f"{report['games']} games on {plan['battlefield'].name}: {', '.join(plan['heroes'])} "
        f"({plan['hero_ai']}) against {', '.join(plan['monsters'])} ({plan['monster_ai']})",
        f"heroes won {report['hero_wins']}, monsters won {report['monster_wins']}, draws {report['draws']}",
        f"heroes' win rate {report['hero_win_rate']:.1%} (95 % interval {low:.1%} to {high:.1%})",
        verdict(report["hero_win_rate"]),
        f"rounds: median {report['median_rounds']}, mean {report['mean_rounds']}",
        "wounds and deaths per combatant:",
    ]
    for cid, c in report["combatants"].items():
        lines.append(f"  {cid:<18} {c['side']:<9} wounds {c['mean_wounds']:>6.2f}   died in {c['death_rate']:.1%}")
    return "\n".join(lines)
