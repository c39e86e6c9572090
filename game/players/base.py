"""The Player protocol, and the computer's policies by name as the modes' specs offer them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from game.core.baseline import RandomPlayer
from game.core.events import Action
from game.core.modespec import LEVELS, Chooser, ModeSpec, spec, spec_of_view, specs
from game.core.seeds import decision_seed


class Player(Protocol):
    """Anything that decides for a seat: a person through the screen, or a computer policy."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions, knowing only the seat's view."""
        ...


@runtime_checkable
class Randomised(Protocol):
    """A computer player whose every random choice comes from its one generator, ``rng``."""

    rng: random.Random


def reseed(player: Player, match_seed: int, seat: str, decision: int) -> None:
    """Give the player its dice for one decision: from the match's seed, the seat and the decision's number.

    So a computer player carries no dice from one decision to the next: a match resumed from a save, or
    taken back by undo, gives it the same dice for the same decision without playing its past ones again.
    """
    if isinstance(player, Randomised):
        player.rng.seed(decision_seed(match_seed, seat, decision))


PlayerFactory = Callable[[int], Player]
_POLICIES: dict[str, PlayerFactory] = {}  # policies that play any mode alike, besides the modes' own


def register_policy(name: str, factory: PlayerFactory) -> None:
    """Make a computer policy that plays every mode alike available by name; the factory takes a seed."""
    _POLICIES[name] = factory


def _names_of(mode: ModeSpec) -> list[str]:
    """A mode's policies by name: one with levels also as ``<name>-<level>``."""
    names = list(mode.policies)
    for name, policy in mode.policies.items():
        if policy.levels:
            names += [f"{name}-{level}" for level in LEVELS]
    return names


def policy_names(mode: str | None = None) -> list[str]:
    """The names of the computer policies of a mode, or of every mode."""
    _load_modes()
    modes = [spec(mode)] if mode is not None else specs()
    return sorted({*_POLICIES, *(name for m in modes for name in _names_of(m))})


def split_level(name: str) -> tuple[str, str]:
    """A policy's name and the level it plays at: ``tactical-hard`` is tactical at hard, ``tactical`` at normal."""
    base, _, level = name.rpartition("-")
    return (base, level) if base and level in LEVELS else (name, "normal")


def make_policy(name: str, seed: int, mode: str | None = None) -> Player:
    """A computer player by policy name for a mode, with its own generator seeded from ``seed``.

    Without a mode the player finds the mode from the first view it is shown (its class, as the
    modes' specs name it). A level asked of a policy without levels plays its one level. KeyError names the
    policies there are for an unknown one.
    """
    if name in _POLICIES:
        return _POLICIES[name](seed)
    if name not in policy_names():
        raise KeyError(f"unknown policy {name!r}; policies: {', '.join(policy_names())}")
    base, level = split_level(name)
    if mode is not None:
        return spec(mode).make_policy(base, seed, level)
    return ByView(base, seed, level)


class ByView:
    """A policy by name for whichever mode its views come from, made when it first decides."""

    def __init__(self, name: str, seed: int, level: str) -> None:
        self.name, self.seed, self.level = name, seed, level
        self.rng = random.Random(seed)  # reseeded for each decision; the mode's player's dice are drawn from it
        self._players: dict[str, Chooser] = {}
        self._last: Chooser | None = None

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick an action with the policy of the view's mode."""
        mode = spec_of_view(view)
        if mode is None:
            raise TypeError(f"no mode registers views of the kind {type(view).__name__}: name the mode of the "
                            f"{self.name} policy")
        player = self._players.get(mode.name)
        if player is None:
            player = self._players[mode.name] = mode.make_policy(self.name, self.seed, self.level)
        self._last = player
        if isinstance(player, Randomised):
            player.rng.seed(self.rng.getrandbits(64))
        return player.choose(view, legal)

    def planned_actions(self) -> list[Action]:
        """The rest of the turn the policy last asked has planned (the screen tells it), if it plans ahead."""
        planned = getattr(self._last, "planned_actions", None)
        return list(planned()) if planned is not None else []


def _load_modes() -> None:
    import game.modes  # noqa: F401  (registers every mode and so its policies)


register_policy("random", RandomPlayer)  # the random baseline plays every mode alike, one without a spec's views too
