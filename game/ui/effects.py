"""The motions of a fight: a lunge, a shot, a burst, a flash on a hit, a fall and a fade; on a table, a card
sliding, a die flipping and a tool flung to the ground.

A mode's screen turns what its events did into these cues (beside ``Walked`` and ``Rose`` of
``game.ui.animation``); the animator times them in walking steps, so the animation-speed setting
paces them all, and the board (the map, or a table) draws them over the tokens. A lunge and a fall
move the token itself (``Motion.offset``); the others are drawn. A board places them by its ``sq``
(a token's size in pixels) and ``_point`` (the pixel centre of a point in its own units).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.ui import theme
from game.ui.mapscene import Floating
from game.ui.tokens import TokenLook, sprite

Point = tuple[float, float]
Colour = tuple[int, int, int]

SHOT_COLOUR = (250, 236, 190)
SPELL_COLOUR = (150, 140, 255)
HEAL_COLOUR = (120, 230, 150)


@dataclass(frozen=True)
class Lunged:
    """A cue: a melee blow, the attacker lunging from its square toward the target's and back."""

    cid: str
    start: Point
    toward: Point


@dataclass(frozen=True)
class Shot:
    """A cue: a missile flying from one square to another."""

    start: Point
    end: Point
    colour: Colour = SHOT_COLOUR


@dataclass(frozen=True)
class Burst:
    """A cue: a spell or an area attack bursting over a square, ``radius`` squares around it."""

    square: Point
    radius: int = 0
    colour: Colour = SPELL_COLOUR


@dataclass(frozen=True)
class Flashed:
    """A cue: a token struck, flashing white."""

    square: Point


@dataclass(frozen=True)
class Fell:
    """A cue: a combatant dropping Unconscious where it stands."""

    cid: str
    square: Point


@dataclass(frozen=True)
class Faded:
    """A cue: a combatant dying, its token fading away (``look``: how it looked alive)."""

    square: Point
    look: TokenLook


@dataclass(frozen=True)
class Slid:
    """A cue: a card sliding from one point to another, face up with its name (or face down with none)."""

    start: Point
    end: Point
    text: str = ""


@dataclass(frozen=True)
class Flipped:
    """A cue: a die turned over where it lies, showing its number."""

    square: Point
    text: str


@dataclass(frozen=True)
class Flung:
    """A cue: a tool knocked from a hand, flying in an arc to where it lands on the ground."""

    start: Point
    end: Point
    text: str


Strike = Lunged | Shot | Burst | Slid  # the cues whose blow lands a moment after they start: what follows waits for it
Effect = Strike | Flashed | Fell | Faded | Flipped | Flung
CARD_FACE = (214, 204, 176)
CARD_BACK = (70, 60, 110)
INK = (30, 28, 26)


def timing(cue: Effect) -> tuple[float, float]:
    """How long a cue lasts and when its blow lands, in walking steps from its start."""
    if isinstance(cue, Lunged):
        return 3.0, 1.2
    if isinstance(cue, Shot):
        flight = max(1.5, 0.45 * math.dist(cue.start, cue.end))
        return flight, flight
    if isinstance(cue, Burst):
        return 4.0, 1.0
    if isinstance(cue, Flashed):
        return 2.0, 0.0
    if isinstance(cue, Fell):
        return 3.0, 0.0
    if isinstance(cue, Slid):
        return 3.0, 3.0  # what the card does shows once it lies where it goes
    if isinstance(cue, Flipped):
        return 3.0, 0.0
    if isinstance(cue, Flung):
        return 4.0, 0.0
    return 6.0, 0.0  # a fade is slow enough to see who it was


class Board(Protocol):
    """What a motion needs of the map board to draw itself."""

    @property
    def sq(self) -> int:
        """A square's (a token's) size in pixels."""
        ...

    def _point(self, square: Point) -> tuple[int, int]: ...


@dataclass
class Motion:
    """A cue under way, timed in pygame's milliseconds."""

    cue: Effect
    start: int
    duration: int

    def progress(self, now: int) -> float | None:
        """How far it has come (0 to 1), or None before it starts and after it ends."""
        if now < self.start or now >= self.start + self.duration or self.duration <= 0:
            return None
        return (now - self.start) / self.duration

    def offset(self, cid: str, now: int) -> Point | None:
        """Where the token of ``cid`` stands while this motion moves it, else None."""
        p = self.progress(now)
        cue = self.cue
        if p is None:
            return None
        if isinstance(cue, Lunged) and cue.cid == cid:
            # Out fast to the blow (at 0.4), back slower: a third of the way to the target at most.
            reach = p / 0.4 if p < 0.4 else 1 - (p - 0.4) / 0.6
            dx, dy = cue.toward[0] - cue.start[0], cue.toward[1] - cue.start[1]
            size = math.hypot(dx, dy) or 1.0
            return cue.start[0] + 0.35 * reach * dx / size, cue.start[1] + 0.35 * reach * dy / size
        if isinstance(cue, Fell) and cue.cid == cid:
            # It buckles (a small rise) and drops: a quick bounce that settles where it lies.
            drop = math.sin(math.pi * min(1.0, p * 1.5)) * (0.12 if p < 0.33 else -0.08) * (1 - p)
            return cue.square[0], cue.square[1] - drop
        return None

    def draw(self, target: pygame.Surface, board: Board, now: int) -> None:
        """Draw this frame of the motion."""
        p = self.progress(now)
        if p is None:
            return
        cue, sq = self.cue, board.sq
        if isinstance(cue, Lunged) and 0.35 <= p <= 0.7:
            _slash(target, board._point(cue.start), board._point(cue.toward), sq, (p - 0.35) / 0.35)
        elif isinstance(cue, Shot):
            _missile(target, board._point(cue.start), board._point(cue.end), p, sq, cue.colour)
        elif isinstance(cue, Burst):
            _burst(target, board._point(cue.square), (cue.radius + 0.5) * sq, p, cue.colour)
        elif isinstance(cue, Flashed):
            _ring(target, board._point(cue.square), int(sq * (0.42 + 0.2 * p)), (255, 255, 255), int(230 * (1 - p)),
                  filled=True)
        elif isinstance(cue, Fell):
            x, y = board._point(cue.square)
            _ring(target, (x, y + sq // 4), int(sq * (0.3 + 0.4 * p)), (190, 180, 160), int(170 * (1 - p)),
                  flat=True)
        elif isinstance(cue, Faded):
            image = sprite(cue.look, sq)
            x, y = board._point(cue.square)
            image.set_alpha(int(255 * (1 - p) ** 1.5))
            target.blit(image, (x - sq // 2, y - sq // 2 + int(sq * 0.25 * p)))
            image.set_alpha(None)
        elif isinstance(cue, Slid):
            _card(target, _along(board._point(cue.start), board._point(cue.end), _ease(p)), sq, cue.text, 0.0)
        elif isinstance(cue, Flipped):
            _card(target, board._point(cue.square), sq, cue.text if p >= 0.5 else "", abs(math.cos(math.pi * p)),
                  die=True)
        elif isinstance(cue, Flung):
            _flung(target, board._point(cue.start), board._point(cue.end), sq, p, cue.text)


def draw_floating(target: pygame.Surface, board: Board, floating: Iterable[Floating]) -> None:
    """The rising numbers and words over their points: each rises half a token, slowing, then holds to be read; a
    lane is one line higher, and a text that would cover a neighbour's goes above it."""
    sq = board.sq
    size = max(14, int(sq * 0.5))
    placed: list[pygame.Rect] = []
    for f in floating:
        x, y = board._point(f.square)
        rise = int(min(1.0, f.progress * 2.5) ** 0.5 * sq * 0.5) + f.lane * int(size * 1.1)
        text = theme.text_surface(f.text, size, f.colour, True)
        shadow = theme.text_surface(f.text, size, (0, 0, 0), True)
        alpha = 255 if f.progress < 0.75 else int(255 * (1 - f.progress) / 0.25)
        box = text.get_rect(center=(x, y - sq // 2 - rise))
        while box.collidelist(placed) >= 0:  # a neighbour's text there: this one goes above it
            box.bottom = placed[box.collidelist(placed)].top
        placed.append(box)
        # A dark rim all round, so that the text reads on a pale floor as on a dark one.
        for surface, dx, dy in ((shadow, -2, 0), (shadow, 2, 0), (shadow, 0, -2), (shadow, 0, 2), (text, 0, 0)):
            surface.set_alpha(alpha)
            target.blit(surface, box.move(dx, dy))
            surface.set_alpha(None)


def _ease(p: float) -> float:
    """Quick to start, slowing to a stop."""
    return 1 - (1 - p) ** 2


def _along(a: tuple[int, int], b: tuple[int, int], t: float) -> tuple[int, int]:
    return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)


def _card(target: pygame.Surface, centre: tuple[int, int], sq: int, text: str, squeeze: float,
          die: bool = False) -> None:
    """A card (or a die, square) at a point, face up with its text or face down; ``squeeze`` narrows it as it turns
    (1 for flat, 0 for on edge: turning, it is squeezed by ``1 - squeeze``)."""
    if die:
        width, height = int(sq * 0.7), int(sq * 0.7)
    elif text:
        width, height = int(sq * 1.9), int(sq * 0.55)
    else:  # face down: a small back, as the table shows one
        width, height = int(sq * 0.6), int(sq * 0.42)
    if squeeze:
        width = max(2, int(width * squeeze))
    rect = pygame.Rect(0, 0, width, height)
    rect.center = centre
    face = CARD_FACE if text else CARD_BACK
    pygame.draw.rect(target, (12, 12, 14), rect.inflate(4, 4), border_radius=max(2, sq // 10))
    pygame.draw.rect(target, face, rect, border_radius=max(2, sq // 12))
    if text and width > sq // 3:
        size = max(9, int(sq * (0.4 if die else 0.26)))
        label = theme.text_surface(text, size, INK, True)
        if label.get_width() > rect.width - 4:
            label = theme.text_surface(theme.shorten(text, size, rect.width - 4, bold=True), size, INK, True)
        target.blit(label, label.get_rect(center=rect.center))


def _flung(target: pygame.Surface, start: tuple[int, int], end: tuple[int, int], sq: int, p: float,
           text: str) -> None:
    """A tool flying from a hand in an arc, turning as it goes, to lie on the ground under its name."""
    fly = min(1.0, p / 0.6)
    x, y = _along(start, end, fly)
    y -= int(math.sin(math.pi * fly) * sq * 0.8)  # up, then down to the ground
    length = sq * 0.45
    angle = fly * math.pi * 3 if fly < 1 else math.pi / 2  # it spins, then lies flat
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    width = max(3, sq // 9)
    pygame.draw.line(target, (20, 18, 14), (x - dx, y - dy), (x + dx, y + dy), width + 3)
    pygame.draw.line(target, (226, 214, 180), (x - dx, y - dy), (x + dx, y + dy), width)
    if fly >= 1:  # landed: a little dust, and its name under it while it settles
        _ring(target, (x, y + sq // 6), int(sq * (0.2 + 0.3 * (p - 0.6) / 0.4)), (190, 180, 160),
              int(160 * (1 - (p - 0.6) / 0.4)), flat=True)
        label = theme.text_surface(text, max(10, sq // 4), (240, 230, 200), True)
        target.blit(label, label.get_rect(midtop=(x, y + sq // 5)))


def _shade(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


def _ring(target: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour, alpha: int,
          filled: bool = False, flat: bool = False) -> None:
    """A translucent circle (or a flat ellipse on the ground) around a point."""
    if radius <= 0 or alpha <= 0:
        return
    height = radius // 2 if flat else radius
    layer = _shade((radius * 2 + 4, height * 2 + 4))
    box = pygame.Rect(2, 2, radius * 2, height * 2)
    if filled:
        pygame.draw.ellipse(layer, (*colour, alpha // 2), box)
    pygame.draw.ellipse(layer, (*colour, alpha), box, max(2, radius // 6))
    target.blit(layer, (centre[0] - radius - 2, centre[1] - height - 2))


def _burst(target: pygame.Surface, centre: tuple[int, int], reach: float, p: float, colour: Colour) -> None:
    """A ring swelling out to the area's edge over a glow that fades."""
    grow = min(1.0, p / 0.45)
    radius = max(4, int(reach * (0.25 + 0.75 * grow)))
    alpha = int(220 * (1 - max(0.0, p - 0.3) / 0.7))
    _ring(target, centre, radius, colour, alpha, filled=True)
    _ring(target, centre, max(3, radius // 2), (255, 255, 255), alpha // 2)


def _missile(target: pygame.Surface, start: tuple[int, int], end: tuple[int, int], p: float, sq: int,
             colour: Colour) -> None:
    """A dart with a fading trail, ``p`` of the way from start to end."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    head = (start[0] + dx * p, start[1] + dy * p)
    tail_len = min(length * p, sq * 1.2)
    tail = (head[0] - dx / length * tail_len, head[1] - dy / length * tail_len)
    width = max(2, sq // 14)
    pygame.draw.line(target, (20, 18, 14), tail, head, width + 3)
    pygame.draw.line(target, colour, tail, head, width)
    pygame.draw.circle(target, (255, 255, 255), (round(head[0]), round(head[1])), width + 1)


def _slash(target: pygame.Surface, start: tuple[int, int], centre: tuple[int, int], sq: int, p: float) -> None:
    """A bright stroke across the target (at ``centre``), square to the blow's direction from ``start``."""
    dx, dy = centre[0] - start[0], centre[1] - start[1]
    size = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / size, dx / size  # across the blow
    half = sq * 0.38
    a = (centre[0] - nx * half + dx / size * half * 0.4, centre[1] - ny * half + dy / size * half * 0.4)
    b = (centre[0] + nx * half - dx / size * half * 0.4, centre[1] + ny * half - dy / size * half * 0.4)
    cut = (a[0] + (b[0] - a[0]) * min(1.0, p * 1.6), a[1] + (b[1] - a[1]) * min(1.0, p * 1.6))
    width = max(2, sq // 12)
    pygame.draw.line(target, (20, 18, 14), a, cut, width + 3)
    pygame.draw.line(target, (255, 250, 235), a, cut, width)
