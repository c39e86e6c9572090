"""The stances mode as the game offers it: its options, fighters, built-in map, computer policies and saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.baseline import RandomPlayer, WeightedPlayer
from game.core.dice import Dice
from game.core.ending import with_older_win_wording
from game.core.mode import MatchSetup, Mode
from game.core.modespec import (
    Chooser,
    ModeSpec,
    OptionSpec,
    PolicySpec,
    is_flag,
    is_side_name,
    map_options,
    party_options,
)
from game.modes.stances.content import load_content, read_content
from game.modes.stances.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, battlefield_for, crossing_battlefield
from game.modes.stances.view import StancesView

# A setup option: the first side takes its spawns in the map's order, and a dash settles equally cheap paths
# in reading order, as every match was played before the second save format.
LEGACY_TIES = "ties_in_map_order"
# A setup option: a push that moves nobody leaves nothing in the log, as every match was played before the
# fifth save format.
LEGACY_PUSHES = "blocked_pushes_unlogged"
# A setup option: the stances mode's rules as every match was played before the sixth save format (agility's
# two halves dealt their damage apart, a sidestep needed no attack, and the rulings then in force).
LEGACY_STANCES_RULES = "stances_rules_before_format_6"

SAVE_VERSION = 6  # 2: sides take their spawns front first and dashes walk straight (see LEGACY_TIES);
# 3: a change of the grid mode's moves only; 4: a side's win reads "none of the <sides> is left able to
# fight", where older saves wrote "nobody of the"; 5: a push that moves nobody is logged (see LEGACY_PUSHES);
# 6: the rules read again against text 001 (see LEGACY_STANCES_RULES)


def migrate(version: int, options: dict[str, Any],
            events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A save of an older format as it replays now: it replays only as it was played."""
    if version < 2:
        options = {**options, LEGACY_TIES: True}
    if version < 5:
        options = {**options, LEGACY_PUSHES: True}
    if version < 4:
        events = with_older_win_wording(events)
    if version < 6:
        options = {**options, LEGACY_STANCES_RULES: True}
    return options, events


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    from game.modes.stances.mode import StancesMode

    return StancesMode(setup, dice)


def _tactical(seed: int, difficulty: str) -> Chooser:
    """The stances policy, which has one level of play for every difficulty."""
    from game.modes.stances.ai import StancesPlayer

    return StancesPlayer(seed)


def _heroes() -> Mapping[str, str]:
    return {key: hero.name for key, hero in load_content().heroes.items()}


def _monsters() -> Mapping[str, str]:
    return {key: monster.name for key, monster in load_content().monsters.items()}


STANCES = ModeSpec(
    name="stances",
    title="Stances (text 001)",
    factory=_make,
    needs_map=True,
    options=(*map_options(BUILTIN), *party_options(DEFAULT_HEROES, ()), OptionSpec("first", "heroes", is_side_name),
             OptionSpec(LEGACY_TIES, False, is_flag), OptionSpec(LEGACY_PUSHES, False, is_flag),
             OptionSpec(LEGACY_STANCES_RULES, False, is_flag)),
    content=load_content,
    content_from=read_content,
    heroes=_heroes,
    monsters=_monsters,
    default_heroes=DEFAULT_HEROES,
    default_monsters=DEFAULT_MONSTERS,
    maps={BUILTIN: crossing_battlefield},
    load_map=battlefield_for,
    # Every action weighs alike in the weighted baseline: none is an attack card of the grid mode's kind.
    policies={"tactical": PolicySpec(_tactical),
              "weighted": PolicySpec(lambda seed, _level: WeightedPlayer(seed)),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=SAVE_VERSION,
    migrate=migrate,
    view_type=StancesView,
)
