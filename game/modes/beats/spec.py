"""The beats mode as the game offers it: its options, fighters, computer policies and saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.baseline import RandomPlayer
from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.mode import MatchSetup, Mode
from game.core.modespec import (
    MAP_OPTIONAL,
    Chooser,
    ModeSpec,
    OptionSpec,
    PolicySpec,
    is_map_name,
    is_round_limit,
    is_whole,
    party_options,
)
from game.modes.beats.actions import ATTACK
from game.modes.beats.content import load_content, load_from
from game.modes.beats.dice import TRAITS
from game.modes.beats.events import ActionDeclared, FightBegan
from game.modes.beats.gauntlet import MAX_FIGHTS
from game.modes.beats.mode import DEFAULT_FIGHTS, DEFAULT_HEROES, DEFAULT_MONSTERS
from game.modes.beats.view import BeatsView

SAVE_VERSION = 1


def _fights(value: Any) -> str | None:
    ok = is_whole(value) and 1 <= value <= MAX_FIGHTS
    return None if ok else f"not a whole number from 1 to {MAX_FIGHTS}"


def _map(value: Any) -> str | None:
    """No map (the table), or a map's path."""
    return None if value is None else is_map_name(value)


def _beats_map(path: str) -> Battlefield:
    from game.modes.beats.onmap import beats_map

    return beats_map(path)


def _tools() -> Mapping[str, str]:
    return {key: tool.name for key, tool in load_content().tools.items()}


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    from game.modes.beats.mode import BeatsMode

    return BeatsMode(setup, dice)


def _tactical(seed: int, difficulty: str) -> Chooser:
    from game.modes.beats.ai import BeatsPlayer

    return BeatsPlayer(seed)


def _heroes() -> Mapping[str, str]:
    return {key: hero.name for key, hero in load_content().heroes.items()}


def _monsters() -> Mapping[str, str]:
    return {key: foe.name for key, foe in load_content().foes.items()}


def _attack_made(event: Any) -> bool:
    """An attack declared with a presented die (countered or not): the beats mode's attack."""
    return isinstance(event, ActionDeclared) and event.kind == ATTACK


BEATS = ModeSpec(
    name="beats",
    title="Beats (text 004)",
    factory=_make,
    attack_made=_attack_made,
    fight_begins=lambda event: isinstance(event, FightBegan),  # each fight of a run counts its rounds from 1
    map_use=MAP_OPTIONAL,  # a table, or a map when one is given (its tools lie on the ground)
    options=(*party_options(DEFAULT_HEROES, DEFAULT_MONSTERS), OptionSpec("fights", DEFAULT_FIGHTS, _fights),
             OptionSpec("max_rounds", None, is_round_limit), OptionSpec("map", None, _map)),
    content=load_content,
    content_from=load_from,
    heroes=_heroes,
    monsters=_monsters,
    default_heroes=DEFAULT_HEROES,
    default_monsters=DEFAULT_MONSTERS,
    policies={"tactical": PolicySpec(_tactical),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    load_map=_beats_map,
    save_version=SAVE_VERSION,
    view_type=BeatsView,
    traits=TRAITS,
    tools=_tools,
)
