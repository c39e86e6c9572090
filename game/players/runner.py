"""Playing whole matches headless, each seat decided by a Player."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import overload

import game.modes  # noqa: F401  (registers every mode, so a setup can name any of them)
from game.core.events import Action, Event
from game.core.match import Match
from game.core.mode import MatchSetup
from game.players.base import Player, reseed

MAX_DECISIONS = 200_000  # a guard against a policy that never ends a turn


class LegalActions(Sequence[Action]):
    """A seat's legal actions, listed only when first read as a list.

    A policy that has already chosen only asks ``action in legal``; a mode that answers that for one
    action (``is_legal``, quicker than listing in the grid mode) spares listing every reachable square
    and every target.
    """

    def __init__(self, match: Match, seat: str) -> None:
        self._match = match
        self._seat = seat
        self._listed: list[Action] | None = None

    def _all(self) -> list[Action]:
        if self._listed is None:
            self._listed = self._match.legal_actions(self._seat)
        return self._listed

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())

    def __contains__(self, action: object) -> bool:
        if self._listed is None and isinstance(action, Action):
            return self._match.mode.is_legal(action, self._seat)
        return action in self._all()


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
        player = players[seat]
        reseed(player, match.seed, seat, len(match.actions))
        action = player.choose(match.view(seat), LegalActions(match, seat))
        events = match.apply(action, seat)
        if after_each is not None:
            after_each(match, events)
    raise RuntimeError(f"the match with seed {seed} did not end after {MAX_DECISIONS} decisions")
