"""The terrain tileset: every tile drawn by code, grouped into families that the map builder places."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from paint import (
    TILE,
    Canvas,
    Color,
    Noise,
    blob,
    disc,
    edge_noise,
    fbm,
    glow,
    line,
    mix,
    rect,
    scale,
    seeded,
    shadow,
    textured,
)

N, E, S, W = 1, 2, 4, 8
SIDES = (N, E, S, W)


@dataclass
class Tile:
    """One drawn tile with its Tiled properties."""

    name: str
    props: dict[str, bool]
    canvas: Canvas


@dataclass
class Family:
    """Tiles placed under one map key: plain variants, edge masks, or a wall with top and face."""

    key: str
    mode: str  # "random", "mask", "wall"
    variants: list[int] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)
    masks: dict[int, int] = field(default_factory=dict)
    faces: list[int] = field(default_factory=list)
    face_weights: list[float] = field(default_factory=list)
    edge: Callable[[str | None], bool] | None = None
    alternatives: dict[int, list[int]] = field(default_factory=dict)
    corners: bool = False


class Tileset:
    """All tiles in sheet order and the families that name them."""

    def __init__(self) -> None:
        """Start empty."""
        self.tiles: list[Tile] = []
        self.families: dict[str, Family] = {}
        self.shade: dict[int, int] = {}

    def add(self, name: str, props: dict[str, bool], canvas: Canvas) -> int:
        """Append a tile and return its local id."""
        self.tiles.append(Tile(name, {k: v for k, v in props.items() if v}, canvas))
        return len(self.tiles) - 1

    def random(self, key: str, name: str, props: dict[str, bool], drawings: list[Canvas],
               weights: list[float] | None = None) -> None:
        """A family whose tiles are picked at random, with optional weights."""
        fam = Family(key, "random")
        fam.variants = [self.add(name, props, c) for c in drawings]
        fam.weights = weights or [1.0] * len(drawings)
        self.families[key] = fam

    def masked(self, key: str, name: str, props: dict[str, bool], draw: Callable[[int, int], Canvas],
               edge: Callable[[str | None], bool], plain: list[Canvas] | None = None) -> None:
        """A family with one tile per combination of edged sides (N=1, E=2, S=4, W=8) and inner corners (<<4)."""
        fam = Family(key, "mask", edge=edge, corners=True)
        for mask in range(16):
            for corners in corner_sets(mask):
                fam.masks[mask | corners << 4] = self.add(name, props, draw(mask, corners))
        fam.variants = [fam.masks[0]] + [self.add(name, props, c) for c in plain or []]
        fam.weights = [1.0] * len(fam.variants)
        self.families[key] = fam

    def wall(self, key: str, name: str, top: Callable[[int], Canvas], faces: list[Canvas],
             face_weights: list[float] | None = None) -> None:
        """A wall seen from above at an angle: a top edged where it meets the open, a face above open ground."""
        props = {"wall": True}
        fam = Family(key, "wall")
        for mask in range(16):
            fam.masks[mask] = self.add(name, props, top(mask))
        fam.faces = [self.add(name, props, c) for c in faces]
        fam.face_weights = face_weights or [1.0] * len(faces)
        self.families[key] = fam


# ---------------------------------------------------------------- stone


def flagstones(rng: random.Random, slabs: list[tuple[int, int, int, int]], dark: Color, light: Color,
               grout: Color, cracks: int = 1) -> Canvas:
    """Stone slabs with grout lines, bevelled edges and the odd crack."""
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    for x0, y0, w, h in slabs:
        tone = rng.uniform(0.9, 1.07)
        tint = (rng.uniform(-2.5, 2.5), rng.uniform(-2, 2), rng.uniform(-2.5, 2.5))
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                lx, ly = x - x0, y - y0
                col = scale(mix(dark, light, tex[y][x]), tone)
                if lx == 0 or ly == 0:
                    col = mix(grout, col, 0.25)
                elif lx == 1 or ly == 1:
                    col = scale(col, 1.13)
                elif lx == w - 1 or ly == h - 1:
                    col = scale(col, 0.78)
                j = rng.uniform(-5, 5)
                c.set(x, y, (col[0] + tint[0] + j, col[1] + tint[1] + j, col[2] + tint[2] + j))
    for _ in range(cracks):
        x0, y0, w, h = rng.choice(slabs)
        if w < 8 or h < 8:
            continue
        x, y = rng.uniform(x0 + 3, x0 + w - 3), rng.uniform(y0 + 3, y0 + h - 3)
        angle = rng.uniform(0, 2 * math.pi)
        for _ in range(rng.randint(5, 10)):
            nx, ny = x + math.cos(angle) * 1.5, y + math.sin(angle) * 1.5
            if not (x0 + 2 <= nx < x0 + w - 2 and y0 + 2 <= ny < y0 + h - 2):
                break
            line(c, x, y, nx, ny, grout, 0.45)
            x, y = nx, ny
            angle += rng.uniform(-0.7, 0.7)
    return c


SLAB_LAYOUTS = [
    [(0, 0, 16, 16), (16, 0, 16, 16), (0, 16, 16, 16), (16, 16, 16, 16)],
    [(0, 0, 32, 12), (0, 12, 12, 20), (12, 12, 20, 20)],
    [(0, 0, 20, 16), (20, 0, 12, 16), (0, 16, 10, 16), (10, 16, 22, 16)],
    [(0, 0, 14, 32), (14, 0, 18, 18), (14, 18, 18, 14)],
]

CRYPT_DARK, CRYPT_LIGHT, CRYPT_GROUT = (62, 60, 62), (112, 106, 102), (28, 26, 28)


def moss(c: Canvas, rng: random.Random, amount: float = 0.55) -> None:
    """Soft patches of damp and moss creeping over stone."""
    tex = fbm(rng, (16, 8, 4))
    for y in range(TILE):
        for x in range(TILE):
            t = tex[y][x]
            if t > amount:
                a = min(0.6, (t - amount) * 2.5)
                if rng.random() < 0.35:
                    a = min(0.8, a * 1.6)
                c.blend(x, y, mix((44, 62, 34), (74, 96, 44), rng.random()), a)


def chapel_floor(rng: random.Random) -> Canvas:
    """Chequered marble with faint veins."""
    c = Canvas()
    veins = Noise(rng, 8)
    tex = fbm(rng, (8, 4))
    for y in range(TILE):
        for x in range(TILE):
            light = ((x // 16) + (y // 16)) % 2 == 0
            base = (150, 144, 134) if light else (88, 88, 98)
            col = scale(base, 0.9 + 0.2 * tex[y][x])
            v = veins.at(x * 1.3, y * 0.7)
            if abs(v - 0.5) < 0.03:
                col = scale(col, 0.8 if light else 1.35)
            if x % 16 == 0 or y % 16 == 0:
                col = (34, 32, 34)
            elif x % 16 == 1 or y % 16 == 1:
                col = scale(col, 1.1)
            j = rng.uniform(-3, 3)
            c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
    return c


def stairs(rng: random.Random) -> Canvas:
    """Stone steps leading up and out, lit from above."""
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    for y in range(TILE):
        step, within = divmod(y, 8)
        for x in range(TILE):
            base = scale(mix(CRYPT_DARK, CRYPT_LIGHT, tex[y][x]), 0.7 + 0.1 * step)
            if within == 0:
                base = scale(base, 1.35)
            elif within >= 6:
                base = scale(base, 0.6)
            if x < 2 or x > 29:
                base = scale(CRYPT_GROUT, 1.2)
            j = rng.uniform(-4, 4)
            c.set(x, y, (base[0] + j, base[1] + j, base[2] + j))
    return c


def wall_top(seed: str, mask: int, dark: Color, light: Color, rim: Color, outline: Color,
             blocks: bool = True) -> Canvas:
    """The top of a thick wall, bevelled along each side that meets open ground."""
    rng = seeded(seed)
    c = Canvas()
    textured(c, rng, dark, light, jitter=5, cells=(8, 4, 2))
    if blocks:
        for y in range(TILE):
            for x in range(TILE):
                off = 0 if (y // 16) % 2 == 0 else 8
                if y % 16 == 0 or (x + off) % 16 == 0:
                    c.shade(x, y, 0.82)
    for y in range(TILE):
        for x in range(TILE):
            for side, dist in ((N, y), (W, x), (S, TILE - 1 - y), (E, TILE - 1 - x)):
                if not mask & side:
                    continue
                if dist == 0:
                    c.set(x, y, outline)
                elif dist <= 2:
                    lit = side in (N, W)
                    col = mix(c.get(x, y), rim if lit else scale(dark, 0.7), 0.75)
                    c.set(x, y, col)
                elif dist == 3:
                    c.shade(x, y, 1.08 if side in (N, W) else 0.9)
    return c


def brick_face(rng: random.Random, cap_dark: Color, cap_light: Color, brick_dark: Color, brick_light: Color,
               mortar: Color, row_h: int = 7, brick_w: int = 16, cap: int = 5) -> Canvas:
    """The front face of a wall: a cap of its top, then courses of bricks darkening towards the floor."""
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    tones = {(r, b): (rng.uniform(0.82, 1.12), rng.uniform(-6, 6)) for r in range(8) for b in range(8)}
    for y in range(TILE):
        for x in range(TILE):
            if y < cap:
                col = mix(cap_dark, cap_light, tex[y][x])
                if y == cap - 2:
                    col = scale(col, 1.25)
                elif y == cap - 1:
                    col = scale(mortar, 0.8)
            else:
                row, within = divmod(y - cap, row_h)
                off = (brick_w // 2) * (row % 2)
                bx = (x + off) % TILE
                index = bx // brick_w
                tone, tint = tones[(row, index)]
                col = scale(mix(brick_dark, brick_light, tex[y][x]), tone)
                col = (col[0] + tint, col[1] + tint * 0.6, col[2])
                if within == 0 or bx % brick_w == 0:
                    col = mortar
                elif within == 1:
                    col = scale(col, 1.12)
                elif within == row_h - 1 or bx % brick_w == brick_w - 1:
                    col = scale(col, 0.85)
                depth = (y - cap) / (TILE - cap)
                col = scale(col, 1.0 - 0.38 * depth**1.6)
                if y >= TILE - 2:
                    col = scale(col, 0.6)
            j = rng.uniform(-4, 4)
            c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
    return c


def torch(c: Canvas, x: int = 16, y: int = 13) -> None:
    """An iron sconce with a burning torch and its glow on the wall."""
    glow(c, x, y - 2, 14, (255, 170, 70), 0.45)
    rect(c, x - 1, y, 3, 7, (40, 30, 22))
    rect(c, x - 3, y + 5, 7, 2, (60, 58, 60))
    disc(c, x, y - 2, 3, (255, 140, 40))
    disc(c, x, y - 3, 1.6, (255, 230, 140))


def crack(c: Canvas, rng: random.Random, color: Color) -> None:
    """A jagged crack running down a wall face."""
    x, y = rng.uniform(8, 24), 6.0
    while y < 30:
        nx, ny = x + rng.uniform(-2.5, 2.5), y + rng.uniform(1.5, 3.5)
        line(c, x, y, nx, ny, color, 0.8, wrap=False)
        x, y = nx, ny


def chasm(rng: random.Random, lip: bool) -> Canvas:
    """A pit with no bottom in sight; with a lip, the rock face of the floor above drops into it."""
    c = Canvas()
    textured(c, rng, (6, 6, 10), (22, 22, 30), jitter=3)
    if lip:
        streaks = Noise(rng, 4)
        edge = edge_noise(rng, 8)
        for x in range(TILE):
            top = 1 + int(edge[x] * 3)
            for y in range(TILE):
                if y < top:
                    c.set(x, y, scale(CRYPT_LIGHT, 0.9))
                elif y == top:
                    c.set(x, y, scale(CRYPT_LIGHT, 1.2))
                elif y < 20:
                    t = (y - top) / (20 - top)
                    rock = scale(mix(CRYPT_DARK, CRYPT_LIGHT, streaks.at(x * 2, y * 0.3)), 1 - 0.85 * t)
                    c.set(x, y, mix(rock, c.get(x, y), t * t))
    return c


def rubble(rng: random.Random, count: int, palette: list[Color]) -> Canvas:
    """A heap of broken stones with dust, on a transparent ground."""
    c = Canvas()
    dust = fbm(rng, (8, 4))
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x - 16, y - 17) / 15
            if d < 1:
                c.blend(x, y, (92, 84, 72), 0.5 * (1 - d) * (0.5 + dust[y][x]))
    stones = [(rng.uniform(6, 26), rng.uniform(7, 26), rng.uniform(2.5, 6.5)) for _ in range(count)]
    stones.sort(key=lambda s: s[1])
    for x, y, r in stones:
        shadow(c, x + 1.5, y + 2, r + 1, r * 0.8, 0.5)
        blob(c, rng, x, y, r, rng.choice(palette), rough=0.35, bulge=0.8, jitter=7, facets=rng.choice([5, 6, 7]))
    return c


def bones(rng: random.Random) -> Canvas:
    """A skull and scattered bones."""
    c = Canvas()
    bone = (214, 204, 180)
    for _ in range(3):
        x, y = rng.uniform(7, 25), rng.uniform(9, 25)
        a = rng.uniform(0, math.pi)
        length = rng.uniform(5, 8)
        x1, y1 = x + math.cos(a) * length, y + math.sin(a) * length
        line(c, x + 1, y + 1, x1 + 1, y1 + 1, (20, 18, 16), 0.4, wrap=False)
        line(c, x, y, x1, y1, bone, 1.0, width=1, wrap=False)
        for ex, ey in ((x, y), (x1, y1)):
            disc(c, ex, ey, 1.4, scale(bone, 1.05))
    sx, sy = rng.uniform(11, 21), rng.uniform(11, 20)
    shadow(c, sx + 1, sy + 2, 4.5, 3.5, 0.5)
    blob(c, rng, sx, sy, 4, bone, rough=0.05, jitter=4)
    disc(c, sx - 1.6, sy + 0.2, 1.1, (30, 24, 20))
    disc(c, sx + 1.6, sy + 0.2, 1.1, (30, 24, 20))
    rect(c, int(sx) - 1, int(sy) + 3, 3, 1, (120, 110, 96))
    return c


def candles(rng: random.Random) -> Canvas:
    """A cluster of tallow candles and their warm light."""
    c = Canvas()
    spots = [(rng.uniform(9, 23), rng.uniform(12, 24)) for _ in range(4)]
    glow(c, 16, 18, 15, (255, 190, 90), 0.35)
    for x, y in sorted(spots, key=lambda s: s[1]):
        rect(c, int(x) - 1, int(y) - 4, 3, 5, (226, 214, 180))
        rect(c, int(x) + 1, int(y) - 4, 1, 5, (176, 164, 130))
        disc(c, x + 0.5, y - 6, 1.3, (255, 190, 70))
        c.clip_blend(int(x), int(y) - 7, (255, 245, 190), 1.0)
    return c


def sarcophagus(rng: random.Random) -> Canvas:
    """A stone coffin with a carved lid."""
    c = Canvas()
    shadow(c, 18, 19, 15, 10, 0.55)
    tex = fbm(rng, (8, 4, 2))
    x0, y0, x1, y1 = 3, 8, 29, 25
    for y in range(y0, y1):
        for x in range(x0, x1):
            col = mix((100, 96, 92), (150, 144, 136), tex[y][x])
            if x == x0 or y == y0:
                col = scale(col, 1.25)
            elif x == x1 - 1 or y == y1 - 1:
                col = scale(col, 0.6)
            elif x0 + 2 <= x < x1 - 2 and y0 + 2 <= y < y1 - 2:
                col = scale(col, 1.08)
                if x in (x0 + 2, x1 - 3) or y in (y0 + 2, y1 - 3):
                    col = scale(col, 0.85)
            j = rng.uniform(-4, 4)
            c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
    line(c, 8, 16.5, 24, 16.5, (80, 76, 72), 0.9, wrap=False)
    line(c, 11, 13, 11, 20, (80, 76, 72), 0.9, wrap=False)
    line(c, 9, 17.5, 24, 17.5, (170, 164, 156), 0.5, wrap=False)
    return c


def pillar(rng: random.Random, dark: Color, light: Color) -> Canvas:
    """A round column on a square plinth, seen from above."""
    c = Canvas()
    shadow(c, 19, 19, 14, 14, 0.5)
    tex = fbm(rng, (8, 4, 2))
    for y in range(4, 28):
        for x in range(4, 28):
            col = scale(mix(dark, light, tex[y][x]), 0.82)
            if x == 4 or y == 4:
                col = scale(col, 1.3)
            elif x == 27 or y == 27:
                col = scale(col, 0.55)
            c.set(x, y, col)
    blob(c, rng, 16, 16, 10.5, scale(light, 0.92), rough=0.0, bulge=1.1, jitter=4,
         texture=lambda x, y: 0.9 + 0.2 * tex[y % TILE][x % TILE])
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
            if 7.5 < d < 8.5:
                c.shade(x, y, 0.85)
    return c


# ---------------------------------------------------------------- green things


GRASS_DARK, GRASS_LIGHT = (50, 92, 38), (94, 140, 56)


def grass(rng: random.Random, dark: Color = GRASS_DARK, light: Color = GRASS_LIGHT, flowers: int = 0,
          litter: int = 0) -> Canvas:
    """Grass of uneven colour with blades, and optionally flowers or fallen leaves."""
    c = Canvas()
    textured(c, rng, dark, light, jitter=5, cells=(16, 8, 4))
    for _ in range(110):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        h = rng.uniform(2, 4.5)
        lean = rng.uniform(-1.2, 1.2)
        if rng.random() < 0.5:
            col, a = scale(light, rng.uniform(1.1, 1.35)), 0.6
        else:
            col, a = scale(dark, rng.uniform(0.6, 0.8)), 0.6
        line(c, x, y, x + lean, y - h, col, a)
    for _ in range(flowers):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        col = rng.choice([(240, 236, 220), (250, 214, 70), (190, 140, 230), (240, 120, 110)])
        for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            c.blend(x + dx, y + dy, col, 0.9 if (dx, dy) != (1, 1) else 0.5)
        c.blend(x + 2, y + 2, (30, 60, 20), 0.4)
    for _ in range(litter):
        x, y = rng.uniform(0, TILE), rng.uniform(0, TILE)
        col = rng.choice([(120, 84, 40), (150, 110, 50), (96, 70, 36), (130, 120, 50)])
        a = rng.uniform(0, math.pi)
        line(c, x, y, x + math.cos(a) * 2, y + math.sin(a) * 2, col, 0.8)
    return c


def dirt(rng: random.Random, dark: Color = (104, 78, 50), light: Color = (150, 116, 76), pebbles: int = 10) -> Canvas:
    """Packed earth with pebbles."""
    c = Canvas()
    textured(c, rng, dark, light, jitter=6, cells=(16, 8, 4, 2))
    for _ in range(pebbles):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        col = rng.choice([(140, 132, 120), (120, 110, 96), (170, 160, 140)])
        c.set(x, y, col)
        c.blend(x + 1, y, scale(col, 0.8), 0.7)
        c.blend(x, y + 1, (60, 44, 30), 0.5)
    return c


NE, SE, SW, NW = 1, 2, 4, 8
CORNERS = {NE: (N, E, (TILE, 0)), SE: (S, E, (TILE, TILE)), SW: (S, W, (0, TILE)), NW: (N, W, (0, 0))}


def corner_sets(mask: int) -> list[int]:
    """The inner-corner combinations possible with an edge mask: a corner needs both its sides unedged."""
    free = [bit for bit, (a, b, _) in CORNERS.items() if not mask & a and not mask & b]
    return [sum(bit for i, bit in enumerate(free) if pick >> i & 1) for pick in range(1 << len(free))]


def fringe(mask: int, seed: str, base: float, spread: float, corners: int = 0,
           radius: float = 8.0) -> list[list[float]]:
    """For each pixel, how far inside the irregular border of the edged sides it lies (negative beyond it).

    Where two edged sides meet, the border is rounded; an inner corner (given in corners) bites a
    quarter circle out of the tile's corner, so diagonal runs come out smooth.
    """
    noises = {side: edge_noise(seeded(seed, side), 8) for side in SIDES}
    out = [[99.0] * TILE for _ in range(TILE)]
    for y in range(TILE):
        for x in range(TILE):
            gaps = {}
            for side, dist, along in ((N, y, x), (S, TILE - 1 - y, x), (W, x, y), (E, TILE - 1 - x, y)):
                gaps[side] = dist - (base + spread * noises[side][along]) if mask & side else 99.0
            best = min(gaps.values())
            for bit, (a, b, (px, py)) in CORNERS.items():
                if mask & a and mask & b and gaps[a] < radius and gaps[b] < radius:
                    best = min(best, radius - math.hypot(radius - gaps[a], radius - gaps[b]))
                if corners & bit:
                    bite = base + spread * 0.5
                    best = min(best, math.hypot(x + 0.5 - px, y + 0.5 - py) - bite)
            out[y][x] = best
    return out


def dirt_path(mask: int, corners: int) -> Canvas:
    """A dirt track laid over the ground; on each edged side it thins out raggedly into what lies beneath."""
    c = dirt(seeded("dirt path"))
    f = fringe(mask, "dirt path edge", 1.5, 5.0, corners)
    for y in range(TILE):
        for x in range(TILE):
            s = f[y][x]
            p = c.px[y][x]
            if s < 0:
                p[3] = 0.0
            elif s < 1.5:
                p[0], p[1], p[2], p[3] = p[0] * 0.75, p[1] * 0.75, p[2] * 0.75, 255 * (0.45 + 0.35 * s)
            elif s < 3:
                c.shade(x, y, 0.9)
    return c


def litter(mask: int, corners: int, variant: int = 0) -> Canvas:
    """The shaded floor of the woods, fallen leaves and moss, thinning raggedly into the grass on edged sides."""
    c = grass(seeded("forest floor", variant), (38, 70, 32), (70, 104, 44), litter=22)
    if not mask and not corners:
        return c
    f = fringe(mask, "litter edge", 1.0, 9.0, corners, radius=10.0)
    for y in range(TILE):
        for x in range(TILE):
            s = f[y][x]
            if s < 0:
                c.px[y][x][3] = 0.0
            elif s < 4:
                c.px[y][x][3] = 255 * (0.25 + 0.75 * s / 4)
    return c


def tree(rng: random.Random, base: Color, spread: float = 7.0) -> Canvas:
    """A broadleaf tree's crown, clusters of leaves catching the light, over its shadow."""
    c = Canvas()
    shadow(c, 19, 20, 13.5, 12, 0.6)
    leaves = Noise(rng, 2)
    clusters = []
    for _ in range(8):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0, spread)
        clusters.append((16 + math.cos(a) * d, 15 + math.sin(a) * d, rng.uniform(6.5, 9.0)))
    clusters.sort(key=lambda k: -(k[0] + k[1]))
    for x, y, r in clusters:
        tone = scale(base, rng.uniform(0.85, 1.1))
        blob(c, rng, x, y, r, tone, rough=0.18, bulge=0.9, jitter=6,
             texture=lambda px, py: 0.78 + 0.4 * leaves.at(px, py))
    for _ in range(14):
        a = rng.uniform(math.pi * 0.9, math.pi * 1.6)
        d = rng.uniform(2, 9)
        x, y = 16 + math.cos(a) * d, 15 + math.sin(a) * d
        c.clip_blend(int(x), int(y), scale(base, 1.7), 0.5)
    return c


def canopy_texture(seed: str, base: Color) -> Canvas:
    """The dark, seamless shade between tree crowns, wrapping round the tile so woodland joins up."""
    rng = seeded(seed)
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    for x, y in c.each():
        j = rng.uniform(-4, 4)
        col = scale(base, 0.3 + 0.22 * tex[y][x])
        c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
    return c


CROWN_GREENS = [(70, 124, 50), (60, 112, 46), (84, 128, 48), (56, 100, 44), (92, 122, 46), (66, 118, 60)]


def woods(mask: int, shade_fill: Canvas, seed: str) -> Canvas:
    """Woodland: packed tree crowns over deep shade; sides that meet open ground end in the crowns' own outline."""
    rng = seeded(seed)
    c = Canvas()
    margin = 11

    def in_shade(x: int, y: int) -> bool:
        """Whether the shade between crowns reaches this pixel (it stops short of open sides)."""
        return not (mask & N and y < margin or mask & S and y > TILE - 1 - margin
                    or mask & W and x < margin or mask & E and x > TILE - 1 - margin)

    crowns = []
    for gx in (8, 24):
        for gy in (8, 24):
            r = rng.uniform(7.5, 9.5)
            cx = min(max(gx + rng.uniform(-3, 3), r + 0.5), TILE - r - 0.5)
            cy = min(max(gy + rng.uniform(-3, 3), r + 0.5), TILE - r - 0.5)
            crowns.append((cx, cy, r))
    if rng.random() < 0.6:
        crowns.append((rng.uniform(13, 19), rng.uniform(13, 19), rng.uniform(7, 9.5)))
    crowns.sort(key=lambda k: -(k[0] + k[1]))
    for y in range(TILE):
        for x in range(TILE):
            if in_shade(x, y):
                c.set(x, y, shade_fill.get(x, y))
    leaves = Noise(rng, 2)
    for cx, cy, r in crowns:
        blob(c, rng, cx, cy, r, rng.choice(CROWN_GREENS), rough=0.16, bulge=0.9, jitter=6,
             texture=lambda px, py: 0.78 + 0.4 * leaves.at(px, py))
    # crowns at open sides cast their shadow onto the ground beside them
    solid = [[c.alpha(x, y) > 128 for x in range(TILE)] for y in range(TILE)]
    for y in range(TILE):
        for x in range(TILE):
            if not solid[y][x] and x >= 3 and y >= 3 and solid[y - 3][x - 3]:
                c.blend(x, y, (10, 14, 8), 0.55)
    return c


def pine(rng: random.Random) -> Canvas:
    """A conifer seen from above: star-shaped tiers of dark needles."""
    c = Canvas()
    shadow(c, 19, 20, 13, 12, 0.6)
    tiers = [(14.5, (26, 62, 44)), (10.5, (34, 80, 54)), (6.5, (46, 100, 64)), (3, (70, 124, 80))]
    spikes = rng.randint(9, 11)
    twist = rng.uniform(0, 1)
    for i, (r, col) in enumerate(tiers):
        phase = twist + i * 0.5
        for y in range(TILE):
            for x in range(TILE):
                dx, dy = x + 0.5 - 16, y + 0.5 - 16
                d = math.hypot(dx, dy)
                theta = math.atan2(dy, dx)
                rr = r * (0.72 + 0.28 * abs(math.cos(spikes * theta / 2 + phase)))
                if d <= rr:
                    lit = 0.7 + 0.5 * max(0.0, -(dx + dy) / (abs(dx) + abs(dy) + 1e-6))
                    j = rng.uniform(-8, 8)
                    shade = scale(col, lit * (1 - 0.25 * d / rr))
                    c.blend(x, y, (shade[0] + j, shade[1] + j, shade[2] + j), 1.0)
    return c


def thicket(rng: random.Random, base: Color) -> Canvas:
    """A tangle of bushes and bramble with a few berries."""
    c = Canvas()
    shadow(c, 17.5, 19, 14, 11, 0.45)
    leaves = Noise(rng, 2)
    for _ in range(6):
        x0, y0 = rng.uniform(6, 26), rng.uniform(6, 26)
        a = rng.uniform(0, 2 * math.pi)
        line(c, x0, y0, x0 + math.cos(a) * 7, y0 + math.sin(a) * 7, (84, 60, 36), 0.9, wrap=False)
    bushes = [(rng.uniform(7, 25), rng.uniform(7, 25), rng.uniform(6, 8.5)) for _ in range(8)]
    bushes.sort(key=lambda k: k[1])
    for x, y, r in bushes:
        blob(c, rng, x, y, r, scale(base, rng.uniform(0.85, 1.1)), rough=0.4, bulge=0.7, jitter=9,
             texture=lambda px, py: 0.7 + 0.5 * leaves.at(px, py))
    for _ in range(rng.randint(3, 7)):
        x, y = rng.uniform(6, 26), rng.uniform(6, 26)
        if c.alpha(int(x), int(y)) > 200:
            disc(c, x, y, 1.0, (170, 30, 40))
            c.clip_blend(int(x), int(y), (255, 140, 140), 0.8)
    return c


def boulder(rng: random.Random) -> Canvas:
    """A big weathered rock."""
    c = Canvas()
    shadow(c, 18.5, 20, 13, 10, 0.6)
    lichen = Noise(rng, 4)
    blob(c, rng, 16, 15, 11, (128, 124, 116), rough=0.22, bulge=0.7, jitter=6, facets=7,
         texture=lambda x, y: 0.88 + 0.24 * lichen.at(x, y))
    blob(c, rng, 11, 21, 5, (118, 114, 108), rough=0.3, bulge=0.7, jitter=6, facets=5)
    for y in range(TILE):
        for x in range(TILE):
            if c.alpha(x, y) > 200 and lichen.at(x * 2, y * 2) > 0.72:
                c.blend(x, y, (120, 140, 70), 0.55)
    return c


def log(rng: random.Random) -> Canvas:
    """A fallen trunk lying across the ground."""
    c = Canvas()
    shadow(c, 17, 21, 15, 6, 0.55)
    bark = Noise(rng, 4)
    for y in range(11, 23):
        u = (y + 0.5 - 17) / 6
        light = 0.45 + 0.9 * max(0.0, 0.3 - u * 0.8)
        for x in range(3, 27):
            n = bark.at(x * 0.4, y * 2.5)
            col = scale((112, 80, 50), light * (0.75 + 0.5 * n))
            c.set(x, y, col)
    for y in range(11, 23):
        for x in range(25, 31):
            d = math.hypot((x + 0.5 - 27) / 3.2, (y + 0.5 - 17) / 6)
            if d < 1:
                ring = 0.85 + 0.15 * math.sin(d * 14)
                c.set(x, y, scale((196, 156, 104), ring * (1.1 - 0.3 * d)))
            elif d < 1.2:
                c.set(x, y, (70, 50, 32))
    for _ in range(3):
        x = rng.uniform(6, 22)
        line(c, x, 11, x + rng.uniform(-3, 3), 8, (96, 70, 44), 1.0, wrap=False)
        disc(c, x + 1, 8, 1.5, (70, 120, 50))
    return c


def stump(rng: random.Random) -> Canvas:
    """A cut tree stump with its rings and roots."""
    c = Canvas()
    shadow(c, 18, 19, 11, 9, 0.55)
    for _ in range(5):
        a = rng.uniform(0, 2 * math.pi)
        line(c, 16, 16, 16 + math.cos(a) * 12, 16 + math.sin(a) * 11, (92, 66, 42), 1.0, width=2, wrap=False)
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
            if d < 8:
                ring = 0.85 + 0.15 * math.sin(d * 2.6)
                c.set(x, y, scale((190, 150, 100), ring * (1.05 - 0.2 * d / 8)))
            elif d < 9.5:
                c.set(x, y, scale((88, 62, 40), 1.1 if (x + y) < 32 else 0.8))
    line(c, 16, 16, 21, 12, (120, 90, 60), 0.7, wrap=False)
    return c


def mushrooms(rng: random.Random) -> Canvas:
    """A ring of red toadstools."""
    c = Canvas()
    for _ in range(rng.randint(4, 6)):
        x, y = rng.uniform(8, 24), rng.uniform(10, 24)
        r = rng.uniform(1.8, 2.8)
        shadow(c, x + 1, y + 2, r + 1, r, 0.4)
        rect(c, int(x), int(y), 1, 3, (230, 220, 200))
        disc(c, x, y, r, (190, 40, 36))
        c.clip_blend(int(x - r / 2), int(y - r / 2), (250, 240, 230), 1.0)
        c.clip_blend(int(x + r / 3), int(y), (250, 240, 230), 0.9)
    return c


def reeds(rng: random.Random) -> Canvas:
    """Tall reeds and rushes, thick enough to hide in."""
    c = Canvas()
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x - 16, y - 18) / 18
            if d < 1:
                c.blend(x, y, (34, 46, 20), 0.75 * (1 - d * d))
    stems = sorted(((rng.uniform(1, 31), rng.uniform(12, 32)) for _ in range(80)), key=lambda s: s[1])
    for x, y in stems:
        h = rng.uniform(10, 20)
        lean = rng.uniform(-4, 4)
        col = rng.choice([(96, 130, 52), (120, 150, 60), (80, 112, 44), (150, 160, 80), (170, 156, 90)])
        line(c, x + 1, y, x + 1 + lean, y - h, scale(col, 0.45), 0.7, wrap=False)
        line(c, x, y, x + lean, y - h, col, 1.0, wrap=False)
        line(c, x - 0.6, y, x - 0.6 + lean, y - h, scale(col, 1.2), 0.6, wrap=False)
        if rng.random() < 0.22:
            tx, ty = x + lean, y - h
            rect(c, int(tx) - 1, int(ty), 2, 4, (100, 64, 36))
    return c


# ---------------------------------------------------------------- water


def water_base(rng: random.Random, deep: bool) -> Canvas:
    """Open water with ripples; shallow water shows the stones of its bed."""
    c = Canvas()
    if deep:
        textured(c, rng, (18, 52, 88), (32, 86, 124), jitter=2, cells=(16, 8, 4))
    else:
        textured(c, rng, (60, 128, 138), (96, 160, 160), jitter=3, cells=(16, 8, 4))
        for _ in range(9):
            x, y, r = rng.uniform(0, TILE), rng.uniform(0, TILE), rng.uniform(1.5, 3.5)
            for py in range(int(y - r) - 1, int(y + r) + 2):
                for px in range(int(x - r) - 1, int(x + r) + 2):
                    d = math.hypot(px + 0.5 - x, py + 0.5 - y) / r
                    if d < 1:
                        c.blend(px, py, (150, 150, 120), 0.35 * (1 - d * d))
    light = (150, 200, 220) if deep else (200, 236, 236)
    for _ in range(7 if deep else 5):
        x0, y0 = rng.uniform(0, TILE), rng.uniform(0, TILE)
        length = rng.uniform(6, 12)
        for i in range(int(length * 2)):
            t = i / (length * 2)
            x = x0 + t * length
            y = y0 - math.sin(t * math.pi) * 1.6
            a = 0.5 * math.sin(t * math.pi)
            c.blend(int(x), int(y), light, a)
            c.blend(int(x), int(y) + 1, scale(c.get(int(x), int(y) + 1), 0.7), a * 0.8)
    for _ in range(3):
        c.blend(rng.randrange(TILE), rng.randrange(TILE), (235, 245, 250), 0.8)
    return c


def water(mask: int, deep: bool, variant: int = 0, corners: int = 0) -> Canvas:
    """Water: deep water lightens towards the shallows on its edged sides; shallows meet a muddy bank."""
    c = water_base(seeded("water", deep, variant), deep)
    if not mask:
        return c
    if deep:
        f = fringe(mask, "deep edge", 0.0, 5.0, corners)
        for y in range(TILE):
            for x in range(TILE):
                s = f[y][x]
                if s < 12:
                    c.blend(x, y, (70, 136, 146), max(0.0, min(0.9, 0.9 - s / 12)))
        return c
    bank = Canvas()
    textured(bank, seeded("bank"), (96, 80, 54), (146, 124, 86), jitter=6, cells=(8, 4, 2))
    f = fringe(mask, "water edge", 2.0, 4.0, corners)
    for y in range(TILE):
        for x in range(TILE):
            s = f[y][x]
            if s < -1:
                c.set(x, y, bank.get(x, y))
            elif s < 0:
                c.set(x, y, scale(bank.get(x, y), 0.7))
            elif s < 1.5:
                c.blend(x, y, (214, 230, 228), 0.55)
            elif s < 8:
                c.blend(x, y, (130, 180, 170), 0.5 * (1 - s / 8))
    return c


# ---------------------------------------------------------------- village


def cobbles(rng: random.Random) -> Canvas:
    """Rounded setts in staggered courses with dark joints."""
    c = Canvas()
    for x, y in c.each():
        c.set(x, y, (54, 50, 46))
    tex = fbm(rng, (8, 4, 2))
    for row in range(4):
        y0 = row * 8
        widths: list[int] = []
        while sum(widths) < TILE:
            left = TILE - sum(widths)
            widths.append(left if left <= 14 else rng.randint(7, min(11, left - 7)))
        x0 = rng.randrange(TILE)
        for w in widths:
            tone = rng.uniform(0.8, 1.15)
            base = rng.choice([(128, 122, 114), (118, 112, 108), (134, 124, 108), (112, 110, 112)])
            for y in range(y0 + 1, y0 + 8):
                for dx in range(1, w):
                    x = x0 + dx
                    ex = min(dx - 1, w - 1 - dx) / max(1, (w - 2) / 2)
                    ey = min(y - y0 - 1, y0 + 7 - y) / 3
                    if min(dx - 1, w - 1 - dx) + min(y - y0 - 1, y0 + 7 - y) < 1:
                        continue
                    col = scale(base, tone * (0.85 + 0.3 * tex[y % TILE][x % TILE]))
                    lit = 1.0
                    if y - y0 <= 2 or dx <= 2:
                        lit = 1.18
                    if y0 + 7 - y <= 1 or w - 1 - dx <= 1:
                        lit = 0.72
                    col = scale(col, lit * (0.9 + 0.1 * min(ex, ey, 1.0)))
                    j = rng.uniform(-4, 4)
                    c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
            x0 += w
    return c


def wood_floor(rng: random.Random) -> Canvas:
    """Floorboards with grain, joints and nails."""
    c = Canvas()
    grain = Noise(rng, 8)
    for row in range(4):
        joints = [rng.randrange(TILE)]
        tones = [rng.uniform(0.88, 1.08)]
        for y in range(row * 8, row * 8 + 8):
            for x in range(TILE):
                g = 0.5 + 0.5 * math.sin((y + 4 * grain.at(x * 0.3, y)) * 2.4)
                col = scale(mix((118, 80, 46), (148, 102, 60), g), tones[0])
                if y % 8 == 0 or x in joints:
                    col = (52, 34, 22)
                elif y % 8 == 1:
                    col = scale(col, 1.1)
                elif y % 8 == 7:
                    col = scale(col, 0.82)
                c.set(x, y, col)
        for j in joints:
            c.set(j + 2, row * 8 + 4, (60, 48, 40))
    return c


def roof(seed: str, base: Color, part: str, mask: int) -> Canvas:
    """Shingles on one slope of a gabled roof; the ridge row has its cap, W/E sides their barge boards."""
    rng = seeded(seed, part)
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    slope = 1.0 if part == "n" else 0.7
    tones = {(r, i): rng.uniform(0.84, 1.12) for r in range(4) for i in range(8)}
    for y in range(TILE):
        row, within = divmod(y, 8)
        off = 4 * (row % 2)
        for x in range(TILE):
            bx = (x + off) % TILE
            col = scale(base, slope * tones[(row, bx // 8)] * (0.88 + 0.24 * tex[y][x]))
            if within >= 6:
                col = scale(col, 0.72)
            elif within == 0:
                col = scale(col, 1.12)
            if bx % 8 == 0:
                col = scale(col, 0.7)
            j = rng.uniform(-4, 4)
            c.set(x, y, (col[0] + j, col[1] + j, col[2] + j))
    if part == "ridge":
        for y in range(6):
            for x in range(TILE):
                col = scale(base, 0.55 + 0.12 * math.sin(y / 5 * math.pi))
                if y == 1:
                    col = scale(base, 0.95)
                if y == 5:
                    col = scale(base, 0.35)
                if x % 8 == 0:
                    col = scale(col, 0.8)
                c.set(x, y, col)
    for side in (W, E):
        if mask & side:
            for y in range(TILE):
                for d in range(3):
                    x = d if side == W else TILE - 1 - d
                    col = (58, 40, 28) if d == 0 else ((122, 92, 62) if d == 1 else (82, 60, 40))
                    c.set(x, y, col)
    return c


def timber_face(rng: random.Random, kind: str, cap: str) -> Canvas:
    """A plastered, timber-framed house wall; with a window or a door, under its eaves or its wall top."""
    c = Canvas()
    tex = fbm(rng, (8, 4, 2))
    beam = (74, 50, 32)
    for y in range(TILE):
        for x in range(TILE):
            col = mix((198, 186, 160), (226, 216, 192), tex[y][x])
            depth = y / TILE
            c.set(x, y, scale(col, 1.0 - 0.25 * depth))
    for y in range(TILE):
        for x in (0, 1, 30, 31):
            c.set(x, y, scale(beam, 0.9 if x in (1, 30) else 0.7))
    rect(c, 0, 27, TILE, 3, beam)
    rect(c, 0, 30, TILE, 2, (40, 30, 24))
    rect(c, 0, 12, TILE, 2, scale(beam, 0.95))
    if kind == "plain":
        line(c, 2, 26, 14, 14, beam, 1.0, width=2, wrap=False)
        line(c, 29, 26, 18, 14, beam, 1.0, width=2, wrap=False)
    elif kind == "window":
        rect(c, 9, 15, 14, 10, (52, 38, 26))
        rect(c, 10, 16, 12, 8, (40, 56, 76))
        rect(c, 11, 17, 4, 3, (110, 140, 170))
        rect(c, 15, 16, 1, 8, (52, 38, 26))
        rect(c, 10, 19, 12, 1, (52, 38, 26))
        rect(c, 5, 15, 4, 10, (96, 60, 40))
        rect(c, 23, 15, 4, 10, (96, 60, 40))
        glow(c, 16, 20, 8, (255, 210, 120), 0.25)
    elif kind == "door":
        rect(c, 10, 13, 12, 17, (54, 36, 24))
        for x in range(11, 21, 3):
            rect(c, x, 14, 2, 16, (118, 78, 46))
        rect(c, 11, 20, 10, 1, (70, 60, 56))
        disc(c, 19, 22, 1, (200, 170, 90))
    if cap == "eave":
        for y in range(6):
            for x in range(TILE):
                c.blend(x, y, (20, 14, 10), 0.7 * (1 - y / 6))
    else:
        for y in range(5):
            for x in range(TILE):
                col = scale((150, 118, 84), 1.2 if y == 3 else 1.0)
                if y == 4:
                    col = (48, 34, 24)
                c.set(x, y, col)
    return c


def timber_top(mask: int) -> Canvas:
    """The top of a timber-framed wall: a broad oak beam with grain, bevelled where it meets the open."""
    c = wall_top("house top", mask, (84, 58, 38), (120, 86, 56), (160, 120, 80), (36, 24, 16), blocks=False)
    grain = Noise(seeded("house grain"), 8)
    for y in range(TILE):
        for x in range(TILE):
            g = 0.5 + 0.5 * math.sin((y + 5 * grain.at(x * 0.25, y)) * 1.7)
            c.shade(x, y, 0.9 + 0.18 * g)
            if x % 16 == 0 and not mask & (N | S):
                c.shade(x, y, 0.7)
    return c


def stall(rng: random.Random, first: Color, second: Color) -> Canvas:
    """A market stall: a striped awning over a front of wares."""
    c = Canvas()
    shadow(c, 18, 20, 15, 12, 0.55)
    for y in range(22, 30):
        for x in range(3, 29):
            c.set(x, y, scale((120, 84, 50), 0.8 if y in (22, 29) else 1.0))
    for _ in range(16):
        x, y = rng.uniform(5, 27), rng.uniform(24, 28)
        disc(c, x, y, 1.4, rng.choice([(200, 40, 36), (240, 160, 40), (90, 150, 50), (230, 210, 90)]))
    for y in range(2, 24):
        for x in range(2, 30):
            col = first if ((x - 2) // 4) % 2 == 0 else second
            shade_ = 1.05 if y < 12 else 0.82
            if y == 12:
                shade_ = 1.2
            col = scale(col, shade_ * (0.96 + 0.08 * rng.random()))
            if y >= 21 and abs(((x - 2) % 4) - 1.5) + (y - 21) > 2.5:
                continue
            c.set(x, y, col)
    rect(c, 2, 2, 28, 1, (255, 255, 255), 0.2)
    return c


def crates(rng: random.Random) -> Canvas:
    """Stacked wooden crates."""
    c = Canvas()
    boxes = [(4, 5, 13), (17, 9, 12), (7, 18, 11)]
    for x0, y0, s in boxes:
        shadow(c, x0 + s / 2 + 2, y0 + s / 2 + 2, s / 2 + 1.5, s / 2 + 1.5, 0.5)
    for x0, y0, s in boxes:
        tone = rng.uniform(0.85, 1.1)
        for y in range(y0, y0 + s):
            for x in range(x0, x0 + s):
                col = scale((170, 124, 72), tone)
                if (y - y0) % 4 == 0:
                    col = scale(col, 0.8)
                if x in (x0, x0 + 1) or y in (y0, y0 + 1):
                    col = scale((120, 84, 48), 1.2)
                if x in (x0 + s - 1, x0 + s - 2) or y in (y0 + s - 1, y0 + s - 2):
                    col = scale((120, 84, 48), 0.75)
                c.set(x, y, col)
        line(c, x0 + 1, y0 + 1, x0 + s - 2, y0 + s - 2, (110, 76, 44), 1.0, width=2, wrap=False)
    return c


def barrels(rng: random.Random) -> Canvas:
    """Barrels seen from above: lids, staves and iron hoops."""
    c = Canvas()
    spots = [(10, 10, 7), (22, 12, 6.5), (14, 23, 7)]
    for x, y, r in spots:
        shadow(c, x + 2, y + 2, r + 1, r + 1, 0.5)
    for x0, y0, r in spots:
        tone = rng.uniform(0.9, 1.1)
        for y in range(TILE):
            for x in range(TILE):
                d = math.hypot(x + 0.5 - x0, y + 0.5 - y0)
                if d > r:
                    continue
                col = scale((150, 102, 58), tone * (1.05 - 0.25 * (x + y - x0 - y0) / (2 * r)))
                if d > r - 1.5:
                    col = (62, 60, 62)
                elif d > r - 2.5:
                    col = scale(col, 0.75)
                elif int(x - x0 + 10) % 3 == 0:
                    col = scale(col, 0.86)
                c.set(x, y, col)
    return c


def well(rng: random.Random) -> Canvas:
    """A stone well with dark water and a windlass beam."""
    c = Canvas()
    shadow(c, 18, 19, 14, 13, 0.55)
    tex = fbm(rng, (4, 2))
    for y in range(TILE):
        for x in range(TILE):
            dx, dy = x + 0.5 - 16, y + 0.5 - 16
            d = math.hypot(dx, dy)
            if d < 8:
                c.set(x, y, scale((24, 44, 70), 0.6 + 0.4 * d / 8))
            elif d < 13.5:
                seg = int((math.atan2(dy, dx) + math.pi) / (2 * math.pi) * 14)
                col = scale((140, 134, 124), (0.85 + 0.3 * tex[y][x]) * (0.9 + 0.05 * (seg % 3)))
                if abs(d - 10.7) < 0.5 or (math.atan2(dy, dx) * 14 / (2 * math.pi)) % 1 < 0.1:
                    col = (70, 66, 62)
                lit = 1.15 if dx + dy < 0 else 0.85
                c.set(x, y, scale(col, lit))
    disc(c, 13, 13, 1.5, (150, 190, 220), 0.6)
    rect(c, 3, 14, 26, 4, (110, 76, 44))
    rect(c, 3, 14, 26, 1, (150, 110, 70))
    rect(c, 14, 17, 4, 4, (90, 70, 50))
    return c


def table(rng: random.Random) -> Canvas:
    """A round tavern table with mugs and a plate."""
    c = Canvas()
    shadow(c, 18, 19, 12, 11, 0.5)
    grain = Noise(rng, 4)
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
            if d < 11:
                g = 0.5 + 0.5 * math.sin((x + 3 * grain.at(x, y * 0.3)) * 1.8)
                col = mix((110, 72, 40), (150, 102, 60), g)
                if d > 10:
                    col = scale(col, 0.65)
                c.set(x, y, col)
    for mx, my in ((11, 12), (20, 18)):
        disc(c, mx, my, 2.5, (190, 190, 186))
        disc(c, mx, my, 1.6, (120, 80, 40))
    disc(c, 18, 11, 3.2, (220, 216, 200))
    disc(c, 18, 11, 1.6, (170, 90, 60))
    return c


# ---------------------------------------------------------------- river crossing and camp


def planks(rng: random.Random, rail: str) -> Canvas:
    """Bridge decking of weathered planks; a rail runs along the north or south edge if asked."""
    c = Canvas()
    grain = Noise(rng, 8)
    tones = [rng.uniform(0.8, 1.1) for _ in range(4)]
    for y in range(TILE):
        for x in range(TILE):
            p = x // 8
            g = 0.5 + 0.5 * math.sin((x + 3 * grain.at(x, y * 0.3)) * 2.6)
            col = scale(mix((106, 80, 54), (146, 116, 80), g), tones[p])
            if x % 8 == 0:
                col = (34, 28, 22)
            elif x % 8 == 1:
                col = scale(col, 1.1)
            elif x % 8 == 7:
                col = scale(col, 0.8)
            c.set(x, y, col)
        for x in range(TILE):
            if y in (5, 26) and x % 8 == 4:
                c.set(x, y, (50, 48, 50))
    if rail in ("n", "s"):
        y0 = 1 if rail == "n" else 25
        if rail == "n":
            for y in range(y0 + 6, y0 + 9):
                for x in range(TILE):
                    c.blend(x, y, (0, 0, 0), 0.35 * (1 - (y - y0 - 6) / 3))
        for y in range(y0, y0 + 6):
            u = (y - y0 - 2.5) / 3
            for x in range(TILE):
                col = scale((150, 110, 70), 1.15 - 0.5 * abs(u) - (0.2 if u > 0 else 0))
                c.set(x, y, col)
        for px in (2, 18):
            rect(c, px, y0 - 1, 6, 8, (84, 60, 40))
            rect(c, px, y0 - 1, 6, 1, (140, 104, 70))
            rect(c, px + 5, y0 - 1, 1, 8, (56, 40, 28))
    return c


def campfire(rng: random.Random) -> Canvas:
    """A ring of stones round a crackling fire."""
    c = Canvas()
    glow(c, 16, 16, 16, (255, 150, 60), 0.4)
    for i in range(9):
        a = i / 9 * 2 * math.pi + rng.uniform(-0.1, 0.1)
        blob(c, rng, 16 + math.cos(a) * 9, 16 + math.sin(a) * 9, 2.6, (120, 116, 110), rough=0.2, jitter=6)
    line(c, 10, 12, 22, 20, (90, 60, 36), 1.0, width=3, wrap=False)
    line(c, 10, 20, 22, 12, (76, 52, 32), 1.0, width=3, wrap=False)
    for r, col in ((6, (220, 80, 20)), (4, (255, 160, 40)), (2.2, (255, 236, 150))):
        blob(c, rng, 16, 15.5, r, col, rough=0.3, bulge=0.2, jitter=10)
    return c


def tent(rng: random.Random) -> Canvas:
    """A canvas tent with its ridge pole, open flap and guy ropes."""
    c = Canvas()
    shadow(c, 18, 19, 15, 14, 0.55)
    for a, b in ((1, 1), (30, 1), (1, 30), (30, 30)):
        line(c, 16, 16, a, b, (170, 150, 110), 0.7, wrap=False)
    tex = fbm(rng, (8, 4))
    for y in range(2, 30):
        for x in range(3, 29):
            base = (214, 198, 158) if y < 15 else (158, 140, 106)
            col = scale(base, 0.92 + 0.16 * tex[y][x])
            if (x - 3) % 6 == 0:
                col = scale(col, 0.88)
            if y in (14, 15):
                col = (96, 76, 54) if y == 15 else (236, 222, 186)
            if x in (3, 28) or y in (2, 29):
                col = scale(col, 0.7)
            c.set(x, y, col)
    for y in range(16, 30):
        w = (y - 16) / 13 * 6
        for x in range(int(16 - w), int(16 + w) + 1):
            c.set(x, y, (40, 32, 26) if abs(x - 16) < w - 1 else (120, 104, 78))
    disc(c, 16, 14.5, 1.5, (80, 60, 40))
    return c


# ---------------------------------------------------------------- arena


SAND_DARK, SAND_LIGHT = (190, 156, 102), (226, 196, 138)
SANDSTONE_DARK, SANDSTONE_LIGHT = (150, 118, 78), (204, 170, 118)


def sand(rng: random.Random, rake: bool = False, pebbles: int = 4, stain: bool = False) -> Canvas:
    """Fine sand, sometimes raked, sometimes stained."""
    c = Canvas()
    textured(c, rng, SAND_DARK, SAND_LIGHT, jitter=9, cells=(16, 8, 4))
    if rake:
        for k in range(4):
            y0 = k * 8 + rng.uniform(0, 3)
            for x in range(TILE):
                y = y0 + 1.5 * math.sin(x / TILE * 2 * math.pi)
                c.blend(x, int(y), (150, 118, 76), 0.35)
                c.blend(x, int(y) + 1, (240, 214, 160), 0.3)
    for _ in range(pebbles):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        c.set(x, y, (130, 112, 90))
        c.blend(x + 1, y + 1, (120, 96, 60), 0.5)
    if stain:
        x0, y0 = rng.uniform(8, 24), rng.uniform(8, 24)
        for y in range(TILE):
            for x in range(TILE):
                d = math.hypot(x - x0, y - y0) / 7
                if d < 1:
                    c.blend(x, y, (110, 40, 30), 0.45 * (1 - d) * rng.uniform(0.6, 1))
    return c


def lava(rng: random.Random) -> Canvas:
    """Molten rock with a dark crust breaking up on its surface."""
    c = Canvas()
    tex = fbm(rng, (16, 8, 4, 2))
    for y in range(TILE):
        for x in range(TILE):
            t = tex[y][x]
            if t < 0.33:
                col = mix((42, 20, 16), (80, 34, 22), t / 0.33)
            elif t < 0.42:
                col = mix((200, 60, 14), (255, 130, 30), (t - 0.33) / 0.09)
            else:
                col = mix((238, 104, 20), (255, 214, 90), min(1.0, (t - 0.42) / 0.5))
            j = rng.uniform(-6, 6)
            c.set(x, y, (col[0] + j, col[1] + j * 0.6, col[2]))
    return c


def lava_pool(mask: int, corners: int) -> Canvas:
    """Lava whose edged sides cool into a black crust over scorched rock, glowing where they meet."""
    c = lava(seeded("lava", 0))
    if not mask and not corners:
        return c
    rock = scorched(seeded("scorched", 0))
    f = fringe(mask, "lava edge", 2.5, 4.0, corners)
    for y in range(TILE):
        for x in range(TILE):
            s = f[y][x]
            if s < 0:
                c.set(x, y, rock.get(x, y))
            elif s < 1.5:
                c.set(x, y, mix((40, 22, 18), (70, 30, 20), s / 1.5))
            elif s < 3:
                c.set(x, y, mix((255, 150, 40), c.get(x, y), (s - 1.5) / 1.5))
    return c


def voronoi_cracks(rng: random.Random, cells: int) -> list[list[float]]:
    """Tileable cracked-plate pattern: the gap between nearest and second-nearest seed per pixel."""
    seeds = [(rng.uniform(0, TILE), rng.uniform(0, TILE)) for _ in range(cells)]
    out = []
    for y in range(TILE):
        row = []
        for x in range(TILE):
            ds = sorted(
                math.hypot(min(abs(x - sx), TILE - abs(x - sx)), min(abs(y - sy), TILE - abs(y - sy)))
                for sx, sy in seeds)
            row.append(ds[1] - ds[0])
        out.append(row)
    return out


def scorched(rng: random.Random) -> Canvas:
    """Black, cracked ground with embers glowing in the seams."""
    c = Canvas()
    textured(c, rng, (42, 36, 36), (78, 68, 62), jitter=5, cells=(8, 4, 2))
    gaps = voronoi_cracks(rng, 6)
    for y in range(TILE):
        for x in range(TILE):
            g = gaps[y][x]
            if g < 1.0:
                c.set(x, y, mix((230, 110, 30), (120, 40, 16), g))
            elif g < 2.2:
                c.blend(x, y, (160, 60, 20), 0.35 * (2.2 - g))
    return c


def spikes(rng: random.Random) -> Canvas:
    """An iron plate bristling with spikes."""
    c = Canvas()
    for y in range(3, 29):
        for x in range(3, 29):
            col = (58, 56, 58) if (x in (3, 28) or y in (3, 28)) else (82, 80, 84)
            c.set(x, y, scale(col, rng.uniform(0.9, 1.05)))
    for gy in range(3):
        for gx in range(3):
            cx, cy = 8 + gx * 8, 8 + gy * 8
            shadow(c, cx + 2, cy + 2, 3.5, 3.0, 0.6)
            for y in range(cy - 3, cy + 4):
                for x in range(cx - 3, cx + 4):
                    d = abs(x + 0.5 - cx) + abs(y + 0.5 - cy)
                    if d < 3.2:
                        lit = 1.3 if (x < cx or y < cy) else 0.65
                        c.set(x, y, scale((150, 150, 158), lit * (1.1 - d / 6)))
            c.set(cx, cy, (235, 235, 240))
    return c


def dead_bush(rng: random.Random) -> Canvas:
    """A dry, thorny bush."""
    c = Canvas()
    shadow(c, 17, 19, 11, 8, 0.4)

    def branch(x: float, y: float, a: float, length: float, depth: int) -> None:
        x1, y1 = x + math.cos(a) * length, y + math.sin(a) * length
        line(c, x, y, x1, y1, (110, 80, 52) if depth > 1 else (150, 116, 76), 1.0, wrap=False)
        if depth:
            for da in (-0.6, 0.5):
                branch(x1, y1, a + da + rng.uniform(-0.2, 0.2), length * 0.65, depth - 1)

    for i in range(6):
        branch(16, 17, i / 6 * 2 * math.pi + rng.uniform(-0.3, 0.3), rng.uniform(5, 7), 2)
    return c


def cast_shadow(mask: int) -> Canvas:
    """The soft shadow a tall neighbour throws onto this square: from the north (N), west (W) or north-west (NW)."""
    c = Canvas()
    for y in range(TILE):
        for x in range(TILE):
            a = 0.0
            if mask & N:
                a = max(a, 0.55 * max(0.0, 1 - y / 12) ** 1.3)
            if mask & W:
                a = max(a, 0.5 * max(0.0, 1 - x / 14) ** 1.3)
            if mask & NW << 4:
                d = math.hypot(x, y)
                a = max(a, 0.5 * max(0.0, 1 - d / 14) ** 1.3)
            if a > 0:
                c.set(x, y, (8, 8, 14), a * 255)
    return c


# ---------------------------------------------------------------- the tileset


def build_tileset() -> Tileset:
    """Draw every tile, in a fixed order so tile ids never change between runs."""
    ts = Tileset()
    r = seeded

    # crypt
    ts.random("crypt_floor", "flagstone floor", {},
              [flagstones(r("crypt floor", i), SLAB_LAYOUTS[i], CRYPT_DARK, CRYPT_LIGHT, CRYPT_GROUT,
                          cracks=1 if i == 2 else 0) for i in range(4)])
    mossy = []
    for i in range(3):
        tile = flagstones(r("mossy floor", i), SLAB_LAYOUTS[i + 1], CRYPT_DARK, CRYPT_LIGHT, CRYPT_GROUT, cracks=1)
        moss(tile, r("moss", i))
        mossy.append(tile)
    ts.random("crypt_floor_moss", "mossy flagstones", {}, mossy)
    ts.random("chapel_floor", "marble floor", {}, [chapel_floor(r("chapel"))])
    ts.random("stairs", "stairs", {}, [stairs(r("stairs"))])
    ts.random("chasm", "chasm", {"impassable": True}, [chasm(r("chasm"), False)])
    ts.random("chasm_lip", "chasm", {"impassable": True}, [chasm(r("chasm lip"), True)])
    wall_dark, wall_light = (40, 38, 44), (66, 62, 68)
    brick_dark, brick_light, mortar = (72, 66, 68), (112, 104, 100), (34, 30, 32)
    faces = [brick_face(r("crypt face", i), wall_dark, wall_light, brick_dark, brick_light, mortar) for i in range(4)]
    torch(faces[2])
    crack(faces[3], r("crypt crack"), mortar)
    ts.wall("crypt_wall", "stone wall",
            lambda m: wall_top("crypt top", m, wall_dark, wall_light, (104, 98, 104), (16, 14, 18)),
            faces, [3, 3, 1, 1])
    ts.random("pillar", "pillar", {"wall": True}, [pillar(r("pillar"), CRYPT_DARK, CRYPT_LIGHT)])
    ts.random("rubble", "rubble", {"obstructed": True},
              [rubble(r("rubble", i), 9 + 3 * i, [(112, 106, 102), (92, 88, 86), (128, 122, 114)]) for i in range(3)])
    ts.random("bones", "bones", {}, [bones(r("bones", i)) for i in range(2)])
    ts.random("candles", "candles", {}, [candles(r("candles"))])
    ts.random("sarcophagus", "sarcophagus", {"obstructed": True}, [sarcophagus(r("sarcophagus"))])

    # wild places
    grass_tiles = [grass(r("grass", i)) for i in range(4)]
    ts.random("grass", "grass", {}, grass_tiles + [grass(r("grass flowers", i), flowers=7) for i in range(2)],
              [4, 4, 4, 4, 1, 1])
    ts.masked("forest_floor", "forest floor", {}, litter, edge=lambda k: k != "forest_floor",
              plain=[litter(0, 0, i) for i in (1, 2)])
    ts.masked("dirt", "dirt path", {}, dirt_path, edge=lambda k: k != "dirt",
              plain=[dirt(r("dirt", i)) for i in range(2)])
    canopy = canopy_texture("canopy", (70, 124, 50))
    fam = Family("tree", "mask", edge=lambda k: k != "tree")
    for mask in range(15):
        fam.masks[mask] = ts.add("tree", {"wall": True}, woods(mask, canopy, f"woods {mask}"))
    fam.variants = [fam.masks[0]] + [ts.add("tree", {"wall": True}, woods(0, canopy, f"woods inside {i}"))
                                     for i in range(5)]
    fam.weights = [1.0] * len(fam.variants)
    fam.alternatives[15] = [ts.add("tree", {"wall": True}, c) for c in
                            [tree(r("tree", 0), (64, 118, 48)), tree(r("tree", 1), (54, 104, 44)),
                             tree(r("tree", 2), (92, 124, 44)), pine(r("pine", 0)), pine(r("pine", 1))]]
    ts.families["tree"] = fam
    ts.random("thicket", "thicket", {"obstructed": True},
              [thicket(r("thicket", i), c) for i, c in enumerate([(88, 116, 46), (74, 104, 50), (100, 118, 52)])])
    ts.random("boulder", "boulder", {"wall": True}, [boulder(r("boulder"))])
    ts.random("log", "fallen log", {"obstructed": True}, [log(r("log"))])
    ts.random("stump", "tree stump", {"obstructed": True}, [stump(r("stump"))])
    ts.random("mushrooms", "toadstools", {}, [mushrooms(r("mushrooms"))])
    ts.random("reeds", "tall reeds", {"opaque": True}, [reeds(r("reeds", i)) for i in range(2)])

    # water
    ts.masked("deep_water", "deep water", {"impassable": True}, lambda m, c: water(m, True, corners=c),
              edge=lambda k: k not in ("deep_water", "planks", "planks_n", "planks_s"),
              plain=[water(0, True, 1), water(0, True, 2)])
    ts.masked("shallow_water", "shallow ford", {"obstructed": True}, lambda m, c: water(m, False, corners=c),
              edge=lambda k: k not in ("deep_water", "shallow_water", "planks", "planks_n", "planks_s"),
              plain=[water(0, False, 1)])

    # village
    ts.random("cobbles", "cobbled street", {}, [cobbles(r("cobbles", i)) for i in range(3)])
    ts.random("wood_floor", "wooden floor", {}, [wood_floor(r("boards", i)) for i in range(2)])
    for colour, base in (("red", (168, 74, 52)), ("slate", (96, 106, 122))):
        for part in ("n", "ridge", "s"):
            fam_key = f"roof_{colour}_{part}"
            fam = Family(fam_key, "mask", edge=lambda k, c=colour: not (k or "").startswith(f"roof_{c}"))
            sides = {m: ts.add(f"{colour} roof", {"wall": True}, roof(f"roof {colour}", base, part, m))
                     for m in (0, W, E, W | E)}
            fam.masks = {mask: sides[mask & (W | E)] for mask in range(16)}
            fam.variants, fam.weights = [sides[0]], [1.0]
            ts.families[fam_key] = fam
    ts.random("house_front", "house wall", {"wall": True},
              [timber_face(r("front", k), k, "eave") for k in ("plain", "window", "window")])
    ts.random("house_door", "house door", {"wall": True}, [timber_face(r("door"), "door", "eave")])
    ts.wall("house_wall", "house wall",
            lambda m: timber_top(m),
            [timber_face(r("inner", k), k, "top") for k in ("plain", "window")])
    ts.random("stall", "market stall", {"obstructed": True},
              [stall(r("stall", 0), (186, 48, 44), (232, 222, 200)),
               stall(r("stall", 1), (52, 92, 160), (232, 222, 200)),
               stall(r("stall", 2), (70, 130, 60), (230, 200, 90))])
    ts.random("crates", "crates", {"obstructed": True}, [crates(r("crates"))])
    ts.random("barrels", "barrels", {"obstructed": True}, [barrels(r("barrels"))])
    ts.random("well", "well", {"wall": True}, [well(r("well"))])
    ts.random("table", "table", {"obstructed": True}, [table(r("table"))])

    # river crossing and camp
    ts.random("planks", "bridge planks", {}, [planks(r("planks", i), "") for i in range(2)])
    ts.random("planks_n", "bridge planks", {}, [planks(r("planks n"), "n")])
    ts.random("planks_s", "bridge planks", {}, [planks(r("planks s"), "s")])
    ts.random("campfire", "campfire", {"obstructed": True}, [campfire(r("campfire"))])
    ts.random("tent", "tent", {"wall": True}, [tent(r("tent"))])

    # arena
    ts.random("sand", "sand", {}, [sand(r("sand", 0)), sand(r("sand", 1)), sand(r("sand", 2), rake=True),
                                   sand(r("sand", 3), stain=True)], [5, 5, 2, 1])
    ts.random("sandstone_floor", "sandstone paving", {},
              [flagstones(r("sandstone floor", i), SLAB_LAYOUTS[i], SANDSTONE_DARK, SANDSTONE_LIGHT, (84, 64, 44))
               for i in range(4)])
    arena_top = ((74, 54, 44), (104, 78, 60))
    arena_faces = [brick_face(r("arena face", i), *arena_top, (128, 88, 62), (170, 124, 86), (64, 44, 34),
                              row_h=9, brick_w=16) for i in range(3)]
    torch(arena_faces[2])
    ts.wall("arena_wall", "sandstone wall",
            lambda m: wall_top("arena top", m, *arena_top, (150, 116, 88), (34, 24, 20)), arena_faces, [4, 4, 1])
    ts.random("sandstone_pillar", "pillar", {"wall": True},
              [pillar(r("sandstone pillar"), SANDSTONE_DARK, SANDSTONE_LIGHT)])
    ts.masked("lava", "lava", {"impassable": True}, lava_pool, edge=lambda k: k != "lava")
    ts.random("scorched", "scorched ground", {}, [scorched(r("scorched", i)) for i in range(3)])
    ts.random("spikes", "spike trap", {"obstructed": True}, [spikes(r("spikes"))])
    ts.random("dead_bush", "dry thornbush", {"obstructed": True}, [dead_bush(r("dead bush", i)) for i in range(2)])

    for mask in (N, W, N | W, NW << 4):
        ts.shade[mask] = ts.add("shadow", {}, cast_shadow(mask))
    ts.shade[N | W | NW << 4] = ts.shade[N | W]
    ts.shade[N | NW << 4] = ts.shade[N]
    ts.shade[W | NW << 4] = ts.shade[W]
    return ts
