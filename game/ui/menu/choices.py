"""What the main menu has chosen: the mode, the map, the sides, the people at the screen and who plays what."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.mode import Seat
from game.core.modespec import MAP_OPTIONAL
from game.core.saves import SaveError, autosave_path, describe, read_save
from game.maps.loader import map_name_of
from game.players.balance import DIFFICULTIES
from game.players.even_fight import MAX_MONSTERS
from game.ui.app import App
from game.ui.balance_search import BalanceSearch
from game.ui.encounter import Callback
from game.ui.estimate import BalanceEstimate
from game.ui.layout import Layout
from game.ui.menu.encounters import resume_encounter, start_encounter
from game.ui.menu_dialogs import MenuDialog
from game.ui.modes import ScreenMode, playable_modes, screen_mode
from game.ui.session import (
    BUILT_IN,
    HEROES,
    MONSTERS,
    RIVALS,
    EncounterChoice,
    bundled_maps,
    computer_policy,
    member_ids,
    shown_map_name,
)
from game.ui.settings import COMPUTER, MAX_PEOPLE, Settings

MAX_HEROES = 5
BATTLE_NAMES = {"monsters": "Heroes against monsters", "parties": "Hero party against hero party"}
BATTLE_SHORT = {"monsters": "Against monsters", "parties": "Two hero parties"}  # when the long ones do not fit
DROP_DOWN_ARROW = 20  # pixels of a drop-down's width its arrow button takes (pygame-gui's default)
COMPUTER_SEAT = "Computer"
NOTHING_TO_CONTINUE = "No match to continue yet: start one, and it is saved after every turn"
LAST_ONE_OVER = ("Nothing to continue: the last match is over (Saved matches keeps it as \u201cautosave\u201d, "
                 "to see its result or watch it again)")
LEVEL_NOTES = {  # what each difficulty changes in the computer's play (docs/computer.md)
    "easy": "It reckons hit chances roughly, ignores danger, never hides and now and then blunders.",
    "normal": "It weighs everything it knows and picks among plans close to its best.",
    "hard": "It weighs everything it knows, who acts before its next turn and which wounds will heal, "
            "strikes together with its side, stands and hides after striking, and always takes its best plan.",
}

_FIGHTS_ON: dict[tuple[str, str, int], bool] = {}  # (mode, map file, its version): whether the mode plays it


def fights_on(mode: str, path: Path) -> bool:
    """Whether a mode can fight on a shipped map; worked out once for each version of the file."""
    try:
        key = (mode, str(path), path.stat().st_mtime_ns)
    except OSError:
        return False
    if key not in _FIGHTS_ON:
        try:
            screen_mode(mode).battlefield(str(path))
            _FIGHTS_ON[key] = True
        except GameError:  # such as a map without arenas for the arenas mode
            _FIGHTS_ON[key] = False
    return _FIGHTS_ON[key]


def last_match() -> str | None:
    """The match under Continue in a few words (its mode, map and round, or "over"); None when there is none,
    or it cannot be read (opening it says why)."""
    path = autosave_path()
    try:
        return describe(read_save(path)) if path.exists() else None
    except SaveError:
        return None  # one that cannot be read is kept aside as the new match begins (Session)


def last_match_over() -> bool:
    """Whether the match under Continue has ended: there is nothing to pick up."""
    told = last_match()
    return told is not None and told.endswith("over")


def _unfinished() -> str | None:
    """The match under Continue in a few words, when it is not over; None when there is none to lose."""
    told = last_match()
    return None if told is None or told.endswith("over") else told


class TextCallback(Protocol):
    """What a drop-down calls with the option chosen; a protocol for the reason given at ``Callback``."""

    def __call__(self, text: str, /) -> object: ...


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file."""
    return Path(a).resolve() == Path(b).resolve()

def person_key(index: int) -> str:
    """How the settings name the index-th person at the screen."""
    return f"person:{index}"


class MenuChoices(ABC):
    """What the first screen has chosen, and the changes its widgets make: remembered for the next run."""

    def __init__(self, app: App, choice: EncounterChoice | None = None, error: str = "") -> None:
        self.app = app
        self.error = error
        mode = choice.mode if choice else self.settings.mode
        self._use_mode(mode if mode in playable_modes() else "grid")
        self.map_path = choice.map_path if choice else self.settings.map
        self.heroes = list(choice.heroes if choice else self.settings.heroes)
        self.heroes = [h for h in self.heroes if h in self.hero_names][:MAX_HEROES] or self._default_party()
        rivals = list(choice.rivals) if choice and choice.rivals else list(self.settings.rivals)
        if self.screen_mode.parties:
            rivals = [h for h in rivals if h in self.hero_names] or ["rogue"]
        self.rivals = list(dict.fromkeys(rivals))[:MAX_HEROES]  # kept for the modes with parties
        self.battle = ("parties" if choice.rivals else "monsters") if choice else self.settings.battle
        self.people = list(self.settings.people)[:MAX_PEOPLE] or ["Player 1"]
        self.control = dict(self.settings.control)
        self.difficulty = choice.difficulty if choice else self.settings.difficulty
        # New dice for every encounter started here: the menu a finished match returns to keeps that match's
        # choices, never its seed, which would roll the same dice again (`play --seed` sets the seed after).
        self.seed = random.randrange(1, 1_000_000)
        self.battlefield: Battlefield | None = None
        self.monsters: list[str] = []
        self._monster_ids: dict[str, str] = {}  # a monster's name in the drop-down to add one -> its id
        self.dialog: MenuDialog | None = None  # the settings or the saved matches, while open
        self.buttons: dict[object, Callback] = {}
        self.dropdowns: dict[object, TextCallback] = {}
        self.elements: list[object] = []
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.path_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.map_list: pygame_gui.elements.UISelectionList | None = None
        self.layout: Layout = app.layout
        self.maps = self._mode_maps()
        self.labels: list[tuple[str, tuple[int, int], str]] = []  # (text, position, font role) drawn by draw()
        self.side_rows: list[tuple[str, str, int]] = []  # (side, template, y) of each drawn hero row
        self._focus: int | None = None
        self.monster_scroll = 0  # the first kind of monster shown when not all fit the column
        self._show_kind: str | None = None  # a kind just added, scrolled into sight at the next build
        self.monster_rows: list[tuple[str, int]] = []  # (monster, y) of each drawn monster row
        self.monster_pager: int | None = None  # y of the row that pages through the kinds, when shown
        self.monster_area = pygame.Rect(0, 0, 0, 0)  # where the mouse wheel pages through them
        self.side_row = 0  # the height of the Sides column's rows, as tall as the window lets every hero fit
        self.pointer = (0, 0)  # where the mouse last moved to: the wheel scrolls what is under it
        self.balance = BalanceEstimate()
        self.search = BalanceSearch(MAX_MONSTERS)
        self.search_button: pygame_gui.elements.UIButton | None = None
        self._load_map(self.map_path, keep_monsters=list(choice.monsters) if choice and choice.monsters else None)

    # -- the mode --------------------------------------------------------------------------------
    def _use_mode(self, name: str) -> None:
        """Read the fighters a mode offers: the heroes for the party, the monsters for the band."""
        self.mode = name
        self.screen_mode: ScreenMode = screen_mode(name)
        self.hero_names = dict(self.screen_mode.heroes())
        self.monster_names = dict(self.screen_mode.monsters())

    def _default_party(self) -> list[str]:
        return list(self.screen_mode.default_heroes)[:MAX_HEROES]

    def _mode_maps(self) -> list[tuple[str, str]]:
        """The mode's built-in map, then the shipped maps it can fight on by their titles, in order of title."""
        shipped = sorted((shown_map_name(map_name_of(path)), str(path)) for path in bundled_maps()
                         if not self.screen_mode.takes_map or fights_on(self.mode, path))
        names = [name for name, _ in shipped]
        # The list finds a map by the text of its row: two maps of one title are told apart by their files.
        shipped = [(name if names.count(name) == 1 else f"{name} ({Path(path).name})", path) for name, path in shipped]
        return [(self.screen_mode.built_in_map, BUILT_IN), *shipped]

    @property
    def parties(self) -> bool:
        """Whether two hero parties fight (chosen, and the mode allows it) rather than heroes and monsters."""
        return self.battle == "parties" and self.screen_mode.parties

    def _set_mode(self, name: str) -> None:
        """Play another mode: its own heroes, monsters and built-in map; a .tmx map chosen stays if it can."""
        if name == self.mode or name not in playable_modes():
            return
        self._use_mode(name)
        self.heroes = self._default_party()
        if self.screen_mode.parties:
            self.rivals = [h for h in self.rivals if h in self.hero_names] or ["rogue"]
        self.maps = self._mode_maps()
        self.battlefield = None  # a map this mode cannot play falls back to its built-in one, named in red
        self._load_map(self.map_path)
        self._remember()
        self._rebuild()

    # -- the map ---------------------------------------------------------------------------------
    def _load_map(self, map_path: str, keep_monsters: list[str] | None = None) -> bool:
        """Load a map for the preview and its default monsters; a map that cannot be played is named in red.

        A mode without a map loads none, nor one whose map is optional when the table is chosen: its monsters are
        the ones kept, else its default band.
        """
        if not self.screen_mode.takes_map or (map_path == BUILT_IN and self.screen_mode.map_kind == MAP_OPTIONAL):
            self.battlefield, self.map_path, self.error = None, BUILT_IN, ""
            self.monsters = [m for m in keep_monsters or () if m in self.monster_names] or \
                list(self.screen_mode.default_monsters)
            return True
        # A listed map given by another spelling of its path (`play --map maps/crypt.tmx`) is that entry.
        map_path = next((value for _, value in self.maps if value and map_path and _same_file(value, map_path)),
                        map_path)
        try:
            battlefield = self.screen_mode.battlefield(map_path)
        except GameError as error:
            self.error = str(error)
            if self.battlefield is None and map_path != BUILT_IN:
                self._load_map(BUILT_IN)
                self.error = str(error)
            return False
        assert battlefield is not None, "a map path, or the built-in map of a mode that needs one"
        self.battlefield = battlefield
        self.map_path = map_path
        self.error = ""
        self.monsters = [m for m in keep_monsters or () if m in self.monster_names] or \
            self.screen_mode.monsters_for(battlefield)
        if map_path and all(value != map_path for _, value in self.maps):
            self.maps.append((Path(map_path).name, map_path))
        return True

    # -- who plays what --------------------------------------------------------------------------
    def person_names(self) -> list[str]:
        """The names of the people at the screen, as typed (a blank one is "Player N")."""
        return [name.strip() or f"Player {i + 1}" for i, name in enumerate(self.people)]

    def sides(self) -> list[tuple[str, list[str]]]:
        """The sides to be set up, each with its templates."""
        if self.parties:
            return [(HEROES, list(self.heroes)), (RIVALS, list(self.rivals))]
        return [(HEROES, list(self.heroes)), (MONSTERS, list(self.monsters))]

    def owner(self, unit: str) -> str:
        """Who plays a unit ("monsters", or "heroes:<hero>" / "rivals:<hero>"): COMPUTER or a person's key."""
        value = self.control.get(unit)
        if value == COMPUTER or (value is not None and value.startswith("person:")
                                 and int(value.split(":")[1]) < len(self.people)):
            return value
        if unit == MONSTERS or (unit.startswith(RIVALS + ":") and len(self.people) == 1):
            return COMPUTER
        if unit.startswith(RIVALS + ":"):
            return person_key(1)
        return person_key(0)

    def owner_options(self) -> list[tuple[str, str]]:
        """The choices of a "played by" drop-down: (label, owner), every label different."""
        out: list[tuple[str, str]] = []
        used: set[str] = set()
        for i, name in enumerate(self.person_names()):
            label = name
            while label in used or label == COMPUTER_SEAT:
                label += "\u2009"  # a thin space keeps two people of the same name apart in the list
            used.add(label)
            out.append((label, person_key(i)))
        out.append((COMPUTER_SEAT, COMPUTER))
        return out

    def owner_label(self, owner: str) -> str:
        """The drop-down label of an owner."""
        return next(label for label, value in self.owner_options() if value == owner)

    def rivals_at_screen(self) -> bool:
        """Whether people at this screen play against each other: then where either side starts is its own."""
        played: set[str] = set()
        for side, templates in self.sides():
            units = [MONSTERS] if side == MONSTERS else [f"{side}:{t}" for t in templates]
            if any(self.owner(unit) != COMPUTER for unit in units):
                played.add(side)
        return len(played) > 1

    def seats(self) -> tuple[Seat, ...]:
        """The seats as chosen: each person, then the computer, naming whole sides or single heroes by id."""
        sides = self.sides()
        plan: dict[str, list[str]] = {person_key(i): [] for i in range(len(self.people))}
        plan[COMPUTER] = []
        for (side, templates), ids in zip(sides, member_ids(sides), strict=True):
            if side == MONSTERS:
                plan[self.owner(MONSTERS)].append(MONSTERS)
                continue
            owners = [self.owner(f"{side}:{t}") for t in templates]
            if owners and len(set(owners)) == 1:
                plan[owners[0]].append(side)  # the whole side: its person may also retreat it
            else:
                for cid, who in zip(ids, owners, strict=True):
                    plan[who].append(cid)
        names = self.person_names()
        seats = [Seat(names[i], tuple(plan[person_key(i)])) for i in range(len(self.people))]
        if not any(seat.sides for seat in seats):
            seats = []  # everything to the computer: the people at the screen only watch
        if plan[COMPUTER]:
            seats.append(Seat(COMPUTER_SEAT, tuple(plan[COMPUTER]), True, computer_policy(self.difficulty)))
        return tuple(seats)

    @abstractmethod
    def _rebuild(self) -> None:
        """Make the widgets again for what is chosen now (``MenuColumns``)."""

    # -- changes ---------------------------------------------------------------------------------

    def _open_typed(self) -> None:
        if self.path_entry is not None and self.path_entry.get_text().strip():
            self._load_map(self.path_entry.get_text().strip())
            self._remember()
            self._rebuild()

    def _toggle_hero(self, side: str, template: str) -> None:
        party = self.heroes if side == HEROES else self.rivals
        if template in party:
            if len(party) > 1:
                party.remove(template)
        elif len(party) < MAX_HEROES:
            party.append(template)
        self._remember()
        self._rebuild()

    def _set_owner(self, units: tuple[str, ...], label: str) -> None:
        owner = next((value for text, value in self.owner_options() if text == label), None)
        if owner is None:
            return
        for unit in units:
            self.control[unit] = owner
        self._remember()
        self._rebuild()

    def _set_battle(self, text: str) -> None:
        battle = next((key for names in (BATTLE_NAMES, BATTLE_SHORT) for key, name in names.items() if name == text),
                      self.battle)
        if battle != self.battle:
            self.battle = battle
            self._remember()
            self._rebuild()

    def _set_difficulty(self, text: str) -> None:
        if text in DIFFICULTIES:
            self.difficulty = text
            self._remember()

    def _people(self, step: int) -> None:
        count = max(1, min(MAX_PEOPLE, len(self.people) + step))
        while len(self.people) < count:
            self.people.append(f"Player {len(self.people) + 1}")
        del self.people[count:]
        self._remember()
        self._rebuild()

    def _rename(self, index: int, text: str) -> None:
        if index < len(self.people) and self.people[index] != text:
            self.people[index] = text
            self._remember()
            # The drop-downs name the people: rebuilt, with the typing kept in this field.
            self._focus = index
            self._rebuild()
            self._focus = None

    def _change_monster(self, name: str, step: int) -> None:
        if step > 0 and len(self.monsters) < MAX_MONSTERS:
            self.monsters.insert(self.monsters.index(name) + 1, name)
        elif step < 0 and len(self.monsters) > 1:
            self.monsters.remove(name)
        self._rebuild()

    def _add_monster(self, text: str) -> None:
        if text in self._monster_ids and len(self.monsters) < MAX_MONSTERS:
            self.monsters.append(self._monster_ids[text])
            self._show_kind = self._monster_ids[text]
        self._rebuild()

    def _scroll_monsters(self, step: int) -> None:
        """Show the kinds of monster above or below those in sight, when not all fit the column."""
        self.monster_scroll = max(0, self.monster_scroll + step)
        self._rebuild()  # the build keeps the scroll within the kinds there are

    def _reset_monsters(self) -> None:
        if self.battlefield is not None:
            self.monsters = self.screen_mode.monsters_for(self.battlefield)
        self._rebuild()

    @abstractmethod
    def _show_saves(self) -> None:
        """Open the saved matches (``MenuScreen``)."""

    @abstractmethod
    def _show_settings(self) -> None:
        """Open the settings (``MenuScreen``)."""

    @abstractmethod
    def _ask_replace(self, unfinished: str) -> None:
        """Ask before a new encounter replaces the unfinished match (``MenuScreen``)."""

    def close_dialog(self) -> None:
        """Back to the menu from a dialog."""
        self.dialog = None
        self._rebuild()

    @property
    def settings(self) -> Settings:
        """The app's settings, read each time: applying a change of window or scale gives the app a new copy."""
        return self.app.settings

    def _remember(self) -> None:
        self.settings.mode = self.mode
        self.settings.map = self.map_path
        self.settings.heroes = list(self.heroes)
        self.settings.rivals = list(self.rivals)
        self.settings.battle = self.battle
        self.settings.people = list(self.people)
        self.settings.control = {unit: owner for unit, owner in self.control.items()}
        self.settings.difficulty = self.difficulty
        self.app.save()

    def choice(self) -> EncounterChoice:
        """The encounter as chosen so far."""
        parties = self.parties
        return EncounterChoice(self.map_path, tuple(self.heroes), () if parties else tuple(self.monsters),
                               seed=self.seed, mode=self.mode, rivals=tuple(self.rivals) if parties else (),
                               seats=self.seats(), difficulty=self.difficulty)

    def start(self) -> None:
        """Start the encounter; first ask when an unfinished match is under Continue."""
        unfinished = _unfinished()
        if unfinished is not None:
            self._ask_replace(unfinished)
            return
        self.start_anyway()

    def start_anyway(self) -> None:
        """Start the encounter, or say in red why it cannot start."""
        self.dialog = None
        self._remember()
        try:
            start_encounter(self.app, self.choice())
        except GameError as error:
            self.error = str(error)
            self._rebuild()

    def continue_last(self) -> None:
        """Pick the last match up where it stopped, or say in red why it cannot be (the file is left as it is)."""
        if not autosave_path().exists() or last_match_over():
            self.error = LAST_ONE_OVER if autosave_path().exists() else NOTHING_TO_CONTINUE
            self._rebuild()
            return
        self.open_save(autosave_path())

    def open_save(self, path: Path) -> None:
        """Resume a save, or say in red what is wrong with it (the file is left as it is)."""
        try:
            resume_encounter(self.app, path)
        except GameError as error:
            self.error = str(error)
            self.dialog = None
            self._rebuild()
