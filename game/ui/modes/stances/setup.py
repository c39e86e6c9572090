"""The stances mode's registration with the screen: its fighters for the menu, its setup, names, log and board."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.events import Event
from game.core.match import Match
from game.modes.stances import events as sev
from game.modes.stances.content import StancesContent, load_content
from game.modes.stances.mode import StancesMode
from game.modes.stances.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS, crossing_battlefield
from game.ui.eventtext import LogContext
from game.ui.modes import ScreenMode
from game.ui.modes.stances.log import log_lines
from game.ui.modes.stances.looks import hero_colour
from game.ui.modes.stances.screen import StancesScreen
from game.ui.session import EncounterChoice, check_map_path


def load_stances_map(map_path: str) -> Battlefield:
    """A Tiled map for the stances mode (MapError with one line when it cannot be played)."""
    check_map_path(map_path)
    from game.modes.stances.skirmish import battlefield_for

    # The stances mode's own fighters: a spawn naming a grid monster is warned about and names none.
    return battlefield_for(str(Path(map_path).expanduser()))


def stances_options(choice: EncounterChoice, content: StancesContent) -> dict[str, object]:
    """Heroes against monsters, each one the stances mode knows (GameError with one line if not)."""
    if choice.rivals:
        raise GameError("the stances mode sets heroes against monsters, not two parties")
    for name in choice.heroes:
        if name not in content.heroes:
            raise GameError(f"unknown hero {name!r} in the stances mode")
    for name in choice.monsters:
        if name not in content.monsters:
            raise GameError(f"unknown monster {name!r} in the stances mode")
    return {"heroes": list(choice.heroes), "monsters": list(choice.monsters)}


def members_at_start(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """Every fighter's id, name and side, as the encounter's first event gives them."""
    return [(cid, name, side) for event in events if isinstance(event, sev.EncounterBegan)
            for cid, name, side, _square in event.fighters]


def _mode(match: Match) -> StancesMode:
    assert isinstance(match.mode, StancesMode), f"a {match.setup.mode} match is not a stances match"
    return match.mode


def registration() -> ScreenMode:
    """How the screen plays the stances mode."""
    content = load_content()

    def hero_note(hero: str) -> str:
        """A stances hero has no role: its weapon says how it fights."""
        return content.weapons[content.heroes[hero].weapon].name.lower()

    def monsters_for(battlefield: Battlefield) -> list[str]:
        """The stances monsters the map's spawns name, else the mode's default band."""
        named = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
        return named or list(DEFAULT_MONSTERS)

    return ScreenMode(
        "stances", needs_map=True, built_in_map="Old Crossing (built in)", built_in_spec=BUILTIN,
        built_in_where="the built-in crossing",
        heroes=lambda: [(k, v.name) for k, v in content.heroes.items()],
        monsters=lambda: [(k, v.name) for k, v in content.monsters.items()], screen=StancesScreen,
        default_heroes=DEFAULT_HEROES, default_monsters=DEFAULT_MONSTERS, built_in=crossing_battlefield,
        load_map=load_stances_map, hero_note=hero_note, hero_colour=hero_colour,
        monster_big=lambda monster: content.monsters[monster].size in ("large", "huge", "gargantuan"),
        monsters_for=monsters_for, parties=False,
        levels=False,  # the stances policy has one level of play for every difficulty
        content=lambda: content, options=stances_options, members_at_start=members_at_start,
        battlefield_of=lambda match: _mode(match).state.battlefield, members=lambda view: view.fighters,
        # A stances seat reads every event: its log's words keep what is sealed sealed.
        readable=lambda match, seat, events: events,
        spectator_view=lambda match, seat: _mode(match).spectator_view(seat),
        log_context=lambda _content, names, own, known: LogContext(names, own, known),
        log_lines=log_lines, close=lambda match: _mode(match).close())
