"""What the encounter screen needs per mode: its session, its screen, its replay, its fighters and its built-in map.

Every mode plays on the same encounter screen (``game.ui.encounter``) by a subclass that says what
the screen reads from the mode's view (the list on the left, the controls on the right, the log
lines, what is drawn over the map): ``game.ui.modes.grid`` and ``game.ui.modes.stances``, registered
here by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.ui.app import App

if TYPE_CHECKING:
    from game.ui.replay import ReplayScreen
    from game.ui.session import Session


@dataclass(frozen=True)
class ScreenMode:
    """One mode the screen can play."""

    name: str
    built_in_map: str  # what the menu calls the mode's own map
    heroes: Callable[[], list[tuple[str, str]]]  # (id, name) of every hero, for the party
    monsters: Callable[[], list[tuple[str, str]]]
    session: type[Session]  # (choice, battlefield, dice, autosave) -> Session
    screen: Callable[..., Any]  # (app, session, on_menu, on_again) -> EncounterScreen
    default_heroes: tuple[str, ...]
    default_monsters: tuple[str, ...]
    built_in: Callable[[], Battlefield]
    load_map: Callable[[str], Battlefield]  # a .tmx path -> the battlefield (MapError with one line)
    hero_note: Callable[[str], str]  # what the menu writes after a hero's name: its role, or its weapon
    hero_colour: Callable[[str, Sequence[str]], tuple[int, int, int]]  # (hero, party) -> its token's colour
    monster_big: Callable[[str], bool]  # whether the menu draws a monster's token larger (a boss, a large one)
    monsters_for: Callable[[Battlefield], list[str]]  # the monsters a map's spawns name, else the mode's band
    parties: bool  # whether two hero parties may fight each other instead of monsters
    replay: type[ReplayScreen]  # the replay screen of the mode's saves: (app, saved, speed, on_quit)
    levels: bool  # whether the computer plays the mode differently at each difficulty

    def battlefield(self, map_path: str) -> Battlefield:
        """The mode's built-in map for "", else the Tiled map at the path (MapError with one line)."""
        return self.built_in() if map_path == "" else self.load_map(map_path)


def _grid() -> ScreenMode:
    from game.modes.grid.content import load_content
    from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS, skirmish_battlefield
    from game.ui.modes.grid import GridReplayScreen, GridScreen
    from game.ui.session import BUILT_IN_NAME, Session, default_monsters, load_battlefield
    from game.ui.theme import parse_colour

    content = load_content()
    return ScreenMode("grid", BUILT_IN_NAME, lambda: [(k, v.name) for k, v in content.heroes.items()],
                      lambda: [(k, v.name) for k, v in content.monsters.items()], Session, GridScreen,
                      tuple(DEFAULT_HEROES), tuple(DEFAULT_MONSTERS), skirmish_battlefield,
                      lambda path: load_battlefield(path, content),
                      hero_note=lambda hero: content.heroes[hero].role,
                      hero_colour=lambda hero, _party: parse_colour(content.heroes[hero].colour),
                      monster_big=lambda monster: "Boss" in content.monsters[monster].keywords,
                      monsters_for=lambda battlefield: default_monsters(battlefield, content), parties=True,
                      replay=GridReplayScreen, levels=True)


def _stances() -> ScreenMode:
    from game.modes.stances.content import load_content
    from game.modes.stances.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS, crossing_battlefield
    from game.ui.modes.stances import StancesReplayScreen, StancesScreen
    from game.ui.modes.stances.looks import hero_colour
    from game.ui.modes.stances.session import StancesSession, load_stances_map

    content = load_content()

    def hero_note(hero: str) -> str:
        """A stances hero has no role: its weapon says how it fights."""
        return content.weapons[content.heroes[hero].weapon].name.lower()

    def monsters_for(battlefield: Battlefield) -> list[str]:
        """The stances monsters the map's spawns name, else the mode's default band."""
        named = [s.monster for s in battlefield.monster_spawns if s.monster in content.monsters]
        return named or list(DEFAULT_MONSTERS)

    return ScreenMode("stances", "Old Crossing (built in)",
                      lambda: [(k, v.name) for k, v in content.heroes.items()],
                      lambda: [(k, v.name) for k, v in content.monsters.items()], StancesSession, StancesScreen,
                      DEFAULT_HEROES, DEFAULT_MONSTERS, crossing_battlefield, load_stances_map,
                      hero_note=hero_note, hero_colour=hero_colour,
                      monster_big=lambda monster: content.monsters[monster].size in ("large", "huge", "gargantuan"),
                      monsters_for=monsters_for, parties=False, replay=StancesReplayScreen,
                      levels=False)  # the stances policy has one level of play for every difficulty


_FACTORIES: dict[str, Callable[[], ScreenMode]] = {"grid": _grid, "stances": _stances}
_LOADED: dict[str, ScreenMode] = {}


def playable_modes() -> tuple[str, ...]:
    """The modes the encounter screen can play."""
    return tuple(_FACTORIES)


def screen_mode(name: str) -> ScreenMode:
    """A playable mode by name (KeyError for one the screen cannot play)."""
    if name not in _LOADED:
        _LOADED[name] = _FACTORIES[name]()
    return _LOADED[name]


def open_session(choice: Any, battlefield: Battlefield | None = None, dice: Dice | None = None,
                 autosave: Path | None = None) -> Any:
    """A session of the chosen mode."""
    return screen_mode(choice.mode).session(choice, battlefield, dice=dice, autosave=autosave)


def open_screen(app: App, session: Any, on_menu: Callable[[], None], on_again: Callable[[], None]) -> Any:
    """The encounter screen for a session, of the session's mode."""
    return screen_mode(session.choice.mode).screen(app, session, on_menu, on_again)


def resume_session(saved: Any, autosave: Path | None = None) -> Any:
    """A saved match of any mode the screen plays, where it stopped (SaveError with one line if it cannot be)."""
    from game.core.saves import SaveError

    mode = saved.setup.mode
    if mode not in _FACTORIES:
        raise SaveError(f"{saved.path}: the {mode} mode cannot be played at the screen yet")
    return screen_mode(mode).session.resume(saved, autosave=autosave)


def replay_session(saved: Any, spectator: str) -> Any:
    """A saved match of any mode the screen plays, set up at its start to be replayed (SaveError with one line if not).

    ``spectator`` names the one more view and log a replay has: those of someone watching every side.
    """
    from game.core.saves import SaveError

    mode = saved.setup.mode
    if mode not in _FACTORIES:
        raise SaveError(f"{saved.path}: the {mode} mode cannot be shown at the screen yet; replay --check replays it")
    return screen_mode(mode).session.for_replay(saved, spectator)
