"""``simulate``: play many matches with the computer on both sides and report how they went."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import ExitStack
from typing import Any

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.messages import one_line
from game.players.balance import (  # noqa: F401  (GameResult and wilson_interval are read from here too)
    CHUNK,
    DIFFICULTIES,
    FAVOURED,
    RIVALS,
    WINS,
    GameResult,
    game_pool,
    game_seed,
    is_even,
    make_plan,
    play_one,
    shown_percent,
    summarise,
    verdict,
    wilson_interval,
)
from game.players.even_fight import MAX_MONSTERS, EvenFightSearch

MAX_JOBS = 64  # processes at the most: more would only crowd the machine
PARALLEL_FROM = 40  # below this many games one process is quicker than starting a second


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the simulate command's options."""
    parser.add_argument("--mode", default="grid", help="rule system (default: grid)")
    parser.add_argument("--games", type=int, default=100, help="how many matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (default 1)")
    parser.add_argument("--map", dest="map_path",
                        help="a Tiled .tmx map or builtin:hall (default: the built-in ruined hall; a mode whose "
                             "map is optional, such as beats, plays on the table without one)")
    parser.add_argument("--heroes", help="comma-separated hero ids (default: warrior,ranger,mage,cleric)")
    parser.add_argument("--monsters", help="comma-separated monster ids (default: the map's or a mixed band)")
    parser.add_argument("--rivals", help="comma-separated hero ids of a second party that fights the heroes "
                                         "instead of monsters (played by --monster-ai)")
    parser.add_argument("--hero-ai", default="tactical",
                        help="policy for the heroes: tactical, weighted or random (default: tactical)")
    parser.add_argument("--monster-ai", default="tactical",
                        help="policy for the monsters: tactical, weighted or random (default: tactical)")
    parser.add_argument("--difficulty", default="normal", choices=DIFFICULTIES,
                        help="how well the tactical policy plays, on every side it runs (default: normal)")
    parser.add_argument("--max-rounds", type=int, default=100, help="rounds before a match is a draw (default 100)")
    parser.add_argument("--jobs", type=int, default=0, help="processes to use (default: every core when useful)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--find-even", action="store_true",
                        help="change the monsters one at a time until the fight is even (heroes win "
                             f"{101 - FAVOURED}-{FAVOURED - 1} %%), "
                             "playing --games matches for each choice, and print the monsters found")


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the report (or, with --find-even, search for an even fight)."""
    plan = make_plan(args)
    print_map_warnings(plan["battlefield"])
    if not 0 <= args.jobs <= MAX_JOBS:
        raise GameError(f"simulate: --jobs must be from 1 to {MAX_JOBS}, or 0 for every core when useful")
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    jobs = args.jobs or (min(os.cpu_count() or 1, 2) if args.games >= PARALLEL_FROM else 1)
    with ExitStack() as stack:
        pool = stack.enter_context(game_pool(jobs)) if jobs > 1 else None

        def estimate(monsters: list[str]) -> dict[str, Any]:
            return summarise(play_all({**plan, "monsters": monsters}, seeds, pool, jobs), plan["second"])

        if args.find_even:
            if plan["second"] == RIVALS:
                raise GameError("simulate: --find-even changes the monsters; with --rivals there are none")
            return find_even(plan, estimate, args.json, args.games)
        report = estimate(plan["monsters"])
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report, plan))
    return 0


def print_map_warnings(battlefield: Battlefield | None) -> None:
    """Each warning of the loaded map as one line "PATH: warning: ..." on stderr, so --json output stays JSON."""
    if battlefield is None:
        return
    for warning in battlefield.warnings:
        print(one_line(f"{battlefield.source or battlefield.name}: warning: {warning}"), file=sys.stderr, flush=True)


def play_all(plan: dict[str, Any], seeds: list[int], pool: Executor | None, jobs: int,
             play: Callable[[tuple[dict[str, Any], int]], GameResult] = play_one) -> list[GameResult]:
    """Play one game per seed, in the pool when there is one; the results come in the seeds' order."""
    if pool is None:
        return [play((plan, s)) for s in seeds]
    # Small tasks: when Ctrl-C stops the run, the games not yet handed to a worker are dropped, and the few a
    # worker holds are played to their end (workers leave Ctrl-C to this process) and then left unread.
    return list(pool.map(play, [(plan, s) for s in seeds], chunksize=max(1, min(CHUNK, len(seeds) // (jobs * 8)))))


def find_even(plan: dict[str, Any], estimate: Callable[[list[str]], dict[str, Any]], as_json: bool,
              games: int) -> int:
    """Step the monsters towards an even fight as the menu's search does, printing each estimate as it comes."""
    # No more monsters than the map has room for: a search that outgrew it would only stop on an error.
    search = EvenFightSearch(limit=min(MAX_MONSTERS, plan["room"]))
    if not as_json:
        print(f"Looking for an even fight {where(plan)}: {', '.join(plan['heroes'])} against the "
              f"monsters below, {games} games each", flush=True)
    monsters: tuple[str, ...] | None = tuple(plan["monsters"])
    while monsters is not None:
        rate = estimate(list(monsters))["hero_win_rate"]
        if not as_json:
            print(f"  {shown_percent(rate):>3} %  {monster_list(monsters)}", flush=True)
        monsters = search.step(monsters, rate)
    best, rate = search.best()
    if as_json:
        print(json.dumps({"games": games, "tried": [{"monsters": list(m), "hero_win_rate": r} for m, r in search.tried],
                          "monsters": list(best), "hero_win_rate": rate, "even": is_even(rate)}, sort_keys=True))
        return 0
    found = "An even fight" if is_even(rate) else "No count is even; the closest tried"
    print(f"{found}: heroes win about {shown_percent(rate)} % against {monster_list(best)}.")
    print(f"  --monsters {','.join(best)}")
    return 0


def where(plan: dict[str, Any]) -> str:
    """Where the matches are played, in words: "on <the map>", or "in the <mode> mode" for a mode without a map."""
    battlefield = plan["battlefield"]
    return f"in the {plan['mode']} mode" if battlefield is None else f"on {battlefield.name}"


def monster_list(monsters: tuple[str, ...]) -> str:
    """Monsters by kind, in order, with a count where there are several: "skeleton x2, ghoul"."""
    counts = Counter(monsters)
    return ", ".join(f"{kind} x{counts[kind]}" if counts[kind] > 1 else kind for kind in dict.fromkeys(monsters))


def format_report(report: dict[str, Any], plan: dict[str, Any]) -> str:
    """The report as lines a person reads."""
    low, high = report["hero_win_rate_95"]
    second = plan["second"]
    first_name, first_names, second_name = (("first party", "first party's", "second party") if second == RIVALS
                                            else ("heroes", "heroes'", "monsters"))
    games = report["games"]
    # A win rate made mostly of draws measures the round limit, not the fight: say so rather than judge it.
    judged = verdict(report["hero_win_rate"], second) if report["draws"] * 2 <= games else (
        "Most games reached the round limit undecided, so the win rate says little: raise --max-rounds.")
    lines = [
        f"{games} {'game' if games == 1 else 'games'} {where(plan)}: {', '.join(plan['heroes'])} "
        f"({plan['hero_ai']}) against {', '.join(plan[second])} ({plan['monster_ai']})",
        f"{first_name} won {report['hero_wins']}, {second_name} won {report[WINS[second]]}, draws {report['draws']}",
        f"{first_names} win rate {report['hero_win_rate']:.1%} (95 % interval {low:.1%} to {high:.1%})",
        judged,
        f"rounds: median {report['median_rounds']}, mean {report['mean_rounds']}",
        f"quiet rounds (no attack roll in them): {report['quiet_share']:.1%} "
        f"({report['quiet_rounds']} of {report['all_rounds']})",
        "wounds and deaths per combatant:",
    ]
    for cid, c in report["combatants"].items():
        lines.append(f"  {cid:<18} {c['side']:<9} wounds {c['mean_wounds']:>6.2f}   died in {c['death_rate']:.1%}")
    return "\n".join(lines)
