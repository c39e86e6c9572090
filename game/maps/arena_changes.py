"""Arenas that change mid-fight: an arena object's ``changes`` property (docs/maps.md, "Arenas that change").

Text 002: "Arenas can change mid-fight. If you are in a hayloft and the barn catches fire, you may go from a
dense arena to a hazardous arena." A map maker writes, on an object of type ``arena``, a text property
``changes`` such as ``3: hazardous, 6: open``: from round 3 on the arena is hazardous, from round 6 open. This
module reads it; the loader's battlefield is left as it was.
"""

from __future__ import annotations

from pathlib import Path

from game.core.errors import MapError
from game.maps.conventions import ARENA, ARENA_KINDS, type_key
from game.maps.xmlfile import read_xml

CHANGES = "changes"
MAX_ROUND = 1000


def parse_changes(text: str, where: str) -> list[tuple[int, str]]:
    """``3: hazardous, 6: open`` as [(3, "hazardous"), (6, "open")]; MapError naming ``where`` when malformed."""
    out: list[tuple[int, str]] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        at, colon, kind = part.partition(":")
        at, kind = at.strip(), kind.strip().lower()
        if not colon or not at.isdigit() or not 1 <= int(at) <= MAX_ROUND:
            raise MapError(f"{where}: '{part}' is not 'round: kind' with a round from 1 to {MAX_ROUND}")
        if kind not in ARENA_KINDS:
            raise MapError(f"{where}: '{kind}' is not an arena kind ({', '.join(ARENA_KINDS)})")
        out.append((int(at), kind))
    rounds = [r for r, _ in out]
    if rounds != sorted(set(rounds)):
        raise MapError(f"{where}: its rounds must rise, each once")
    return out


def read_arena_changes(path: str | Path) -> tuple[tuple[str, int, str], ...]:
    """Every (arena name, round, kind) change the map's arena objects schedule, in file order then round order."""
    path = Path(path)
    root = read_xml(path, "map")
    out: list[tuple[str, int, str]] = []
    for obj in root.iter("object"):
        written = obj.get("type") or obj.get("class") or ""
        if type_key(written) != ARENA:
            continue
        name = obj.get("name") or f"arena {obj.get('id')}"
        for prop in obj.iter("property"):
            if (prop.get("name") or "").strip().lower() == CHANGES:
                text = prop.get("value") if prop.get("value") is not None else (prop.text or "")
                out += [(name, at, kind) for at, kind in parse_changes(text or "", f"{path}: arena {name!r}")]
    return tuple(out)
