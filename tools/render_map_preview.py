"""Render a Tiled map to a PNG with its spawns, treasure and arenas marked: `render_map_preview.py MAP.tmx OUT.png`."""

from __future__ import annotations

import argparse
import os
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytmx  # noqa: E402
from pytmx.util_pygame import load_pygame  # noqa: E402

ARENA_COLOURS = {
    "tight": (230, 80, 200),
    "hazardous": (255, 120, 20),
    "open": (250, 240, 90),
    "dense": (60, 220, 90),
    "neutral": (200, 200, 220),
}
FLAG_COLOURS = {
    "wall": (255, 40, 40),
    "impassable": (40, 120, 255),
    "obstructed": (255, 200, 0),
    "opaque": (200, 0, 255),
}


def kind_of(obj: pytmx.TiledObject) -> str:
    """An object's type, from Tiled's type or class attribute, in lower case."""
    return (getattr(obj, "type", None) or getattr(obj, "class", None) or "").lower()


def draw_tiles(tmx: pytmx.TiledMap, surface: pygame.Surface) -> None:
    """Composite the visible tile layers in order."""
    for layer in tmx.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                surface.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))


def draw_flags(tmx: pytmx.TiledMap, surface: pygame.Surface) -> None:
    """Tint squares by their rule flags, to check the tileset's properties at a glance."""
    tint = pygame.Surface((tmx.tilewidth, tmx.tileheight), pygame.SRCALPHA)
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer.iter_data():
            props = tmx.get_tile_properties_by_gid(gid) if gid else None
            for flag, colour in FLAG_COLOURS.items():
                if props and props.get(flag):
                    tint.fill((*colour, 90))
                    surface.blit(tint, (x * tmx.tilewidth, y * tmx.tileheight))


def marker(surface: pygame.Surface, font: pygame.font.Font, centre: tuple[int, int], fill: tuple[int, int, int],
           label: str) -> None:
    """A round token with a short label."""
    pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 1, centre[1] + 2), 11)
    pygame.draw.circle(surface, fill, centre, 11)
    pygame.draw.circle(surface, (255, 255, 255), centre, 11, 2)
    text = font.render(label, True, (255, 255, 255))
    surface.blit(text, text.get_rect(center=centre))


def draw_objects(tmx: pytmx.TiledMap, surface: pygame.Surface, font: pygame.font.Font,
                 small: pygame.font.Font) -> None:
    """Mark arenas as outlined regions, then spawns as tokens and treasure as gold diamonds."""
    for obj in tmx.objects:
        if kind_of(obj) == "arena" and obj.width and obj.height:
            kind = str(obj.properties.get("kind", "neutral")).lower()
            colour = ARENA_COLOURS.get(kind, (255, 255, 255))
            r = pygame.Rect(int(obj.x), int(obj.y), int(obj.width), int(obj.height))
            pygame.draw.rect(surface, colour, r.inflate(-4, -4), 3)
            label = small.render(f"{obj.name or ''} ({kind})", True, colour)
            back = pygame.Surface(label.get_size(), pygame.SRCALPHA)
            back.fill((0, 0, 0, 150))
            surface.blit(back, (r.x + 6, r.y + 6))
            surface.blit(label, (r.x + 6, r.y + 6))
    heroes = 0
    for obj in tmx.objects:
        kind = kind_of(obj)
        cx, cy = int(obj.x + (obj.width or 0) / 2), int(obj.y + (obj.height or 0) / 2)
        if kind == "hero_spawn":
            heroes += 1
            marker(surface, font, (cx, cy), (40, 90, 220), str(heroes))
        elif kind == "monster_spawn":
            name = str(obj.properties.get("monster", "?"))
            letters = "".join(part[0] for part in name.split("_"))[:2].upper()
            marker(surface, font, (cx, cy), (200, 30, 30), letters)
        elif kind == "treasure":
            points = [(cx, cy - 10), (cx + 9, cy), (cx, cy + 10), (cx - 9, cy)]
            pygame.draw.polygon(surface, (250, 210, 40), points)
            pygame.draw.polygon(surface, (90, 60, 0), points, 2)


def render(path: str, out: str, show_flags: bool = False, grid: bool = False) -> None:
    """Load a map with its images and write the marked-up picture."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    tmx = load_pygame(path)
    surface = pygame.Surface((tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight))
    surface.fill((0, 0, 0))
    draw_tiles(tmx, surface)
    if show_flags:
        draw_flags(tmx, surface)
    if grid:
        for x in range(0, surface.get_width(), tmx.tilewidth):
            pygame.draw.line(surface, (0, 0, 0), (x, 0), (x, surface.get_height()))
        for y in range(0, surface.get_height(), tmx.tileheight):
            pygame.draw.line(surface, (0, 0, 0), (0, y), (surface.get_width(), y))
    draw_objects(tmx, surface, pygame.font.Font(None, 18), pygame.font.Font(None, 22))
    pygame.image.save(surface, out)


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and render one map."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("map", help="the .tmx file")
    parser.add_argument("out", help="the .png to write")
    parser.add_argument("--flags", action="store_true", help="tint walls, impassable, obstructed and opaque squares")
    parser.add_argument("--grid", action="store_true", help="draw the square grid")
    args = parser.parse_args(argv)
    render(args.map, args.out, args.flags, args.grid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
