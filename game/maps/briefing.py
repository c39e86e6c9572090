"""What a map tells the player before the fight: a line of story (``intro``) and the ``objective``.

Both are map properties (names in any case). The intro is the ``intro`` property, else the map's
``description``; it is shown as one line of at most MAX_INTRO characters. The objective names one of
``game.core.objectives.OBJECTIVES``; a map that names none plays to defeat them all, and one that names
another is told so in a warning and plays to defeat them all too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.messages import one_line, quoted
from game.core.objectives import DEFEAT_ALL, OBJECTIVES
from game.maps import conventions as c

MAX_INTRO = 300
"""The most characters of an intro the menu shows: a line or two of story, not a chapter."""
INTRO_KEYS = ("intro", "description")


def map_briefing(properties: Mapping[str, Any], warnings: list[str]) -> tuple[str, str]:
    """The map's intro ("" without one) and its objective, adding a warning for what cannot be used as written."""
    props = c.lower_keys(properties)
    intro = ""
    for key in INTRO_KEYS:
        value = props.get(key)
        if isinstance(value, str) and value.strip():
            intro = " ".join(value[:MAX_INTRO * 4].split())
            if len(intro) > MAX_INTRO:
                warnings.append(f"the map's {key} is {len(value)} characters long: the menu shows the first "
                                f"{MAX_INTRO} (make it a line or two of story)")
                intro = intro[:MAX_INTRO].rsplit(" ", 1)[0] + "\u2026"
            intro = one_line(intro, MAX_INTRO + 1)
            break
    written = props.get("objective")
    if written is None or (isinstance(written, str) and not written.strip()):
        return intro, DEFEAT_ALL
    objective = " ".join(str(written).lower().replace("_", " ").replace("-", " ").split())
    if objective not in OBJECTIVES:
        known = ", ".join(repr(name) for name in OBJECTIVES)
        warnings.append(f"the map's objective {quoted(written)} is not one the game knows (it knows {known}): "
                        f"the heroes play to {DEFEAT_ALL}")
        return intro, DEFEAT_ALL
    return intro, objective
