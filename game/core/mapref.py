"""One way to name a map: a mode's built-in map or the path of a Tiled map, read in one place with a small cache.

A save writes the name as it always has (``builtin:hall``, or a map file's absolute path), so every
older save still reads.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.modespec import BUILTIN_PREFIX, ModeSpec, spec

CACHED = 8  # maps kept once read: a menu's few choices and a run's one map, never every file a player tried


@dataclass(frozen=True)
class MapRef:
    """A map choice: ``builtin:<name>`` for a mode's own map, else the path of a Tiled map."""

    text: str

    @classmethod
    def of(cls, choice: str | None, mode: ModeSpec) -> MapRef:
        """A map as a player or a command line names it: nothing, "" or ``builtin`` for the mode's own map."""
        if choice in (None, "", "builtin"):
            if mode.default_map is None:
                raise ValueError(f"the {mode.name} mode has no map of its own")
            return cls(mode.default_map)
        assert choice is not None
        return cls(choice)

    @property
    def built_in(self) -> bool:
        """Whether it names one of a mode's built-in maps."""
        return self.text.startswith(BUILTIN_PREFIX)

    @property
    def path(self) -> Path | None:
        """The map file it names (``~`` expanded), or None for a built-in map."""
        return None if self.built_in else Path(self.text).expanduser()

    def saved(self) -> str:
        """How a save names it: the built-in name, or the file's absolute path (resumable from anywhere)."""
        path = self.path
        return self.text if path is None else str(path.resolve())


_CACHE: OrderedDict[tuple[object, ...], Battlefield] = OrderedDict()


def resolve_map(ref: MapRef | str, mode: ModeSpec | str) -> Battlefield:
    """The battlefield a map reference names for a mode (MapError with one line when it cannot be played).

    A map read once is kept while it is among the last few read and its file has not changed since.
    """
    ref = MapRef(ref) if isinstance(ref, str) else ref
    mode = spec(mode) if isinstance(mode, str) else mode
    path = ref.path
    key: tuple[object, ...] = (mode.name, ref.text)
    if path is not None:
        try:
            stat = os.stat(path)
        except OSError:
            return mode.map_from_file(ref.text)  # the mode's loader says why it cannot be read
        key += (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    battlefield = mode.built_in(ref.text) if path is None else mode.map_from_file(ref.text)
    _CACHE[key] = battlefield
    while len(_CACHE) > CACHED:
        _CACHE.popitem(last=False)
    return battlefield
