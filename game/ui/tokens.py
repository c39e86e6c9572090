"""Token sprites: heroes round in their colour, monsters black hexagons, treasure a yellow diamond.

Shapes differ as well as colours, so players who cannot tell the colours apart still can tell a
hero from a monster from a pile of treasure. Each sprite carries its initials over an emblem of
what it is (a sword, a bow, a skull...), and a health mark: one pip per point of Resolve, filled
red per wound, and a badge with the Damage score.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.emblems import tinted_emblem

Colour = tuple[int, int, int]
EMBLEM_TONE = 0.8  # the emblem's colour, this far from the token's towards its letters'


@dataclass(frozen=True)
class TokenLook:
    """Everything a token's sprite depends on; equal looks share one cached sprite."""

    kind: str  # hero, monster or treasure
    colour: Colour
    label: str
    resolve: int = 0
    wounds: int = 0
    damage: int = 0
    state: str = "standing"
    boss: bool = False
    emblem: str = ""  # what it is (game.ui.emblems): drawn behind the letters


_CACHE: dict[tuple[TokenLook, int], pygame.Surface] = {}
_FADED: dict[tuple[TokenLook, int, int], pygame.Surface] = {}


def reset_cache() -> None:
    """Forget the drawn sprites (a new window)."""
    _CACHE.clear()
    _FADED.clear()


_JOINING = frozenset({"the", "of", "a", "an"})  # "Mara the Bruiser" reads MB, not MT


def initials(name: str) -> str:
    """A token's label: the first letters of the name's first two naming words, with the number of a numbered
    monster ("Skeleton 2": S2, "Goblin Archer 1": GA1), so a Giant Rat and a Goblin Archer differ."""
    words = name.split()
    number = words.pop() if len(words) > 1 and words[-1].isdigit() else ""
    naming = [word for word in words if word not in _JOINING] or words
    return "".join(word[:1].upper() for word in naming[:2]) + number


def label_size(look: TokenLook, big: int) -> int:
    """The type size of the label on a token drawn ``big`` pixels wide: large for one letter, and
    smaller as the label grows, so that it stays inside the token's edge."""
    size = max(8, int(big * (0.40 if len(look.label) < 2 else 0.32)))
    room = big * 0.62  # the width inside the hexagon's flat sides (0.40 * cos 30° from the centre), less a margin
    while size > 8 and theme.font(size, True).size(look.label)[0] > room:
        size -= 1
    return size


def hexagon(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The corners of a hexagon with a point at the top."""
    cx, cy = centre
    return [(cx + radius * math.cos(math.radians(90 + 60 * i)), cy - radius * math.sin(math.radians(90 + 60 * i)))
            for i in range(6)]


def sprite(look: TokenLook, size: int) -> pygame.Surface:
    """The token drawn on a transparent square of ``size`` pixels (cached)."""
    key = (look, size)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    if len(_CACHE) > 4000:
        _CACHE.clear()
    surface = _draw(look, size)
    _CACHE[key] = surface
    return surface


def faded_sprite(look: TokenLook, size: int, alpha: int) -> pygame.Surface:
    """The token's sprite, see-through to ``alpha`` (cached)."""
    key = (look, size, alpha)
    cached = _FADED.get(key)
    if cached is None:
        if len(_FADED) > 1000:
            _FADED.clear()
        cached = _FADED[key] = sprite(look, size).copy()
        cached.set_alpha(alpha)
    return cached


def _draw(look: TokenLook, size: int) -> pygame.Surface:
    # Drawn at twice the size and scaled down: smooth edges without anti-aliased primitives.
    big = size * 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = (big / 2, big / 2 - big * 0.03)
    edge_w = max(2, big // 22)
    if look.kind == "treasure":
        r = big * 0.30
        points = [(c[0], c[1] - r), (c[0] + r * 0.85, c[1]), (c[0], c[1] + r), (c[0] - r * 0.85, c[1])]
        pygame.draw.polygon(s, theme.TREASURE, points)
        pygame.draw.polygon(s, theme.TREASURE_EDGE, points, edge_w)
        shine = [(c[0], c[1] - r * 0.6), (c[0] + r * 0.35, c[1] - r * 0.05), (c[0], c[1] + r * 0.1)]
        pygame.draw.polygon(s, (255, 244, 190), shine)
        return pygame.transform.smoothscale(s, (size, size))
    r = big * 0.40
    fill = look.colour if look.kind == "hero" else theme.MONSTER
    ink = theme.ink_on(fill)
    # A dark halo first so the token stands out on any floor, light or dark.
    if look.kind == "hero":
        pygame.draw.circle(s, (12, 12, 14), c, r + edge_w)
        pygame.draw.circle(s, fill, c, r)
        pygame.draw.circle(s, _shade(fill, 1.25), c, r, edge_w)
    else:
        pygame.draw.polygon(s, (250, 250, 250) if not look.boss else theme.ACCENT, hexagon(c, r + edge_w * 1.4))
        pygame.draw.polygon(s, fill, hexagon(c, r))
        if look.boss:
            pygame.draw.polygon(s, theme.ACCENT, hexagon(c, r * 0.82), edge_w)
    emblem = tinted_emblem(look.emblem, int(big * 0.40), _mix(fill, ink, EMBLEM_TONE)) if look.emblem else None
    if emblem is None:
        label = theme.text_surface(look.label, label_size(look, big), ink, True)
        s.blit(label, label.get_rect(center=(c[0], c[1] - big * 0.02)))
    else:
        # The emblem above, the letters below it, a little smaller: both read on the smallest token.
        s.blit(emblem, emblem.get_rect(center=(c[0], c[1] - big * 0.15)))
        label = theme.text_surface(look.label, max(8, round(label_size(look, big) * 0.78)), ink, True)
        s.blit(label, label.get_rect(center=(c[0], c[1] + big * 0.17)))
    _health_mark(s, look, big, edge_w)
    if look.state == "prone":
        _badge(s, "P", (big * 0.2, big * 0.2), big, (90, 120, 200))
    elif look.state == "unconscious":
        dim = pygame.Surface((big, big), pygame.SRCALPHA)
        dim.fill((40, 40, 48, 150))
        s.blit(dim, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        _badge(s, "Zz", (big * 0.22, big * 0.2), big, (120, 120, 140))
    if look.damage > 0:
        _badge(s, str(look.damage), (big * 0.8, big * 0.2), big, (214, 110, 40))
    return pygame.transform.smoothscale(s, (size, size))


def _health_mark(s: pygame.Surface, look: TokenLook, big: int, edge_w: int) -> None:
    """One pip per point of Resolve along the bottom, red for each wound taken."""
    if look.resolve <= 0:
        return
    count = min(look.resolve, 8)
    width = big * 0.70
    gap = max(2, big // 40)
    pip_w = (width - gap * (count - 1)) / count
    pip_h = max(4, big // 11)
    x = (big - width) / 2
    y = big - pip_h - big * 0.03
    back = pygame.Rect(int(x - gap), int(y - gap), int(width + 2 * gap), int(pip_h + 2 * gap))
    pygame.draw.rect(s, (10, 10, 12), back, border_radius=gap * 2)
    for i in range(count):
        wounded = i < look.wounds
        rect = pygame.Rect(int(x + i * (pip_w + gap)), int(y), max(2, int(pip_w)), pip_h)
        pygame.draw.rect(s, theme.BAD if wounded else theme.GOOD, rect, border_radius=gap)


def _badge(s: pygame.Surface, text: str, centre: tuple[float, float], big: int, colour: Colour) -> None:
    r = big * 0.14
    pygame.draw.circle(s, (10, 10, 12), centre, r + 2)
    pygame.draw.circle(s, colour, centre, r)
    label = theme.text_surface(text, max(8, int(big * (0.18 if len(text) < 2 else 0.14))), (255, 255, 255), True)
    s.blit(label, label.get_rect(center=centre))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    """A colour t of the way from a to b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _shade(colour: Colour, factor: float) -> Colour:
    return tuple(max(0, min(255, int(v * factor + (12 if factor > 1 else 0)))) for v in colour)  # type: ignore


def portrait(look: TokenLook, size: int) -> pygame.Surface:
    """A token for panels and lists: the same sprite without the overlays of the map."""
    return sprite(look, size)
