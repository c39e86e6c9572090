"""Runs of the beats mode on scripted dice, for the rules' tests.

The dice each combatant rolls, in trait order (brawn, finesse, wits) with the game's own content:
bruiser d10 d6 d4 (its staff serves brawn), cutpurse d4 d10 d6 (its knife serves finesse),
thug d8 d4 d4 (its bottle serves brawn), footpad d4 d8 d4, hound d6 d8 d4, brute d10 d4 d4.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.dice import ScriptedDice
from game.modes.beats.content import load_content
from game.modes.beats.run import Run


def run_of(rolls: Sequence[int], heroes: Sequence[str] = ("bruiser",),
           fights: Sequence[Sequence[str]] = (("thug",),), max_rounds: int = 50) -> tuple[Run, ScriptedDice]:
    """A run whose first fight has begun and whose first round is rolled from ``rolls`` (more may follow)."""
    dice = ScriptedDice(rolls)
    run = Run(load_content(), dice, list(heroes), [tuple(f) for f in fights], max_rounds)
    run.begin_fight()
    return run, dice


def more(dice: ScriptedDice, rolls: Sequence[int]) -> None:
    """Script further results after those left."""
    dice.restore((tuple(list(dice.state()[0]) + list(rolls)), dice.state()[1]))


def values(run: Run, cid: str) -> list[int]:
    """A combatant's three numbers this round."""
    return [d.value for d in run.combatants[cid].dice]


def sizes(run: Run, cid: str) -> list[int]:
    """A combatant's three die sizes this round."""
    return [d.size for d in run.combatants[cid].dice]
