"""Tools lying on a map: Tiled objects of type ``tool`` (docs/maps.md, "Tools"), for a mode whose fighters arm
themselves with what lies about (the beats mode).

An object's name is the tool's words ("Chair", "Rope"). A name that is one of the mode's own tools is that
tool; any other needs a ``trait`` property, the trait the tool serves. ``hurts`` may say how an attack with
it wounds. The loader finds the square; this module reads the words and says, in one line, what will not do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.battlefield import MapTool, Square
from game.core.content import entry_key, spellings
from game.maps import conventions as c

TRAIT, HURTS = "trait", "hurts"
TOOL_PROPERTIES = (TRAIT, HURTS)
MAX_WORDS = 60  # characters of a tool's name or of its ``hurts``: a tool is named in a word or three


@dataclass(frozen=True)
class ToolNames:
    """What a mode lets a map's tools be: its own tools (id -> shown name) and the traits a tool may serve."""

    tools: Mapping[str, str]
    traits: tuple[str, ...]

    def known(self, name: str) -> str | None:
        """The mode's own tool a name is ("chair", "Chair", "CHAIR"), or None."""
        return spellings(self.tools, dict(self.tools)).get(entry_key(name))


def tool_words(label: str, name: str, properties: Mapping[str, Any], names: ToolNames | None,
               warnings: list[str]) -> tuple[str, str, str, str] | None:
    """(name, own tool, trait, hurts) of a tool object, or None with one warning saying why it is ignored.

    ``label`` is how a warning names the object; ``names`` None reads the words unchecked.
    """
    name = " ".join(name.split())
    if not name:
        warnings.append(f"{label} has no name: a tool's name is its words (\"Chair\", \"Rope\"): ignored")
        return None
    if len(name) > MAX_WORDS:
        warnings.append(f"{label} has a name of {len(name)} characters (at most {MAX_WORDS}): ignored")
        return None
    for written in properties:
        meant = c.close_property(written, TOOL_PROPERTIES) if written not in TOOL_PROPERTIES else None
        if meant is not None:
            warnings.append(f"{label} has a {written!r} property, which the game does not read (it reads "
                            f"{meant!r}): that property is ignored")
    trait = " ".join(str(properties.get(TRAIT, "")).split()).lower()
    hurts = " ".join(str(properties.get(HURTS, "")).split())
    if len(hurts) > MAX_WORDS:
        warnings.append(f"{label} has a 'hurts' of {len(hurts)} characters (at most {MAX_WORDS}): ignored")
        return None
    if names is None:
        return name, "", trait, hurts
    own = names.known(name)
    traits = ", ".join(names.traits)
    if trait and trait not in names.traits:
        warnings.append(f"{label} serves the trait {trait!r}, which the game does not know (traits: {traits}): "
                        "ignored")
        return None
    if own is None and not trait:
        known = ", ".join(sorted(names.tools.values()))
        warnings.append(f"{label} is no tool the game knows (known: {known}) and has no 'trait' property saying "
                        f"which trait it serves ({traits}): ignored")
        return None
    return name, own or "", trait, hurts


def map_tool(square: Square, words: tuple[str, str, str, str]) -> MapTool:
    """The tool lying on a square."""
    name, own, trait, hurts = words
    return MapTool(square, name, own, trait, hurts)
