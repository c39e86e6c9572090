"""The screen's one registration of modes: what the menu, the session and the encounter screen need of each.

Every mode plays on the same encounter screen (``game.ui.encounter``) by a screen of its own
(``game.ui.modes.<mode>``), and each mode package says in its ``setup`` module what the shared
code needs of it: its fighters for the menu, the options a choice sets up, the names in its
opening events, its log's words, its board. This is the only shared module that names a mode:
one line each in ``_SETUPS``. A mode registered elsewhere (a test's) uses ``register_screen_mode``.

When the engine gives every mode a specification of its own, the rules' half of this record
(content, options, members, readable events, spectator view, closing) is read from it here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.events import Event
from game.core.match import Match
from game.core.modespec import MAP_OPTIONAL, NO_MAP, map_kind
from game.ui.app import App

if TYPE_CHECKING:
    from game.ui.encounter import EncounterScreen
    from game.ui.eventtext import LogContext, LogLine
    from game.ui.session import EncounterChoice, Session

# Each mode the screen plays: the module whose ``registration()`` describes it (one line per mode).
_SETUPS: dict[str, str] = {
    "grid": "game.ui.modes.grid.setup",
    "stances": "game.ui.modes.stances.setup",
    "cards": "game.ui.modes.cards.setup",
    "arenas": "game.ui.modes.arenas.setup",
    "beats": "game.ui.modes.beats.setup",
}
DEFAULT_MODE = "grid"  # the menu's first mode, and the one a choice plays when it names none


@dataclass(frozen=True)
class ScreenMode:
    """One mode the screen can play: what the menu offers, how a match is set up, named, logged and shown."""

    name: str
    needs_map: bool  # whether the mode must play on a map (the menu hides the map column for a mode that never does)
    built_in_map: str  # what the menu calls the mode's own map
    built_in_spec: str  # how a save names that map ("builtin:hall")
    built_in_where: str  # how a message about a match on that map names it
    heroes: Callable[[], list[tuple[str, str]]]  # (id, name) of every hero, for the party
    monsters: Callable[[], list[tuple[str, str]]]
    screen: Callable[..., EncounterScreen]  # (app, session, on_menu, on_again, replay=None) -> the mode's screen
    default_heroes: tuple[str, ...]
    default_monsters: tuple[str, ...]
    built_in: Callable[[], Battlefield]
    load_map: Callable[[str], Battlefield]  # a .tmx path -> the battlefield (MapError with one line)
    hero_note: Callable[[str], str]  # what the menu writes after a hero's name: its role, or its weapon
    hero_colour: Callable[[str, Sequence[str]], tuple[int, int, int]]  # (hero, party) -> its token's colour
    monster_big: Callable[[str], bool]  # whether the menu draws a monster's token larger (a boss, a large one)
    monsters_for: Callable[[Battlefield], list[str]]  # the monsters a map's spawns name, else the mode's band
    parties: bool  # whether two hero parties may fight each other instead of monsters
    levels: bool  # whether the computer plays the mode differently at each difficulty
    content: Callable[[], Any]  # the mode's heroes, monsters and everything they carry
    options: Callable[[EncounterChoice, Any], dict[str, object]]  # (choice, content) -> the setup's options
    members_at_start: Callable[[Sequence[Event]], list[tuple[str, str, str]]]  # (cid, name, side) from the opening
    battlefield_of: Callable[[Match], Battlefield | None]  # the map a running match is played on
    members: Callable[[Any], Sequence[Any]]  # the members a seat's view lists (cid, name, side, controlled, ...)
    readable: Callable[[Match, str, list[Event]], list[Event]]  # what a seat may read of new events
    spectator_view: Callable[[Match, str], Any]  # the view of someone watching every side (a replay's)
    log_context: Callable[[Any, dict[str, str], frozenset[str], frozenset[str]], LogContext]  # content, names, ...
    log_lines: Callable[[Sequence[Event], LogContext], list[LogLine]]  # events in the mode's words
    close: Callable[[Match], None]  # drop what the match holds (its world)
    map_use: str = ""  # NO_MAP, MAP_OPTIONAL or MAP_REQUIRED (game.core.modespec); "" reads ``needs_map``
    # A seat's view -> each enemy it remembers and does not see now, as last seen and the round of it (the mode
    # works that out from the match); a mode whose views hide nobody needs none.
    last_seen: Callable[[Any], Mapping[str, tuple[Any, int]]] = lambda _view: {}
    about: str = ""  # how a fight of the mode goes, in a sentence or two: the menu says it where a map would be

    @property
    def map_kind(self) -> str:
        """How the mode uses a map: never, when one is chosen (else on the table), or always."""
        return map_kind(self.map_use, self.needs_map)

    @property
    def takes_map(self) -> bool:
        """Whether the menu offers maps for the mode: it needs one, or plays on one when given."""
        return self.map_kind != NO_MAP

    def battlefield(self, map_path: str) -> Battlefield | None:
        """The mode's built-in map for "" (None, the table, for a mode whose map is optional), else the Tiled map at
        the path (MapError with one line)."""
        if map_path == "":
            return None if self.map_kind == MAP_OPTIONAL else self.built_in()
        return self.load_map(map_path)


_REGISTERED: dict[str, Callable[[], ScreenMode]] = {}
_LOADED: dict[str, ScreenMode] = {}


def register_screen_mode(name: str, registration: Callable[[], ScreenMode]) -> None:
    """Make a mode playable at the screen (the game's own are listed in ``_SETUPS``; a test may add its own)."""
    _REGISTERED[name] = registration
    _LOADED.pop(name, None)


def playable_modes() -> tuple[str, ...]:
    """The modes the encounter screen can play."""
    return (*_SETUPS, *(name for name in _REGISTERED if name not in _SETUPS))


def screen_mode(name: str) -> ScreenMode:
    """A playable mode by name (KeyError for one the screen cannot play)."""
    if name not in _LOADED:
        if name in _REGISTERED:
            _LOADED[name] = _REGISTERED[name]()
        else:
            _LOADED[name] = importlib.import_module(_SETUPS[name]).registration()
    return _LOADED[name]


def open_session(choice: Any, battlefield: Battlefield | None = None, dice: Dice | None = None,
                 autosave: Path | None = None) -> Session:
    """A session of the chosen mode."""
    from game.ui.session import Session

    return Session(choice, battlefield, dice=dice, autosave=autosave)


def open_screen(app: App, session: Any, on_menu: Callable[[], None], on_again: Callable[[], None]) -> Any:
    """The encounter screen for a session, of the session's mode."""
    return screen_mode(session.choice.mode).screen(app, session, on_menu, on_again)


def resume_session(saved: Any, autosave: Path | None = None) -> Session:
    """A saved match of any mode the screen plays, where it stopped (SaveError with one line if it cannot be)."""
    from game.ui.session import Session

    return Session.resume(saved, autosave=autosave)


def replay_session(saved: Any, spectator: str) -> Session:
    """A saved match of any mode the screen plays, set up at its start to be replayed (SaveError with one line if not).

    ``spectator`` names the one more view and log a replay has: those of someone watching every side.
    """
    from game.ui.session import Session

    return Session.for_replay(saved, spectator)
