"""One esper world per match: only the match switches to it, so two matches never share entities."""

from __future__ import annotations

import itertools

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
