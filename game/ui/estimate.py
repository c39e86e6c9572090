"""The menu's balance estimate: simulate's games for the chosen encounter, played by worker processes."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, NamedTuple

from game.core.errors import GameError
from game.players.balance import MONSTERS, RIVALS, BalanceRequest, Estimate, background_pool, make_plan, verdict

GAMES = 60  # enough for an interval about 12 points either side of 50 %, played in a few seconds on two cores
SEED = 1  # the same encounter always gets the same estimate, the one `simulate --games 60 --seed 1` prints
SETTLE_MS = 400  # wait for the choice to stop changing (clicks on "+", typing) before starting the games


class EncounterKey(NamedTuple):
    """What an estimate plays: the encounter and the policy of each side."""

    mode: str
    map_path: str
    heroes: tuple[str, ...]
    monsters: tuple[str, ...]
    hero_ai: str
    monster_ai: str  # the second side's: the monsters', or the rival party's
    rivals: tuple[str, ...] = ()  # a second hero party that fights instead of monsters


# Kept for the whole run of the program, not per menu: after an encounter the menu is made anew, and an
# encounter estimated before shows its estimate at once. By encounter and number of games.
_FINISHED: dict[tuple[EncounterKey, int], dict[str, Any]] = {}
_ROOMS: dict[EncounterKey, int] = {}  # how many the second side could be, by encounter planned


def forget_estimates() -> None:
    """Forget every finished estimate and the room of every map (the next menu works each out again)."""
    _FINISHED.clear()
    _ROOMS.clear()


class BalanceEstimate:
    """The heroes' chance against the chosen monsters (or the first party's against the second), worked out in
    the background and restarted on changes."""

    def __init__(self, games: int | None = None, pool_factory: Callable[[], Executor] = background_pool) -> None:
        self.games = GAMES if games is None else games  # GAMES read now, not when the module was loaded
        self._pool_factory = pool_factory
        self._pool: Executor | None = None
        self._key: EncounterKey | None = None
        self._changed_at = 0
        self._estimate: Estimate | None = None
        self._problem = ""
        self._shown = ""

    def want(self, key: EncounterKey | None, now: int) -> None:
        """The encounter chosen now (None when there is none to estimate); a new one cancels the run under way."""
        if key == self._key:
            return
        self._key = key
        self._changed_at = now
        self._problem = ""
        if self._estimate is not None:
            self._estimate.cancel()
            self._estimate = None

    def update(self, now: int) -> bool:
        """Start the games once the choice has settled; whether the text to show changed."""
        if self._key is not None and self._estimate is None and not self._problem \
                and self._finished(self._key) is None and now - self._changed_at >= SETTLE_MS:
            self._start(self._key)
        text = self.text()
        changed, self._shown = text != self._shown, text
        return changed

    def _start(self, key: EncounterKey) -> None:
        request = BalanceRequest(mode=key.mode, map_path=key.map_path or None, heroes=",".join(key.heroes),
                                 monsters=None if key.rivals else ",".join(key.monsters),
                                 rivals=",".join(key.rivals) if key.rivals else None, hero_ai=key.hero_ai,
                                 monster_ai=key.monster_ai, games=self.games)
        try:
            plan = make_plan(request)
        except GameError as error:
            self._problem = str(error).removeprefix("simulate: ")
            return
        _ROOMS[key] = plan["room"]
        if self._pool is None:
            self._pool = self._pool_factory()
        self._estimate = Estimate(plan, self.games, SEED, self._pool)

    def room(self) -> int | None:
        """The most monsters (or rivals) the chosen encounter's map has room for, once its games have begun."""
        return None if self._key is None else _ROOMS.get(self._key)

    def busy(self) -> bool:
        """Whether games are waiting to start or being played (the menu then keeps looking)."""
        if self._key is None or self._problem or self.report() is not None:
            return False
        return self._estimate is None or self._estimate.error() is None

    def failed(self) -> bool:
        """Whether the chosen encounter cannot be estimated (its map or monsters are refused, or a game failed)."""
        if self._key is None or self.report() is not None:
            return False
        return bool(self._problem) or self._estimate is not None and self._estimate.error() is not None

    def report(self) -> dict[str, Any] | None:
        """simulate's summary for the chosen encounter, once every game is played."""
        if self._key is None:
            return None
        finished = self._finished(self._key)
        if finished is not None:
            return finished
        report = self._estimate.report() if self._estimate is not None else None
        if report is not None:
            _FINISHED[(self._key, self.games)] = report
        return report

    def _finished(self, key: EncounterKey) -> dict[str, Any] | None:
        """The report of an encounter estimated before in this run of the program, with as many games."""
        return _FINISHED.get((key, self.games))

    def progress(self) -> float:
        """How much of the run is played, from 0 to 1."""
        return self._estimate.played() / self.games if self._estimate is not None else 0.0

    def text(self) -> str:
        """What the menu says: nothing, the progress, the estimate, or why there is none."""
        if self._key is None:
            return ""
        if self._problem:
            return f"No estimate: {self._problem}"
        report = self.report()
        if report is None:
            if self._estimate is None:
                return "Estimating\u2026"
            error = self._estimate.error()
            if error is not None:
                return f"No estimate: {error}"
            played = self._estimate.played()
            so_far = self._estimate.so_far() if played * 3 >= self.games else None
            if so_far is not None:  # a third of the games is enough for a first guess, said as one
                return (f"{self._who()} about {so_far['hero_win_rate'] * 100:.0f}\u00a0% so far: {played} of "
                        f"{self.games} games played\u2026")
            return f"Estimating\u2026 {played} of {self.games} games played"
        low, high = report["hero_win_rate_95"]
        second = RIVALS if self._key.rivals else MONSTERS
        who = self._who()
        # No-break spaces keep each percent sign with its number when the text wraps.
        return (f"{who} about {report['hero_win_rate'] * 100:.0f}\u00a0% (95\u00a0% interval {low * 100:.0f}\u2013"
                f"{high * 100:.0f}\u00a0%) in {report['games']} games with the computer on both sides. "
                f"{verdict(report['hero_win_rate'], second)}")

    def _who(self) -> str:
        """Whose chance the estimate gives: the heroes', or the first party's against a second."""
        return "The first party wins" if self._key is not None and self._key.rivals else "Heroes win"

    def close(self) -> None:
        """Stop the games and let the worker processes go."""
        if self._estimate is not None:
            self._estimate.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
