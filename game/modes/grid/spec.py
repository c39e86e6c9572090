"""The grid mode as the game offers it: its options, content, built-in map, computer policies and saves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.baseline import RandomPlayer, WeightedPlayer
from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.ending import with_older_win_wording
from game.core.events import Action
from game.core.mode import MatchSetup, Mode
from game.core.modespec import (
    Chooser,
    ModeSpec,
    OptionSpec,
    PolicySpec,
    is_flag,
    is_sides,
    map_options,
    party_options,
)
from game.modes.grid.actions import UseAction
from game.modes.grid.content import load_content
from game.modes.grid.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, battlefield_for, skirmish_battlefield
from game.modes.grid.view import GridView

# A setup option: the first side takes its spawns in the map's order, and moves settle equally cheap
# paths in reading order, as every match was played before the second save format.
LEGACY_TIES = "ties_in_map_order"
# A setup option: a move forgets where an unseen combatant stopped an earlier move of the same turn, as
# every match was played before the third save format.
LEGACY_BUMPS = "moves_forget_bumps"
# A setup option: the grid mode's rules as every match was played before the sixth save format (auras acted
# after conditions, a fallen bearer lost its auras for good, the encounter ended before an Undead could rise,
# a condition's rank was a number to beat, and the rulings then in force).
LEGACY_GRID_RULES = "grid_rules_before_format_6"
# A setup option: a move plans only with the allies in the mover's own sight, walking into one it does not see and
# stopping there, as every match was played before the seventh save format.
LEGACY_ALLIES = "moves_miss_unseen_allies"
# A setup option: a diagonal step may not squeeze between two closed squares (walls, impassable squares or holes in
# the map), as every match was played before the eighth save format.
LEGACY_CORNERS = "moves_never_squeeze_between_walls"

SAVE_VERSION = 8  # 2: the party takes its spawns front first and moves walk straight (see LEGACY_TIES);
# 3: a move goes around where an unseen combatant stopped the mover earlier in its turn (see LEGACY_BUMPS);
# 4: a side's win reads "none of the <sides> is left able to fight", where older saves wrote "nobody of the";
# 5: the stances mode logged a push that moves nobody (the grid mode's saves did not change)
# 6: the rules read again against text 003 (see LEGACY_GRID_RULES)
# 7: a move goes around every ally of the mover's side, seen or not (see LEGACY_ALLIES)
# 8: a diagonal step may pass between two closed squares (see LEGACY_CORNERS)


def migrate(version: int, options: dict[str, Any],
            events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A save of an older format as it replays now: played before rulings grid-spawn-order and grid-path-choice
    (format 1), or before moves remembered where an unseen combatant stopped them (ruling grid-move-knowledge,
    format 2), or before a diagonal could squeeze between two walls (ruling grid-diagonal-squeeze, format 7 and older),
    it replays only as it was played."""
    if version < 2:
        options = {**options, LEGACY_TIES: True}
    if version < 3:
        options = {**options, LEGACY_BUMPS: True}
    if version < 4:
        events = with_older_win_wording(events)
    if version < 6:
        options = {**options, LEGACY_GRID_RULES: True}
    if version < 7:
        options = {**options, LEGACY_ALLIES: True}
    if version < 8:
        options = {**options, LEGACY_CORNERS: True}
    return options, events


def is_attack(action: Action) -> bool:
    """Whether an action is an attack option: an action card of the attack kind."""
    if not isinstance(action, UseAction):
        return False
    card = load_content().actions.get(action.action)
    return card is not None and card.kind == "attack"


def _make(setup: MatchSetup, dice: Dice) -> Mode:
    from game.modes.grid.mode import GridMode

    return GridMode(setup, dice)


def _tactical(seed: int, difficulty: str) -> Chooser:
    from game.modes.grid.ai import TacticalPlayer

    return TacticalPlayer(seed, difficulty)


def _heroes() -> Mapping[str, str]:
    return {key: hero.name for key, hero in load_content().heroes.items()}


def _monsters() -> Mapping[str, str]:
    return {key: monster.name for key, monster in load_content().monsters.items()}


def _items() -> Mapping[str, str]:
    return {key: item.name for key, item in load_content().items.items()}


def _load_map(path: str) -> Battlefield:
    return battlefield_for(path, load_content())


GRID = ModeSpec(
    name="grid",
    title="Grid (text 003)",
    factory=_make,
    needs_map=True,
    options=(*map_options(BUILTIN), *party_options(DEFAULT_HEROES, ()), OptionSpec("sides", None, is_sides),
             OptionSpec(LEGACY_TIES, False, is_flag), OptionSpec(LEGACY_BUMPS, False, is_flag),
             OptionSpec(LEGACY_GRID_RULES, False, is_flag), OptionSpec(LEGACY_ALLIES, False, is_flag),
             OptionSpec(LEGACY_CORNERS, False, is_flag)),
    content=load_content,
    content_from=load_content,
    heroes=_heroes,
    monsters=_monsters,
    items=_items,
    default_heroes=DEFAULT_HEROES,
    default_monsters=DEFAULT_MONSTERS,
    maps={BUILTIN: skirmish_battlefield},
    load_map=_load_map,
    policies={"tactical": PolicySpec(_tactical, levels=True),
              "weighted": PolicySpec(lambda seed, _level: WeightedPlayer(seed, is_attack)),
              "random": PolicySpec(lambda seed, _level: RandomPlayer(seed))},
    save_version=SAVE_VERSION,
    migrate=migrate,
    rivals=True,
    view_type=GridView,
)
