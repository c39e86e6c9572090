"""The beats mode at the screen: what the menu, the session and the encounter screen need of it."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.battlefield import Battlefield
from game.core.errors import MapError
from game.core.events import Event
from game.core.match import Match
from game.core.modespec import MAP_OPTIONAL
from game.modes.beats.content import load_content
from game.modes.beats.events import FightBegan
from game.modes.beats.mode import BeatsMode
from game.modes.beats.onmap import beats_map
from game.ui.modes import ScreenMode
from game.ui.modes.beats.screen import BeatsScreen
from game.ui.modes.beats.words import BeatsLogContext, log_lines
from game.ui.session import EncounterChoice, check_map_path

NAME = "beats"
TABLE = "The table (no map)"  # what the menu's map list calls playing without a map


def _no_map(path: str = "") -> Battlefield:
    raise MapError(f"{path or 'builtin'}: the beats mode has no map of its own: it plays on the table")


def _load_map(map_path: str) -> Battlefield:
    """A Tiled map for the beats mode (MapError with one line when it cannot be played)."""
    check_map_path(map_path)
    return beats_map(map_path)


def _battlefield_of(match: Match) -> Battlefield | None:
    mode = match.mode
    assert isinstance(mode, BeatsMode), f"a {match.setup.mode} match is not a beats match"
    return mode.battlefield


def _monsters_for(battlefield: Battlefield) -> list[str]:
    """The foes a map's spawns name, else the mode's own band."""
    from game.modes.beats.mode import DEFAULT_MONSTERS

    named = [s.monster for s in battlefield.monster_spawns if s.monster in load_content().foes]
    return named or list(DEFAULT_MONSTERS)


def _heroes() -> list[tuple[str, str]]:
    return [(key, hero.name) for key, hero in load_content().heroes.items()]


def _monsters() -> list[tuple[str, str]]:
    return [(key, foe.name) for key, foe in load_content().foes.items()]


def _members_at_start(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """(cid, name, side) of every combatant of the first fight, from its opening."""
    began = next((e for e in events if isinstance(e, FightBegan)), None)
    if began is None:
        return []
    names = BeatsLogContext(load_content(), {}, frozenset(), frozenset())
    return [(cid, names.name(cid), side) for side, cids in (("heroes", began.heroes), ("monsters", began.foes))
            for cid in cids]


def _hero_note(hero: str) -> str:
    """What the menu writes after a hero: its three dice and its tools."""
    found = load_content().heroes.get(hero)
    if found is None:
        return ""
    dice = ", ".join(f"d{size} {trait}" for trait, size in found.traits().items())
    tools = ", ".join(load_content().tools[t].name for t in found.tools)
    return f"{dice}" + (f"; {tools}" if tools else "")


def _options(choice: EncounterChoice, content: object) -> dict[str, object]:
    options: dict[str, object] = {"max_rounds": choice.max_rounds}
    if choice.heroes:
        options["heroes"] = list(choice.heroes)
    if choice.monsters:
        options["monsters"] = list(choice.monsters)
    return options


def registration() -> ScreenMode:
    """How the screen plays the beats mode."""
    from game.modes.beats.mode import DEFAULT_HEROES, DEFAULT_MONSTERS

    return ScreenMode(
        NAME, needs_map=False, built_in_map=TABLE, built_in_spec="", built_in_where="the table",
        heroes=_heroes, monsters=_monsters, screen=BeatsScreen, default_heroes=DEFAULT_HEROES,
        default_monsters=DEFAULT_MONSTERS, built_in=_no_map, load_map=_load_map,
        hero_note=_hero_note, hero_colour=lambda hero, party: (70, 130, 200),
        monster_big=lambda monster: monster == "bandit_chief", monsters_for=_monsters_for,
        parties=False, levels=False, content=load_content, options=_options,
        members_at_start=_members_at_start, battlefield_of=_battlefield_of, members=lambda view: view.members,
        readable=lambda match, seat, events: events, spectator_view=lambda match, seat: match.mode.view(seat),
        log_context=BeatsLogContext, log_lines=log_lines,
        close=lambda match: None, map_use=MAP_OPTIONAL,
        about="At the table there is no map. Each round everyone rolls three dice, and in each of its three beats "
              "presents one in secret; the lowest acts first, and a higher die may counter. On a map, tools lie "
              "on the ground to be picked up.")
