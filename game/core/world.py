"""One esper world per match: only the match switches to it, so two matches never share entities."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import esper

_numbers = itertools.count(1)


class MatchWorld:
    """A named esper world that a mode enters before it reads or changes its components."""

    def __init__(self, prefix: str) -> None:
        self.name = f"{prefix}-{next(_numbers)}"

    def enter(self) -> None:
        """Make this match's world the current one."""
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def close(self) -> None:
        """Drop this match's world and go back to the default one."""
        if self.name in esper.list_worlds():
            if esper.current_world == self.name:
                esper.switch_world("default")
            esper.delete_world(self.name)

    def entities(self) -> list[tuple[int, tuple[Any, ...]]]:
        """Every entity of this world with its components, in the world's order (the components themselves)."""
        self.enter()
        return [(ent, esper.components_for_entity(ent)) for ent in esper.get_entities()]

    def next_entity(self) -> int:
        """The number the next entity created in this world will get."""
        self.enter()
        # esper offers no public way to read its entity counter without advancing it; this is the one read.
        counter = repr(esper._entity_count)  # "count(n)"
        return int(counter[counter.index("(") + 1:-1])

    def shape(self) -> WorldShape:
        """Which entities exist, which component types each has (in order), and the next entity's number."""
        return WorldShape(tuple((ent, tuple(type(c) for c in comps)) for ent, comps in self.entities()),
                          self.next_entity())

    def put_back(self, shape: WorldShape, entities: list[tuple[int, tuple[Any, ...]]]) -> None:
        """Put back components taken from this world when it had the same shape as it has now.

        Only then is the world esper keeps (its sets of entities by component, whose order the rules read)
        the very one it was; SnapshotMismatch otherwise, changing nothing.
        """
        if self.shape() != shape:
            raise SnapshotMismatch("entities or components were added or removed since the snapshot")
        for ent, comps in entities:
            for comp in comps:
                esper.add_component(ent, comp)


@dataclass(frozen=True)
class WorldShape:
    """The entities of a world and their component types, and the next entity's number."""

    entities: tuple[tuple[int, tuple[type, ...]], ...]
    next_entity: int


class SnapshotMismatch(Exception):
    """A snapshot cannot be put back exactly: the world changed shape since it was taken."""

def entity_table() -> dict[int, dict[type[Any], Any]]:
    """The current world's components of every entity by type, esper's own table read without a copy.

    Rules that read many components of many entities at every decision (views, paths, rolls) read them
    here: esper's lookups, one call per component, were most of their cost. Read it again after a
    world switch (it is the current world's). Never change it: add and remove components through esper.
    """
    return esper._entities
