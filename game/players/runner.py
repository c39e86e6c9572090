"""Playing whole matches headless, each seat decided by a Player."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import game.modes  # noqa: F401  (registers every mode, so a setup can name any of them)
from game.core.events import Event
from game.core.match import Match
from game.core.mode import MatchSetup
from game.players.base import Player

MAX_DECISIONS = 200_000  # a guard against a policy that never ends a turn


def play_match(
    setup: MatchSetup,
    seed: int,
    players: Mapping[str, Player],
    after_each: Callable[[Match, list[Event]], None] | None = None,
) -> Match:
    """Play a match to its end; ``after_each`` sees the match after every applied action."""
    match = Match(setup, seed)
    if after_each is not None:
        after_each(match, list(match.events))
    for _ in range(MAX_DECISIONS):
        seat = match.pending_seat()
        if seat is None:
            return match
        action = players[seat].choose(match.view(seat), match.legal_actions(seat))
        events = match.apply(action, seat)
        if after_each is not None:
            after_each(match, events)
    raise RuntimeError(f"the match with seed {seed} did not end after {MAX_DECISIONS} decisions")
