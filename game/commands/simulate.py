"""``simulate``: play many matches with the computer on both sides and report how they went."""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core.errors import GameError

PARALLEL_FROM = 40  # below this many games one process is quicker than starting a second
DIFFICULTIES = ("easy", "normal", "hard")  # of the tactical policy: how well it plays, never its numbers


@dataclass(frozen=True)
class GameResult:
    """What one simulated match left behind."""

    winner: str | None
    rounds: int
    casualties: dict[str, dict[str, Any]]


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
    plan = _plan(args)
    seeds = [game_seed(args.seed, i) for i in range(args.games)]
    jobs = args.jobs or (min(os.cpu_count() or 1, 2) if args.games >= PARALLEL_FROM else 1)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play_one, [(plan, s) for s in seeds], chunksize=max(1, len(seeds) // (jobs * 8))))
    else:
        results = [_play_one((plan, s)) for s in seeds]
    report = summarise(results)
    if args.json:
        print(json.dumps(report, sort_keys=True))
    else:
        print(format_report(report, plan))
    return 0


def game_seed(seed: int, index: int) -> int:
    """The seed of the index-th match of a run: fixed by the run's seed, whatever the parallelism."""
    return seed * 1_000_003 + index


def _plan(args: argparse.Namespace) -> dict[str, Any]:
    """Check the arguments and gather what every match needs (plain data, sent to workers)."""
    from game.core.mode import mode_names
    from game.players.base import policy_names

    if args.mode not in mode_names():
        raise GameError(f"simulate: unknown mode {args.mode!r} (modes: {', '.join(mode_names())})")
    if args.games < 1 or args.games > 1_000_000:
        raise GameError("simulate: --games must be from 1 to 1000000")
    if args.max_rounds < 1:
        raise GameError("simulate: --max-rounds must be 1 or more")
    for flag, name in (("--hero-ai", args.hero_ai), ("--monster-ai", args.monster_ai)):
        if name not in policy_names():
            raise GameError(f"simulate: {flag}: unknown policy {name!r} (policies: {', '.join(policy_names())})")
    difficulty = getattr(args, "difficulty", "normal")
    if difficulty not in DIFFICULTIES:
        raise GameError(f"simulate: --difficulty: unknown level {difficulty!r} (levels: {', '.join(DIFFICULTIES)})")
    if args.mode == "stances":
        return _stances_plan(args, difficulty)
    from game.modes.grid.content import load_content
    from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS

    content = load_content()
    heroes = _names(args.heroes, DEFAULT_HEROES, content.heroes, "--heroes", "hero")
    battlefield = _battlefield(args.map_path, content)
    # Spawns naming a monster the game does not know were reported when the map loaded.
    named = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
    monsters = _names(args.monsters, tuple(named) or DEFAULT_MONSTERS, content.monsters, "--monsters", "monster")
    return {"mode": args.mode, "battlefield": battlefield, "heroes": heroes, "monsters": monsters,
            "hero_ai": _with_difficulty(args.hero_ai, difficulty),
            "monster_ai": _with_difficulty(args.monster_ai, difficulty), "max_rounds": args.max_rounds}


def _stances_plan(args: argparse.Namespace, difficulty: str) -> dict[str, Any]:
    """The plan of a stances run: its own heroes, monsters and built-in map (builtin:crossing)."""
    from game.modes.stances.content import load_content
    from game.modes.stances.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, battlefield_for

    content = load_content()
    heroes = _names(args.heroes, DEFAULT_HEROES, content.heroes, "--heroes", "hero")
    battlefield = battlefield_for(args.map_path or BUILTIN)
    named = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
    monsters = _names(args.monsters, tuple(named) or DEFAULT_MONSTERS, content.monsters, "--monsters", "monster")
    return {"mode": args.mode, "battlefield": battlefield, "heroes": heroes, "monsters": monsters,
            "hero_ai": _with_difficulty(args.hero_ai, difficulty),
            "monster_ai": _with_difficulty(args.monster_ai, difficulty), "max_rounds": args.max_rounds}


def _with_difficulty(policy: str, difficulty: str) -> str:
    """The tactical policy at the chosen difficulty; other policies as named."""
    return f"tactical-{difficulty}" if policy == "tactical" else policy


def _names(given: str | None, default: tuple[str, ...], known: dict[str, Any], flag: str, what: str) -> list[str]:
    if given is None:
        return list(default)
    names = [n.strip() for n in given.split(",") if n.strip()]
    if not names:
        raise GameError(f"simulate: {flag} names no {what}")
    for name in names:
        if name not in known:
            raise GameError(f"simulate: {flag}: unknown {what} {name!r} (known: {', '.join(sorted(known))})")
    return names


def _battlefield(path: str | None, content: Any) -> Any:
    """The built-in hall, or the map at ``path`` (MapError, one line naming the file, if it cannot be played)."""
    from game.modes.grid.skirmish import battlefield_for, skirmish_battlefield

    if path is None:
        return skirmish_battlefield()
    return battlefield_for(path, content)


def _play_one(job: tuple[dict[str, Any], int]) -> GameResult:
    """Play one match of the plan with the given seed."""
    from game.core.mode import MatchSetup, Seat
    from game.players.base import make_policy
    from game.players.runner import play_match

    plan, seed = job
    seats = (Seat("heroes", ("heroes",), True, plan["hero_ai"]), Seat("monsters", ("monsters",), True,
                                                                      plan["monster_ai"]))
    setup = MatchSetup(plan["mode"], seats, {"battlefield": plan["battlefield"], "heroes": plan["heroes"],
                                             "monsters": plan["monsters"], "max_rounds": plan["max_rounds"]})
    players = {"heroes": make_policy(plan["hero_ai"], seed * 2 + 1),
               "monsters": make_policy(plan["monster_ai"], seed * 2 + 2)}
    match = play_match(setup, seed, players)
    outcome = match.outcome()
    assert outcome is not None
    result = GameResult(outcome.winner, outcome.rounds, match.mode.casualties())  # type: ignore[attr-defined]
    match.mode.close()  # type: ignore[attr-defined]
    return result


def wilson_interval(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[GameResult]) -> dict[str, Any]:
    """Wins, the heroes' win rate with its interval, rounds, and wounds and deaths per combatant."""
    games = len(results)
    hero_wins = sum(r.winner == "heroes" for r in results)
    monster_wins = sum(r.winner == "monsters" for r in results)
    low, high = wilson_interval(hero_wins, games)
    per: dict[str, dict[str, Any]] = {}
    for r in results:
        for cid, c in r.casualties.items():
            entry = per.setdefault(cid, {"side": c["side"], "wounds": 0, "deaths": 0})
            entry["wounds"] += c["wounds"]
            entry["deaths"] += int(c["dead"])
    combatants = {
        cid: {"side": e["side"], "mean_wounds": round(e["wounds"] / games, 3),
              "death_rate": round(e["deaths"] / games, 4)}
        for cid, e in per.items()
    }
    rounds = [r.rounds for r in results]
    return {
        "games": games,
        "hero_wins": hero_wins,
        "monster_wins": monster_wins,
        "draws": games - hero_wins - monster_wins,
        "hero_win_rate": round(hero_wins / games, 4),
        "hero_win_rate_95": [round(low, 4), round(high, 4)],
        "median_rounds": statistics.median(rounds),
        "mean_rounds": round(statistics.fmean(rounds), 2),
        "combatants": combatants,
    }


def format_report(report: dict[str, Any], plan: dict[str, Any]) -> str:
    """The report as lines a person reads."""
    low, high = report["hero_win_rate_95"]
    lines = [
        f"{report['games']} games on {plan['battlefield'].name}: {', '.join(plan['heroes'])} "
        f"({plan['hero_ai']}) against {', '.join(plan['monsters'])} ({plan['monster_ai']})",
        f"heroes won {report['hero_wins']}, monsters won {report['monster_wins']}, draws {report['draws']}",
        f"heroes' win rate {report['hero_win_rate']:.1%} (95 % interval {low:.1%} to {high:.1%})",
        f"rounds: median {report['median_rounds']}, mean {report['mean_rounds']}",
        "wounds and deaths per combatant:",
    ]
    for cid, c in report["combatants"].items():
        lines.append(f"  {cid:<18} {c['side']:<9} wounds {c['mean_wounds']:>6.2f}   died in {c['death_rate']:.1%}")
    return "\n".join(lines)
