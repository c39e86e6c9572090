"""The main menu: mode, map, the sides, the people at the screen and who plays what, saves and the settings."""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui

from game.core.battlefield import Battlefield, Spawn
from game.core.modespec import spec
from game.ui import theme
from game.ui.briefing import briefing_lines
from game.ui.layout import menu_buttons, menu_columns
from game.ui.menu.choices import LEVEL_NOTES, MAX_HEROES
from game.ui.menu.columns import MenuColumns
from game.ui.menu_dialogs import ReplaceDialog, SavesDialog, SettingsDialog
from game.ui.panels import TextLine, draw_lines, lines_height, text_height
from game.ui.session import (
    HEROES,
    map_title,
)
from game.ui.tokens import TokenLook, faded_sprite, initials, sprite


class MenuScreen(MenuColumns):
    """The first screen: everything chosen here is remembered for the next run."""

    music = "menu"  # the loop the app plays while the menu shows

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
        if key in (pygame.K_UP, pygame.K_DOWN) and self.screen_mode.takes_map:
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
        subtitle = "Tactical battles by five rule systems"
        room = getattr(self, "title_buttons_x", L.width) - name.right - L.px(36)
        if theme.font(L.font_px("heading")).size(subtitle)[0] < room:
            theme.draw_text(surface, subtitle, (name.right + L.px(18), name.bottom - L.px(16)),
                            L.font_px("heading"), theme.TEXT_DIM, anchor="bottomleft")
        if self.dialog is None:
            self._draw_columns(surface, first, second, third)
        small = L.font_px("small")
        maps = " \u00b7 Up/Down: map" if self.screen_mode.takes_map else ""
        keys = f"Enter: start \u00b7 Esc: quit{maps} \u00b7 F12: screenshot"
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
        if self.screen_mode.takes_map:  # a mode never played on a map shows no map widgets
            theme.draw_text(surface, "Map", (first.x, first.y + L.px(34) + L.px(34) + L.px(10)), small,
                            theme.TEXT_DIM)
            self._draw_preview(surface, pygame.Rect(first.x, self.preview_top, first.width,
                                                    first.bottom - self.preview_top))
        if self.battlefield is None and self.screen_mode.about:  # where a map would be, how a fight of it goes
            top = self.preview_top if self.screen_mode.takes_map else first.y + L.px(34) + L.px(34) + L.px(16)
            draw_lines(surface, pygame.Rect(first.x, top, first.width, first.bottom - top),
                       [TextLine(self.screen_mode.about, "body", theme.TEXT_DIM)], L)
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

    def _unknown_monsters_line(self, bf: Battlefield) -> list[TextLine]:
        """A line in red when the map's spawns name monsters this mode does not have (a grid map's, in the stances
        mode): they do not come, and the monsters chosen here fight instead. Said last, so a short window keeps it."""
        unknown = sum(1 for warning in bf.warnings if " names the monster " in warning)
        if not unknown:
            return []
        spawns = "spawn names a monster" if unknown == 1 else "spawns name monsters"
        return [TextLine(f"{unknown} of this map's {spawns} the {self.mode} mode does not have: the monsters "
                         "chosen here fight instead.", "small", theme.BAD, gap=4)]

    def _draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small picture of the chosen map: floor, grey obstructed squares, walls, spawns and treasure (or tools)."""
        bf = self.battlefield
        L = self.layout
        if bf is None or rect.height < L.px(60):
            return
        heading, small = L.font_px("heading"), L.font_px("small")
        # Before the fight: the map's line of story and what the heroes set out to do (docs/maps.md).
        briefing = briefing_lines(bf) + self._unknown_monsters_line(bf)
        text_h = L.px(58) + (text_height(pygame.Rect(rect.x, 0, rect.width, rect.height), briefing, L)
                             + L.px(6) if briefing else 0)
        if rect.height - text_h < L.px(64):
            briefing, text_h = briefing[-1:], L.px(58) + L.px(24)  # a short window: the objective alone
        draw_lines(surface, pygame.Rect(rect.x, rect.y + L.px(50), rect.width, text_h - L.px(50)), briefing, L)
        area = pygame.Rect(rect.x, rect.y + text_h, rect.width, rect.height - text_h - L.px(4))
        theme.draw_text(surface, theme.shorten(map_title(bf), heading, rect.width, bold=True), (rect.x, rect.y),
                        heading, theme.TEXT, bold=True)
        # What lies about: the tools, for a mode whose fighters arm themselves with them (beats), else treasure.
        armed = bool(spec(self.mode).traits)
        lying = f"{len(bf.tools)} tools" if armed else f"{len(bf.treasure)} treasure"
        spawns = f"{len(bf.hero_spawns)} hero and {len(bf.monster_spawns)} monster spawns" \
            if not self.rivals_at_screen() else "spawns not shown: people play both sides"
        spawns += f" \u00b7 {lying}"
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
        # People playing against each other look at this picture together: where a side starts is its own, and
        # the fog of the fight hides it from the other side.
        hidden = self.rivals_at_screen()
        spawn_lists: tuple[tuple[Spawn, ...], ...] = () if hidden else (bf.hero_spawns, bf.monster_spawns)
        for spawns_of, colour in zip(spawn_lists, ((192, 57, 43), (10, 10, 10)), strict=False):
            for spawn in spawns_of:
                pygame.draw.circle(surface, colour, (ox + spawn.square[0] * cell + cell // 2,
                                                     oy + spawn.square[1] * cell + cell // 2), dot)
        for t in bf.tools if armed else bf.treasure:
            pygame.draw.circle(surface, theme.TREASURE, (ox + t.square[0] * cell + cell // 2,
                                                         oy + t.square[1] * cell + cell // 2), dot)

    def _show_settings(self) -> None:
        self.dialog = SettingsDialog(self)
        self._rebuild()

    def _ask_replace(self, unfinished: str) -> None:
        self.dialog = ReplaceDialog(self, unfinished)
        self._rebuild()

    def _show_saves(self) -> None:
        self.dialog = SavesDialog(self)
        self.error = ""
        self._rebuild()
