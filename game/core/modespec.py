"""What a combat mode tells the rest of the game about itself, and the registry of modes by name.

Each mode package registers one ``ModeSpec`` (``game/modes/__init__.py`` imports them all). The
commands, the computer players, the balance estimate and the saves ask the spec; none of them
imports a mode.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.errors import GameError, MapError
from game.core.events import Action

if TYPE_CHECKING:
    from game.core.mode import MatchSetup, Mode

# How a mode uses a map: never (it plays on a table), when one is given (else on a table), or always.
NO_MAP, MAP_OPTIONAL, MAP_REQUIRED = "none", "optional", "required"
MAP_USES = (NO_MAP, MAP_OPTIONAL, MAP_REQUIRED)
BUILTIN_PREFIX = "builtin:"  # how a save and the command line name a mode's built-in map
LEVELS = ("easy", "normal", "hard")  # how well a computer policy with levels plays, never its numbers


class UnknownMode(GameError):
    """A mode nobody registered; the message names the modes there are."""


class Chooser(Protocol):
    """A computer player: given what a seat may know and the legal actions, choose one."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions, knowing only the seat's view."""
        ...


@dataclass(frozen=True)
class OptionSpec:
    """A setup option a mode reads: its name, its default, and a check saying why a value will not do."""

    name: str
    default: Any
    check: Callable[[Any], str | None]  # None when the value will do, else "not <what it must be>"


@dataclass(frozen=True)
class PolicySpec:
    """A computer policy of a mode: made from a seed and a difficulty; ``levels`` when the difficulty matters.

    Its player keeps nothing between decisions that the match does not give it again (its dice come from the
    match's seed, the seat and the decision's number; what its seat remembers, from the seat's view), so a
    resumed match makes a player afresh and asks it only the decisions still to come.
    """

    make: Callable[[int, str], Chooser]
    levels: bool = False


# (version the save was written in, its setup options, its event log) -> both as this game reads them.
Migration = Callable[[int, dict[str, Any], list[dict[str, Any]]], tuple[dict[str, Any], list[dict[str, Any]]]]


def _unchanged(version: int, options: dict[str, Any],
               events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A mode that never changed its saves reads every one as written."""
    return options, events


def _no_names() -> Mapping[str, str]:
    return {}


def map_kind(map_use: str, needs_map: bool) -> str:
    """A mode's map kind from its ``map_use``, or from the older ``needs_map`` when that is left empty."""
    return map_use or (MAP_REQUIRED if needs_map else NO_MAP)


def attack_rolled(event: Any) -> bool:
    """Whether an event is an attack roll, as most modes log one: a roll against a defence, or contested rolls."""
    return type(event).__name__ in ("AttackRolled", "ContestRolled")


def _never(_event: Any) -> bool:
    return False


@dataclass(frozen=True)
class ModeSpec:
    """One rule system as the game offers it: how to make it, its options, content, maps, policies and saves."""

    name: str
    title: str
    factory: Callable[[MatchSetup, Dice], Mode]
    needs_map: bool = False  # a map always: the same as ``map_use=MAP_REQUIRED``
    map_use: str = ""  # NO_MAP, MAP_OPTIONAL or MAP_REQUIRED; "" reads ``needs_map``
    options: tuple[OptionSpec, ...] = ()
    content: Callable[[], Any] = lambda: None
    content_from: Callable[[Path], Any] | None = None  # its content read afresh from a data folder, checked
    heroes: Callable[[], Mapping[str, str]] = _no_names  # every hero's id and shown name, in order
    monsters: Callable[[], Mapping[str, str]] = _no_names
    items: Callable[[], Mapping[str, str]] = _no_names  # the items a map's treasure may name
    default_heroes: tuple[str, ...] = ()
    default_monsters: tuple[str, ...] = ()
    maps: Mapping[str, Callable[[], Battlefield]] = field(default_factory=dict)  # "builtin:<name>" -> its map
    load_map: Callable[[str], Battlefield] | None = None  # a Tiled map's path -> its battlefield, MapError if not
    policies: Mapping[str, PolicySpec] = field(default_factory=dict)  # the random baseline included
    save_version: int = 1
    migrate: Migration = _unchanged
    rivals: bool = False  # whether two hero parties may fight each other instead of monsters
    view_type: type | None = None  # the class of its seat views, by which a policy knows the mode it plays
    traits: tuple[str, ...] = ()  # the traits a map's tool objects may serve; none when the mode reads no tools
    tools: Callable[[], Mapping[str, str]] = _no_names  # the tools a map's tool objects may name: id -> shown name
    # For the share of quiet rounds in simulate: which events are attacks, and which begin another fight of a run
    # (whose rounds count from 1 again).
    attack_made: Callable[[Any], bool] = attack_rolled
    fight_begins: Callable[[Any], bool] = _never

    def __post_init__(self) -> None:
        if self.map_use not in ("", *MAP_USES):
            raise ValueError(f"the {self.name} mode's map_use {self.map_use!r} is not one of {', '.join(MAP_USES)}")

    @property
    def map_kind(self) -> str:
        """How the mode uses a map: NO_MAP, MAP_OPTIONAL (a table unless a map is given) or MAP_REQUIRED."""
        return map_kind(self.map_use, self.needs_map)

    @property
    def takes_map(self) -> bool:
        """Whether the mode can be played on a map at all (optional or required)."""
        return self.map_kind != NO_MAP

    @property
    def default_map(self) -> str | None:
        """The name of the mode's own built-in map (the first), or None for a mode without one."""
        return next(iter(self.maps), None)

    def built_in(self, name: str) -> Battlefield:
        """A built-in map by name; MapError naming the mode's own when there is no such map."""
        make = self.maps.get(name)
        if make is None:
            if not self.maps and self.map_kind == MAP_OPTIONAL:
                raise MapError(f"{name}: no such built-in map (the {self.name} mode has none: without a map it plays "
                               "on the table)")
            own = ", ".join(self.maps) or "none"
            raise MapError(f"{name}: no such built-in map (the {self.name} mode's own is {own})")
        return make()

    def map_from_file(self, path: str) -> Battlefield:
        """A Tiled map read with the mode's own checks of the names it holds."""
        if self.load_map is None or not self.takes_map:
            raise MapError(f"{path}: the {self.name} mode is played without a map")
        return self.load_map(path)

    def option_problem(self, options: Mapping[str, Any]) -> str | None:
        """Why the options will not do ("its option 'x' is not ..."), or None; options the mode does not read pass."""
        for option in self.options:
            if option.name in options:
                reason = option.check(options[option.name])
                if reason is not None:
                    return f"its option {option.name!r} is {reason}"
        return None

    def encounter_monsters(self, battlefield: Battlefield | None) -> tuple[str, ...]:
        """The monsters a map's spawns name that the mode has, else its default band."""
        known = self.monsters()
        named = () if battlefield is None else tuple(
            s.monster for s in battlefield.monster_spawns if s.monster and s.monster in known)
        return named or self.default_monsters

    def policy_names(self) -> list[str]:
        """The policies the computer can play this mode with; one with levels also as ``<name>-<level>``."""
        return sorted(self.policies)

    def make_policy(self, name: str, seed: int, difficulty: str) -> Chooser:
        """A computer player of this mode; GameError naming the policies for an unknown one."""
        policy = self.policies.get(name)
        if policy is None:
            raise GameError(f"the {self.name} mode has no policy {name!r} (policies: {', '.join(self.policy_names())})")
        return policy.make(seed, difficulty)


_SPECS: dict[str, ModeSpec] = {}


def register_spec(mode: ModeSpec) -> None:
    """Make a mode available under its name (registering a name again replaces it)."""
    _SPECS[mode.name] = mode


def spec(name: str) -> ModeSpec:
    """A registered mode by name; UnknownMode naming the modes there are for any other."""
    found = _SPECS.get(name)
    if found is None:
        raise UnknownMode(f"unknown mode {name!r}; modes: {', '.join(sorted(_SPECS))}")
    return found


def specs() -> list[ModeSpec]:
    """Every registered mode, by name (importing ``game.modes`` registers them all)."""
    return [_SPECS[name] for name in sorted(_SPECS)]


def spec_of_view(view: object) -> ModeSpec | None:
    """The mode whose seat views are of the view's class, or None."""
    for mode in _SPECS.values():
        if mode.view_type is not None and isinstance(view, mode.view_type):
            return mode
    return None


# Checks of the options several modes read: each says what a value must be when it is not.
def is_flag(value: Any) -> str | None:
    """True or false."""
    return None if isinstance(value, bool) else "not true or false"


def is_names(value: Any) -> str | None:
    """A list of names."""
    ok = isinstance(value, list) and all(isinstance(name, str) for name in value)
    return None if ok else "not a list of names"


def is_whole(value: Any) -> bool:
    """Whether a value is a whole number (JSON's true and false are Python bools, which are ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_round_limit(value: Any) -> str | None:
    """None (no limit) or a whole number from 1 up."""
    return None if value is None or (is_whole(value) and value >= 1) else "not a whole number from 1 up"


def is_map_name(value: Any) -> str | None:
    """A map's name or path."""
    return None if isinstance(value, str) and value else "not a map's name or path"


def is_side_name(value: Any) -> str | None:
    """A side's name."""
    return None if isinstance(value, str) else "not a side's name"


def is_sides(value: Any) -> str | None:
    """A list of sides, each a [name, [template, ...]] pair."""
    ok = isinstance(value, list) and all(
        isinstance(side, list) and len(side) == 2 and isinstance(side[0], str) and is_names(side[1]) is None
        for side in value)
    return None if ok else "not a list of sides, each a name and a list of names"


def map_options(default_map: str) -> tuple[OptionSpec, ...]:
    """The options of a mode played on a map: the map (a built-in name or a path) and the round limit."""
    return (OptionSpec("map", default_map, is_map_name), OptionSpec("max_rounds", None, is_round_limit))


def party_options(heroes: tuple[str, ...], monsters: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    """The options of a mode whose heroes fight monsters: the templates of each side."""
    return (OptionSpec("heroes", heroes, is_names), OptionSpec("monsters", monsters, is_names))
