"""The beats mode on a map: the map is the location of every fight, its tools lie on the ground, and the
combatants stand on its spawns.

Text 004 has no squares: "When you arm yourself, you grab a tool on the ground (the dropped sword), a tool
from the location (swinging from tree branches), or a tool that another player has thrown to you". A map
only says where things are drawn: nobody moves, and anyone in the fight reaches every tool lying on it
(ruling beats-map-tools).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from game.core.battlefield import Battlefield, MapTool, Square, shown_map_name
from game.core.content import entry_key
from game.core.placement import place_sides
from game.modes.beats.content import BeatsContent, Tool, load_content
from game.modes.beats.dice import TRAITS

MAP_ELEMENTS = 6  # the Elements die of a map, which names none: a d6, as most locations of the data (ours)


@dataclass(frozen=True)
class MapPlace:
    """A map as the location of a run's fights: its name, its Elements die, and its tools where they lie."""

    battlefield: Battlefield
    name: str
    elements: int
    tools: tuple[tuple[Square, Tool], ...]


def map_tool(found: MapTool, content: BeatsContent) -> Tool:
    """The tool a map's tool object is: the data's own tool of that name (with what the map says of it on top),
    else a tool of the map's own, its attack wounding as "Struck with <name>" unless the map says how."""
    if found.tool and found.tool in content.tools:
        own = content.tools[found.tool]
        return replace(own, name=found.name, trait=found.trait or own.trait, hurts=found.hurts or own.hurts)
    return Tool(entry_key(found.name), found.name, found.trait, found.hurts or f"Struck with {found.name}")


def map_place(battlefield: Battlefield, content: BeatsContent) -> MapPlace:
    """The run's location from a map (its tool objects were checked when it loaded; any the data cannot serve,
    from a map read unchecked, is left lying unread)."""
    tools = tuple((t.square, map_tool(t, content)) for t in battlefield.tools
                  if (t.tool in content.tools or t.trait in TRAITS) and (not t.trait or t.trait in TRAITS))
    return MapPlace(battlefield, shown_map_name(battlefield.name), MAP_ELEMENTS, tools)


def stand(place: MapPlace, heroes: list[str], foes: list[str]) -> dict[str, Square]:
    """Where each combatant of a fight is drawn: the heroes on the hero spawns, the foes on the monster spawns
    (then the open squares nearest them); ValueError naming the side when the map has too little room."""
    placed = place_sides(place.battlefield, [("heroes", len(heroes)), ("monsters", len(foes))])
    return {**dict(zip(heroes, placed["heroes"], strict=True)), **dict(zip(foes, placed["monsters"], strict=True))}


def beats_map(path: str) -> Battlefield:
    """A Tiled map for the beats mode, its tool objects checked against the data (MapError, one line).

    Its spawns' monster names are not checked: a shipped map names the grid modes' monsters, and the beats
    mode takes a spawn's name only when it is one of its foes (``check-map --mode beats`` says which are not).
    """
    from game.maps import load_map
    from game.maps.tools import ToolNames

    content = load_content()
    names = ToolNames({key: tool.name for key, tool in content.tools.items()}, TRAITS)
    return load_map(Path(path).expanduser(), tools=names)
