"""Every mode is heard: its screen's table turns what happens in a match into effects the game has."""

from __future__ import annotations

import importlib
import random

import pytest

import game.modes  # noqa: F401  (registers every mode)
from game.core.events import Event
from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.modespec import spec
from game.core.seats import default_seats
from game.ui.modes import _SETUPS
from game.ui.sound import EFFECTS, SoundTable, cues_for


def _table(mode: str) -> SoundTable:
    module = importlib.import_module(f"game.ui.modes.{mode}.sounds")
    if mode == "grid":  # the grid's spells and blows are its content's actions, read from its data
        table: SoundTable = module.sound_table(spec(mode).content().actions)
        return table
    table = module.SOUNDS
    return table


def _cues_of_a_match(mode: str, seed: int) -> list[str]:
    """The effects a whole seat-blind match asks for, played with random legal choices."""
    rules = spec(mode)
    options: dict[str, object] = {"map": rules.default_map} if rules.needs_map else {}
    if rules.default_heroes:
        options["heroes"] = list(rules.default_heroes)
    match = Match(MatchSetup(mode, default_seats(), options), seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(400):
        if match.over:
            break
        events.extend(match.apply(rng.choice(match.legal_actions())))
    match.mode.close()
    return cues_for(events, _table(mode), frozenset())


@pytest.mark.parametrize("mode", sorted(_SETUPS))
def test_a_match_in_every_mode_asks_for_blows_and_turns_the_game_can_play(mode: str) -> None:
    cues = [c for seed in (1, 2, 3) for c in _cues_of_a_match(mode, seed)]
    assert set(cues) <= set(EFFECTS)
    if mode != "grid":  # random walkers seldom meet on the grid's map; tests/ui/test_sound.py hears its blows
        assert {"hit", "miss"} & set(cues), cues[:20]
    assert "turn" in cues or "reveal" in cues
