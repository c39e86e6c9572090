"""The main menu's columns of widgets: the encounter (mode and map), the sides, the players; the title's buttons."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.saves import autosave_path
from game.players.balance import DIFFICULTIES
from game.players.even_fight import MAX_MONSTERS
from game.ui import theme
from game.ui.encounter import Callback
from game.ui.estimate import EncounterKey
from game.ui.layout import Layout, menu_buttons, menu_columns
from game.ui.menu.choices import (
    BATTLE_NAMES,
    BATTLE_SHORT,
    DROP_DOWN_ARROW,
    LAST_ONE_OVER,
    NOTHING_TO_CONTINUE,
    MenuChoices,
    TextCallback,
    last_match_over,
)
from game.ui.modes import playable_modes
from game.ui.session import (
    HEROES,
    MONSTERS,
    RIVALS,
    computer_policy,
)
from game.ui.settings import COMPUTER, MAX_PEOPLE


class MenuColumns(MenuChoices):
    """The menu with its widgets, column by column."""

    def _rebuild(self) -> None:
        self.build(self.layout)

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
            # Through the manager, which then takes the focus away again when another field is clicked: focused
            # by itself, the field kept it and took the typing meant for the field clicked.
            self._manager().set_focus_set(entry)
            entry.edit_position = len(entry.get_text())

    def _build_title_buttons(self) -> None:
        """Continue, the saved matches and the settings, at the right of the title band."""
        L = self.layout
        title = menu_columns(L)[0]
        h, w, gap = L.px(40), L.px(150), L.px(10)
        x = title.right - L.px(16) - 3 * w - 2 * gap
        y = title.centery - h // 2
        # Continue stands out only when there is a match to continue; with none (or only one that is over) it
        # still says why when pressed.
        if not autosave_path().exists():
            self._button(pygame.Rect(x, y, w, h), "Continue", self.continue_last, NOTHING_TO_CONTINUE)
        elif last_match_over():
            self._button(pygame.Rect(x, y, w, h), "Continue", self.continue_last, LAST_ONE_OVER)
        else:
            self._button(pygame.Rect(x, y, w, h), "Continue", self.continue_last,
                         "Pick the last match up where it stopped", style="@primary")
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
        if not self.screen_mode.takes_map:
            return  # the mode never plays on a map: no list, no path, no preview
        y += row + gap + L.px(22)
        list_h = L.px(theme.list_row()) * min(8, len(self.maps)) + L.px(6)  # the shipped maps, no scroll bar
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
