"""Small painting kit for 32x32 tiles: a float RGBA canvas, tileable noise and shaded shapes."""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable

TILE = 32
Color = tuple[float, float, float]
LIGHT = (-0.45, -0.6, 0.66)  # light falls from the top left, a little above the ground


def seeded(*parts: object) -> random.Random:
    """A random generator seeded from the given parts, the same on every run and machine."""
    return random.Random(zlib.crc32("/".join(str(p) for p in parts).encode()))


def mix(a: Color, b: Color, t: float) -> Color:
    """Linear mix of two colours, t=0 gives a and t=1 gives b."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def scale(c: Color, f: float) -> Color:
    """A colour made lighter (f > 1) or darker (f < 1)."""
    return (c[0] * f, c[1] * f, c[2] * f)


def smooth(t: float) -> float:
    """Smoothstep easing between 0 and 1."""
    return t * t * (3 - 2 * t)


class Canvas:
    """A TILE x TILE float RGBA image that wraps at its edges, so tiles can be made seamless."""

    def __init__(self, size: int = TILE) -> None:
        """Start fully transparent."""
        self.size = size
        self.px: list[list[list[float]]] = [[[0.0, 0.0, 0.0, 0.0] for _ in range(size)] for _ in range(size)]

    def set(self, x: int, y: int, c: Color, a: float = 255.0) -> None:
        """Set one pixel (coordinates wrap)."""
        p = self.px[y % self.size][x % self.size]
        p[0], p[1], p[2], p[3] = c[0], c[1], c[2], a

    def get(self, x: int, y: int) -> Color:
        """The colour of one pixel (coordinates wrap)."""
        p = self.px[y % self.size][x % self.size]
        return (p[0], p[1], p[2])

    def alpha(self, x: int, y: int) -> float:
        """The alpha of one pixel (coordinates wrap)."""
        return self.px[y % self.size][x % self.size][3]

    def blend(self, x: int, y: int, c: Color, a: float) -> None:
        """Paint a colour over one pixel with opacity a in 0..1 (coordinates wrap)."""
        if a <= 0:
            return
        a = min(a, 1.0)
        p = self.px[y % self.size][x % self.size]
        old_a = p[3] / 255.0
        out_a = a + old_a * (1 - a)
        if out_a <= 0:
            return
        for i in range(3):
            p[i] = (c[i] * a + p[i] * old_a * (1 - a)) / out_a
        p[3] = out_a * 255.0

    def clip_blend(self, x: int, y: int, c: Color, a: float) -> None:
        """Blend one pixel only if it lies inside the canvas (no wrapping)."""
        if 0 <= x < self.size and 0 <= y < self.size:
            self.blend(x, y, c, a)

    def shade(self, x: int, y: int, f: float) -> None:
        """Darken or lighten one pixel in place, keeping its alpha."""
        p = self.px[y % self.size][x % self.size]
        p[0], p[1], p[2] = p[0] * f, p[1] * f, p[2] * f

    def each(self) -> list[tuple[int, int]]:
        """Every pixel coordinate, row by row."""
        return [(x, y) for y in range(self.size) for x in range(self.size)]

    def paste(self, other: Canvas) -> None:
        """Draw another canvas over this one, respecting its alpha."""
        for y in range(self.size):
            for x in range(self.size):
                p = other.px[y][x]
                if p[3] > 0:
                    self.blend(x, y, (p[0], p[1], p[2]), p[3] / 255.0)

    def to_bytes(self) -> bytes:
        """RGBA bytes, row by row, clamped to 0..255."""
        out = bytearray()
        for row in self.px:
            for p in row:
                out.extend(max(0, min(255, int(round(v)))) for v in p)
        return bytes(out)


class Noise:
    """Tileable value noise over the tile with a lattice of the given cell size."""

    def __init__(self, rng: random.Random, cell: int, size: int = TILE) -> None:
        """Draw the random lattice."""
        self.cell = cell
        self.n = max(1, size // cell)
        self.grid = [[rng.random() for _ in range(self.n)] for _ in range(self.n)]

    def at(self, x: float, y: float) -> float:
        """The noise value in 0..1 at a pixel position."""
        fx, fy = x / self.cell, y / self.cell
        ix, iy = math.floor(fx), math.floor(fy)
        tx, ty = smooth(fx - ix), smooth(fy - iy)
        n = self.n
        g = self.grid
        a = g[iy % n][ix % n]
        b = g[iy % n][(ix + 1) % n]
        c = g[(iy + 1) % n][ix % n]
        d = g[(iy + 1) % n][(ix + 1) % n]
        return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty


def fbm(rng: random.Random, cells: tuple[int, ...] = (16, 8, 4, 2), gain: float = 0.55) -> list[list[float]]:
    """Fractal tileable noise as a TILE x TILE table of values spread over 0..1."""
    layers = [Noise(rng, c) for c in cells]
    weights = [gain**i for i in range(len(cells))]
    total = sum(weights)
    table = [[sum(w * n.at(x, y) for w, n in zip(weights, layers, strict=True)) / total for x in range(TILE)]
             for y in range(TILE)]
    lo = min(min(r) for r in table)
    hi = max(max(r) for r in table)
    span = hi - lo or 1.0
    return [[(v - lo) / span for v in row] for row in table]


def edge_noise(rng: random.Random, cell: int = 8, size: int = TILE) -> list[float]:
    """Periodic 1D noise in 0..1 along a tile edge, equal at both ends so neighbours join."""
    n = max(1, size // cell)
    pts = [rng.random() for _ in range(n)]
    out = []
    for i in range(size):
        f = i / cell
        k = math.floor(f)
        t = smooth(f - k)
        out.append(pts[k % n] + (pts[(k + 1) % n] - pts[k % n]) * t)
    return out


def textured(canvas: Canvas, rng: random.Random, dark: Color, light: Color, jitter: float = 6.0,
             cells: tuple[int, ...] = (16, 8, 4, 2), contrast: float = 1.0) -> list[list[float]]:
    """Fill the canvas with a noisy mix of two colours and return the noise used."""
    table = fbm(rng, cells)
    for y in range(TILE):
        for x in range(TILE):
            t = min(1.0, max(0.0, 0.5 + (table[y][x] - 0.5) * contrast))
            c = mix(dark, light, t)
            j = rng.uniform(-jitter, jitter)
            canvas.set(x, y, (c[0] + j, c[1] + j, c[2] + j))
    return table


def lambert(nx: float, ny: float, nz: float) -> float:
    """How much light a surface normal catches, 0..1."""
    length = math.sqrt(nx * nx + ny * ny + nz * nz) or 1.0
    lx, ly, lz = LIGHT
    ll = math.sqrt(lx * lx + ly * ly + lz * lz)
    return max(0.0, (nx * lx + ny * ly + nz * lz) / (length * ll))


def blob(canvas: Canvas, rng: random.Random, cx: float, cy: float, r: float, color: Color,
         rough: float = 0.2, bulge: float = 1.0, jitter: float = 8.0,
         texture: Callable[[int, int], float] | None = None, wrap: bool = False, facets: int = 0) -> None:
    """A shaded lumpy dome (rock, bush, leaf cluster) lit from the top left."""
    lobes = [(rng.uniform(0, 2 * math.pi), rng.uniform(-rough, rough), rng.randint(2, 5)) for _ in range(3)]

    def radius(theta: float) -> float:
        return r * (1 + sum(a * math.sin(k * theta + p) for p, a, k in lobes) / 2)

    span = int(r * (1 + rough) + 2)
    for y in range(int(cy) - span, int(cy) + span + 1):
        for x in range(int(cx) - span, int(cx) + span + 1):
            if not wrap and not (0 <= x < canvas.size and 0 <= y < canvas.size):
                continue
            dx, dy = x + 0.5 - cx, y + 0.5 - cy
            d = math.hypot(dx, dy)
            theta = math.atan2(dy, dx)
            rr = radius(theta)
            if d > rr:
                continue
            u = d / rr
            if facets:
                theta = round(theta / (2 * math.pi / facets)) * (2 * math.pi / facets)
                u = min(0.95, round(u * 3) / 3)
            nz = math.sqrt(max(0.0, 1 - u * u)) * bulge + 0.15
            nx, ny = math.cos(theta) * u, math.sin(theta) * u
            light = 0.35 + 0.95 * lambert(nx, ny, nz)
            if texture is not None:
                light *= texture(x, y)
            j = rng.uniform(-jitter, jitter)
            c = scale(color, light)
            edge = max(0.0, min(1.0, (rr - d) * 1.5))
            canvas.blend(x, y, (c[0] + j, c[1] + j, c[2] + j), edge)


def shadow(canvas: Canvas, cx: float, cy: float, rx: float, ry: float, strength: float = 0.45,
           wrap: bool = False) -> None:
    """A soft dark ellipse on the ground under something."""
    for y in range(int(cy - ry) - 1, int(cy + ry) + 2):
        for x in range(int(cx - rx) - 1, int(cx + rx) + 2):
            if not wrap and not (0 <= x < canvas.size and 0 <= y < canvas.size):
                continue
            d = math.hypot((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry)
            if d < 1:
                canvas.blend(x, y, (10, 12, 8), strength * (1 - d * d))


def line(canvas: Canvas, x0: float, y0: float, x1: float, y1: float, c: Color, a: float = 1.0,
         width: float = 1.0, wrap: bool = True) -> None:
    """An anti-aliased-ish line by dense sampling."""
    steps = int(max(abs(x1 - x0), abs(y1 - y0)) * 2) + 1
    seen: set[tuple[int, int]] = set()
    for i in range(steps + 1):
        t = i / steps
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        for ox in range(-int(width // 2), int(width // 2) + 1):
            for oy in range(-int(width // 2), int(width // 2) + 1):
                key = (int(math.floor(x + ox)), int(math.floor(y + oy)))
                if key in seen:
                    continue
                seen.add(key)
                if wrap:
                    canvas.blend(key[0], key[1], c, a)
                else:
                    canvas.clip_blend(key[0], key[1], c, a)


def rect(canvas: Canvas, x0: int, y0: int, w: int, h: int, c: Color, a: float = 1.0, wrap: bool = False) -> None:
    """Fill a rectangle with a colour."""
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            if wrap:
                canvas.blend(x, y, c, a)
            else:
                canvas.clip_blend(x, y, c, a)


def disc(canvas: Canvas, cx: float, cy: float, r: float, c: Color, a: float = 1.0) -> None:
    """Fill a disc with soft edges."""
    for y in range(int(cy - r) - 1, int(cy + r) + 2):
        for x in range(int(cx - r) - 1, int(cx + r) + 2):
            d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            if d <= r + 0.5:
                canvas.clip_blend(x, y, c, a * max(0.0, min(1.0, r + 0.5 - d)))


def glow(canvas: Canvas, cx: float, cy: float, r: float, c: Color, a: float = 0.6) -> None:
    """A soft round light falling off to nothing at radius r."""
    for y in range(int(cy - r), int(cy + r) + 1):
        for x in range(int(cx - r), int(cx + r) + 1):
            d = math.hypot(x + 0.5 - cx, y + 0.5 - cy) / r
            if d < 1:
                canvas.clip_blend(x, y, c, a * (1 - d) ** 2)
