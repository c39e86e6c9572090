"""What a map is called and what is said about it: its name from its properties, and its warnings made printable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.errors import MapError
from game.core.messages import MAX_QUOTED, one_line
from game.maps import conventions as c
from game.maps.tmxfile import TmxDocument
from game.maps.xmlfile import read_xml

MAX_WARNINGS = 100
"""Warnings kept for one map; a broken map can earn one per object, which no reader goes through."""


def printable(warnings: list[str]) -> tuple[str, ...]:
    """The warnings as lines safe to print (names in maps are anyone's text), at most MAX_WARNINGS of them."""
    kept = [one_line(warning) for warning in warnings[:MAX_WARNINGS]]
    if len(warnings) > MAX_WARNINGS:
        kept.append(f"and {len(warnings) - MAX_WARNINGS} more warnings")
    return tuple(kept)


def map_name(document: TmxDocument) -> str:
    """The map's "name" or "title" property when it has one, else its file name without the extension."""
    return _name_from(document.tiled.properties, document.path.stem)


def _name_from(properties: dict[str, Any], stem: str) -> str:
    """The "name" or "title" of a map's properties (any case), else the file name given."""
    properties = c.lower_keys(properties)
    for key in ("name", "title"):
        if str(properties.get(key) or "").strip():
            return one_line(str(properties[key]).strip(), MAX_QUOTED)
    return one_line(stem, MAX_QUOTED)


def map_name_of(path: Path) -> str:
    """The name ``load_map`` gives a map, read from the file's map properties alone (its file name if unreadable).

    Quick enough for a list of maps: nothing is checked, no tileset is opened; loading the map
    reports what is wrong with it.
    """
    try:
        root = read_xml(path, "map")  # a list of maps may hold anything: a pipe, a device, a huge file
    except MapError:
        return one_line(path.stem, MAX_QUOTED)
    properties = {prop.get("name", ""): prop.get("value", prop.text or "")
                  for prop in root.findall("./properties/property")}
    return _name_from(properties, path.stem)
