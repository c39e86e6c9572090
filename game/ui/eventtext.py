"""What every mode's log shares: a line and its dice, the names a seat knows, rolls and modifiers in words.

Each mode words its own events (``game.ui.modes.<mode>.log``), with these parts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.core.battlefield import Square
from game.core.geometry import distance
from game.core.pools import PoolRoll


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its text, the lines shown when it is expanded, and its kind (for colour)."""

    text: str
    details: tuple[str, ...] = ()
    kind: str = "info"


@dataclass
class LogContext:
    """What a log needs to name combatants and to know what the watching seat may see."""

    names: dict[str, str] = field(default_factory=dict)
    own: frozenset[str] = frozenset()
    known: frozenset[str] = frozenset()

    def name(self, cid: str | None) -> str:
        """A combatant's name, or a placeholder for one the seat does not know."""
        if cid is None:
            return "nobody"
        if cid not in self.own and cid not in self.known:
            return "someone unseen"
        return self.names.get(cid, cid)


def signed(amount: int) -> str:
    """A modifier as +2 or −2."""
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def roll_lines(roll: PoolRoll, who: str = "") -> list[str]:
    """Every die of a pool roll, its explosions, what was kept, each modifier and its source."""
    head = f"{who}: " if who else ""
    rank = f"{roll.label} rank {roll.rank}"
    if roll.rank_modifiers:
        base = roll.rank - sum(m.amount for m in roll.rank_modifiers)
        parts = ", ".join(f"{signed(m.amount)} {m.source}" for m in roll.rank_modifiers)
        rank += f" ({base} {parts})"
    dice = ", ".join(_die(d.chain) for d in roll.dice)
    lines = [f"{head}{rank}: rolled {dice}"]
    if roll.halved:
        lines.append(f"  rank 0: one die halved, rounding down: {roll.natural}")
    elif len(roll.dice) > 1:
        lines.append(f"  highest die kept: {roll.natural}")
    for m in roll.modifiers:
        lines.append(f"  {signed(m.amount)} from {m.source}")
    if roll.modifiers:
        lines.append(f"  result {roll.result}")
    return lines


def _die(chain: tuple[int, ...]) -> str:
    """One die: a plain value, or an explosion chain such as 10+10+3 (=23)."""
    if len(chain) == 1:
        return str(chain[0])
    return "+".join(str(v) for v in chain) + f" (={sum(chain)}, exploded)"


def heading_words(mover: Any, members: Iterable[Any], to: Square, ctx: LogContext, fallback: str) -> str:
    """Where a move leads, told by the nearest enemy the watching seat knows rather than by coordinates.

    ``mover`` and ``members`` are combatants of a view (any mode's: each with ``cid``, ``side``,
    ``square`` and ``state``); ``fallback`` is said when there is nobody to tell it by.
    """
    if mover is None or mover.square is None:
        return fallback
    foes = [(c.cid, c.square) for c in members if c.side != mover.side and c.square is not None
            and c.state != "dead"]
    if not foes:
        return fallback
    nearest, square = min(foes, key=lambda foe: distance(foe[1], to))
    before, after = distance(mover.square, square), distance(to, square)
    if after < before:
        return f"advance on {ctx.name(nearest)}"
    if after > before:
        return f"fall back from {ctx.name(nearest)}"
    return "reposition"
