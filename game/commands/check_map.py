"""check-map: load a Tiled map as the game would and summarise what the game reads from it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from typing import Any

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.wording import counted
from game.maps import load_map


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the map's path and the --json switch."""
    parser.add_argument("path", help="the Tiled map (.tmx) to check")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")


def run(args: argparse.Namespace) -> int:
    """Load the map (a refusal raises MapError, which the command line turns into exit status 2) and report it."""
    monsters, items, note = known_names()
    battlefield = load_map(args.path, monsters=monsters, items=items)
    warnings = list(battlefield.warnings) + ([note] if note else [])
    text = json.dumps(summary(battlefield, warnings)) if args.json else describe(battlefield, warnings)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # The reader stopped early (`check-map ... | head`): not a problem with the map. Point stdout at
        # nothing so Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def known_names() -> tuple[set[str] | None, set[str] | None, str | None]:
    """The monster and item names of the game's data, or None (and a note saying why) when they cannot be read."""
    try:
        from game.modes.grid.content import load_content
    except ImportError:
        return None, None, "the game's monster and item data is not installed: their names are not checked"
    try:
        content = load_content()
    except GameError as error:
        return None, None, f"the game's data cannot be read ({error}): monster and item names are not checked"
    return set(content.monsters), set(content.items), None


def summary(battlefield: Battlefield, warnings: list[str]) -> dict[str, Any]:
    """The figures check-map reports: counts of squares, of spawn squares, of treasure and arena objects."""
    return {
        "path": battlefield.source,
        "name": battlefield.name,
        "width": battlefield.width,
        "height": battlefield.height,
        "tile_width": battlefield.tile_width,
        "tile_height": battlefield.tile_height,
        "layers": list(battlefield.layers),
        "squares": len(battlefield.squares),
        "walls": len(battlefield.walls),
        "impassable": len(battlefield.impassable),
        "obstructed": len(battlefield.obstructed),
        "opaque": len(battlefield.opaque),
        "playable": len(battlefield.playable),
        "hero_spawns": len(battlefield.hero_spawns),
        "monster_spawns": len(battlefield.monster_spawns),
        "treasure": len(battlefield.treasure),
        "arenas": len(battlefield.arenas),
        "warnings": warnings,
    }


def describe(battlefield: Battlefield, warnings: list[str]) -> str:
    """The summary a map maker reads: size, layers, terrain, markers and every warning."""
    b = battlefield
    named = Counter(spawn.monster for spawn in b.monster_spawns if spawn.monster)
    monsters = f" ({_tally(named)})" if named else ""
    arena_kinds = Counter(arena.kind for arena in b.arenas)
    lines = [
        f"{b.source}: {b.name!r}, {b.width}x{b.height} squares of {b.tile_width}x{b.tile_height} pixels",
        f"layers: {', '.join(b.layers) or 'none'}",
        f"squares: {len(b.squares)} on the map, {len(b.playable)} playable; {counted(len(b.walls), 'wall')}, "
        f"{len(b.impassable)} impassable, {len(b.obstructed)} obstructed, {len(b.opaque)} opaque",
        f"spawns: {len(b.hero_spawns)} for heroes, {len(b.monster_spawns)} for monsters{monsters}",
        f"treasure: {len(b.treasure)}" + (f" ({_tally(Counter(t.item for t in b.treasure))})" if b.treasure else ""),
        f"arenas: {len(b.arenas)}" + (f" ({_tally(arena_kinds)})" if b.arenas else ""),
    ]
    lines.append(f"warnings: {len(warnings)}" if warnings else "warnings: none")
    lines.extend(f"  - {warning}" for warning in warnings)
    return "\n".join(lines)


def _tally(counts: Counter[str]) -> str:
    return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in sorted(counts.items()))
