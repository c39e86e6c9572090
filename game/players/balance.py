"""Encounter balance: many matches with the computer on both sides, summed up as the heroes' win rate.

``simulate`` prints these figures; the menu shows the same estimate while the player chooses.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import statistics
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.core.battlefield import Battlefield
from game.core.content import entry_key, spellings
from game.core.errors import GameError
from game.core.modespec import LEVELS, MAP_OPTIONAL, MAP_REQUIRED, ModeSpec, UnknownMode, attack_rolled, spec, specs
from game.core.seeds import computer_seed, match_seed

MONSTERS, RIVALS = "monsters", "rivals"  # the second side: monsters, or a second hero party
WINS = {MONSTERS: "monster_wins", RIVALS: "rival_wins"}  # the report's count of the second side's wins
DIFFICULTIES = LEVELS  # of the tactical policy: how well it plays, never its numbers
MAX_SECOND = 16  # the most a second side may number where no map limits it (as the menu's monsters)
CHUNK = 4  # games per task of a background estimate: small, so progress shows and a cancel is quick


@dataclass(frozen=True)
class GameResult:
    """What one simulated match left behind."""

    winner: str | None
    rounds: int
    casualties: dict[str, dict[str, Any]]
    quiet_rounds: int = 0  # rounds in which nobody made an attack roll


def quiet_rounds(events: Sequence[Any], rounds: int, attack: Callable[[Any], bool] = attack_rolled,
                 fight_begins: Callable[[Any], bool] = lambda _event: False) -> int:
    """How many of a match's ``rounds`` passed with no attack in them (a round is named by the last event that
    carries a ``round``: the initiative or the turn in the grid mode, the round's start in the stances mode; a
    mode whose runs hold several fights counts each fight's rounds apart)."""
    fight, current, loud = 0, 0, set()
    for event in events:
        if fight_begins(event):
            fight, current = fight + 1, 0
        number = getattr(event, "round", None)
        if isinstance(number, int):
            current = number
        elif current >= 1 and attack(event):
            loud.add((fight, current))
    return max(0, rounds - len(loud))


@dataclass(frozen=True)
class BalanceRequest:
    """What a balance run plays, as simulate's command line names it (comma-separated ids, None for defaults)."""

    mode: str = "grid"
    map_path: str | None = None
    heroes: str | None = None
    monsters: str | None = None
    rivals: str | None = None  # a second hero party that fights the heroes instead of monsters
    hero_ai: str = "tactical"
    monster_ai: str = "tactical"
    difficulty: str = "normal"
    max_rounds: int = 100
    games: int = 100


def game_seed(seed: int, index: int) -> int:
    """The seed of the index-th match of a run: fixed by the run's seed, whatever the parallelism."""
    return match_seed(seed, index)


def make_plan(request: Any) -> dict[str, Any]:
    """Check a request (a BalanceRequest or simulate's arguments) and gather what every match needs."""
    import game.modes  # noqa: F401  (registers every mode)
    from game.players.base import policy_names

    try:
        mode = spec(request.mode)
    except UnknownMode:
        raise GameError(f"simulate: unknown mode {request.mode!r} (modes: {', '.join(m.name for m in specs())})") \
            from None
    if request.games < 1 or request.games > 1_000_000:
        raise GameError("simulate: --games must be from 1 to 1000000")
    if request.map_path == "":
        raise GameError("simulate: --map needs the path of a Tiled map (or builtin:hall)")
    if request.max_rounds < 1:
        raise GameError("simulate: --max-rounds must be 1 or more")
    for flag, name in (("--hero-ai", request.hero_ai), ("--monster-ai", request.monster_ai)):
        if name not in policy_names():
            raise GameError(f"simulate: {flag}: unknown policy {name!r} (policies: {', '.join(policy_names())})")
    difficulty = getattr(request, "difficulty", "normal")
    if difficulty not in DIFFICULTIES:
        raise GameError(f"simulate: --difficulty: unknown level {difficulty!r} (levels: {', '.join(DIFFICULTIES)})")
    rivals = getattr(request, "rivals", None)
    if rivals is not None and request.monsters is not None:
        raise GameError("simulate: --rivals fight the heroes instead of monsters: leave out --monsters")
    if rivals is not None and not mode.rivals:
        raise GameError(f"simulate: --rivals: in the {mode.name} mode heroes fight monsters only")
    heroes = _names(request.heroes, mode.default_heroes, mode.heroes(), "--heroes", "hero")
    battlefield = _battlefield(request.map_path, mode)
    if rivals is not None:
        return _plan(request, difficulty, battlefield, heroes, [],
                     _names(rivals, (), mode.heroes(), "--rivals", "hero"))
    # Spawns naming a monster the mode does not have were reported when the map loaded.
    monsters = _names(request.monsters, mode.encounter_monsters(battlefield), mode.monsters(), "--monsters",
                      "monster")
    return _plan(request, difficulty, battlefield, heroes, monsters)


def _battlefield(map_path: str | None, mode: ModeSpec) -> Battlefield | None:
    """The map the matches are played on: the one named, else the mode's own; none for a mode never played on a
    map, nor for one whose map is optional when none is named (it plays on the table)."""
    from game.core.mapref import MapRef, resolve_map

    if mode.map_kind == MAP_REQUIRED:
        return resolve_map(MapRef.of(map_path, mode), mode)
    if mode.map_kind == MAP_OPTIONAL and map_path not in (None, "builtin"):
        return resolve_map(MapRef(str(map_path)), mode)
    return None


def _plan(request: Any, difficulty: str, battlefield: Any, heroes: list[str], monsters: list[str],
          rivals: list[str] | None = None) -> dict[str, Any]:
    """What every match of a run needs: the map, the sides and their policies (the second's plays monsters
    or the rival party), and how many the second side could be (``room``: the most the map can hold)."""
    from game.core.placement import NoRoom, place_sides, room_for_second

    second = RIVALS if rivals else MONSTERS
    room = MAX_SECOND
    if battlefield is not None:
        try:
            place_sides(battlefield, [("heroes", len(heroes)), (second, len(rivals or monsters))])
        except NoRoom as error:
            raise GameError(f"simulate: {battlefield.source or battlefield.name}: {error}") from None
        room = room_for_second(battlefield, ("heroes", len(heroes)))
    return {"mode": request.mode, "battlefield": battlefield, "heroes": heroes, "monsters": monsters,
            "rivals": rivals or [], "second": second, "room": room,
            "hero_ai": _with_difficulty(request.hero_ai, difficulty),
            "monster_ai": _with_difficulty(request.monster_ai, difficulty), "max_rounds": request.max_rounds}


def _with_difficulty(policy: str, difficulty: str) -> str:
    """A policy with levels (the tactical one) at the chosen difficulty; other policies as named."""
    from game.players.base import policy_names

    return f"{policy}-{difficulty}" if f"{policy}-{difficulty}" in policy_names() else policy


def _names(given: str | None, default: tuple[str, ...], known: Mapping[str, str], flag: str, what: str) -> list[str]:
    if given is None:
        return list(default)
    names = [n.strip() for n in given.split(",")]
    if not any(names):
        raise GameError(f"simulate: {flag} names no {what}")
    if not all(names):
        raise GameError(f"simulate: {flag}: {given!r} has an empty {what} name between its commas")
    # A name as the game shows it ("Brannoc", "Goblin Archer") finds its entry too.
    spelt = spellings(known, dict(known))
    found = []
    for name in names:
        if entry_key(name) not in spelt:
            raise GameError(f"simulate: {flag}: unknown {what} {name!r} (known: {', '.join(sorted(known))})")
        found.append(spelt[entry_key(name)])
    return found


def play_one(job: tuple[dict[str, Any], int]) -> GameResult:
    """Play one match of the plan with the given seed."""
    from game.core.mode import MatchSetup, Seat
    from game.players.base import make_policy
    from game.players.runner import play_match

    plan, seed = job
    second = plan["second"]
    seats = (Seat("heroes", ("heroes",), True, plan["hero_ai"]), Seat(second, (second,), True, plan["monster_ai"]))
    options: dict[str, Any] = {"max_rounds": plan["max_rounds"]}
    if plan["battlefield"] is not None:
        options["battlefield"] = plan["battlefield"]
    if second == RIVALS:
        options["sides"] = [["heroes", plan["heroes"]], [RIVALS, plan["rivals"]]]
    else:
        options.update(heroes=plan["heroes"], monsters=plan["monsters"])
    setup = MatchSetup(plan["mode"], seats, options)
    players = {"heroes": make_policy(plan["hero_ai"], computer_seed(seed, 0), plan["mode"]),
               second: make_policy(plan["monster_ai"], computer_seed(seed, 1), plan["mode"])}
    match = play_match(setup, seed, players)
    registered = spec(plan["mode"])
    outcome = match.outcome()
    assert outcome is not None
    result = GameResult(outcome.winner, outcome.rounds, match.mode.casualties(),
                        quiet_rounds(match.events, outcome.rounds, registered.attack_made, registered.fight_begins))
    match.mode.close()
    return result


def play_many(plan: dict[str, Any], seeds: list[int]) -> list[GameResult]:
    """Play one match of the plan per seed, in order (one task of a background estimate)."""
    return [play_one((plan, seed)) for seed in seeds]


# What the estimate says in words, from the heroes' side whoever plays them, by the whole percentage it
# shows: at least 90 easy, at least 65 the heroes favoured, at most 10 very hard, at most 35 the monsters
# favoured, else even (the bounds mirror each other). The two ends say what would bring the fight nearer even.
EASY, FAVOURED = 90, 65


def shown_percent(hero_win_rate: float) -> int:
    """The whole percentage the estimate shows, which is what the verdict reads."""
    return round(hero_win_rate * 100)


def is_even(hero_win_rate: float) -> bool:
    """Whether the verdict calls the fight even: neither side favoured."""
    return 100 - FAVOURED < shown_percent(hero_win_rate) < FAVOURED


VERDICTS = {  # easy, very hard, the first side favoured, the second side favoured
    MONSTERS: ("Easy for the heroes: add monsters for a closer fight.",
               "Very hard for the heroes: take monsters away for a fairer fight.",
               "The heroes are favoured.", "The monsters are favoured."),
    RIVALS: ("Easy for the first party.", "Very hard for the first party.",
             "The first party is favoured.", "The second party is favoured."),
}


def verdict(hero_win_rate: float, second: str = MONSTERS) -> str:
    """How hard the fight is, in words, from the heroes' (the first party's) estimated chance of winning it."""
    percent = shown_percent(hero_win_rate)
    easy, very_hard, favoured, disfavoured = VERDICTS[second]
    if percent >= EASY:
        return easy
    if percent <= 100 - EASY:
        return very_hard
    if percent >= FAVOURED:
        return favoured
    if percent <= 100 - FAVOURED:
        return disfavoured
    return "An even fight."


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (a draw may count half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: list[GameResult], second: str = MONSTERS) -> dict[str, Any]:
    """Wins, the heroes' win rate with its interval, rounds, and wounds and deaths per combatant.

    The second side's wins are ``monster_wins``, or ``rival_wins`` when a second hero party fought.
    """
    games = len(results)
    hero_wins = sum(r.winner == "heroes" for r in results)
    other_wins = sum(r.winner == second for r in results)
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
    quiet = sum(r.quiet_rounds for r in results)
    return {
        "games": games,
        "hero_wins": hero_wins,
        WINS[second]: other_wins,
        "draws": games - hero_wins - other_wins,
        "hero_win_rate": round(hero_wins / games, 4),
        "hero_win_rate_95": [round(low, 4), round(high, 4)],
        "median_rounds": statistics.median(rounds),
        "mean_rounds": round(statistics.fmean(rounds), 2),
        "quiet_rounds": quiet,
        "all_rounds": sum(rounds),
        "quiet_share": round(quiet / max(1, sum(rounds)), 4),
        "combatants": combatants,
    }


PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether the process that made it is still there."""


def quiet_worker(parent: int | None = None) -> None:
    """Start a worker process that leaves Ctrl-C to the process that made it, and ends when that process ends."""
    # Ctrl-C reaches every process of the terminal's group: a worker waiting for games would print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="end-with-parent", daemon=True).start()


def _end_with(parent: int) -> None:
    """End this worker once its parent is gone (killed, it could not say so): a worker must not outlive the game."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def game_pool(jobs: int, spawn: bool = False) -> ProcessPoolExecutor:
    """Worker processes that play games; ``spawn`` starts them fresh, sharing nothing with a window or its threads."""
    context = multiprocessing.get_context("spawn") if spawn else None
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=quiet_worker,
                               initargs=(os.getpid(),))


def background_pool(jobs: int = 2) -> ProcessPoolExecutor:
    """Worker processes for the menu's estimates, started fresh so that they share nothing with the window."""
    return game_pool(jobs, spawn=True)


class Estimate:
    """A balance run under way in a pool: read its progress and its report without waiting for it."""

    def __init__(self, plan: dict[str, Any], games: int, seed: int, pool: Executor, chunk: int = CHUNK) -> None:
        seeds = [game_seed(seed, i) for i in range(games)]
        self.games = games
        self.second = plan["second"]
        self._tasks: list[tuple[int, Future[list[GameResult]]]] = [
            (len(part), pool.submit(play_many, plan, part))
            for part in (seeds[i:i + chunk] for i in range(0, games, chunk))]

    def _finished(self) -> list[tuple[int, Future[list[GameResult]]]]:
        """The tasks whose games have all been played (not cancelled, not failed)."""
        return [(n, task) for n, task in self._tasks
                if task.done() and not task.cancelled() and task.exception() is None]

    def played(self) -> int:
        """How many of the games have been played."""
        return sum(n for n, _ in self._finished())

    def error(self) -> str | None:
        """Why the run failed, if a game could not be played."""
        for _, task in self._tasks:
            if task.done() and not task.cancelled() and task.exception() is not None:
                return str(task.exception()) or type(task.exception()).__name__
        return None

    def report(self) -> dict[str, Any] | None:
        """The summary (as simulate's --json prints it) once every game is played, else None."""
        if not all(task.done() for _, task in self._tasks) or self.error() is not None:
            return None
        if any(task.cancelled() for _, task in self._tasks):
            return None
        return self.so_far()

    def so_far(self) -> dict[str, Any] | None:
        """The summary of the games played so far, a first guess while the others are played (None before the
        first game is)."""
        results = [result for _, task in self._finished() for result in task.result()]
        return summarise(results, self.second) if results else None

    def cancel(self) -> None:
        """Drop the games not yet begun (those under way finish, unread)."""
        for _, task in self._tasks:
            task.cancel()
