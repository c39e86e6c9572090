"""Building blocks for the game's maps: a layout of terrain keys, tile choice, Tiled XML and play checks."""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

from paint import TILE, seeded
from tileart import CORNERS, NW, SIDES, E, N, S, Tileset, W

Rect = tuple[int, int, int, int]
STEPS = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
CORNER_NW = NW << 4
MONSTERS = ("wolf", "giant_rat", "skeleton", "zombie", "ghoul", "kobold", "goblin_archer", "orc_brute", "cultist",
            "ooze", "bandit", "necromancer")
ITEMS = ("longsword", "shortbow", "dagger", "warhammer", "blunderbuss", "leather_armour", "chain_mail", "shield",
         "staff", "amulet_of_warding")


@dataclass
class Layout:
    """A map being designed: one terrain key per square on each layer, plus its objects."""

    name: str
    title: str
    description: str
    width: int
    height: int
    base: str
    split_obstructed: bool = False
    intro: str = ""  # the line of story the menu shows before the fight (docs/maps.md, "Before the fight")
    objective: str = ""  # what the heroes set out to do: "defeat them all"
    ground: list[list[str | None]] = field(init=False)
    overlay: list[list[str | None]] = field(init=False)
    paths: list[list[str | None]] = field(init=False)
    walls: list[list[str | None]] = field(init=False)
    decor: list[list[str | None]] = field(init=False)
    heroes: list[tuple[int, int]] = field(default_factory=list)
    monsters: list[tuple[int, int, str]] = field(default_factory=list)
    treasure: list[tuple[int, int, str]] = field(default_factory=list)
    arenas: list[tuple[str, str, Rect]] = field(default_factory=list)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        """Cover the ground with the base terrain and leave the other layers empty."""
        self.ground = [[self.base] * self.width for _ in range(self.height)]
        self.overlay = [[None] * self.width for _ in range(self.height)]
        self.paths = [[None] * self.width for _ in range(self.height)]
        self.walls = [[None] * self.width for _ in range(self.height)]
        self.decor = [[None] * self.width for _ in range(self.height)]
        self.rng = seeded("layout", self.name)

    def inside(self, x: int, y: int) -> bool:
        """Whether a square lies on the map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def cells(self, r: Rect) -> list[tuple[int, int]]:
        """The squares of a rectangle (x, y, w, h) that lie on the map."""
        x0, y0, w, h = r
        return [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w) if self.inside(x, y)]

    def put(self, layer: str, x: int, y: int, key: str | None) -> None:
        """Set one square of a layer (ignored off the map)."""
        if self.inside(x, y):
            getattr(self, layer)[y][x] = key

    def get(self, layer: str, x: int, y: int) -> str | None:
        """The key on one square of a layer, or None off the map."""
        return getattr(self, layer)[y][x] if self.inside(x, y) else None

    def fill(self, layer: str, r: Rect, key: str | None) -> None:
        """Set every square of a rectangle on one layer."""
        for x, y in self.cells(r):
            self.put(layer, x, y, key)

    def carve(self, r: Rect, floor: str | None = None) -> None:
        """Clear walls from a rectangle and, if given, lay a floor there."""
        for x, y in self.cells(r):
            self.walls[y][x] = None
            if floor:
                self.ground[y][x] = floor

    def frame(self, r: Rect, wall: str) -> None:
        """Put walls round the border of a rectangle."""
        x0, y0, w, h = r
        for x, y in self.cells(r):
            if x in (x0, x0 + w - 1) or y in (y0, y0 + h - 1):
                self.walls[y][x] = wall

    def walkable(self, x: int, y: int) -> bool:
        """A square a combatant could stand on, judged from the layout's keys."""
        if not self.inside(x, y) or self.walls[y][x]:
            return False
        return self.ground[y][x] not in IMPASSABLE

    def clear(self, x: int, y: int) -> bool:
        """Walkable and free of anything that costs extra movement."""
        return self.walkable(x, y) and self.ground[y][x] not in OBSTRUCTED and self.decor[y][x] not in OBSTRUCTED

    def scatter(self, layer: str, key: str, r: Rect, count: int, where: str = "clear",
                keep: set[tuple[int, int]] | None = None) -> None:
        """Drop a key on random squares of a rectangle that are clear (or walkable) and not kept free."""
        spots = [(x, y) for x, y in self.cells(r) if (self.clear(x, y) if where == "clear" else self.walkable(x, y))
                 and (x, y) not in (keep or set()) and not self.decor[y][x]]
        self.rng.shuffle(spots)
        for x, y in spots[:count]:
            self.put(layer, x, y, key)

    def hero(self, x: int, y: int) -> None:
        """Add a hero spawn point."""
        self.heroes.append((x, y))

    def monster(self, x: int, y: int, monster: str) -> None:
        """Add a monster spawn point naming its monster."""
        assert monster in MONSTERS, monster
        self.monsters.append((x, y, monster))

    def loot(self, x: int, y: int, item: str) -> None:
        """Add a pile of treasure."""
        assert item in ITEMS, item
        self.treasure.append((x, y, item))

    def marked(self) -> set[tuple[int, int]]:
        """Squares that hold a spawn or treasure."""
        return {(x, y) for x, y in self.heroes} | {(x, y) for x, y, _ in self.monsters + self.treasure}


IMPASSABLE = {"deep_water", "chasm", "chasm_lip", "lava"}
OBSTRUCTED = {"shallow_water", "rubble", "thicket", "sarcophagus", "log", "stump", "stall", "crates", "barrels",
              "table", "campfire", "spikes", "dead_bush"}


# ---------------------------------------------------------------- choosing tiles


def choose_tiles(layout: Layout, ts: Tileset) -> dict[str, list[list[int]]]:
    """Turn the layout's keys into local tile ids (-1 for empty), edging and walling as each family asks."""
    out: dict[str, list[list[int]]] = {}
    for layer in ("ground", "overlay", "paths", "walls", "decor"):
        grid = getattr(layout, layer)
        ids = [[-1] * layout.width for _ in range(layout.height)]
        for y in range(layout.height):
            for x in range(layout.width):
                key = grid[y][x]
                if key is None:
                    continue
                fam = ts.families[key]
                rng = seeded(layout.name, layer, x, y)
                if fam.mode == "random":
                    ids[y][x] = rng.choices(fam.variants, fam.weights)[0]
                elif fam.mode == "mask":
                    mask = 0
                    for side in SIDES:
                        dx, dy = STEPS[side]
                        if layout.inside(x + dx, y + dy) and fam.edge(grid[y + dy][x + dx]):
                            mask |= side
                    if fam.corners:
                        for bit, (a, b, _) in CORNERS.items():
                            dx, dy = STEPS[a][0] + STEPS[b][0], STEPS[a][1] + STEPS[b][1]
                            if not mask & (a | b) and layout.inside(x + dx, y + dy) and fam.edge(grid[y + dy][x + dx]):
                                mask |= bit << 4
                    if mask in fam.alternatives:
                        ids[y][x] = rng.choice(fam.alternatives[mask])
                    else:
                        ids[y][x] = fam.masks[mask] if mask else rng.choices(fam.variants, fam.weights)[0]
                else:
                    below = grid[y + 1][x] if y + 1 < layout.height else key
                    if below != key:
                        ids[y][x] = rng.choices(fam.faces, fam.face_weights)[0]
                        continue
                    mask = 0
                    for side in SIDES:
                        dx, dy = STEPS[side]
                        if layout.inside(x + dx, y + dy) and grid[y + dy][x + dx] != key:
                            mask |= side
                    ids[y][x] = fam.masks[mask]
        out[layer] = ids
    out["shade"] = shade(layout, ts)
    return out


def casts_shadow(key: str | None, ts: Tileset) -> bool:
    """Whether a walls-layer key stands tall enough to shade the ground beside it."""
    if not key:
        return False
    return ts.families[key].mode == "wall" or key.startswith(("roof_", "house_"))


def shade(layout: Layout, ts: Tileset) -> list[list[int]]:
    """Shadow overlays for open squares lying south or east of something tall (the light comes from the north-west)."""
    ids = [[-1] * layout.width for _ in range(layout.height)]
    for y in range(layout.height):
        for x in range(layout.width):
            if layout.walls[y][x]:
                continue
            mask = 0
            if casts_shadow(layout.get("walls", x, y - 1), ts):
                mask |= N
            if casts_shadow(layout.get("walls", x - 1, y), ts):
                mask |= W
            if casts_shadow(layout.get("walls", x - 1, y - 1), ts):
                mask |= CORNER_NW
            if mask:
                ids[y][x] = ts.shade[mask]
    return ids


# ---------------------------------------------------------------- Tiled XML


def tileset_xml(ts: Tileset, name: str, image: str, columns: int, image_size: tuple[int, int]) -> str:
    """An external Tiled tileset (.tsx) naming each tile and setting its rule flags."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{len(ts.tiles)}" columns="{columns}">',
        f' <image source="{image}" width="{image_size[0]}" height="{image_size[1]}"/>',
    ]
    for i, tile in enumerate(ts.tiles):
        lines.append(f' <tile id="{i}">')
        lines.append('  <properties>')
        lines.append(f'   <property name="name" value={quoteattr(tile.name)}/>')
        for flag in ("wall", "obstructed", "opaque", "impassable"):
            if tile.props.get(flag):
                lines.append(f'   <property name="{flag}" type="bool" value="true"/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def map_xml(layout: Layout, ts: Tileset, tileset_path: str) -> str:
    """A Tiled 1.10 orthogonal map with CSV layers and an objects layer of spawns, treasure and arenas."""
    ids = choose_tiles(layout, ts)
    layers: list[tuple[str, list[list[int]]]] = [("ground", ids["ground"])]
    for name in ("overlay", "paths", "shade"):
        if any(i >= 0 for row in ids[name] for i in row):
            layers.append((name, ids[name]))
    layers.append(("walls", ids["walls"]))
    if layout.split_obstructed:
        slow = {i for i, tile in enumerate(ts.tiles) if tile.props.get("obstructed")}
        obstructed = [[i if i in slow else -1 for i in row] for row in ids["decor"]]
        decor = [[-1 if i in slow else i for i in row] for row in ids["decor"]]
        layers += [("obstructed", obstructed), ("decor", decor)]
    else:
        layers.append(("decor", ids["decor"]))
    objects = object_lines(layout)
    next_object = 1 + sum(1 for line in objects if line.startswith("  <object "))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{layout.width}" height="{layout.height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{len(layers) + 2}" nextobjectid="{next_object}">',
        ' <properties>',
        f'  <property name="title" value={quoteattr(layout.title)}/>',
        f'  <property name="description" value={quoteattr(layout.description)}/>',
        *([f'  <property name="intro" value={quoteattr(layout.intro)}/>'] if layout.intro else []),
        *([f'  <property name="objective" value={quoteattr(layout.objective)}/>'] if layout.objective else []),
        ' </properties>',
        f' <tileset firstgid="1" source="{tileset_path}"/>',
    ]
    for n, (name, grid) in enumerate(layers, start=1):
        out.append(f' <layer id="{n}" name="{name}" width="{layout.width}" height="{layout.height}">')
        out.append('  <data encoding="csv">')
        rows = [",".join(str(i + 1) for i in row) for row in grid]
        out.append(",\n".join(rows))
        out.append('</data>')
        out.append(' </layer>')
    out.append(f' <objectgroup id="{len(layers) + 1}" name="objects">')
    out.extend(objects)
    out.append(' </objectgroup>')
    out.append('</map>')
    return "\n".join(out) + "\n"


def object_lines(layout: Layout) -> list[str]:
    """The XML of every object: spawn and treasure points at square centres, arena rectangles."""
    lines: list[str] = []
    oid = 0

    def point(name: str, kind: str, x: int, y: int, props: dict[str, str]) -> None:
        nonlocal oid
        oid += 1
        lines.append(f'  <object id="{oid}" name={quoteattr(name)} type="{kind}" '
                     f'x="{x * TILE + TILE // 2}" y="{y * TILE + TILE // 2}">')
        if props:
            lines.append('   <properties>')
            for k, v in props.items():
                lines.append(f'    <property name="{k}" value={quoteattr(v)}/>')
            lines.append('   </properties>')
        lines.append('   <point/>')
        lines.append('  </object>')

    for i, (x, y) in enumerate(layout.heroes, start=1):
        point(f"hero {i}", "hero_spawn", x, y, {})
    for x, y, monster in layout.monsters:
        point(monster.replace("_", " "), "monster_spawn", x, y, {"monster": monster})
    for x, y, item in layout.treasure:
        point(item.replace("_", " "), "treasure", x, y, {"item": item})
    for name, kind, (x, y, w, h) in layout.arenas:
        oid += 1
        lines.append(f'  <object id="{oid}" name={quoteattr(name)} type="arena" x="{x * TILE}" y="{y * TILE}" '
                     f'width="{w * TILE}" height="{h * TILE}">')
        lines.append('   <properties>')
        lines.append(f'    <property name="kind" value="{kind}"/>')
        lines.append('   </properties>')
        lines.append('  </object>')
    return lines


# ---------------------------------------------------------------- checks


def reachable(layout: Layout, start: tuple[int, int]) -> set[tuple[int, int]]:
    """Squares reachable from start by orthogonal steps over walkable squares."""
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEPS.values():
            nxt = (x + dx, y + dy)
            if nxt not in seen and layout.walkable(*nxt):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def problems(layout: Layout) -> list[str]:
    """Everything wrong with a layout as a place to fight: bad spawns, unreachable squares, missing arenas."""
    found: list[str] = []
    spots = [("hero", x, y) for x, y in layout.heroes] + [(m, x, y) for x, y, m in layout.monsters]
    spots += [(f"treasure {i}", x, y) for x, y, i in layout.treasure]
    seen: set[tuple[int, int]] = set()
    for what, x, y in spots:
        if not layout.clear(x, y):
            found.append(f"{what} at {(x, y)} is not on a clear walkable square")
        if (x, y) in seen:
            found.append(f"{what} at {(x, y)} shares its square")
        seen.add((x, y))
    if len(layout.heroes) < 4 or len(layout.monsters) < 6 or len(layout.treasure) < 3:
        found.append("too few spawns or treasure")
    if layout.heroes and layout.walkable(*layout.heroes[0]):
        region = reachable(layout, layout.heroes[0])
        for what, x, y in spots:
            if (x, y) not in region:
                found.append(f"{what} at {(x, y)} cannot be reached from the heroes")
        stranded = [(x, y) for y in range(layout.height) for x in range(layout.width)
                    if layout.walkable(x, y) and (x, y) not in region]
        if stranded:
            found.append(f"{len(stranded)} walkable squares cannot be reached, e.g. {stranded[:5]}")
    if layout.arenas:
        kinds = {kind for _, kind, _ in layout.arenas}
        for kind in ("tight", "hazardous", "open", "dense", "neutral"):
            if kind not in kinds:
                found.append(f"no arena of kind {kind}")
        covered: dict[tuple[int, int], str] = {}
        for name, _, r in layout.arenas:
            for sq in layout.cells(r):
                if sq in covered:
                    found.append(f"arenas {covered[sq]} and {name} overlap at {sq}")
                    break
                covered[sq] = name
    return found


def map_noise(rng: random.Random, width: int, height: int, cell: float) -> list[list[float]]:
    """Smooth value noise over a whole map, one value in 0..1 per square."""
    gw, gh = int(width / cell) + 2, int(height / cell) + 2
    grid = [[rng.random() for _ in range(gw)] for _ in range(gh)]
    out = []
    for y in range(height):
        row = []
        for x in range(width):
            fx, fy = x / cell, y / cell
            ix, iy = int(fx), int(fy)
            tx, ty = fx - ix, fy - iy
            tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
            a, b = grid[iy][ix], grid[iy][ix + 1]
            c, d = grid[iy + 1][ix], grid[iy + 1][ix + 1]
            row.append(a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty)
        out.append(row)
    return out


def trail(layout: Layout, points: list[tuple[float, float]], width: float, key: str, layer: str = "ground",
          clear_walls: bool = True) -> set[tuple[int, int]]:
    """Lay a key along a polyline, width squares wide, clearing walls and decor on the way; returns the squares."""
    done: set[tuple[int, int]] = set()
    r = width / 2
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        steps = int(max(abs(x1 - x0), abs(y1 - y0)) * 4) + 1
        for i in range(steps + 1):
            cx, cy = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            for y in range(int(cy - r) - 1, int(cy + r) + 2):
                for x in range(int(cx - r) - 1, int(cx + r) + 2):
                    if layout.inside(x, y) and math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= r:
                        done.add((x, y))
    for x, y in done:
        layout.put(layer, x, y, key)
        if clear_walls:
            layout.walls[y][x] = None
            layout.decor[y][x] = None
    return done


def write(path: Path, text: str) -> None:
    """Write a text file, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
