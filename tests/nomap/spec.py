"""The hand-signs mode as the game offers it: no map, a tactical policy and the random baseline, save format 1."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.baseline import RandomPlayer
from game.core.dice import Dice
from game.core.events import Action
from game.core.mode import MatchSetup, Mode
from game.core.modespec import ModeSpec, PolicySpec, register_spec
from tests.core.sealed_mode import BEATS, ShowSign
from tests.nomap.view import HandsMode, HandsView

NAME = "hand-signs"  # not the plain sealed-signs mode of tests/core, which stays as it is


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    return HandsMode(setup, dice)


class Counter:
    """The tactical policy, which the screen's computer plays: often the sign that beats an opponent's last one."""

    def __init__(self, seed: int) -> None:
        self.baseline = RandomPlayer(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Every other time or so, beat the last sign another seat showed; else as the random baseline does.

        Never always: two such players would show the same signs, and draw, round after round.
        """
        shown = [sign for seat, sign in view.last_reveal if seat != view.seat]
        beater = next((a for a in legal if isinstance(a, ShowSign) and shown and BEATS[a.sign] == shown[0]), None)
        if beater is not None and self.baseline.rng.random() < 0.5:
            return beater
        return self.baseline.choose(view, legal)


SIGNS = ModeSpec(
    name=NAME,
    title="Hand signs (a test's mode)",
    factory=_make,
    needs_map=False,
    policies={"tactical": PolicySpec(lambda seed, _level: Counter(seed)),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=1,
    view_type=HandsView,
)


def register() -> str:
    """Register the mode's spec (the one line a real mode writes in game/modes/__init__.py); its name."""
    register_spec(SIGNS)
    return NAME
