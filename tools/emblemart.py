"""The emblems drawn on tokens (a sword, a bow, a skull...): `python tools/emblemart.py` from the project root.

Each emblem is a light silhouette on a transparent square, written to assets/emblems/<name>.png; the game
tints it to sit on the token behind the letters. Shapes are made of a few primitives (polygons, discs,
ellipses, thick lines and arcs) in a unit square, cut by holes (a skull's eyes), turned, and sampled
4 x 4 per pixel for smooth edges. Everything is drawn by code, so running it again gives the same files.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from paint import Canvas  # noqa: E402

SIZE = 64  # pixels of each emblem; tokens scale it down
SAMPLES = 4  # per pixel along each axis
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "emblems"

Point = tuple[float, float]
Inside = Callable[[float, float], bool]


def polygon(points: list[Point]) -> Inside:
    """Inside a polygon, by the even-odd rule."""

    def inside(x: float, y: float) -> bool:
        hit = False
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                hit = not hit
        return hit

    return inside


def ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> Inside:
    """Inside an ellipse (a disc when ``ry`` is left out)."""
    ry = rx if ry is None else ry
    return lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0


def stroke(a: Point, b: Point, width: float) -> Inside:
    """Inside a line from a to b of a width, with round ends."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy or 1e-9

    def inside(x: float, y: float) -> bool:
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
        px, py = ax + t * dx - x, ay + t * dy - y
        return px * px + py * py <= (width / 2) ** 2

    return inside


def arc(cx: float, cy: float, r: float, width: float, start: float, end: float) -> Inside:
    """Inside a band of a width along a circle, between two angles in degrees (0 to the right, clockwise)."""

    def inside(x: float, y: float) -> bool:
        d = math.hypot(x - cx, y - cy)
        if abs(d - r) > width / 2:
            return False
        angle = math.degrees(math.atan2(y - cy, x - cx))
        return start <= angle <= end

    return inside


@dataclass
class Emblem:
    """A silhouette: what is filled, less the holes, turned by ``turn`` degrees about the middle."""

    name: str
    fill: list[Inside]
    holes: list[Inside] = field(default_factory=list)
    turn: float = 0.0

    def covers(self, x: float, y: float) -> bool:
        """Whether a point of the unit square (before the turn) is in the emblem."""
        if self.turn:
            c, s = math.cos(math.radians(-self.turn)), math.sin(math.radians(-self.turn))
            x, y = 0.5 + (x - 0.5) * c - (y - 0.5) * s, 0.5 + (x - 0.5) * s + (y - 0.5) * c
        return any(f(x, y) for f in self.fill) and not any(h(x, y) for h in self.holes)


def sword() -> Emblem:
    """A longsword, point up and to the right."""
    blade = polygon([(0.5, 0.04), (0.565, 0.15), (0.565, 0.64), (0.435, 0.64), (0.435, 0.15)])
    return Emblem("sword", [blade, stroke((0.3, 0.67), (0.7, 0.67), 0.08), stroke((0.5, 0.68), (0.5, 0.86), 0.08),
                            ellipse(0.5, 0.9, 0.065)], turn=45)


def dagger() -> Emblem:
    """A short blade, point up and to the left."""
    blade = polygon([(0.5, 0.16), (0.57, 0.28), (0.57, 0.6), (0.43, 0.6), (0.43, 0.28)])
    return Emblem("dagger", [blade, stroke((0.35, 0.63), (0.65, 0.63), 0.08), stroke((0.5, 0.64), (0.5, 0.8), 0.09),
                             ellipse(0.5, 0.84, 0.06)], turn=-40)


def axe() -> Emblem:
    """A battleaxe: a long haft and a broad curved head."""
    head = polygon([(0.5, 0.14), (0.74, 0.05), (0.86, 0.2), (0.88, 0.36), (0.8, 0.52), (0.5, 0.4)])
    return Emblem("axe", [stroke((0.5, 0.08), (0.5, 0.94), 0.08), head], turn=25)


def hammer() -> Emblem:
    """A warhammer or a mace: a haft and a heavy block."""
    head = polygon([(0.26, 0.1), (0.74, 0.1), (0.74, 0.34), (0.26, 0.34)])
    return Emblem("hammer", [stroke((0.5, 0.2), (0.5, 0.94), 0.09), head],
                  [stroke((0.32, 0.22), (0.68, 0.22), 0.025)], turn=35)


def spear() -> Emblem:
    """A spear: a long shaft and a leaf-shaped head."""
    head = polygon([(0.5, 0.02), (0.6, 0.16), (0.5, 0.3), (0.4, 0.16)])
    return Emblem("spear", [stroke((0.5, 0.24), (0.5, 0.97), 0.06), head, stroke((0.4, 0.3), (0.6, 0.3), 0.05)],
                  turn=45)


def bow() -> Emblem:
    """A bow drawn with an arrow on the string."""
    return Emblem("bow", [arc(0.18, 0.5, 0.42, 0.08, -68, 68), stroke((0.34, 0.11), (0.34, 0.89), 0.025),
                          stroke((0.1, 0.5), (0.78, 0.5), 0.045), polygon([(0.92, 0.5), (0.76, 0.41), (0.76, 0.59)]),
                          polygon([(0.08, 0.5), (0.18, 0.4), (0.22, 0.5), (0.18, 0.6)])], turn=-45)


def staff() -> Emblem:
    """A mage's staff: a shaft crowned with an orb held in a crook."""
    return Emblem("staff", [stroke((0.5, 0.3), (0.5, 0.96), 0.07), ellipse(0.5, 0.17, 0.13),
                            arc(0.5, 0.17, 0.18, 0.05, 20, 160)], [ellipse(0.46, 0.13, 0.04)], turn=20)


def gun() -> Emblem:
    """A blunderbuss: a flared barrel on a wooden stock."""
    barrel = polygon([(0.16, 0.41), (0.64, 0.44), (0.64, 0.54), (0.16, 0.57)])
    muzzle = polygon([(0.04, 0.33), (0.18, 0.4), (0.18, 0.58), (0.04, 0.65)])
    stock = polygon([(0.6, 0.42), (0.93, 0.52), (0.95, 0.72), (0.8, 0.74), (0.58, 0.56)])
    return Emblem("gun", [barrel, muzzle, stock, stroke((0.6, 0.56), (0.56, 0.66), 0.05)], turn=-25)


def skull() -> Emblem:
    """A skull, for the Undead."""
    jaw = polygon([(0.33, 0.56), (0.67, 0.56), (0.64, 0.84), (0.36, 0.84)])
    holes = [ellipse(0.38, 0.46, 0.09, 0.1), ellipse(0.62, 0.46, 0.09, 0.1),
             polygon([(0.5, 0.57), (0.45, 0.67), (0.55, 0.67)])]
    holes += [stroke((x, 0.75), (x, 0.86), 0.025) for x in (0.43, 0.5, 0.57)]
    return Emblem("skull", [ellipse(0.5, 0.42, 0.3, 0.29), jaw], holes)


def paw() -> Emblem:
    """A paw print, for Beasts."""
    toes = [ellipse(0.26, 0.44, 0.085, 0.11), ellipse(0.41, 0.27, 0.09, 0.12), ellipse(0.59, 0.27, 0.09, 0.12),
            ellipse(0.74, 0.44, 0.085, 0.11)]
    pad = polygon([(0.5, 0.46), (0.7, 0.62), (0.72, 0.78), (0.6, 0.84), (0.5, 0.8), (0.4, 0.84), (0.28, 0.78),
                   (0.3, 0.62)])
    return Emblem("paw", [*toes, pad, ellipse(0.5, 0.64, 0.17, 0.15)], turn=-12)


def drop() -> Emblem:
    """A drop of slime, for the Amorphous."""
    return Emblem("drop", [ellipse(0.5, 0.63, 0.27), polygon([(0.5, 0.06), (0.75, 0.52), (0.25, 0.52)])],
                  [arc(0.5, 0.63, 0.17, 0.05, 110, 170)])


def flame() -> Emblem:
    """A flame, for those who fight with spells."""
    outer = polygon([(0.52, 0.04), (0.72, 0.36), (0.76, 0.62), (0.24, 0.62), (0.3, 0.38), (0.4, 0.46)])
    inner = polygon([(0.5, 0.42), (0.62, 0.66), (0.56, 0.82), (0.44, 0.82), (0.38, 0.66)])
    return Emblem("flame", [outer, ellipse(0.5, 0.68, 0.26, 0.22), polygon([(0.22, 0.2), (0.36, 0.48), (0.26, 0.56)])],
                  [inner])


def fist() -> Emblem:
    """A clenched fist, for those who fight bare-handed."""
    knuckles = [ellipse(x, 0.36, 0.095) for x in (0.31, 0.44, 0.57, 0.7)]
    palm = polygon([(0.22, 0.36), (0.79, 0.36), (0.76, 0.8), (0.3, 0.82)])
    creases = [stroke((x, 0.3), (x, 0.46), 0.022) for x in (0.375, 0.505, 0.635)]
    return Emblem("fist", [*knuckles, palm, stroke((0.2, 0.52), (0.46, 0.6), 0.12)],
                  [*creases, stroke((0.26, 0.48), (0.52, 0.55), 0.022)])


def sling() -> Emblem:
    """A sling: two cords from a pouch holding a stone, swung from the hand."""
    pouch = polygon([(0.3, 0.62), (0.5, 0.56), (0.7, 0.62), (0.62, 0.78), (0.38, 0.78)])
    return Emblem("sling", [arc(0.5, 0.62, 0.34, 0.045, -170, -95), arc(0.5, 0.62, 0.34, 0.045, -85, -10),
                            stroke((0.16, 0.6), (0.3, 0.64), 0.045), stroke((0.84, 0.6), (0.7, 0.64), 0.045),
                            pouch, ellipse(0.5, 0.28, 0.05), ellipse(0.5, 0.62, 0.1, 0.08)],
                  [ellipse(0.5, 0.66, 0.06, 0.04)])


def whip() -> Emblem:
    """A whip: a short handle and a lash curling away from it."""
    return Emblem("whip", [stroke((0.18, 0.86), (0.34, 0.64), 0.1), arc(0.56, 0.46, 0.26, 0.05, -190, 10),
                           arc(0.7, 0.5, 0.12, 0.04, -10, 160), ellipse(0.16, 0.88, 0.06)])


def lantern() -> Emblem:
    """A lantern: a ring to hold it by, a cap, a glass with its flame showing through, a base."""
    glass = polygon([(0.32, 0.34), (0.68, 0.34), (0.64, 0.78), (0.36, 0.78)])
    cap = polygon([(0.26, 0.34), (0.5, 0.2), (0.74, 0.34)])
    window = polygon([(0.38, 0.4), (0.62, 0.4), (0.59, 0.74), (0.41, 0.74)])
    flame = polygon([(0.5, 0.45), (0.57, 0.6), (0.5, 0.7), (0.43, 0.6)])
    return Emblem("lantern", [arc(0.5, 0.17, 0.09, 0.045, -200, 20), cap, glass,
                              stroke((0.28, 0.82), (0.72, 0.82), 0.08)],
                  [lambda x, y: window(x, y) and not flame(x, y)])


def bottle() -> Emblem:
    """A bottle held by the neck, as a brawler swings it."""
    body = polygon([(0.34, 0.9), (0.34, 0.5), (0.44, 0.38), (0.44, 0.14), (0.56, 0.14), (0.56, 0.38), (0.66, 0.5),
                    (0.66, 0.9)])
    return Emblem("bottle", [body, stroke((0.41, 0.13), (0.59, 0.13), 0.06)],
                  [polygon([(0.39, 0.58), (0.61, 0.58), (0.61, 0.76), (0.39, 0.76)])], turn=30)


def spider() -> Emblem:
    """A spider: a round body, a small head and eight bent legs."""
    legs: list[Inside] = []
    for side in (-1, 1):
        for i, (ky, fy) in enumerate(((0.4, 0.2), (0.48, 0.4), (0.56, 0.64), (0.62, 0.86))):
            knee = (0.5 + side * (0.24 + 0.02 * i), ky - 0.08)
            foot = (0.5 + side * 0.44, fy)
            legs += [stroke((0.5, 0.52), knee, 0.045), stroke(knee, foot, 0.04)]
    return Emblem("spider", [*legs, ellipse(0.5, 0.62, 0.15, 0.18), ellipse(0.5, 0.38, 0.1)])


def wing() -> Emblem:
    """A drake's wing: a bony arm, three long fingers, and the skin between them scalloped at its edge."""
    elbow, tips = (0.45, 0.2), [(0.92, 0.12), (0.95, 0.45), (0.8, 0.72), (0.55, 0.85)]
    skin = polygon([(0.1, 0.55), elbow, *tips])
    bones = [stroke((0.1, 0.55), elbow, 0.07), *(stroke(elbow, tip, 0.045) for tip in tips)]
    scallops = [ellipse(1.03, 0.3, 0.11), ellipse(0.97, 0.67, 0.11), ellipse(0.71, 0.9, 0.1),
                ellipse(0.3, 0.82, 0.17)]
    # A thin line of light under each finger parts the skin from the bone, so the fingers read.
    seams = [stroke((elbow[0] + 0.03, elbow[1] + 0.06), (tx - 0.01, ty + 0.05), 0.022) for tx, ty in tips[:3]]
    return Emblem("wing", [skin, *bones], [*scallops, *seams])


ALL: tuple[Callable[[], Emblem], ...] = (sword, dagger, axe, hammer, spear, bow, staff, gun, skull, paw, drop,
                                         flame, fist, sling, whip, lantern, bottle, spider, wing)


def render(emblem: Emblem, size: int = SIZE) -> Canvas:
    """The emblem as a light silhouette, lit a little from the top, its coverage in the alpha."""
    canvas = Canvas(size)
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        for px in range(size):
            hits = sum(emblem.covers((px * SAMPLES + i + 0.5) * step, (py * SAMPLES + j + 0.5) * step)
                       for i in range(SAMPLES) for j in range(SAMPLES))
            if hits:
                light = 255 - 40 * py / size
                canvas.set(px, py, (light, light, light), 255.0 * hits / SAMPLES ** 2)
    return canvas


def main(argv: list[str] | None = None) -> int:
    """Draw every emblem into assets/emblems/."""
    del argv
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for make in ALL:
        emblem = make()
        image = pygame.image.frombuffer(render(emblem).to_bytes(), (SIZE, SIZE), "RGBA")
        pygame.image.save(image, str(OUT / f"{emblem.name}.png"))
        print(f"assets/emblems/{emblem.name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
