"""The hand-signs mode as the game offers it: no map, two seats, the random baseline, save format 1."""

from __future__ import annotations

from game.core.baseline import RandomPlayer
from game.core.dice import Dice
from game.core.mode import MatchSetup, Mode
from game.core.modespec import ModeSpec, PolicySpec, register_spec
from tests.nomap.view import HandsMode, HandsView

NAME = "hand-signs"  # not the plain sealed-signs mode of tests/core, which stays as it is


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    return HandsMode(setup, dice)


SIGNS = ModeSpec(
    name=NAME,
    title="Hand signs (a test's mode)",
    factory=_make,
    needs_map=False,
    policies={"random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=1,
    view_type=HandsView,
)


def register() -> str:
    """Register the mode's spec (the one line a real mode writes in game/modes/__init__.py); its name."""
    register_spec(SIGNS)
    return NAME
