"""The run of fights a beats match plays: the foes split into encounters, each at a location in turn."""

from __future__ import annotations

from collections.abc import Sequence

MAX_FIGHTS = 5


def encounters(foes: Sequence[str], fights: int) -> tuple[tuple[str, ...], ...]:
    """The foes split in order into ``fights`` encounters as even as can be, the earlier ones taking any extra.

    Never more encounters than foes: each fight needs one foe at least.
    """
    count = max(1, min(fights, len(foes)))
    size, extra = divmod(len(foes), count)
    out, start = [], 0
    for i in range(count):
        end = start + size + (1 if i < extra else 0)
        out.append(tuple(foes[start:end]))
        start = end
    return tuple(out)


def numbered(ids: Sequence[str], taken: set[str]) -> list[str]:
    """A combatant id for each template id: the id itself, or with a number once it is taken."""
    out = []
    for key in ids:
        cid, n = key, 2
        while cid in taken:
            cid, n = f"{key}-{n}", n + 1
        taken.add(cid)
        out.append(cid)
    return out
