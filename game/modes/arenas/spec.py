"""The arenas mode as the game offers it: its options, characters, built-in map, computer policies and saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.baseline import RandomPlayer
from game.core.dice import Dice
from game.core.mode import MatchSetup, Mode
from game.core.modespec import Chooser, ModeSpec, OptionSpec, PolicySpec, is_whole, map_options, party_options
from game.modes.arenas.content import load_content, read_content
from game.modes.arenas.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, battlefield_for, yard_battlefield
from game.modes.arenas.view import ArenasView

SAVE_VERSION = 1
MAX_GM_AWESOME = 100


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    from game.modes.arenas.mode import ArenasMode

    return ArenasMode(setup, dice)


def _tactical(seed: int, difficulty: str) -> Chooser:
    """The arenas policy, which has one level of play for every difficulty."""
    from game.modes.arenas.ai import ArenasPlayer

    return ArenasPlayer(seed)


def _heroes() -> Mapping[str, str]:
    return {key: c.name for key, c in load_content().heroes.items()}


def _monsters() -> Mapping[str, str]:
    return {key: c.name for key, c in load_content().monsters.items()}


def _is_pool(value: Any) -> str | None:
    ok = is_whole(value) and 0 <= value <= MAX_GM_AWESOME
    return None if ok else f"not a whole number from 0 to {MAX_GM_AWESOME}"


ARENAS = ModeSpec(
    name="arenas",
    title="Arenas (text 002)",
    factory=_make,
    needs_map=True,
    options=(*map_options(BUILTIN), *party_options(DEFAULT_HEROES, ()), OptionSpec("gm_awesome", 3, _is_pool)),
    content=load_content,
    content_from=read_content,
    heroes=_heroes,
    monsters=_monsters,
    default_heroes=DEFAULT_HEROES,
    default_monsters=DEFAULT_MONSTERS,
    maps={BUILTIN: yard_battlefield},
    load_map=battlefield_for,
    policies={"tactical": PolicySpec(_tactical),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=SAVE_VERSION,
    view_type=ArenasView,
)
