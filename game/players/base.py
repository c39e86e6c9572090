"""The Player protocol: given what a seat may know and the legal actions, choose one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.core.events import Action


class Player(Protocol):
    """Anything that decides for a seat: a person through the screen, or a computer policy."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions, knowing only the seat's view."""
        ...


PlayerFactory = Callable[[int], Player]
_POLICIES: dict[str, PlayerFactory] = {}


def register_policy(name: str, factory: PlayerFactory) -> None:
    """Make a computer policy available by name; the factory takes a seed."""
    _POLICIES[name] = factory


def policy_names() -> list[str]:
    """The names of the computer policies."""
    _load_builtin()
    return sorted(_POLICIES)


def make_policy(name: str, seed: int) -> Player:
    """A computer player by policy name, with its own random generator seeded from ``seed``."""
    _load_builtin()
    if name not in _POLICIES:
        raise KeyError(f"unknown policy {name!r}; policies: {', '.join(sorted(_POLICIES))}")
    return _POLICIES[name](seed)


def _load_builtin() -> None:
    import game.players.baseline  # noqa: F401  (registers the baseline policies)
    import game.players.tactical  # noqa: F401  (registers the tactical policy and its difficulty levels)
    import game.players.weighted  # noqa: F401
