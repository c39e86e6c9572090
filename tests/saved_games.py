"""Helpers for tests of saved matches: random play up to a point, and saves turned into older formats."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.match import Match
from game.modes.grid.spec import LEGACY_ALLIES, LEGACY_BUMPS, LEGACY_CORNERS, LEGACY_GRID_RULES, LEGACY_TIES
from game.modes.stances.spec import LEGACY_PUSHES, LEGACY_STANCES_RULES
from game.players.baseline import RandomPlayer

# The setup options that reading a save of each older format adds (game.core.saves.read_save).
_RULES = (LEGACY_GRID_RULES, LEGACY_STANCES_RULES, LEGACY_ALLIES, LEGACY_CORNERS)
ADDED_ON_READING = {1: (LEGACY_TIES, LEGACY_BUMPS, LEGACY_PUSHES, *_RULES), 2: (LEGACY_BUMPS, LEGACY_PUSHES, *_RULES),
                    3: (LEGACY_PUSHES, *_RULES), 4: (LEGACY_PUSHES, *_RULES), 5: _RULES,
                    6: (LEGACY_ALLIES, LEGACY_CORNERS), 7: (LEGACY_CORNERS,)}


def advance(match: Match, steps: int, seed: int) -> None:
    """Take ``steps`` random decisions (fewer if the match ends)."""
    players = {"heroes": RandomPlayer(seed), "monsters": RandomPlayer(seed + 1)}
    for _ in range(steps):
        if match.over:
            return
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)


def as_format(path: Path, version: int) -> None:
    """Rewrite a save of a match set up with the options of an older format as that format wrote it."""
    data = json.loads(path.read_text())
    for option in ADDED_ON_READING[version]:
        data["setup"]["options"].pop(option, None)
    data["version"] = version
    path.write_text(json.dumps(data))


def tampered(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    """Change a save's plain data in place, as a hand or a broken tool might, and return its path."""
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path
