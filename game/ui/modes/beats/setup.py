"""The beats mode at the screen: what the menu, the session and the encounter screen need of it."""

from __future__ import annotations

from game.core.battlefield import Battlefield
from game.core.errors import MapError
from game.modes.beats.content import load_content
from game.ui.modes import ScreenMode
from game.ui.modes.beats.screen import BeatsScreen
from game.ui.modes.beats.words import BeatsLogContext, log_lines
from game.ui.session import EncounterChoice

NAME = "beats"


def _no_map(path: str = "") -> Battlefield:
    raise MapError(f"{path or 'builtin'}: the beats mode is played without a map")


def _heroes() -> list[tuple[str, str]]:
    return [(key, hero.name) for key, hero in load_content().heroes.items()]


def _monsters() -> list[tuple[str, str]]:
    return [(key, foe.name) for key, foe in load_content().foes.items()]


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
        NAME, needs_map=False, built_in_map="", built_in_spec="", built_in_where="the table",
        heroes=_heroes, monsters=_monsters, screen=BeatsScreen, default_heroes=DEFAULT_HEROES,
        default_monsters=DEFAULT_MONSTERS, built_in=_no_map, load_map=_no_map,
        hero_note=lambda hero: "", hero_colour=lambda hero, party: (70, 130, 200),
        monster_big=lambda monster: monster == "bandit_chief", monsters_for=lambda battlefield: list(DEFAULT_MONSTERS),
        parties=False, levels=False, content=load_content, options=_options,
        members_at_start=lambda events: [], battlefield_of=lambda match: None, members=lambda view: view.members,
        readable=lambda match, seat, events: events, spectator_view=lambda match, seat: match.mode.view(seat),
        log_context=BeatsLogContext, log_lines=log_lines,
        close=lambda match: None)
