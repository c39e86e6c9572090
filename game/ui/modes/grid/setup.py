"""The grid mode's registration with the screen: its fighters for the menu, its setup, names, log and board."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.events import Event
from game.core.match import Match
from game.modes.grid import events as ev
from game.modes.grid.content import GridContent, load_content
from game.modes.grid.mode import GridMode
from game.modes.grid.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, skirmish_battlefield
from game.ui.modes import ScreenMode
from game.ui.modes.grid.log import grid_context, log_lines
from game.ui.modes.grid.screen import GridScreen
from game.ui.session import HEROES, RIVALS, EncounterChoice, check_map_path
from game.ui.theme import parse_colour

BUILT_IN_NAME = "Ruined Hall (built in)"


def load_grid_map(map_path: str, content: GridContent) -> Battlefield:
    """The Tiled map at the path, its spawns and treasure read against the grid's content (MapError with one line)."""
    check_map_path(map_path)
    from game.maps import load_map

    return load_map(Path(map_path).expanduser(), monsters=set(content.monsters), items=set(content.items))


def default_monsters(battlefield: Battlefield, content: GridContent) -> list[str]:
    """The monsters the map's spawns name, or a mixed band when it names none."""
    named = [s.monster for s in battlefield.monster_spawns if s.monster and s.monster in content.monsters]
    return named or list(DEFAULT_MONSTERS)


def grid_options(choice: EncounterChoice, content: GridContent) -> dict[str, object]:
    """The sides a choice sets up: heroes against monsters, or against a second party (GameError naming a stranger)."""
    for name in choice.heroes + choice.rivals:
        if name not in content.heroes:
            raise GameError(f"unknown hero {name!r}")
    if choice.rivals:
        return {"sides": [[HEROES, list(choice.heroes)], [RIVALS, list(choice.rivals)]]}
    # No monsters chosen: the mode takes the ones the map's spawns name.
    for name in choice.monsters:
        if name not in content.monsters:
            raise GameError(f"unknown monster {name!r}")
    return {"heroes": list(choice.heroes), "monsters": list(choice.monsters)}


def members_at_start(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """Every combatant's id, name and side, as the encounter's first event gives them."""
    return [(cid, name, side) for event in events if isinstance(event, ev.EncounterBegan)
            for cid, name, side, _square in event.combatants]


def _mode(match: Match) -> GridMode:
    assert isinstance(match.mode, GridMode), f"a {match.setup.mode} match is not a grid match"
    return match.mode


def registration() -> ScreenMode:
    """How the screen plays the grid mode."""
    content = load_content()
    return ScreenMode(
        "grid", needs_map=True, built_in_map=BUILT_IN_NAME, built_in_spec=BUILTIN, built_in_where=BUILT_IN_NAME,
        heroes=lambda: [(k, v.name) for k, v in content.heroes.items()],
        monsters=lambda: [(k, v.name) for k, v in content.monsters.items()], screen=GridScreen,
        default_heroes=tuple(DEFAULT_HEROES), default_monsters=tuple(DEFAULT_MONSTERS), built_in=skirmish_battlefield,
        load_map=lambda path: load_grid_map(path, content),
        hero_note=lambda hero: content.heroes[hero].role,
        hero_colour=lambda hero, _party: parse_colour(content.heroes[hero].colour),
        monster_big=lambda monster: "Boss" in content.monsters[monster].keywords,
        monsters_for=lambda battlefield: default_monsters(battlefield, content), parties=True,
        levels=True, content=lambda: content, options=grid_options,
        members_at_start=members_at_start, battlefield_of=lambda match: _mode(match).state.battlefield,
        members=lambda view: view.combatants,
        readable=lambda match, seat, events: _mode(match).log_events(seat, events),
        spectator_view=lambda match, seat: _mode(match).spectator_view(seat),
        log_context=grid_context, log_lines=log_lines, close=lambda match: _mode(match).close(),
        last_seen=lambda view: view.last_seen)

