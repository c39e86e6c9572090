"""Animations of the encounter: tokens walking their paths and numbers rising after attacks.

A mode's screen turns the events it shows into cues (``Walked``, ``Rose``); while an animation
runs the screen draws every frame, and when the last one ends the loop goes back to sleeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battlefield import Square
from game.ui.mapview import Floating, Point

FLOAT_MS_PER_STEP = 6  # a rising number lasts this many walking steps


@dataclass(frozen=True)
class Walked:
    """A cue: a token walked these squares, from where it stood to where it stopped."""

    cid: str
    squares: tuple[Square, ...]


@dataclass(frozen=True)
class Rose:
    """A cue: a number or word rises over a square, ``delay`` walking steps after the cue before it."""

    square: Point
    text: str
    colour: tuple[int, int, int]
    delay: int = 0


Cue = Walked | Rose


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

    def add(self, cues: list[Cue], now: int) -> None:
        """Animate the cues in order, each walk after the one before."""
        if self.step_ms <= 0:
            return
        begin = max(now, self._clear_at)
        for cue in cues:
            if isinstance(cue, Walked):
                walk = Walk(list(cue.squares), begin, self.step_ms)
                self.walks[cue.cid] = walk
                begin = walk.end
                self._clear_at = max(self._clear_at, walk.end)
            else:
                self._rise(cue.square, cue.text, cue.colour, begin + self.step_ms * cue.delay)

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
