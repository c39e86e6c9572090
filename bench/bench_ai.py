"""Figures of the computer opponent: win rates against the baselines, decision time, encounters per second.

1. Win rates. The same encounters and seeds are played with the monsters run by the tactical
   policy, the weighted baseline and the random baseline while the heroes are run by the
   tactical policy; then the other way round. The figures are each side's win rate with its
   95 % interval, and the margins wanted (tactical at least 25 points above random
   and 15 above weighted).
2. Decision time: every monster decision of whole matches on a 64x64 map with 12 monsters and
   4 heroes, timed around the policy's ``choose`` (median and 95th percentile); the decisions
   that plan a turn are also shown on their own.
3. Encounters per second: whole 4-against-6 matches on a 32x32 map, tactical on both sides, in
   one process on one core, engine included.
4. Levels: easy and hard each against normal in mirror matches, where both sides have the same
   combatants on a map whose halves mirror each other and every seed is played with the level on
   either side. Only skill separates the sides there; in the encounters of the win rates the map
   and the monsters weigh as much, which hides the difference between levels.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.commands.simulate import wilson_interval  # noqa: E402
from game.core.battlefield import Battlefield, Spawn, Square  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.mode import MatchSetup, Seat  # noqa: E402
from game.modes.grid.content import load_content  # noqa: E402
from game.modes.grid.skirmish import DEFAULT_MONSTERS, battlefield_for  # noqa: E402
from game.players.base import Player, make_policy  # noqa: E402
from game.players.runner import LegalActions, play_match  # noqa: E402

MAPS = Path(__file__).resolve().parent.parent / "maps"
SEEDS = int(os.environ.get("BENCH_AI_SEEDS", "20"))  # matches per encounter and pairing
MAX_ROUNDS = 40
HEROES = ["warrior", "ranger", "mage", "cleric"]
# Six monsters of different kinds: undead, archer, brute, beast, drone, skirmisher.
BAND = ["skeleton", "goblin_archer", "orc_brute", "giant_rat", "kobold", "bandit"]
# Encounters for the win rates: the ones the game ships, the built-in hall and every map of maps/,
# each with its own monsters (None: the ones its spawns name).
ENCOUNTERS: dict[str, tuple[str, list[str], list[str] | None]] = {
    "Ruined Hall": ("builtin:hall", HEROES, list(DEFAULT_MONSTERS)),
    "Thornwood Clearing": (str(MAPS / "forest.tmx"), HEROES, None),
    "The Old Toll Bridge": (str(MAPS / "bridge.tmx"), HEROES, None),
    "The Pit of Trials": (str(MAPS / "arena.tmx"), HEROES, None),
    "Market Day in Millbrook": (str(MAPS / "village.tmx"), HEROES, None),
    "The Sunken Crypt": (str(MAPS / "crypt.tmx"), HEROES, None),
}
TEAMS = {"heroes": HEROES, "monsters": BAND}  # the combatants on each side of a mirror match
MIRROR_SEEDS = int(os.environ.get("BENCH_AI_MIRROR_SEEDS", "200"))  # mirror matches per team and level, each twice
TACTICAL = "tactical"
BASELINES = ("weighted", "random")


def generated_battlefield(size: int, seed: int, name: str) -> Battlefield:
    """A size x size map with seeded wall blocks and rubble, heroes spawning left and monsters right."""
    rng = random.Random(seed)
    squares = frozenset((x, y) for y in range(size) for x in range(size))
    walls: set[Square] = set()
    for _ in range(size * size // 40):
        x, y = rng.randrange(4, size - 4), rng.randrange(size)
        w, h = rng.choice(((1, 1), (2, 1), (1, 2), (3, 1), (1, 3), (2, 2)))
        walls.update((x + dx, y + dy) for dx in range(w) for dy in range(h) if (x + dx, y + dy) in squares)
    rubble = frozenset(sq for sq in squares - walls if rng.random() < 0.05)
    middle = size // 2
    heroes = tuple(Spawn((1, middle + dy), "heroes") for dy in range(-2, 3))
    monsters = tuple(Spawn((size - 2, middle + dy), "monsters") for dy in range(-6, 7))
    return Battlefield(size, size, squares, frozenset(walls), rubble, hero_spawns=heroes, monster_spawns=monsters,
                       name=name)


def setup_for(battlefield: Battlefield, heroes: list[str], monsters: list[str]) -> MatchSetup:
    """Both sides run by the computer, with a round limit so that every match ends."""
    seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
    return MatchSetup("grid", seats, {"battlefield": battlefield, "heroes": heroes, "monsters": monsters,
                                      "max_rounds": MAX_ROUNDS})


def _encounter(name: str) -> tuple[Battlefield, list[str], list[str]]:
    spec, heroes, monsters = ENCOUNTERS[name]
    content = load_content()
    battlefield = battlefield_for(spec, content)
    if monsters is None:
        monsters = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
    return battlefield, heroes, monsters


def _play(job: tuple[str, str, str, int]) -> tuple[str, str, str, str | None]:
    """One match of the win-rate table: encounter, heroes' policy, monsters' policy, seed -> winner."""
    name, hero_policy, monster_policy, seed = job
    battlefield, heroes, monsters = _encounter(name)
    players = {"heroes": make_policy(hero_policy, seed * 2 + 1), "monsters": make_policy(monster_policy, seed * 2 + 2)}
    match = play_match(setup_for(battlefield, heroes, monsters), seed, players)
    outcome = match.outcome()
    match.mode.close()
    assert outcome is not None
    return name, hero_policy, monster_policy, outcome.winner


def _play_pairings(pairings: list[tuple[str, str]]) -> tuple[list[tuple[str, str, str, str | None]], float]:
    """Every encounter with every seed for each (heroes' policy, monsters' policy), on two processes."""
    jobs = [(name, h, m, seed) for name in ENCOUNTERS for h, m in pairings for seed in range(1, SEEDS + 1)]
    started = time.perf_counter()
    # The workers find the match function by module name, whichever way this file was loaded.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_ai

    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        results = list(pool.map(bench_ai._play, jobs, chunksize=4))
    return results, time.perf_counter() - started


def win_rates() -> None:
    """Each side's win rate under the tactical policy and under the baselines, with the same encounters and seeds."""
    pairings = [(TACTICAL, TACTICAL)] + [(TACTICAL, b) for b in BASELINES] + [(b, TACTICAL) for b in BASELINES]
    results, spent = _play_pairings(pairings)
    games = len(results) // len(pairings)
    print(f"win rates: {len(ENCOUNTERS)} encounters x {SEEDS} seeds = {games} matches per pairing, "
          f"max {MAX_ROUNDS} rounds ({spent:.0f} s on 2 processes)")
    for name in ENCOUNTERS:
        line = [f"{name:<26}"]
        for h, m in pairings:
            won = [w for n, hh, mm, w in results if n == name and hh == h and mm == m]
            line.append(f"{h[:4]}/{m[:4]} {sum(w == 'heroes' for w in won):>2}-{sum(w == 'monsters' for w in won):>2}")
        print("    " + "  ".join(line))
    for side, other in (("monsters", "heroes"), ("heroes", "monsters")):
        rates: dict[str, float] = {}
        print(f"  {side}' win rate, {other} played by the tactical policy:")
        for policy in (TACTICAL, *BASELINES):
            won = [w for _, h, m, w in results if (m if side == "monsters" else h) == policy
                   and (h if side == "monsters" else m) == TACTICAL]
            wins = sum(w == side for w in won)
            low, high = wilson_interval(wins, len(won))
            rates[policy] = wins / len(won)
            print(f"    {policy:<9} {rates[policy]:6.1%}  (95 % interval {low:.1%} to {high:.1%}, {len(won)} matches)")
        print(f"    margin over random {100 * (rates[TACTICAL] - rates['random']):+.1f} points (wanted +25), "
              f"over weighted {100 * (rates[TACTICAL] - rates['weighted']):+.1f} points (wanted +15)")


def mirrored_battlefield(size: int, seed: int) -> Battlefield:
    """A size x size map whose right half mirrors its left, seven spawns a side facing each other."""
    rng = random.Random(seed)
    half = size // 2
    squares = frozenset((x, y) for y in range(size) for x in range(size))
    walls: set[Square] = set()
    for _ in range(size * size // 80):
        x, y = rng.randrange(3, half), rng.randrange(size)
        w, h = rng.choice(((1, 1), (2, 1), (1, 2), (3, 1), (1, 3), (2, 2)))
        walls.update((x + dx, y + dy) for dx in range(w) for dy in range(h) if x + dx < half and y + dy < size)
    rubble = {sq for sq in squares - walls if sq[0] < half and rng.random() < 0.05}
    walls |= {(size - 1 - x, y) for x, y in walls}
    rubble |= {(size - 1 - x, y) for x, y in rubble}
    middle = size // 2
    first = tuple(Spawn((1 + dx, middle + dy), "heroes") for dx in (0, 1) for dy in range(-3, 4))
    second = tuple(Spawn((size - 2 - dx, middle + dy), "monsters") for dx in (0, 1) for dy in range(-3, 4))
    return Battlefield(size, size, squares, frozenset(walls), frozenset(rubble), hero_spawns=first,
                       monster_spawns=second, name=f"mirrored {size}x{size}")


def _play_mirror(job: tuple[str, str, int, bool]) -> tuple[str, str, float]:
    """One mirror match: a level against normal, the same combatants on both sides -> the level's score."""
    team, policy, seed, swapped = job
    members = TEAMS[team]
    seats = (Seat("red", ("red",), True), Seat("blue", ("blue",), True))
    setup = MatchSetup("grid", seats, {"battlefield": mirrored_battlefield(24, seed), "max_rounds": MAX_ROUNDS,
                                       "sides": [["red", members], ["blue", members]]})
    # Each seed is played twice, the level on either side, so that neither the map nor the first move favours it.
    red, blue = (TACTICAL, policy) if swapped else (policy, TACTICAL)
    match = play_match(setup, seed, {"red": make_policy(red, seed * 2 + 1), "blue": make_policy(blue, seed * 2 + 2)})
    outcome = match.outcome()
    match.mode.close()
    assert outcome is not None
    if outcome.winner is None:
        return team, policy, 0.5
    return team, policy, 1.0 if outcome.winner == ("blue" if swapped else "red") else 0.0


def levels() -> None:
    """Each level against normal in mirror matches: the same combatants on both sides of a mirrored map."""
    names = {"easy": f"{TACTICAL}-easy", "hard": f"{TACTICAL}-hard"}
    jobs = [(team, policy, seed, swapped) for team in TEAMS for policy in names.values()
            for seed in range(1, MIRROR_SEEDS + 1) for swapped in (False, True)]
    started = time.perf_counter()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_ai

    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        results = list(pool.map(bench_ai._play_mirror, jobs, chunksize=4))
    spent = time.perf_counter() - started
    print(f"levels: mirror matches against normal on mirrored 24x24 maps, {MIRROR_SEEDS} seeds, each played with "
          f"the level on either side; a draw counts half ({spent:.0f} s on 2 processes)")
    for level, policy in names.items():
        line = []
        for team in (*TEAMS, None):
            scores = [score for t, p, score in results if p == policy and (team is None or t == team)]
            low, high = wilson_interval(sum(scores), len(scores))
            draws = sum(score == 0.5 for score in scores)
            label = f"{team} against {team}" if team else "both"
            line.append(f"{label} {sum(scores) / len(scores):6.1%} ({low:.1%} to {high:.1%}, {draws} draws)")
        print(f"    {level:<5} " + "   ".join(line))
    print("    (wanted: easy below 50 %, hard above)")
    # What a player meets: the monsters of the game's own encounters at each level, against heroes at normal.
    pairings = [(TACTICAL, f"{TACTICAL}-{level}") for level in ("easy", "normal", "hard")]
    played, spent = _play_pairings(pairings)
    print(f"  monsters' win rate in the game's {len(ENCOUNTERS)} encounters at each level, heroes at normal "
          f"({len(played) // len(pairings)} matches per level, {spent:.0f} s on 2 processes):")
    for _, monsters in pairings:
        won = [w for _, _, m, w in played if m == monsters]
        wins = sum(w == "monsters" for w in won)
        low, high = wilson_interval(wins, len(won))
        print(f"    {monsters.split('-')[-1]:<6} {wins / len(won):6.1%}  (95 % interval {low:.1%} to {high:.1%})")


class Timed:
    """A player whose every decision is timed, kept apart for the decisions that plan a turn."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.times: list[float] = []
        self.planning: list[float] = []

    def choose(self, view: Any, legal: Any) -> Any:
        """Time the wrapped player's choice."""
        plans_before = getattr(self.player, "plans", 0)
        started = time.perf_counter()
        action = self.player.choose(view, legal)
        spent = (time.perf_counter() - started) * 1000
        self.times.append(spent)
        if getattr(self.player, "plans", 0) != plans_before:
            self.planning.append(spent)
        return action


def _percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):6.2f} ms   p95 {p95:6.2f} ms   ({len(ordered)} decisions)"


def decision_time(matches: int = 3) -> None:
    """Time every monster decision on a 64x64 map with 12 monsters and 4 heroes."""
    battlefield = generated_battlefield(64, 64, "generated 64x64")
    monsters = [m for m in BAND for _ in range(2)]
    monsters_timed: list[Timed] = []
    for seed in range(1, matches + 1):
        timed = Timed(make_policy(TACTICAL, seed * 2 + 2))
        play_match(setup_for(battlefield, HEROES, monsters), seed,
                   {"heroes": make_policy(TACTICAL, seed * 2 + 1), "monsters": timed}).mode.close()
        monsters_timed.append(timed)
    every = [t for timed in monsters_timed for t in timed.times]
    planning = [t for timed in monsters_timed for t in timed.planning]
    print(f"decision time, one monster on a 64x64 map, 12 monsters against 4 heroes, {matches} matches:")
    print(f"    every decision        {_percentiles(every)}   (wanted: median <= 10 ms, p95 <= 50 ms)")
    print(f"    decisions that plan   {_percentiles(planning)}")


def encounters_per_second(count: int = 20) -> None:
    """Whole 4-against-6 matches on a 32x32 map, tactical on both sides, one process."""
    battlefield = generated_battlefield(32, 32, "generated 32x32")
    setup = setup_for(battlefield, HEROES, BAND)
    rounds = decisions = 0
    view_time = choose_time = apply_time = 0.0
    # The processor time of this process: the work of one core, whatever else the machine is doing.
    clock: Callable[[], float] = time.process_time
    started, wall = clock(), time.perf_counter()
    for seed in range(1, count + 1):
        match = Match(setup, seed)
        players = {"heroes": make_policy(TACTICAL, seed * 2 + 1), "monsters": make_policy(TACTICAL, seed * 2 + 2)}
        while (seat := match.pending_seat()) is not None:
            a = clock()
            view = match.view(seat)
            b = clock()
            action = players[seat].choose(view, LegalActions(match, seat))
            c = clock()
            match.apply(action, seat)
            view_time, choose_time, apply_time = view_time + b - a, choose_time + c - b, apply_time + clock() - c
            decisions += 1
        outcome = match.outcome()
        assert outcome is not None
        rounds += outcome.rounds
        match.mode.close()
    spent, wall = clock() - started, time.perf_counter() - wall
    print("encounters per second, 4 heroes against 6 monsters on a 32x32 map, tactical on both sides, one core:")
    print(f"    {count / spent:5.1f} encounters/s  ({1000 * spent / count:.0f} ms of processor time each, "
          f"{count / wall:.1f}/s by the wall clock; {rounds / count:.1f} rounds "
          f"and {decisions / count:.0f} decisions on average; wanted: 20/s)")
    print(f"    per encounter: views {1000 * view_time / count:.0f} ms, policy {1000 * choose_time / count:.0f} ms, "
          f"rules {1000 * apply_time / count:.0f} ms")
    # What the engine alone allows: the views and the rules of the same matches, with a policy that took no time.
    print(f"    with a policy that took no time at all: at most {count / (view_time + apply_time):.1f} encounters/s")


def main() -> None:
    """Print the figures of the computer opponent: speed, decision time, win rates and levels."""
    encounters_per_second()
    decision_time()
    win_rates()
    levels()


if __name__ == "__main__":
    main()
