"""The search for an even fight: one monster more or fewer at a time, judged by the balance estimate."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.players.balance import FAVOURED, is_even, shown_percent

MAX_TRIES = 8  # estimates one search plays at most, each a minute of games on a slow machine at worst
MAX_MONSTERS = 16  # the most monsters an encounter may have, in the menu as in a search

Monsters = tuple[str, ...]


def most_numerous(monsters: Monsters, last: bool = False) -> str:
    """The kind with the most monsters; of a tie the first listed, or the last when told."""
    counts = Counter(monsters)
    kinds = list(dict.fromkeys(monsters))
    return max(reversed(kinds) if last else kinds, key=lambda k: counts[k])


def one_more(monsters: Monsters, kind: str | None = None) -> Monsters:
    """The monsters with one more of a kind (by default the most numerous), beside its fellows."""
    kind = kind or most_numerous(monsters)
    if kind not in monsters:
        return (*monsters, kind)
    last = len(monsters) - 1 - monsters[::-1].index(kind)
    return (*monsters[:last + 1], kind, *monsters[last + 1:])


def one_fewer(monsters: Monsters, kind: str | None = None) -> Monsters:
    """The monsters with one fewer of a kind (by default the most numerous, the last listed of a tie)."""
    kind = kind or most_numerous(monsters, last=True)
    last = len(monsters) - 1 - monsters[::-1].index(kind)
    return (*monsters[:last], *monsters[last + 1:])


def too_easy(hero_win_rate: float) -> bool:
    """Whether the heroes are favoured or more: the search adds monsters."""
    return shown_percent(hero_win_rate) >= FAVOURED


@dataclass
class EvenFightSearch:
    """Steps the monsters towards an even fight, one estimate at a time, and remembers the closest tried.

    First one of the most numerous kind is added or taken away at each step: it keeps the encounter's
    character and is rarely its leader. When one such monster tips the fight from one side to the
    other, one of each other kind is tried in its place, since a weaker or stronger monster may land
    between.
    """

    limit: int  # the most monsters an encounter may have
    tried: list[tuple[Monsters, float]] = field(default_factory=list)
    _last_change: tuple[Monsters, str] | None = None  # the monsters before the last step and the kind it changed
    _instead: list[Monsters] | None = None  # the other kinds still to try once a step tipped the fight over

    def step(self, monsters: Monsters, hero_win_rate: float) -> Monsters | None:
        """The monsters to estimate next after this estimate, or None when the search is over (see `best`)."""
        monsters = tuple(monsters)
        self.tried.append((monsters, hero_win_rate))
        if is_even(hero_win_rate) or len(self.tried) >= MAX_TRIES:
            return None
        if self._instead is None:
            easy = too_easy(hero_win_rate)
            if len(self.tried) > 1 and self._last_change is not None and too_easy(self.tried[-2][1]) != easy:
                before, kind = self._last_change
                change = one_more if too_easy(self.tried[-2][1]) else one_fewer
                self._instead = [change(before, other) for other in dict.fromkeys(before) if other != kind]
            else:
                if easy and len(monsters) < self.limit:
                    kind = most_numerous(monsters)
                    after = one_more(monsters, kind)
                elif not easy and len(monsters) > 1:
                    kind = most_numerous(monsters, last=True)
                    after = one_fewer(monsters, kind)
                else:
                    return None
                self._last_change = (monsters, kind)
                return None if self._seen(after) else after
        while self._instead:
            candidate = self._instead.pop(0)
            if not self._seen(candidate):
                return candidate
        return None

    def _seen(self, monsters: Monsters) -> bool:
        return any(monsters == seen for seen, _ in self.tried)

    def best(self) -> tuple[Monsters, float]:
        """The monsters tried whose estimate is closest to even and that estimate; of a tie the last tried,
        which the steps had taken furthest towards even."""
        return min(reversed(self.tried), key=lambda t: abs(t[1] - 0.5))
