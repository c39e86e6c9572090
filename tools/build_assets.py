"""Draw the terrain tileset and the tokens' emblems, and write the game's maps: `python tools/build_assets.py`.

Everything is drawn by code from fixed seeds, so running it again gives the same files. After writing, each
map is read back with pytmx and checked: spawns and treasure on clear squares, all of them reachable.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import deque
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytmx  # noqa: E402
from emblemart import main as draw_emblems  # noqa: E402
from map_designs import ALL  # noqa: E402
from mapkit import map_xml, problems, tileset_xml, write  # noqa: E402
from paint import TILE  # noqa: E402
from tileart import Tileset, build_tileset  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TILES_DIR = ROOT / "assets" / "tiles"
MAPS_DIR = ROOT / "maps"
COLUMNS = 16


def save_sheet(ts: Tileset, path: Path) -> tuple[int, int]:
    """Paste every tile into one PNG sheet, COLUMNS wide, and return its size in pixels."""
    rows = (len(ts.tiles) + COLUMNS - 1) // COLUMNS
    size = (COLUMNS * TILE, rows * TILE)
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, tile in enumerate(ts.tiles):
        image = pygame.image.frombuffer(tile.canvas.to_bytes(), (TILE, TILE), "RGBA")
        sheet.blit(image, ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))
    return size


def flags(tmx: pytmx.TiledMap, gid: int) -> dict[str, bool]:
    """The rule flags of a tile, read from the tileset's properties."""
    props = (tmx.get_tile_properties_by_gid(gid) or {}) if gid else {}
    return {k: bool(props.get(k)) for k in ("wall", "obstructed", "opaque", "impassable")}


def verify(path: Path) -> list[str]:
    """Read a written map back with pytmx and check that every spawn and treasure is clear and reachable."""
    tmx = pytmx.TiledMap(str(path))
    blocked: set[tuple[int, int]] = set()
    slow: set[tuple[int, int]] = set()
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            f = flags(tmx, gid)
            if f["wall"] or f["impassable"] or layer.name.lower() == "walls":
                blocked.add((x, y))
            if f["obstructed"] or layer.name.lower() == "obstructed":
                slow.add((x, y))
    spots: list[tuple[str, tuple[int, int]]] = []
    for obj in tmx.objects:
        if obj.type in ("hero_spawn", "monster_spawn", "treasure"):
            spots.append((f"{obj.type} {obj.name}", (int(obj.x // tmx.tilewidth), int(obj.y // tmx.tileheight))))
    found = [f"{what} at {sq} is blocked" for what, sq in spots if sq in blocked]
    found += [f"{what} at {sq} is obstructed" for what, sq in spots if sq in slow]
    if not spots:
        return found + ["no spawns"]
    start = spots[0][1]
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < tmx.width and 0 <= ny < tmx.height and (nx, ny) not in blocked and (nx, ny) not in seen:
                seen.add((nx, ny))
                queue.append((nx, ny))
    found += [f"{what} at {sq} cannot be reached from {start}" for what, sq in spots if sq not in seen]
    return found


def main(argv: list[str] | None = None) -> int:
    """Build the tileset and maps, then check them; exit 1 if any map has a problem."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    pygame.init()
    ts = build_tileset()
    size = save_sheet(ts, TILES_DIR / "terrain.png")
    write(TILES_DIR / "terrain.tsx", tileset_xml(ts, "terrain", "terrain.png", COLUMNS, size))
    print(f"assets/tiles/terrain.png: {len(ts.tiles)} tiles, {size[0]}x{size[1]}")
    draw_emblems([])
    status = 0
    for design in ALL:
        layout = design()
        path = MAPS_DIR / f"{layout.name}.tmx"
        write(path, map_xml(layout, ts, "../assets/tiles/terrain.tsx"))
        issues = problems(layout) + verify(path)
        print(f"maps/{path.name}: {layout.width}x{layout.height}, {len(layout.heroes)} heroes, "
              f"{len(layout.monsters)} monsters, {len(layout.treasure)} treasure, {len(layout.arenas)} arenas")
        for issue in issues:
            print(f"  problem: {issue}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
