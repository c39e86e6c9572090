"""The main menu: mode, map, the sides, the people at the screen and who plays what, saves and the settings."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.mode import Seat
from game.core.saves import SaveError, autosave_path, read_save, saved_match
from game.maps.loader import map_name_of
from game.players.balance import DIFFICULTIES
from game.players.even_fight import MAX_MONSTERS
from game.ui import theme
from game.ui.app import App
from game.ui.balance_search import BalanceSearch
from game.ui.encounter import Callback
from game.ui.estimate import BalanceEstimate, EncounterKey
from game.ui.layout import Layout, menu_buttons, menu_columns
from game.ui.menu_dialogs import MenuDialog, SavesDialog, SettingsDialog
from game.ui.modes import ScreenMode, open_screen, open_session, playable_modes, resume_session, screen_mode
from game.ui.panels import TextLine, draw_lines, lines_height, text_height
from game.ui.replay import open_replay
from game.ui.session import (
    BUILT_IN,
    HEROES,
    MONSTERS,
    RIVALS,
    EncounterChoice,
    Session,
    bundled_maps,
    computer_policy,
    map_title,
    member_ids,
    shown_map_name,
)
from game.ui.settings import COMPUTER, MAX_PEOPLE, Settings
from game.ui.tokens import TokenLook, faded_sprite, initials, sprite

MAX_HEROES = 5
BATTLE_NAMES = {"monsters": "Heroes against monsters", "parties": "Hero party against hero party"}
BATTLE_SHORT = {"monsters": "Against monsters", "parties": "Two hero parties"}  # when the long ones do not fit
DROP_DOWN_ARROW = 20  # pixels of a drop-down's width its arrow button takes (pygame-gui's default)
COMPUTER_SEAT = "Computer"
NOTHING_TO_CONTINUE = "No match to continue yet: start one, and it is saved after every turn"
LEVEL_NOTES = {  # what each difficulty changes in the computer's play (README, "Computer opponents")
    "easy": "It reckons hit chances roughly, ignores danger, never hides and now and then blunders.",
    "normal": "It weighs everything it knows and picks among plans close to its best.",
    "hard": "It weighs everything it knows, who acts before its next turn and which wounds will heal, "
            "strikes together with its side, stands and hides after striking, and always takes its best plan.",
}


class TextCallback(Protocol):
    """What a drop-down calls with the option chosen; a protocol for the reason given at ``Callback``."""

    def __call__(self, text: str, /) -> object: ...


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file."""
    return Path(a).resolve() == Path(b).resolve()


def show_session(app: App, session: Session) -> None:
    """Open the encounter screen of the session's mode; "play again" and "menu" lead on from it."""
    choice = session.choice

    def again() -> None:
        start_encounter(app, choice.with_seed(session.match.seed + 1), session.battlefield
                        if not session.can_save else None)

    def menu() -> None:
        app.show(MenuScreen(app, choice))

    def replay() -> None:
        # The finished match is played back from its own actions; leaving the replay picks the
        # match up again where it ended, so its result (and Play again) come back.
        saved = saved_match(session.match, Path("the encounter just played"))  # the replay's panel names it

        def back() -> None:
            try:
                show_session(app, resume_session(saved))
            except SaveError as error:  # its map file went away meanwhile: say so in the menu
                app.show(MenuScreen(app, choice, error=str(error)))

        app.show(open_replay(app, saved, 1.0, on_quit=back))

    screen = open_screen(app, session, on_menu=menu, on_again=again)
    screen.on_replay = replay
    app.show(screen)


def start_encounter(app: App, choice: EncounterChoice, battlefield: Battlefield | None = None) -> None:
    """Start a new encounter, autosaved after every turn (a ``battlefield`` not read from a file cannot be)."""
    session = open_session(choice, battlefield, autosave=autosave_path() if battlefield is None else None)
    show_session(app, session)


def resume_encounter(app: App, path: Path) -> None:
    """Pick a saved match up where it stopped; SaveError with one line when the file cannot be resumed."""
    session = resume_session(read_save(path), autosave=autosave_path())
    show_session(app, session)


def person_key(index: int) -> str:
    """How the settings name the index-th person at the screen."""
    return f"person:{index}"


class MenuScreen:
    """The first screen: everything chosen here is remembered for the next run."""

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
        """The mode's built-in map, then the maps shipped with the game by their titles, in order of title."""
        shipped = sorted((shown_map_name(map_name_of(path)), str(path)) for path in bundled_maps())
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
        """Load a map for the preview and its default monsters; a map that cannot be played is named in red."""
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

    # -- widgets ---------------------------------------------------------------------------------
    def _manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def _button(self, rect: pygame.Rect, text: str, callback: Callback | None, tooltip: str | None = None,
                style: str | None = None, enabled: bool = True) -> pygame_gui.elements.UIButton:
        button = pygame_gui.elements.UIButton(rect, text, self._manager(), tool_tip_text=tooltip,
                                              object_id=ObjectID(class_id=style) if style else None)
        if callback is None or not enabled:
            button.disable()
        else:
            self.buttons[button] = callback
        self.elements.append(button)
        return button

    def _close_open_list(self) -> bool:
        """Close a drop-down that shows its options, choosing nothing; whether one was open (Esc does this first)."""
        shown = [menu for menu in self.dropdowns
                 if isinstance(menu, pygame_gui.elements.UIDropDownMenu)
                 and menu.current_state is menu.menu_states["expanded"]]
        for menu in shown:
            menu.unfocus()  # the drop-down goes back to its closed state on its next update
        return bool(shown)

    def _dropdown(self, rect: pygame.Rect, options: list[str], chosen: str,
                  callback: TextCallback) -> pygame_gui.elements.UIDropDownMenu:
        # pygame-gui types the options as a list of str or (str, str), invariant; it only copies them.
        menu = pygame_gui.elements.UIDropDownMenu(options, chosen, rect, self._manager())  # type: ignore[arg-type]
        self.dropdowns[menu] = callback
        self.elements.append(menu)
        return menu

    def _label(self, text: str, pos: tuple[int, int], role: str = "body") -> None:
        self.labels.append((text, pos, role))

    def build(self, layout: Layout) -> None:
        """Create the menu's widgets (and those of an open dialog)."""
        self.layout = layout
        for element in self.elements:
            element.kill()  # type: ignore[attr-defined]
        self.elements = []
        self.buttons = {}
        self.dropdowns = {}
        self.labels = []
        self.side_rows = []
        self.monster_rows = []
        self.monster_pager = None
        self.name_entries = []
        self.search_button = None
        self.path_entry = None
        self.map_list = None
        if self.dialog is not None:
            self.dialog.build()
            return
        self._build_encounter()
        self._build_party()
        self._build_players()
        self._build_title_buttons()
        start, quit_rect = menu_buttons(self.layout)
        self._button(start, "Start the encounter", self.start, "Begin (Enter)", style="@primary")
        self._button(quit_rect, "Quit", self.app.quit, "Close the game (Esc)")
        if self._focus is not None and self._focus < len(self.name_entries):
            entry = self.name_entries[self._focus]
            entry.focus()
            entry.edit_position = len(entry.get_text())

    def _build_title_buttons(self) -> None:
        """Continue, the saved matches and the settings, at the right of the title band."""
        L = self.layout
        title = menu_columns(L)[0]
        h, w, gap = L.px(40), L.px(150), L.px(10)
        x = title.right - L.px(16) - 3 * w - 2 * gap
        y = title.centery - h // 2
        # Continue stands out only when there is a match to continue; with none it still says why when pressed.
        if autosave_path().exists():
            self._button(pygame.Rect(x, y, w, h), "Continue", self.continue_last,
                         "Pick the last match up where it stopped", style="@primary")
        else:
            self._button(pygame.Rect(x, y, w, h), "Continue", self.continue_last, NOTHING_TO_CONTINUE)
        self._button(pygame.Rect(x + w + gap, y, w, h), "Saved matches", self._show_saves,
                     "Open a match saved under a name")
        self._button(pygame.Rect(x + 2 * (w + gap), y, w, h), "Settings", self._show_settings,
                     "Window, display, UI scale, animation and the computer's pace")
        self.title_buttons_x = x

    def _build_encounter(self) -> None:
        """The first column: mode and map."""
        L = self.layout
        first = menu_columns(L)[1]
        row, gap, head = L.px(34), L.px(8), L.px(34)
        y = first.y + head
        self._dropdown(pygame.Rect(first.x + L.px(70), y, first.width - L.px(70), row), list(playable_modes()),
                       self.mode, self._set_mode)
        y += row + gap + L.px(22)
        list_h = L.px(theme.list_row()) * min(6, len(self.maps)) + L.px(6)
        names: list[str | tuple[str, str]] = [name for name, _ in self.maps]
        chosen = next((name for name, value in self.maps if value == self.map_path), names[0])
        self.map_list = pygame_gui.elements.UISelectionList(pygame.Rect(first.x, y, first.width, list_h), names,
                                                            self._manager(), default_selection=chosen)
        self.elements.append(self.map_list)
        y += list_h + gap
        open_w = L.px(90)
        self.path_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(first.x, y, first.width - open_w - gap, row),
                                                              self._manager(), placeholder_text="or type a .tmx path")
        self.elements.append(self.path_entry)
        self._button(pygame.Rect(first.right - open_w, y, open_w, row), "Open", self._open_typed,
                     "Load the Tiled map at this path")
        self.preview_top = y + row + gap

    def _owner_dropdown(self, rect: pygame.Rect, units: list[str]) -> None:
        """A "played by" drop-down that gives every unit to the chosen person or the computer."""
        owners = {self.owner(u) for u in units}
        current = self.owner_label(owners.pop()) if len(owners) == 1 else "(several)"
        options = [label for label, _ in self.owner_options()]
        if current not in options:
            options = [current] + options
        self._dropdown(rect, options, current, lambda text, us=tuple(units): self._set_owner(us, text))

    def _hero_rows(self, side: str, members: list[str], y: int, bottom: int, row: int) -> int:
        """One toggle per hero of a party, each in the party with its "played by" drop-down; returns the next y."""
        L = self.layout
        second = menu_columns(L)[2]
        owner_w = L.px(118)
        size, edges = theme.button_text(L.scale)
        # Every row says "name · class" when each fits the narrowest row (one with its drop-down), else
        # every row says the name alone, and its tooltip the class.
        room = second.width - L.px(40) - owner_w - L.px(6) - edges
        fulls = {t: f"{name} \u00b7 {self.screen_mode.hero_note(t)}" for t, name in self.hero_names.items()}
        whole = all(theme.fit_label(full, size, room) == full for full in fulls.values())
        for template, name in self.hero_names.items():
            if y + row > bottom:
                break
            on = template in members
            width = second.width - L.px(40) - (owner_w + L.px(6) if on else 0)
            full = fulls[template]
            label = full if whole else theme.fit_label(name, size, width - edges)
            tooltip = "In the party or not" if whole else f"{full}: in the party or not"
            self._button(pygame.Rect(second.x + L.px(40), y, width, row), label,
                         lambda t=template: self._toggle_hero(side, t), tooltip,
                         style="@option_chosen" if on else "@option")
            if on:
                self._owner_dropdown(pygame.Rect(second.right - owner_w, y, owner_w, row), [f"{side}:{template}"])
            self.side_rows.append((side, template, y))
            y += row + L.px(4)
        return y

    def _side_row_height(self, second: pygame.Rect) -> int:
        """The tallest rows that let every hero, and up to three kinds of monster, fit the Sides column."""
        L = self.layout
        heroes = len(self.hero_names)
        wanted_monsters = min(3, len(set(self.monsters)))
        for height in ((30, 26, 24) if self.parties else (34, 30, 26, 24)):
            row, step = L.px(height), L.px(height) + L.px(4)
            if self.parties:
                needed = 2 * L.px(34) + 2 * heroes * step + L.px(10)
            else:  # the heroes, the monsters' heading, their rows, and the row that adds one
                needed = L.px(34) + heroes * step + L.px(10) + L.px(34) + wanted_monsters * step + row + L.px(8)
            if needed <= second.height - L.px(34):
                return row
        return L.px(24)

    def _build_party(self) -> None:
        """The second column: the heroes, and the monsters or the rival party, each with who plays it."""
        L = self.layout
        second = menu_columns(L)[2]
        gap, head = L.px(8), L.px(34)
        parties = self.parties
        row = self.side_row = self._side_row_height(second)
        owner_w = L.px(118)
        y = second.y + head
        # Each side's heading carries a drop-down that gives the whole side to one person or the computer.
        self.side_headings = [y]
        self._owner_dropdown(pygame.Rect(second.right - owner_w, y, owner_w, L.px(28)),
                             [f"{HEROES}:{h}" for h in self.heroes])
        y = self._hero_rows(HEROES, self.heroes, y + L.px(34), second.bottom, row) + L.px(10)
        self.side_headings.append(y)
        if parties:
            self._owner_dropdown(pygame.Rect(second.right - owner_w, y, owner_w, L.px(28)),
                                 [f"{RIVALS}:{h}" for h in self.rivals])
            self._hero_rows(RIVALS, self.rivals, y + L.px(34), second.bottom, row)
            return
        self._owner_dropdown(pygame.Rect(second.right - owner_w, y, owner_w, L.px(28)), [MONSTERS])
        y += L.px(34)
        self.monster_top = y
        kinds, step = list(dict.fromkeys(self.monsters)), row + L.px(4)
        shown = min(len(kinds), max(1, (second.bottom - row - gap - y + L.px(4)) // step))
        if self._show_kind in kinds:
            index = kinds.index(self._show_kind)
            self.monster_scroll = min(self.monster_scroll, index)
            self.monster_scroll = max(self.monster_scroll, index - shown + 1)
        self._show_kind = None
        self.monster_scroll = max(0, min(self.monster_scroll, len(kinds) - shown))
        self.monster_rows = []
        for name in kinds[self.monster_scroll:self.monster_scroll + shown]:
            self._button(pygame.Rect(second.right - L.px(70), y, L.px(32), row), "\u2212",
                         lambda n=name: self._change_monster(n, -1), "One fewer", style="@toolbar")
            self._button(pygame.Rect(second.right - L.px(34), y, L.px(32), row), "+",
                         lambda n=name: self._change_monster(n, 1), "One more", style="@toolbar",
                         enabled=len(self.monsters) < MAX_MONSTERS)
            self.monster_rows.append((name, y))
            y += step
        self.monster_pager = None
        if shown < len(kinds):
            # Not every kind fits: arrows on the heading, left of "played by", page through them.
            heading = self.side_headings[-1]
            arrow_w = L.px(28)
            x = second.right - owner_w - L.px(6) - 2 * arrow_w - L.px(4)
            self.monster_pager = heading
            self._button(pygame.Rect(x, heading, arrow_w, L.px(28)), "\u2039", lambda: self._scroll_monsters(-1),
                         "The kinds of monster above (or the mouse wheel)", style="@toolbar",
                         enabled=self.monster_scroll > 0)
            self._button(pygame.Rect(x + arrow_w + L.px(4), heading, arrow_w, L.px(28)), "\u203a",
                         lambda: self._scroll_monsters(1), "The kinds of monster below (or the mouse wheel)",
                         style="@toolbar", enabled=self.monster_scroll + shown < len(kinds))
        self.monster_area = pygame.Rect(second.x, self.monster_top, second.width, y - self.monster_top)
        others = sorted((name, mid) for mid, name in self.monster_names.items())
        self._monster_ids = {name: mid for name, mid in others}
        add_w = L.px(70)
        bottom = second.bottom - row
        self._dropdown(pygame.Rect(second.x, bottom, second.width - add_w - gap, row),
                       ["Add a monster\u2026"] + [name for name, _ in others], "Add a monster\u2026", self._add_monster)
        self._button(pygame.Rect(second.right - add_w, bottom, add_w, row), "Reset", self._reset_monsters,
                     "The monsters the map names")

    def _build_players(self) -> None:
        """The third column: the kind of battle and the people at the screen, each with a name."""
        L = self.layout
        third = menu_columns(L)[3]
        row, gap, head = L.px(34), L.px(8), L.px(34)
        y = third.y + head
        self._label("Battle", (third.x, y + row // 2))
        battles = list(BATTLE_NAMES) if self.screen_mode.parties else ["monsters"]
        size, edges = theme.button_text(L.scale)
        room = third.width - L.px(100) - DROP_DOWN_ARROW - edges
        names = BATTLE_NAMES if all(theme.font(size).size(BATTLE_NAMES[b])[0] <= room for b in battles) \
            else BATTLE_SHORT
        self._dropdown(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row),
                       [names[b] for b in battles], names["parties" if self.parties else "monsters"],
                       self._set_battle)
        y += row + gap
        if self.screen_mode.levels:
            self._label("Computer", (third.x, y + row // 2))
            self._dropdown(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row), list(DIFFICULTIES),
                           self.difficulty, self._set_difficulty)
            y += row + gap
        self._label("People", (third.x, y + row // 2))
        count_w = L.px(40)
        self._button(pygame.Rect(third.x + L.px(100), y, count_w, row), "\u2212", lambda: self._people(-1),
                     "One person fewer at this screen", style="@toolbar", enabled=len(self.people) > 1)
        self._button(pygame.Rect(third.right - count_w, y, count_w, row), "+", lambda: self._people(1),
                     f"One more person at this screen (up to {MAX_PEOPLE})", style="@toolbar",
                     enabled=len(self.people) < MAX_PEOPLE)
        self.people_y = y
        y += row + gap
        for i, name in enumerate(self.people):
            self._label(f"Name {i + 1}", (third.x, y + row // 2), "small")
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row), self._manager(),
                initial_text=name, placeholder_text=f"Player {i + 1}")
            entry.set_text_length_limit(20)
            self.name_entries.append(entry)
            self.elements.append(entry)
            y += row + gap
        self.players_note_y = y
        # The estimate keeps the foot of the column: room for its heading, three lines and the bar,
        # lower when the names need the room; the notes take what is left between.
        self.balance_top = max(third.bottom - L.px(140), y)
        if not self.parties:
            w = L.px(150)
            text, enabled = self._search_button_state()
            self.search_button = self._button(pygame.Rect(third.right - w, self.balance_top - L.px(2), w, L.px(30)),
                                              text, self._toggle_search, "Add or take away monsters, one at a time, "
                                              "until the estimate calls the fight even", enabled=enabled)
            self.buttons[self.search_button] = self._toggle_search  # enabled later, when the estimate is in

    # -- changes ---------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.build(self.layout)

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

    def _show_settings(self) -> None:
        self.dialog = SettingsDialog(self)
        self._rebuild()

    def _show_saves(self) -> None:
        self.dialog = SavesDialog(self)
        self.error = ""
        self._rebuild()

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
        """Start the encounter, or say in red why it cannot start."""
        self._remember()
        try:
            start_encounter(self.app, self.choice())
        except GameError as error:
            self.error = str(error)
            self._rebuild()

    def continue_last(self) -> None:
        """Pick the last match up where it stopped, or say in red why it cannot be (the file is left as it is)."""
        if not autosave_path().exists():
            self.error = NOTHING_TO_CONTINUE
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

    # -- screen protocol -------------------------------------------------------------------------
    def _typing(self) -> bool:
        """Whether a text field has the keyboard (its keys are typing, not commands)."""
        entries = [e for e in (self.path_entry, *self.name_entries) if e is not None]
        return any(e.is_focused for e in entries)

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """Buttons, lists, drop-downs, text fields and keys."""
        if self.dialog is not None and self.dialog.handle(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self.buttons.get(event.ui_element)
            if callback is not None:
                callback()
                return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            callback_text = self.dropdowns.get(event.ui_element)
            if callback_text is not None:
                callback_text(event.text)
                return True
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.map_list:
            value = next((v for name, v in self.maps if name == event.text), None)
            if value is not None and value != self.map_path:
                self._load_map(value)
                self._remember()
                self._rebuild()
            return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_entry:
            self._open_typed()
            return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.name_entries:
            self._rename(self.name_entries.index(event.ui_element), event.text)
            return True
        elif event.type == pygame.KEYDOWN and not self._typing():
            return self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.dialog is None and self.monster_pager is not None \
                and self.monster_area.collidepoint(self.pointer):
            self._scroll_monsters(-event.y)
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self._close_open_list():
            return True
        if self.dialog is not None:
            return self.dialog.key(key)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        if key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            values = [v for _, v in self.maps]
            index = values.index(self.map_path) if self.map_path in values else 0
            index = (index + (1 if key == pygame.K_DOWN else -1)) % len(values)
            self._load_map(values[index])
            self._remember()
            self._rebuild()
            return True
        return False

    def update(self, now: int) -> bool:
        """Only the balance estimate moves on the menu by itself: started, restarted on changes, progressing,
        and the search for an even fight changing the monsters as each estimate comes in."""
        key = self.estimate_key()
        self.balance.want(key, now)
        changed = self.balance.update(now)
        if self.search.running():
            before = tuple(self.monsters)
            after = self.search.advance(key, self.balance)
            if after is not None:
                self.monsters = list(after)
                # The kind the search changed is scrolled into sight when not every kind fits the column.
                self._show_kind = next((k for k in dict.fromkeys(before + after) if before.count(k) != after.count(k)),
                                       None)
                self._rebuild()
            changed = True
        return self._sync_search_button() or changed

    def _search_button_state(self) -> tuple[str, bool]:
        if self.search.running():
            return "Stop the search", True
        return "Find an even fight", self.search.can_start(self.balance)

    def _sync_search_button(self) -> bool:
        """Give the search button the words and the state the estimate calls for; whether they changed."""
        button = self.search_button
        if button is None:
            return False
        text, enabled = self._search_button_state()
        changed = button.text != text or button.is_enabled != enabled
        if button.text != text:
            button.set_text(text)
        if enabled and not button.is_enabled:
            button.enable()
        elif not enabled and button.is_enabled:
            button.disable()
        return changed

    def _toggle_search(self) -> None:
        if self.search.running():
            self.search.stop("Search stopped.", self.estimate_key())
        elif self.search.can_start(self.balance):
            self.search.start(self.estimate_key(), self.balance.room())
        self._sync_search_button()

    def estimate_key(self) -> EncounterKey:
        """What the balance estimate plays: the encounter, and each side at the level it will face.

        A side the computer plays plays at the chosen level; a side with a person in it is stood in
        for by the computer at the normal level.
        """
        level = computer_policy(self.difficulty)

        def policy(units: list[str]) -> str:
            return level if {self.owner(unit) for unit in units} == {COMPUTER} else computer_policy()

        heroes = policy([f"{HEROES}:{hero}" for hero in self.heroes])
        if self.parties:
            return EncounterKey(self.mode, self.map_path, tuple(self.heroes), (), heroes,
                                policy([f"{RIVALS}:{hero}" for hero in self.rivals]), tuple(self.rivals))
        return EncounterKey(self.mode, self.map_path, tuple(self.heroes), tuple(self.monsters), heroes,
                            policy([MONSTERS]))

    def busy(self) -> bool:
        """Whether the balance estimate is being worked out; else the menu waits for the player."""
        return self.balance.busy()

    def close(self) -> None:
        """Stop the balance estimate's games."""
        self.balance.close()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, column headings, the map preview, party colours, labels, and an open dialog."""
        L = self.layout
        title, first, second, third = menu_columns(L)
        self._draw_backdrop(surface)
        name = theme.draw_text(surface, "Rulebound", (L.px(24), title.centery), L.font_px("huge"), theme.ACCENT,
                               bold=True, anchor="midleft")
        subtitle = "Tactical battles on a square grid"
        room = getattr(self, "title_buttons_x", L.width) - name.right - L.px(36)
        if theme.font(L.font_px("heading")).size(subtitle)[0] < room:
            theme.draw_text(surface, subtitle, (name.right + L.px(18), name.bottom - L.px(16)),
                            L.font_px("heading"), theme.TEXT_DIM, anchor="bottomleft")
        if self.dialog is None:
            self._draw_columns(surface, first, second, third)
        small = L.font_px("small")
        keys = "Enter: start \u00b7 Esc: quit \u00b7 Up/Down: map \u00b7 F12: screenshot"
        if self.dialog is None:
            theme.draw_text(surface, keys, (L.px(24), L.height - L.px(39)), small, theme.TEXT_DIM, anchor="midleft")
        if self.error:
            start, _ = menu_buttons(L)
            width = start.x - L.px(40)
            lines = theme.wrap(self.error, small, width)
            for i, line in enumerate(lines[:2]):
                theme.draw_text(surface, line, (L.px(24), L.height - L.px(70) + i * L.px(17)), small, theme.BAD)
        if self.dialog is not None:
            self.dialog.draw(surface)
        for text, pos, role in self.labels:
            theme.draw_text(surface, text, pos, L.font_px(role), theme.TEXT if role != "small" else theme.TEXT_DIM,
                            anchor="midleft")

    def _draw_columns(self, surface: pygame.Surface, first: pygame.Rect, second: pygame.Rect,
                      third: pygame.Rect) -> None:
        L = self.layout
        parties = self.parties
        for rect, heading in ((first, "Encounter"), (second, "Sides"), (third, "Players")):
            theme.panel(surface, rect.inflate(L.px(12), L.px(12)), theme.PANEL, theme.EDGE, L.px(8))
            theme.draw_text(surface, heading, (rect.x, rect.y), L.font_px("heading"), theme.ACCENT, bold=True)
        theme.draw_text(surface, "played by", (second.right - L.px(118), second.y + L.px(4)), L.font_px("small"),
                        theme.TEXT_DIM)
        small = L.font_px("small")
        row = self.side_row
        theme.draw_text(surface, "Mode", (first.x, first.y + L.px(34) + L.px(34) // 2), L.font_px("body"),
                        theme.TEXT, anchor="midleft")
        theme.draw_text(surface, "Map", (first.x, first.y + L.px(34) + L.px(34) + L.px(10)), small, theme.TEXT_DIM)
        self._draw_preview(surface, pygame.Rect(first.x, self.preview_top, first.width,
                                                first.bottom - self.preview_top))
        # The heroes (and the rival party): colour tokens beside the hero buttons.
        for side, template_id, y in self.side_rows:
            party = self.heroes if side == HEROES else self.rivals
            look = TokenLook("hero", self.screen_mode.hero_colour(template_id, party),
                             initials(self.hero_names[template_id]))
            image = sprite(look, row) if template_id in party else faded_sprite(look, row, 70)
            surface.blit(image, (second.x, y))
        first_label = "Heroes" if not parties else "First party"
        # Each heading in full, and as short as it gets when the column is narrow.
        headings = [(f"{first_label}: {len(self.heroes)} of up to {MAX_HEROES}",
                     f"{first_label}: {len(self.heroes)}/{MAX_HEROES}"),
                    (f"Second party: {len(self.rivals)} of up to {MAX_HEROES}",
                     f"Second party: {len(self.rivals)}/{MAX_HEROES}") if parties
                    else (f"Monsters: {len(self.monsters)}",) * 2]
        body = L.font_px("body")
        for i, ((text, short), y) in enumerate(zip(headings, self.side_headings, strict=True)):
            # The heading ends before the "played by" list, or the paging arrows beside the monsters'.
            end = second.right - L.px(118) - L.px(6)
            if i == 1 and self.monster_pager is not None:
                end -= 2 * L.px(28) + L.px(10)
            if theme.font(body, True).size(text)[0] > end - second.x:
                text = theme.shorten(short, body, end - second.x, bold=True)
            theme.draw_text(surface, text, (second.x, y + L.px(14)), body, theme.TEXT, bold=True, anchor="midleft")
        if not parties:
            counts = Counter(self.monsters)
            for name, y in self.monster_rows:
                title = self.monster_names[name]
                surface.blit(sprite(TokenLook("monster", theme.MONSTER, initials(title),
                                              boss=self.screen_mode.monster_big(name)), row), (second.x, y))
                text = theme.shorten(f"{title} \u00d7 {counts[name]}", L.font_px("body"),
                                     second.width - row - L.px(86))
                theme.draw_text(surface, text, (second.x + row + L.px(8), y + row // 2), L.font_px("body"),
                                theme.TEXT, anchor="midleft")
        # The people.
        theme.draw_text(surface, str(len(self.people)), (third.x + L.px(100) + (third.width - L.px(100)) // 2,
                        self.people_y + L.px(34) // 2), L.font_px("body"), theme.TEXT, bold=True, anchor="center")
        note_bottom = self.balance_top - L.px(8) if self.balance.text() else third.bottom
        box = pygame.Rect(third.x, self.players_note_y, third.width, max(0, note_bottom - self.players_note_y))
        draw_lines(surface, box, self.players_notes(box), L)
        self._draw_balance(surface, third)

    def players_notes(self, box: pygame.Rect) -> list[TextLine]:
        """The notes under the players, as long as fits the box: the level's play explained when there is
        room, else only the level, else the hints shortened."""
        level = f"The computer plays with the tactical AI at the {self.difficulty} level." \
            if self.screen_mode.levels else "The computer plays with the tactical AI."
        explained = f"{level} {LEVEL_NOTES[self.difficulty]} Its combatants' numbers are the same at every " \
            "level." if self.screen_mode.levels else level
        give = "Give each side, or each hero on its own, to a person or the computer with the \u201cplayed " \
            "by\u201d lists beside them."
        handover = ["Between two people a hand-over screen hides the board until the next one is ready."] \
            if len(self.people) > 1 else []
        forms = [[give, explained, *handover], [give, level, *handover], [level, *handover],
                 [level, *(["A hand-over screen hides the board between people."] if handover else [])]]
        for texts in forms:
            notes = [TextLine(text, "small", theme.TEXT_DIM, gap=4 if i else 0) for i, text in enumerate(texts)]
            if text_height(box, notes, self.layout) <= box.height:
                break
        return notes

    def _draw_balance(self, surface: pygame.Surface, third: pygame.Rect) -> None:
        """The estimate at the foot of the third column, with a bar while the games are played."""
        L = self.layout
        text = self.balance.text()
        if not text:
            return
        top = self.balance_top
        theme.draw_text(surface, "Balance", (third.x, top), L.font_px("heading"), theme.ACCENT, bold=True)
        lines = [TextLine(text, "body", theme.TEXT if self.balance.report() else theme.TEXT_DIM)]
        note = "" if self.parties else self.search.note(self.estimate_key())
        if note:
            lines.append(TextLine(note, "small", theme.ACCENT, gap=4))
        text_top = top + L.px(32)
        box = pygame.Rect(third.x, text_top, third.width, third.bottom - L.px(18) - text_top)
        if lines_height(lines, box.width, L) > box.height:
            # A narrow column: the estimate and its advice whole in the small type rather than cut short.
            lines = [TextLine(line.text, "small", line.colour, line.bold, line.gap) for line in lines]
        draw_lines(surface, box, lines, L)
        if self.balance.busy():
            bar = pygame.Rect(third.x, third.bottom - L.px(14), third.width, L.px(8))
            pygame.draw.rect(surface, theme.EDGE, bar, border_radius=L.px(4))
            done = bar.copy()
            done.width = round(bar.width * self.balance.progress())
            if done.width:
                pygame.draw.rect(surface, theme.ACCENT, done, border_radius=L.px(4))

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        """A faint grid over the background, as on a battle map."""
        L = self.layout
        step = L.px(40)
        for x in range(0, L.width, step):
            pygame.draw.line(surface, (27, 29, 35), (x, 0), (x, L.height))
        for y in range(0, L.height, step):
            pygame.draw.line(surface, (27, 29, 35), (0, y), (L.width, y))

    def _draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small picture of the chosen map: floor, grey obstructed squares, walls, spawns and treasure."""
        bf = self.battlefield
        L = self.layout
        if bf is None or rect.height < L.px(60):
            return
        text_h = L.px(58)
        area = pygame.Rect(rect.x, rect.y + text_h, rect.width, rect.height - text_h - L.px(4))
        heading, small = L.font_px("heading"), L.font_px("small")
        theme.draw_text(surface, theme.shorten(map_title(bf), heading, rect.width, bold=True), (rect.x, rect.y),
                        heading, theme.TEXT, bold=True)
        spawns = f"{len(bf.hero_spawns)} hero and {len(bf.monster_spawns)} monster spawns \u00b7 " \
                 f"{len(bf.treasure)} treasure"
        facts = f"{bf.width} x {bf.height} squares \u00b7 {spawns}"
        if theme.font(small).size(facts)[0] > rect.width:
            facts = f"{bf.width} x {bf.height} \u00b7 {spawns}"  # a narrow column: the size reads as well without
        theme.draw_text(surface, theme.shorten(facts, small, rect.width), (rect.x, rect.y + L.px(26)), small,
                        theme.TEXT_DIM)
        if area.height <= 0:
            return
        cell = max(1, min(area.width // bf.width, area.height // bf.height))
        ox = area.x + (area.width - cell * bf.width) // 2
        oy = area.y
        pygame.draw.rect(surface, theme.MAP_BACK, (ox - 2, oy - 2, cell * bf.width + 4, cell * bf.height + 4))
        for x, y in bf.squares:
            if (x, y) in bf.walls:
                colour = theme.WALL_TOP
            elif (x, y) in bf.impassable:
                colour = theme.IMPASSABLE
            elif (x, y) in bf.obstructed:
                colour = theme.OBSTRUCTED
            else:
                colour = theme.FLOOR
            surface.fill(colour, (ox + x * cell, oy + y * cell, cell, cell))
        dot = max(2, cell // 2)
        for spawn in bf.hero_spawns:
            pygame.draw.circle(surface, (192, 57, 43), (ox + spawn.square[0] * cell + cell // 2,
                                                        oy + spawn.square[1] * cell + cell // 2), dot)
        for spawn in bf.monster_spawns:
            pygame.draw.circle(surface, (10, 10, 10), (ox + spawn.square[0] * cell + cell // 2,
                                                       oy + spawn.square[1] * cell + cell // 2), dot)
        for t in bf.treasure:
            pygame.draw.circle(surface, theme.TREASURE, (ox + t.square[0] * cell + cell // 2,
                                                         oy + t.square[1] * cell + cell // 2), dot)
