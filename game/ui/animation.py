"""Animations of the encounter: tokens walking their paths, blows (``game.ui.effects``) and numbers rising after them.

A mode's screen turns the events it shows into cues (``Walked``, ``Rose`` and the effects' cues); while an
animation runs the screen draws every frame, and when the last one ends the loop goes back to sleeping.
Every duration is counted in walking steps, so the animation-speed setting paces them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.battlefield import Square
from game.ui.effects import Effect, Faded, Motion, Strike, timing
from game.ui.mapview import Floating, Point

FLOAT_MS_PER_STEP = 7  # a rising number lasts this many walking steps: about a second at the normal speed
# ... and never less than this, at a fast speed or a quick pace too: a number shorter than this cannot be read.
READ_MS = 900
# The part of a number's time (and of a fade's) that holds the next action back: once it has risen, the game
# goes on under it, and the next action's numbers stack above any still shown.
HOLD = 0.4


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


Cue = Walked | Rose | Effect


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
    lane: int = 0  # texts over one square at once stack upward, one lane each, so none covers another


@dataclass
class Animator:
    """The animations under way, timed in milliseconds of pygame's clock."""

    step_ms: int = 140
    walks: dict[str, Walk] = field(default_factory=dict)
    risings: list[Rising] = field(default_factory=list)
    motions: list[Motion] = field(default_factory=list)
    _clear_at: int = 0  # until when the animations hold the next action back
    _shown_until: int = 0  # until when anything is drawn moving or fading

    def busy(self, now: int) -> bool:
        """Whether what happened is still being shown: the next action (and the reach, the hover label) waits."""
        return now < self._clear_at

    def showing(self, now: int) -> bool:
        """Whether anything still moves on the map, so that the screen must be drawn again."""
        return now < max(self._clear_at, self._shown_until)

    def add(self, cues: list[Cue], now: int, pace: float = 1.0) -> None:
        """Animate the cues in order: each walk and each blow after the one before, and what a blow does (a flash,
        a number, a fall) as it lands. ``pace`` below 1 hurries them (nothing to watch: no enemy in sight)."""
        step = round(self.step_ms * pace)
        if step <= 0:
            return
        begin = impact = max(now, self._clear_at)
        for cue in cues:
            if isinstance(cue, Walked):
                walk = Walk(list(cue.squares), begin, step)
                self.walks[cue.cid] = walk
                begin = impact = walk.end
                self._clear_at = max(self._clear_at, walk.end)
            elif isinstance(cue, Rose):
                self._rise(cue.square, cue.text, cue.colour, impact + step * cue.delay, step)
            else:
                length, lands = timing(cue)
                start = begin if isinstance(cue, Strike) else impact
                motion = Motion(cue, start, round(step * length))
                self.motions.append(motion)
                if isinstance(cue, Strike):
                    impact = start + round(step * lands)
                    begin = motion.start + motion.duration
                end = motion.start + motion.duration
                self._shown_until = max(self._shown_until, end)
                hold = motion.start + round(motion.duration * HOLD) if isinstance(cue, Faded) else end
                self._clear_at = max(self._clear_at, hold)

    def _rise(self, square: Point, text: str, colour: tuple[int, int, int], start: int, step: int) -> None:
        paced = step * FLOAT_MS_PER_STEP
        duration = max(READ_MS, paced)
        # The lowest lane over the square that no text shown in the same time holds.
        taken = {r.lane for r in self.risings if r.square == square and r.start < start + duration
                 and start < r.start + r.duration}
        lane = next(n for n in range(len(taken) + 1) if n not in taken)
        self.risings.append(Rising(square, text, colour, start, duration, lane))
        # The speed paces what holds the game back; the text stays to be read while play goes on under it.
        self._clear_at = max(self._clear_at, start + round(paced * HOLD))
        self._shown_until = max(self._shown_until, start + duration)

    def position(self, cid: str, now: int) -> Point | None:
        """Where a walking (lunging, falling) token is now, or None if it is not moving."""
        for motion in self.motions:
            moved = motion.offset(cid, now)
            if moved is not None:
                return moved
        walk = self.walks.get(cid)
        if walk is None:
            return None
        if now >= walk.end:
            del self.walks[cid]
            return None
        return walk.position(now)

    def effects(self, now: int) -> list[Motion]:
        """The motions to draw now (those not yet begun are kept for later)."""
        self.motions = [m for m in self.motions if now < m.start + m.duration]
        return [m for m in self.motions if now >= m.start]

    def floating(self, now: int) -> list[Floating]:
        """The rising texts to draw now."""
        self.risings = [r for r in self.risings if now < r.start + r.duration]
        return [Floating(r.square, r.text, r.colour, (now - r.start) / r.duration, r.lane) for r in self.risings
                if now >= r.start]

    def finish(self) -> None:
        """Stop every animation at once."""
        self.walks.clear()
        self.risings.clear()
        self.motions.clear()
        self._clear_at = 0
        self._shown_until = 0
