"""The main menu: mode, map, party, monsters, who plays each side, and the settings."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.core.battlefield import Battlefield
from game.core.errors import GameError
from game.core.mode import mode_names
from game.modes.grid.content import GridContent, load_content
from game.ui import theme
from game.ui.layout import Layout, menu_buttons, menu_columns
from game.ui.panels import TextLine, draw_lines
from game.ui.session import (
    BUILT_IN,
    BUILT_IN_NAME,
    EncounterChoice,
    Session,
    bundled_maps,
    computer_policy,
    default_monsters,
    load_battlefield,
    map_title,
)
from game.ui.settings import ANIMATION_SPEEDS, UI_SCALES, WINDOW_SIZES, Settings
from game.ui.tokens import TokenLook, initials, sprite

MAX_HEROES = 5
PLAYABLE_MODES = ("grid",)  # the modes this screen can play; others exist as rules and commands first
MAX_MONSTERS = 16


def start_encounter(app: object, choice: EncounterChoice, battlefield: Battlefield | None = None) -> None:
    """Open the encounter screen for a choice; "play again" and "menu" lead back here."""
    from game.ui.encounter import EncounterScreen

    session = Session(choice, battlefield)

    def again() -> None:
        start_encounter(app, EncounterChoice(**{**choice.__dict__, "seed": choice.seed + 1}), session.battlefield)

    def menu() -> None:
        app.show(MenuScreen(app, choice))  # type: ignore[attr-defined]

    app.show(EncounterScreen(app, session, on_menu=menu, on_again=again))  # type: ignore[attr-defined]


class MenuScreen:
    """The first screen: everything chosen here is remembered for the next run."""

    def __init__(self, app: object, choice: EncounterChoice | None = None, error: str = "") -> None:
        self.app = app
        self.settings: Settings = app.settings  # type: ignore[attr-defined]
        self.content: GridContent = load_content()
        self.error = error
        self.map_path = choice.map_path if choice else self.settings.map
        self.heroes = list(choice.heroes if choice else self.settings.heroes)
        self.heroes = [h for h in self.heroes if h in self.content.heroes][:MAX_HEROES] or ["warrior"]
        self.hero_control = choice.hero_control if choice else self.settings.hero_control
        self.monster_control = choice.monster_control if choice else self.settings.monster_control
        self.seed = choice.seed if choice else random.randrange(1, 1_000_000)
        self.battlefield: Battlefield | None = None
        self.monsters: list[str] = []
        self.buttons: dict[object, Callable[[], None]] = {}
        self.elements: list[object] = []
        self.path_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.map_list: pygame_gui.elements.UISelectionList | None = None
        self.layout: Layout = app.layout  # type: ignore[attr-defined]
        self.maps = [(BUILT_IN_NAME, BUILT_IN)] + [(self._map_name(p), str(p)) for p in bundled_maps()]
        self._load_map(self.map_path, keep_monsters=list(choice.monsters) if choice and choice.monsters else None)

    # -- the map ---------------------------------------------------------------------------------
    def _map_name(self, path: Path) -> str:
        return path.stem.replace("_", " ").title()

    def _load_map(self, map_path: str, keep_monsters: list[str] | None = None) -> bool:
        """Load a map for the preview and its default monsters; a map that cannot be played is named in red."""
        try:
            battlefield = load_battlefield(map_path, self.content)
        except GameError as error:
            self.error = str(error)
            if self.battlefield is None and map_path != BUILT_IN:
                return self._load_map(BUILT_IN)
            return False
        self.battlefield = battlefield
        self.map_path = map_path
        self.error = ""
        self.monsters = keep_monsters or default_monsters(battlefield, self.content)
        if map_path and all(value != map_path for _, value in self.maps):
            self.maps.append((Path(map_path).name, map_path))
        return True

    # -- widgets ---------------------------------------------------------------------------------
    def _manager(self) -> pygame_gui.UIManager:
        return self.app.manager  # type: ignore[attr-defined]

    def _button(self, rect: pygame.Rect, text: str, callback: Callable[[], None] | None, tooltip: str | None = None,
                style: str | None = None, enabled: bool = True) -> pygame_gui.elements.UIButton:
        button = pygame_gui.elements.UIButton(rect, text, self._manager(), tool_tip_text=tooltip,
                                              object_id=ObjectID(class_id=style) if style else None)
        if callback is None or not enabled:
            button.disable()
        else:
            self.buttons[button] = callback
        self.elements.append(button)
        return button

    def _dropdown(self, rect: pygame.Rect, options: list[str], chosen: str, callback: Callable[[str], None]) -> None:
        menu = pygame_gui.elements.UIDropDownMenu(options, chosen, rect, self._manager())
        self.buttons[menu] = lambda: None
        self.dropdowns[menu] = callback
        self.elements.append(menu)

    def build(self, layout: Layout) -> None:
        """Create the menu's widgets."""
        self.layout = layout
        for element in self.elements:
            element.kill()  # type: ignore[attr-defined]
        self.elements = []
        self.buttons = {}
        self.dropdowns: dict[object, Callable[[str], None]] = {}
        L = layout
        _, first, second, third = menu_columns(L)
        row = L.px(34)
        gap = L.px(8)
        head = L.px(34)
        # Encounter: mode and map.
        y = first.y + head
        modes = [m for m in mode_names() if m in PLAYABLE_MODES] or ["grid"]
        self._dropdown(pygame.Rect(first.x + L.px(70), y, first.width - L.px(70), row), modes,
                       "grid" if "grid" in modes else modes[0], lambda _m: None)
        y += row + gap + L.px(22)
        list_h = L.px(30) * min(6, len(self.maps)) + L.px(6)
        names = [name for name, _ in self.maps]
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
        # The party.
        y = second.y + head
        for template in self.content.heroes.values():
            on = template.id in self.heroes
            label = f"{template.name} \u00b7 {template.role}"
            self._button(pygame.Rect(second.x + L.px(40), y, second.width - L.px(40), row), label,
                         lambda t=template.id: self._toggle_hero(t), "In the party or not",
                         style="@option_chosen" if on else "@option")
            y += row + L.px(4)
        self.hero_rows_end = y
        y += L.px(52)
        self.monster_top = y
        counts = Counter(self.monsters)
        for name in dict.fromkeys(self.monsters):
            if y + row > second.bottom - row - gap:
                break
            self._button(pygame.Rect(second.right - L.px(70), y, L.px(32), row), "\u2212",
                         lambda n=name: self._change_monster(n, -1), "One fewer", style="@toolbar")
            self._button(pygame.Rect(second.right - L.px(34), y, L.px(32), row), "+",
                         lambda n=name: self._change_monster(n, 1), "One more", style="@toolbar",
                         enabled=len(self.monsters) < MAX_MONSTERS)
            del counts[name]
            y += row + L.px(4)
        self.monster_rows_end = y
        others = sorted((m.name, m.id) for m in self.content.monsters.values())
        self._monster_ids = {name: mid for name, mid in others}
        add_w = L.px(70)
        bottom = second.bottom - row
        self._dropdown(pygame.Rect(second.x, bottom, second.width - add_w - gap, row),
                       ["Add a monster\u2026"] + [name for name, _ in others], "Add a monster\u2026", self._add_monster)
        self._button(pygame.Rect(second.right - add_w, bottom, add_w, row), "Reset", self._reset_monsters,
                     "The monsters the map names")
        # Players and settings.
        y = third.y + head
        policy = computer_policy("monsters")
        computer = f"Computer ({policy})"
        self._control_names = {"Person": "person", computer: "computer"}
        for side in ("heroes", "monsters"):
            current = self.hero_control if side == "heroes" else self.monster_control
            label = "Person" if current == "person" else computer
            self._dropdown(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row), ["Person", computer],
                           label, lambda text, s=side: self._set_control(s, text))
            y += row + gap
        self.policy_note_y = y
        y += L.px(40) + L.px(30)
        self.settings_top = y - L.px(30)
        sizes = [f"{w} x {h}" for w, h in WINDOW_SIZES]
        current_size = f"{self.settings.window[0]} x {self.settings.window[1]}"
        if current_size not in sizes:
            sizes.insert(0, current_size)
        self._dropdown(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row), sizes, current_size,
                       self._set_size)
        y += row + gap
        self._button(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row),
                     "Fullscreen: on" if self.settings.fullscreen else "Fullscreen: off", self._toggle_fullscreen,
                     "Use the whole screen", style="@option_chosen" if self.settings.fullscreen else None)
        y += row + gap
        scale_w = L.px(40)
        self._button(pygame.Rect(third.x + L.px(100), y, scale_w, row), "\u2212", lambda: self._scale(-1),
                     "Smaller text and panels", style="@toolbar", enabled=self.settings.ui_scale > UI_SCALES[0])
        self._button(pygame.Rect(third.right - scale_w, y, scale_w, row), "+", lambda: self._scale(1),
                     "Larger text and panels", style="@toolbar", enabled=self.settings.ui_scale < UI_SCALES[-1])
        self.scale_y = y
        y += row + gap
        self._dropdown(pygame.Rect(third.x + L.px(100), y, third.width - L.px(100), row), list(ANIMATION_SPEEDS),
                       self.settings.animation, self._set_animation)
        self.rows_y = (third.y + head, third.y + head + row + gap)
        start, quit_rect = menu_buttons(L)
        self._button(start, "Start the encounter", self.start, "Begin (Enter)", style="@primary")
        self._button(quit_rect, "Quit", self.app.quit, "Close the game (Esc)")  # type: ignore[attr-defined]

    # -- changes ---------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.build(self.layout)

    def _open_typed(self) -> None:
        if self.path_entry is not None and self.path_entry.get_text().strip():
            self._load_map(self.path_entry.get_text().strip())
            self._remember()
            self._rebuild()

    def _toggle_hero(self, template: str) -> None:
        if template in self.heroes:
            if len(self.heroes) > 1:
                self.heroes.remove(template)
        elif len(self.heroes) < MAX_HEROES:
            self.heroes.append(template)
        self._remember()
        self._rebuild()

    def _change_monster(self, name: str, step: int) -> None:
        if step > 0 and len(self.monsters) < MAX_MONSTERS:
            self.monsters.insert(self.monsters.index(name) + 1, name)
        elif step < 0 and len(self.monsters) > 1:
            self.monsters.remove(name)
        self._rebuild()

    def _add_monster(self, text: str) -> None:
        if text in self._monster_ids and len(self.monsters) < MAX_MONSTERS:
            self.monsters.append(self._monster_ids[text])
        self._rebuild()

    def _reset_monsters(self) -> None:
        if self.battlefield is not None:
            self.monsters = default_monsters(self.battlefield, self.content)
        self._rebuild()

    def _set_control(self, side: str, text: str) -> None:
        value = self._control_names.get(text, "person")
        if side == "heroes":
            self.hero_control = value
        else:
            self.monster_control = value
        self._remember()

    def _set_size(self, text: str) -> None:
        try:
            w, h = (int(v) for v in text.split("x"))
        except ValueError:
            return
        self.settings.window = (w, h)
        self.app.apply_settings(self.settings)  # type: ignore[attr-defined]

    def _toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.app.apply_settings(self.settings)  # type: ignore[attr-defined]

    def _scale(self, step: int) -> None:
        index = UI_SCALES.index(self.settings.ui_scale) if self.settings.ui_scale in UI_SCALES else 0
        self.settings.ui_scale = UI_SCALES[max(0, min(len(UI_SCALES) - 1, index + step))]
        self.app.apply_settings(self.settings)  # type: ignore[attr-defined]

    def _set_animation(self, text: str) -> None:
        if text in ANIMATION_SPEEDS:
            self.settings.animation = text
            self._remember()

    def _remember(self) -> None:
        self.settings.map = self.map_path
        self.settings.heroes = list(self.heroes)
        self.settings.hero_control = self.hero_control
        self.settings.monster_control = self.monster_control
        self.app.save()  # type: ignore[attr-defined]

    def choice(self) -> EncounterChoice:
        """The encounter as chosen so far."""
        return EncounterChoice(self.map_path, tuple(self.heroes), tuple(self.monsters), self.hero_control,
                               self.monster_control, self.seed)

    def start(self) -> None:
        """Start the encounter, or say in red why it cannot start."""
        self._remember()
        try:
            start_encounter(self.app, self.choice(), self.battlefield)
        except GameError as error:
            self.error = str(error)
            self._rebuild()

    # -- screen protocol -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """Buttons, lists, drop-downs and keys."""
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
        elif event.type == pygame.KEYDOWN and not (self.path_entry is not None and self.path_entry.is_focused):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.quit()  # type: ignore[attr-defined]
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                values = [v for _, v in self.maps]
                index = values.index(self.map_path) if self.map_path in values else 0
                index = (index + (1 if event.key == pygame.K_DOWN else -1)) % len(values)
                self._load_map(values[index])
                self._remember()
                self._rebuild()
                return True
        return False

    def update(self, now: int) -> bool:
        """Nothing moves on the menu by itself."""
        return False

    def busy(self) -> bool:
        """The menu waits for the player."""
        return False

    def close(self) -> None:
        """Nothing to let go of."""

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Title, column headings, the map preview, party colours and the settings' labels."""
        L = self.layout
        title, first, second, third = menu_columns(L)
        self._draw_backdrop(surface)
        name = theme.draw_text(surface, "Rulebound", (L.px(24), title.centery), L.font_px("huge"), theme.ACCENT,
                               bold=True, anchor="midleft")
        theme.draw_text(surface, "Tactical battles on a square grid", (name.right + L.px(18), name.bottom - L.px(16)),
                        L.font_px("heading"), theme.TEXT_DIM, anchor="bottomleft")
        for rect, heading in ((first, "Encounter"), (second, "Party"), (third, "Players and settings")):
            theme.panel(surface, rect.inflate(L.px(12), L.px(12)), theme.PANEL, theme.EDGE, L.px(8))
            theme.draw_text(surface, heading, (rect.x, rect.y), L.font_px("heading"), theme.ACCENT, bold=True)
        small = L.font_px("small")
        row = L.px(34)
        theme.draw_text(surface, "Mode", (first.x, first.y + L.px(34) + row // 2), L.font_px("body"), theme.TEXT,
                        anchor="midleft")
        theme.draw_text(surface, "Map", (first.x, first.y + L.px(34) + row + L.px(10)), small, theme.TEXT_DIM)
        self._draw_preview(surface, pygame.Rect(first.x, self.preview_top, first.width,
                                                first.bottom - self.preview_top))
        # The party: colour tokens beside the hero buttons, monster counts.
        y = second.y + L.px(34)
        for template in self.content.heroes.values():
            colour = theme.parse_colour(template.colour)
            look = TokenLook("hero", colour, initials(template.name))
            image = sprite(look, row)
            if template.id not in self.heroes:
                image = image.copy()
                image.set_alpha(70)
            surface.blit(image, (second.x, y))
            y += row + L.px(4)
        theme.draw_text(surface, f"Heroes: {len(self.heroes)} of up to {MAX_HEROES}", (second.x, self.hero_rows_end
                        + L.px(4)), small, theme.TEXT_DIM)
        theme.draw_text(surface, f"Monsters: {len(self.monsters)}", (second.x, self.monster_top - L.px(22)),
                        L.font_px("body"), theme.TEXT, bold=True)
        counts = Counter(self.monsters)
        y = self.monster_top
        for name in dict.fromkeys(self.monsters):
            if y >= self.monster_rows_end:
                break
            template = self.content.monsters[name]
            surface.blit(sprite(TokenLook("monster", theme.MONSTER, initials(template.name), boss="Boss" in
                                          template.keywords), row), (second.x, y))
            theme.draw_text(surface, f"{template.name} \u00d7 {counts[name]}", (second.x + row + L.px(8), y + row // 2),
                            L.font_px("body"), theme.TEXT, anchor="midleft")
            y += row + L.px(4)
        # Players and settings labels.
        labels = [("Heroes", self.rows_y[0]), ("Monsters", self.rows_y[1]), ("Window", self.settings_top + L.px(30)),
                  ("Display", self.settings_top + L.px(30) + row + L.px(8)), ("UI scale", self.scale_y),
                  ("Animation", self.scale_y + row + L.px(8))]
        for text, y in labels:
            theme.draw_text(surface, text, (third.x, y + row // 2), L.font_px("body"), theme.TEXT, anchor="midleft")
        theme.draw_text(surface, f"{self.settings.ui_scale:.2f}", (third.x + L.px(100) + (third.width - L.px(100)) // 2,
                        self.scale_y + row // 2), L.font_px("body"), theme.TEXT, bold=True, anchor="center")
        policy = computer_policy("monsters")
        note = ("The computer plays at random for now: the monster AI is still being written."
                if policy == "random" else "The computer plays with the tactical AI.")
        draw_lines(surface, pygame.Rect(third.x, self.policy_note_y, third.width, L.px(40)),
                   [TextLine(note, "small", theme.TEXT_DIM)], L)
        theme.draw_text(surface, "Settings", (third.x, self.settings_top), L.font_px("body"), theme.ACCENT, bold=True)
        keys = "Enter: start \u00b7 Esc: quit \u00b7 Up/Down: map \u00b7 F12: screenshot"
        theme.draw_text(surface, keys, (L.px(24), L.height - L.px(39)), small, theme.TEXT_DIM, anchor="midleft")
        if self.error:
            start, _ = menu_buttons(L)
            width = start.x - L.px(40)
            lines = theme.wrap(self.error, small, width)
            for i, line in enumerate(lines[:2]):
                theme.draw_text(surface, line, (L.px(24), L.height - L.px(70) + i * L.px(17)), small, theme.BAD)

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
        theme.draw_text(surface, map_title(bf), (rect.x, rect.y), L.font_px("heading"), theme.TEXT, bold=True)
        facts = f"{bf.width} x {bf.height} squares \u00b7 {len(bf.hero_spawns)} hero and " \
                f"{len(bf.monster_spawns)} monster spawns \u00b7 {len(bf.treasure)} treasure"
        theme.draw_text(surface, facts, (rect.x, rect.y + L.px(26)), L.font_px("small"), theme.TEXT_DIM)
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
