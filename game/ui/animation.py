"""Animations of the encounter: tokens walking their paths and numbers rising after attacks.

Animations read events only; while one runs the screen draws every frame, and when the last one
ends the loop goes back to sleeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battlefield import Square
from game.core.events import Event
from game.modes.grid import events as ev
from game.ui import theme
from game.ui.mapview import Floating, Point

FLOAT_MS_PER_STEP = 6  # a rising number lasts this many walking steps


@dataclass
class Walk:
    """A token walking a path: the squares from where it stood to where it stops."""

    squares: list[Square]
    start: int
    step_ms: int

    @property
    def end(self) -> int:
        """When the walk is over."""
        return self.start + self.step_ms * (len(self.squares) - 1)

    def position(self, now: int) -> Point:
        """Where the token is at a moment, between two squares while it steps."""
        if self.step_ms <= 0 or now >= self.end:
            return self.squares[-1]
        t = max(0.0, (now - self.start) / self.step_ms)
        i = min(int(t), len(self.squares) - 2)
        f = t - i
        (x0, y0), (x1, y1) = self.squares[i], self.squares[i + 1]
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


@dataclass
class Rising:
    """A number or word rising over a square."""

    square: Point
    text: str
    colour: tuple[int, int, int]
    start: int
    duration: int


@dataclass
class Animator:
    """The animations under way, timed in milliseconds of pygame's clock."""

    step_ms: int = 140
    walks: dict[str, Walk] = field(default_factory=dict)
    risings: list[Rising] = field(default_factory=list)
    _clear_at: int = 0

    def busy(self, now: int) -> bool:
        """Whether anything is still moving."""
        return now < self._clear_at

    def add(self, events: list[Event], starts: dict[str, Square], squares: dict[str, Square], now: int) -> None:
        """Animate what the events did; ``starts`` are where combatants stood before, ``squares`` where they are."""
        if self.step_ms <= 0:
            return
        begin = max(now, self._clear_at)
        for event in events:
            if isinstance(event, ev.Moved) and event.cid in starts:
                walk = Walk([starts[event.cid], *event.path], begin, self.step_ms)
                self.walks[event.cid] = walk
                begin = walk.end
                self._clear_at = max(self._clear_at, walk.end)
            elif isinstance(event, ev.AttackRolled) and event.target in squares and not event.hit:
                self._rise(squares[event.target], "miss", (200, 204, 214), begin)
            elif isinstance(event, ev.DamageTaken) and event.target in squares:
                self._rise(squares[event.target], f"\u2212{event.amount}", (255, 150, 90), begin)
            elif isinstance(event, ev.Wounded) and event.target in squares:
                self._rise(squares[event.target], "wound!", theme.BAD, begin + self.step_ms * 2)
            elif isinstance(event, ev.Died) and event.cid in starts:
                self._rise(starts[event.cid], "dead", (255, 110, 110), begin + self.step_ms * 3)
            elif isinstance(event, ev.Healed) and event.cid in squares:
                self._rise(squares[event.cid], f"+{event.amount}", theme.GOOD, begin)

    def _rise(self, square: Point, text: str, colour: tuple[int, int, int], start: int) -> None:
        duration = self.step_ms * FLOAT_MS_PER_STEP
        self.risings.append(Rising(square, text, colour, start, duration))
        self._clear_at = max(self._clear_at, start + duration)

    def position(self, cid: str, now: int) -> Point | None:
        """Where a walking token is now, or None if it is not walking."""
        walk = self.walks.get(cid)
        if walk is None:
            return None
        if now >= walk.end:
            del self.walks[cid]
            return None
        return walk.position(now)

    def floating(self, now: int) -> list[Floating]:
        """The rising texts to draw now."""
        self.risings = [r for r in self.risings if now < r.start + r.duration]
        return [Floating(r.square, r.text, r.colour, (now - r.start) / r.duration) for r in self.risings
                if now >= r.start]

    def finish(self) -> None:
        """Stop every animation at once."""
        self.walks.clear()
        self.risings.clear()
        self._clear_at = 0
