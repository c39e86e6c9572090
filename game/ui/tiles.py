"""The Tiled map's own tile images, loaded through pytmx.util_pygame, or plain squares when there are none."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.core.battlefield import Battlefield, Square
from game.core.errors import GameError


@dataclass
class TileArt:
    """The tile images of each visible tile layer by square, bottom layer first; empty for plain squares.

    ``note`` says why plain squares are drawn although the map names a tileset (a missing image).
    """

    layers: list[dict[Square, pygame.Surface]] = field(default_factory=list)
    tile_size: tuple[int, int] = (32, 32)
    note: str | None = None
    names: dict[Square, str] = field(default_factory=dict)  # the top tile's "name" property, where it has one

    @property
    def has_tiles(self) -> bool:
        """Whether any tile image is drawn."""
        return any(self.layers)


def load_tile_art(battlefield: Battlefield) -> TileArt:
    """The images of the map file the battlefield came from; needs a display mode to be set."""
    if not battlefield.source or not str(battlefield.source).lower().endswith(".tmx"):
        return TileArt()
    tile_size = (battlefield.tile_width, battlefield.tile_height)
    try:
        from game.maps import read_tmx

        document = read_tmx(Path(battlefield.source))
    except GameError as error:
        return TileArt(tile_size=tile_size, note=f"the map's tiles cannot be read ({error}); plain squares are drawn")
    missing = [w for w in document.warnings if "missing" in w and ("image" in w or "tileset" in w)]
    if missing:
        return TileArt(tile_size=tile_size, note=missing[0])
    import pytmx
    import pytmx.util_pygame

    tiled = document.tiled
    tiled.image_loader = pytmx.util_pygame.pygame_image_loader
    try:
        # The map loader's copy of pytmx's map skips images on purpose; the screen wants pytmx's own loading.
        pytmx.TiledMap.reload_images(tiled)
    except (pygame.error, OSError, ValueError) as error:
        return TileArt(tile_size=tile_size, note=f"a tileset image cannot be loaded ({error}); plain squares are drawn")
    layers: list[dict[Square, pygame.Surface]] = []
    names: dict[Square, str] = {}
    named: dict[int, str | None] = {}
    for info in document.layers:
        layer = info.pytmx_layer
        if info.kind != "tiles" or not info.visible or layer is None:
            continue
        opacity = float(getattr(layer, "opacity", 1.0) or 1.0)
        squares: dict[Square, pygame.Surface] = {}
        faded: dict[int, pygame.Surface] = {}
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            image = tiled.images[gid] if gid < len(tiled.images) else None
            if image is None:
                continue
            if opacity < 1.0:
                # A layer drawn see-through in Tiled is see-through here too; one copy per tile image.
                if gid not in faded:
                    faded[gid] = image.copy()
                    faded[gid].set_alpha(round(255 * opacity))
                image = faded[gid]
            squares[(x, y)] = image
            if gid not in named:
                named[gid] = _tile_name(tiled, gid)
            name = named[gid]
            if name:
                names[(x, y)] = name  # layers come bottom first: the top tile's name is kept
        layers.append(squares)
    return TileArt(layers, tile_size, names=names)


def _tile_name(tiled: Any, gid: int) -> str | None:
    """A tile's "name" property (any case), as the map's tileset gives it: what a square's terrain is called."""
    try:
        props = tiled.get_tile_properties_by_gid(gid) or {}
    except (KeyError, ValueError, IndexError):
        return None
    for key, value in props.items():
        if isinstance(key, str) and key.lower() == "name" and isinstance(value, str) and value.strip():
            return value.strip()[:40]
    return None
