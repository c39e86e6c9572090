"""check-map: load a Tiled map as the game would and summarise what the game reads from it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from itertools import groupby
from typing import Any

from game.core.battlefield import Battlefield
from game.core.battlefield import shown_map_name as shown_name
from game.core.errors import GameError
from game.core.messages import one_line
from game.core.modespec import spec, specs
from game.core.wording import counted
from game.maps import load_map
from game.maps.arena_marks import arena_marks
from game.maps.tools import ToolNames


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the map's path and the --json and --picture switches."""
    parser.add_argument("path", help="the Tiled map (.tmx) to check")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    parser.add_argument("--picture", action="store_true",
                        help="add a picture of the map, one character per square (in the JSON: 'picture')")
    parser.add_argument("--mode", default="grid",
                        help="the rule system whose monster and item names the map is checked against (default: grid)")


def run(args: argparse.Namespace) -> int:
    """Load the map (a refusal raises MapError, which the command line turns into exit status 2) and report it."""
    monsters, items, note = known_names(args.mode)
    tools = tool_names(args.mode) if note is None else None
    battlefield = load_map(args.path, monsters=monsters, items=items, tools=tools)
    marks = arena_marks(battlefield)  # flimsy walls and possible arenas, for the arenas mode
    warnings = (list(battlefield.warnings) + list(marks.warnings) + ([note] if note else [])
                + unread_note(battlefield, args.mode))
    if args.json:
        report = summary(battlefield, warnings)
        report.update(flimsy_walls=[{"name": w.name, "squares": len(w.squares), "rubble": w.rubble or None}
                                    for w in marks.flimsy], possible_arenas=list(marks.possible))
        if args.picture:
            report.update(picture=battlefield.picture(), legend=dict(LEGEND))
        text = json.dumps(report)
    else:
        text = describe(battlefield, warnings, marks.lines())
        if args.picture:
            text += "\n" + picture_text(battlefield)
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # The reader stopped early (`check-map ... | head`): not a problem with the map. Point stdout at
        # nothing so Python's flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def known_names(mode: str = "grid") -> tuple[set[str] | None, set[str] | None, str | None]:
    """The monster and item names of a mode's data, or None (and a note saying why) when they cannot be read."""
    found = spec(mode)  # UnknownMode, a GameError, names the modes there are
    try:
        items = set(found.items())
        # A mode with no items reads no treasure: its piles are not named wrongly, only left unread (unread_note).
        return set(found.monsters()), items or None, None
    except GameError as error:
        return None, None, f"the game's data cannot be read ({error}): monster and item names are not checked"


def tool_names(mode: str) -> ToolNames | None:
    """The tools and traits a mode lets a map's tool objects name, or None when the mode reads no tools."""
    found = spec(mode)
    return ToolNames(dict(found.tools()), found.traits) if found.traits else None


def unread_note(battlefield: Battlefield, mode: str) -> list[str]:
    """Notes on what the map holds that the mode checked against does not read: tools, treasure."""
    notes = []
    found = spec(mode)
    if battlefield.tools and not found.traits:
        readers = [m.name for m in specs() if m.traits]
        who = (f"only the {' and '.join(readers)} mode{'s arm' if len(readers) > 1 else ' arms'}" if readers
               else "no mode arms")
        check = f" (check them with --mode {readers[0]})" if readers else ""
        notes.append(f"{counted(len(battlefield.tools), 'tool object')}: {who} fighters with them; the {mode} mode "
                     f"leaves them where they lie, unread{check}")
    if battlefield.treasure and found.load_map is not None and not found.items():
        notes.append(f"{counted(len(battlefield.treasure), 'treasure object')}: the {mode} mode has no items, so it "
                     "leaves them where they lie, unread")
    return notes


LEGEND = (("H", "hero spawn"), ("M", "monster spawn"), ("$", "treasure"), ("#", "wall"), ("~", "impassable (water)"),
          (",", "obstructed"), ("o", "opaque"), (".", "floor"), (" ", "off the map"))
"""The characters of ``Battlefield.picture``, as docs/maps.md draws its example."""


def summary(battlefield: Battlefield, warnings: list[str]) -> dict[str, Any]:
    """The figures check-map reports: counts of squares, of spawn squares, of treasure and arena objects.

    Keys are only ever added, so scripts written for an older check-map keep working. The lists are in
    the order the game uses: monster spawns in the order they are filled.
    """
    b = battlefield
    return {
        "path": battlefield.source,
        "name": battlefield.name,
        "shown_name": shown_name(battlefield.name),
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
        "hero_spawn_squares": [list(spawn.square) for spawn in b.hero_spawns],
        "monster_spawn_squares": [{"square": list(spawn.square), "monster": spawn.monster}
                                  for spawn in b.monster_spawns],
        "treasure_items": [{"square": list(pile.square), "item": pile.item} for pile in b.treasure],
        "arena_names": [{"name": arena.name, "kind": arena.kind, "squares": len(arena.squares)}
                        for arena in b.arenas],
        "object_terrain_squares": sorted(([x, y] for x, y in b.object_terrain), key=lambda square: square[::-1]),
        "intro": b.intro,
        "objective": b.objective,
        "tools": [{"square": list(t.square), "name": t.name, "tool": t.tool, "trait": t.trait, "hurts": t.hurts}
                  for t in b.tools],
    }


def describe(battlefield: Battlefield, warnings: list[str], arena_lines: list[str] | None = None) -> str:
    """The summary a map maker reads: size, layers, terrain, markers (and ``arena_lines`` after the arenas' line),
    and every warning."""
    b = battlefield
    arena_kinds = Counter(arena.kind for arena in b.arenas)
    lines = [
        f"{one_line(b.source or '')}: {shown_name(b.name)!r}, {b.width}x{b.height} squares of "
        f"{b.tile_width}x{b.tile_height} pixels",
        f"layers: {', '.join(b.layers) or 'none'}",
        f"squares: {len(b.squares)} on the map, {len(b.playable)} playable; {counted(len(b.walls), 'wall')}, "
        f"{len(b.impassable)} impassable, {len(b.obstructed)} obstructed, {len(b.opaque)} opaque",
        f"spawns: {len(b.hero_spawns)} for heroes, {len(b.monster_spawns)} for monsters{_monsters(b)}",
        f"treasure: {len(b.treasure)}" + (f" ({_tally(Counter(t.item for t in b.treasure))})" if b.treasure else ""),
        f"arenas: {len(b.arenas)}" + (f" ({_tally(arena_kinds)})" if b.arenas else ""),
        *(arena_lines or ()),
        *([f"tools: {len(b.tools)} ({_tally(Counter(t.name for t in b.tools))})"] if b.tools else []),
        f"intro: {b.intro or 'none'}",
        f"objective: {b.objective}",
    ]
    lines.append(f"warnings: {len(warnings)}" if warnings else "warnings: none")
    lines.extend(f"  - {warning}" for warning in warnings)
    return "\n".join(lines)


def _monsters(battlefield: Battlefield) -> str:
    """The monsters the spawns name, in the order the spawns are filled, and how many spawns name none."""
    names = [spawn.monster for spawn in battlefield.monster_spawns if spawn.monster]
    runs = [(name, len(list(run))) for name, run in groupby(names)]
    listed = ", ".join(f"{name} x{count}" if count > 1 else name for name, count in runs)
    unnamed = len(battlefield.monster_spawns) - len(names)
    if names and unnamed:
        return f" ({listed}; {unnamed} {'names' if unnamed == 1 else 'name'} none)"
    return f" ({listed})" if names else ""


def picture_text(battlefield: Battlefield) -> str:
    """The picture of the map, one character per square, and its legend under it."""
    legend = "; ".join(f"{mark} {meaning}" if mark != " " else f"blank {meaning}" for mark, meaning in LEGEND)
    return "\n".join(["picture:", *battlefield.picture(), f"legend: {legend}"])


def _tally(counts: Counter[str]) -> str:
    return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in sorted(counts.items()))
