"""Helpers for tests of saved matches: random play up to a point, and saves turned into the first format."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.match import Match
from game.core.mode import LEGACY_TIES
from game.players.baseline import RandomPlayer


def advance(match: Match, steps: int, seed: int) -> None:
    """Take ``steps`` random decisions (fewer if the match ends)."""
    players = {"heroes": RandomPlayer(seed), "monsters": RandomPlayer(seed + 1)}
    for _ in range(steps):
        if match.over:
            return
        seat = match.pending_seat()
        assert seat is not None
        match.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)


def as_first_format(path: Path) -> None:
    """Rewrite a save of a match set up with LEGACY_TIES as the first save format wrote it."""
    data = json.loads(path.read_text())
    del data["setup"]["options"][LEGACY_TIES]
    data["version"] = 1
    path.write_text(json.dumps(data))
