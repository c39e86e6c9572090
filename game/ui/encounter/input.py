"""The frame's keys and mouse: clicks on the board, the list and the log; dragging, the wheel, the cursor."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.encounter.frame import DRAG_THRESHOLD
from game.ui.encounter.overlays import OverlayFrame


class InputFrame(OverlayFrame):
    """The frame answering the keys and the mouse."""

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """Turn one event into a change of the screen or an action; whether anything changed."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            callback = self.buttons.get(event.ui_element)
            if callback is not None:
                callback()
                return True
            return False
        if self._skips(event):
            self.anim.finish()  # a click or a key shows at once how the animations end
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.overlay is not None:
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos, event.buttons)
        held = self.primary_held and event.type == pygame.MOUSEBUTTONDOWN
        if held and self.layout.end_button.collidepoint(event.pos):
            self.hold_back(pygame.time.get_ticks())  # clicking on and on to hurry the computer: the moment goes on
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and not consumed:
            self.press_pos = event.pos
            if event.button == 1 and self.layout.map.collidepoint(event.pos):
                self.drag_from = event.pos
                self.dragging = False
            elif event.button == 3:
                return self.cancel()
            elif event.button == 2 and self.layout.map.collidepoint(event.pos):
                self.drag_from = event.pos
                self.dragging = True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            was_drag = self.dragging
            pressed = self.press_pos
            self.drag_from = None
            self.press_pos = None
            self.dragging = False
            if consumed or was_drag or pressed is None or event.button != 1:
                return was_drag
            return self._click(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos() if self.hover_pos is None else self.hover_pos
            if self.layout.log.collidepoint(pos):
                self.log.scroll = max(0, self.log.scroll + event.y * 2)
            elif self.layout.left.collidepoint(pos):
                self.list.scroll = max(0, self.list.scroll - event.y * self.layout.row_h)
            elif self.layout.info.collidepoint(pos):
                self.info.scroll_by(-event.y * self.layout.px(20))
            elif self.layout.map.collidepoint(pos):
                self._zoom(1 if event.y > 0 else -1, pos)
            elif self.layout.right.collidepoint(pos):
                return self.scroll_column(-event.y * self.layout.px(40))  # the options, when more than fit
            else:
                return False  # over the toolbar the wheel never zooms the map
            return True
        return False

    def _skips(self, event: pygame.event.Event) -> bool:
        """Whether the event is a click or a key that skips the animations under way (not in a replay, whose own
        keys pace it)."""
        pressed = event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3))
        return (pressed and self.replay is None and self.overlay is None
                and self.anim.busy(pygame.time.get_ticks()))

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, int, int]) -> bool:
        self.hover_pos = pos
        if self.drag_from is not None and (buttons[0] or buttons[1]):
            dx, dy = pos[0] - self.drag_from[0], pos[1] - self.drag_from[1]
            if self.dragging or abs(dx) + abs(dy) > DRAG_THRESHOLD:
                self.dragging = True
                self.board.scroll(-dx, -dy)
                self.drag_from = pos
                return True
        changed = False
        hint = None
        if self.undo_rect is not None and self.undo_rect.collidepoint(pos):
            reason = self.undo_reason()
            hint = None if reason is None else f"Cannot undo: {reason}"
        elif self.retreat_rect is not None and self.retreat_rect.collidepoint(pos):
            hint = self.no_retreat  # a greyed button shows no tooltip
        if hint != self.hint:
            self.hint = hint
            changed = True
        square = self.board.square_at(pos)
        if square != self.hover_square:
            self.hover_square = square
            self._update_hover()
            changed = True
        row = self.list.row_at(pos) if self.layout.left.collidepoint(pos) else None
        if row != self.list.hover:
            self.list.hover = row
            changed = True
        line = self.log.line_at(pos) if self.layout.log.collidepoint(pos) else None
        if line != self.log.hover:
            self.log.hover = line
            changed = True
        return changed

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.layout.map.collidepoint(pos):
            square = self.board.square_at(pos)
            if square is not None:
                self.click_square(square)
            return True
        if self.layout.left.collidepoint(pos):
            cid = self.list.row_at(pos)
            if cid is not None and self._member(cid) is not None:
                self.select(cid, centre=True)
            elif cid is not None and cid in self._seen_now():
                # An enemy out of sight: the map turns to where it was last seen; nothing is selected.
                square = self._seen_now()[cid][0].square
                if square is not None:
                    self.board.centre_on(square)
            return True
        if self.layout.log.collidepoint(pos):
            index = self.log.line_at(pos)
            if index is not None:
                self.log.toggle(index)
            return True
        return False

    def select(self, cid: str, centre: bool = False) -> None:
        """Select a combatant: its information shows below the map."""
        self.selected = cid
        who = self._member(cid)
        if centre and who is not None and who.square is not None:
            self.board.centre_on(who.square)

    def _key(self, event: pygame.event.Event) -> bool:
        if self.replay is not None and self.overlay is None and self.replay.key(event):
            return True
        key, mod = event.key, event.mod
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self.overlay == "save":
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._save_typed()
            elif key == pygame.K_ESCAPE:
                self.close_overlay()
            return True  # every other key is typing in the name
        if self.overlay is not None:
            # Space lets the computer act, and is pressed again and again: on the result it would start
            # a new encounter before the player saw how this one ended, so there only Enter plays again.
            confirm = (pygame.K_RETURN, pygame.K_KP_ENTER) + ((pygame.K_SPACE,) if self.overlay != "result" else ())
            focused = self.focused_button()
            if key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
                back = key in (pygame.K_UP, pygame.K_LEFT) or (key == pygame.K_TAB and shift)
                self.move_focus(-1 if back else 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and focused is not None:
                self.focus = None
                self.buttons[focused]()
            elif key in confirm and self.primary is not None:
                self.primary()
            elif key == pygame.K_w and self.overlay == "result" and self.on_replay is not None:
                self.on_replay()
            elif key == pygame.K_ESCAPE:
                if self.overlay == "result":
                    self.on_menu()
                elif self.overlay != "handover":
                    self.close_overlay()
            return True
        if key == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            self._rebuild()
            return True
        if key == pygame.K_ESCAPE:
            if not self.cancel():
                self._show_menu()
        elif key == pygame.K_SPACE:
            self.press_primary()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_TAB:
            self._cycle(-1 if shift else 1)
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(key, 0)
            if shift:
                self.board.scroll(dx * self.board.page, dy * self.board.page)
            else:
                self._move_cursor(dx, dy)
        elif pygame.K_1 <= key <= pygame.K_9 or pygame.K_KP1 <= key <= pygame.K_KP9:
            index = key - (pygame.K_1 if key <= pygame.K_9 else pygame.K_KP1)
            if index < len(self.numbered):
                self.numbered[index]()
        elif key == pygame.K_r:
            self._rotate(-1 if shift else 1)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(-1)
        elif key == pygame.K_c:
            self._centre_on_current()
        elif key in (pygame.K_F1, pygame.K_h):
            self._show_help()
        elif key == pygame.K_q:
            self.retreat()
        elif key == pygame.K_l:
            self.log.toggle_newest()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and shift:
            self.scroll_column(self.column_page() * (-1 if key == pygame.K_PAGEUP else 1))
        elif key == pygame.K_PAGEUP:
            self.log.scroll += 4
        elif key == pygame.K_PAGEDOWN:
            self.log.scroll = max(0, self.log.scroll - 4)
        else:
            return False
        return True

    def _cycle(self, step: int) -> None:
        rows = [r.cid for r in self._rows() if r.in_sight]
        if not rows:
            return
        index = rows.index(self.selected) if self.selected in rows else -1 if step > 0 else 0
        self.select(rows[(index + step) % len(rows)], centre=True)

    def _move_cursor(self, dx: int, dy: int) -> None:
        """Arrows move the cursor in screen directions, whatever the map's rotation."""
        current = self.current
        start = current.square if current is not None and current.square is not None else None
        self.cursor = self.board.step_cursor(self.cursor, start, dx, dy)
        if self.cursor is None:
            return
        self.board.ensure_visible(self.cursor)
        self.hover_square = None
        self._update_hover()
