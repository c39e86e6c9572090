"""The arenas mode's registration with the screen: its characters for the menu, its setup, names, log and board."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.events import Event
from game.core.match import Match
from game.modes.arenas import events as ev
from game.modes.arenas.content import ArenasContent, load_content
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, yard_battlefield
from game.ui.eventtext import LogContext
from game.ui.modes import ScreenMode
from game.ui.modes.arenas.log import log_lines
from game.ui.modes.arenas.screen import HERO_COLOURS, ArenasScreen
from game.ui.session import EncounterChoice, check_map_path


def load_arenas_map(map_path: str) -> Battlefield:
    """A Tiled map with arenas (MapError with one line when it cannot be played)."""
    check_map_path(map_path)
    from game.modes.arenas.skirmish import battlefield_for

    return battlefield_for(str(Path(map_path).expanduser()))


def arenas_options(choice: EncounterChoice, content: ArenasContent) -> dict[str, object]:
    """Heroes against monsters, each one the arenas mode knows (GameError with one line if not)."""
    if choice.rivals:
        raise GameError("the arenas mode sets heroes against monsters, not two parties")
    for name in choice.heroes:
        if name not in content.heroes:
            raise GameError(f"unknown hero {name!r} in the arenas mode")
    for name in choice.monsters:
        if name not in content.monsters:
            raise GameError(f"unknown monster {name!r} in the arenas mode")
    return {"heroes": list(choice.heroes), "monsters": list(choice.monsters)}


def members_at_start(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """Every character's id, name and side, as the encounter's first event gives them."""
    return [(cid, name, side) for e in events if isinstance(e, ev.EncounterBegan) for cid, name, side, _ in e.fighters]


def _mode(match: Match) -> ArenasMode:
    assert isinstance(match.mode, ArenasMode), f"a {match.setup.mode} match is not an arenas match"
    return match.mode


def registration() -> ScreenMode:
    """How the screen plays the arenas mode."""
    content = load_content()

    def hero_colour(hero: str, party: Sequence[str]) -> tuple[int, int, int]:
        return HERO_COLOURS[list(party).index(hero) % len(HERO_COLOURS)] if hero in party else HERO_COLOURS[0]

    def monsters_for(battlefield: Battlefield) -> list[str]:
        named = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
        return named or list(DEFAULT_MONSTERS)

    return ScreenMode(
        "arenas", needs_map=True, built_in_map="Market Yard (built in)", built_in_spec=BUILTIN,
        built_in_where="the built-in market yard",
        heroes=lambda: [(k, v.name) for k, v in content.heroes.items()],
        monsters=lambda: [(k, v.name) for k, v in content.monsters.items()], screen=ArenasScreen,
        default_heroes=DEFAULT_HEROES, default_monsters=DEFAULT_MONSTERS, built_in=yard_battlefield,
        load_map=load_arenas_map,
        hero_note=lambda hero: content.weapons[content.heroes[hero].weapon].name.lower(),
        hero_colour=hero_colour, monster_big=lambda monster: content.monsters[monster].minions > 1,
        monsters_for=monsters_for, parties=False, levels=False, content=lambda: content, options=arenas_options,
        members_at_start=members_at_start, battlefield_of=lambda match: _mode(match).state.battlefield,
        members=lambda view: view.fighters,
        readable=lambda match, seat, events: _mode(match).events_for(seat, events),
        spectator_view=lambda match, seat: _mode(match).spectator_view(seat),
        log_context=lambda _content, names, own, known: LogContext(names, own, known),
        log_lines=log_lines, close=lambda match: _mode(match).close())
