"""The combatants of a match by stable id, in the order they joined it: shared by every mode's state."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from game.core.battlefield import Square
from game.core.components import square_of


class Named(Protocol):
    """Anything with a stable combatant id."""

    cid: str


W = TypeVar("W", bound=Named)


@dataclass(kw_only=True)
class Roster(Generic[W]):
    """Entities by combatant id and the (entity, who) pairs in joining order; a mode's state derives from it."""

    by_cid: dict[str, int] = field(default_factory=dict)
    roster: list[tuple[int, W]] = field(default_factory=list)

    def ent(self, cid: str) -> int:
        """The entity of a combatant id."""
        return self.by_cid[cid]

    def combatants(self) -> Iterator[tuple[int, W]]:
        """Every combatant, in the order they joined the encounter."""
        yield from self.roster

    def add(self, ent: int, who: W) -> None:
        """Register a new combatant."""
        self.by_cid[who.cid] = ent
        self.roster.append((ent, who))

    def occupied(self) -> dict[Square, int]:
        """Every square that holds a combatant, and who."""
        out: dict[Square, int] = {}
        for ent, _ in self.roster:
            square = square_of(ent)
            if square is not None:
                out[square] = ent
        return out
