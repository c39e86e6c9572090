"""One esper world per match: only the match switches to it, so two matches never share entities."""

from __future__ import annotations

import itertools
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


def entity_table() -> dict[int, dict[type[Any], Any]]:
    """The current world's components of every entity by type, esper's own table read without a copy.

    Rules that read many components of many entities at every decision (views, paths, rolls) read them
    here: esper's lookups, one call per component, were most of their cost. Read it again after a
    world switch (it is the current world's). Never change it: add and remove components through esper.
    """
    return esper._entities
