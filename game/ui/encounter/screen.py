"""The encounter screen every mode plays on: board in the middle, toolbar on top, combatants left, controls right.

Text 003 sets out these four sections. This class puts the frame's parts together (``frame``,
``controls``, ``overlays``, ``input``) and adds what happens over time and the drawing.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.events import Event
from game.core.mode import Outcome
from game.ui import theme
from game.ui.animation import Cue
from game.ui.briefing import objective_result
from game.ui.encounter.input import InputFrame
from game.ui.mapscene import MapScene
from game.ui.panels import TextLine
from game.ui.sound import SoundTable, cues_for
from game.ui.tokens import TokenLook

QUICK_PACE = 0.5  # while no enemy is in sight, everything moves twice as fast: there is nothing to watch


class EncounterScreen(InputFrame):
    """One encounter at the screen, from its first decision to the result, in whichever mode it is played."""

    music = "encounter"  # the loop the app plays while this screen shows

    # -- what happens, seen and heard ---------------------------------------------------------------
    def motion_cues(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any],
                    looks: dict[str, TokenLook]) -> list[Cue]:
        """What the mode's screen animates of events the seat may read (none unless it says)."""
        return []

    def sound_table(self) -> SoundTable:
        """What the mode's events sound like (none unless the mode has a table)."""
        return {}

    def animate(self, events: list[Event], starts: dict[str, Any], squares: dict[str, Any]) -> None:
        """Play the sounds and the motions of what the watching seat may read of the events; quicker while it sees
        no enemy."""
        seat = self._seat
        if seat != self.session.spectator:
            events = self.session.registered.readable(self.match, seat, list(events))
        self.app.sound.effects(cues_for(events, self.sound_table(), self.ctx.own))
        members = self._members(self.view)
        looks = {c.cid: self._look(c) for c in members}
        cues = self.motion_cues(events, starts, squares, looks)
        if cues:
            self.anim.add(cues, pygame.time.get_ticks(), 1.0 if self._enemy_in_sight(members) else QUICK_PACE)

    @staticmethod
    def _enemy_in_sight(members: tuple[Any, ...]) -> bool:
        """Whether the seat sees any enemy standing or down, not dead."""
        own = {c.side for c in members if c.controlled}
        return any(c.side not in own and c.state != "dead" and c.square is not None for c in members)

    def _ending_cue(self) -> str | None:
        """Victory or defeat, heard as the result shows: friends at one screen, or the computer alone, hear no
        defeat."""
        outcome = self.match.outcome()
        if outcome is None or outcome.winner is None:
            return None
        sides = {c.side for c in self._members(self.view) if c.controlled}
        if len(self.session.human_seats) != 1 or outcome.winner in sides:
            return "victory"
        return "defeat"

    # -- time --------------------------------------------------------------------------------------
    def busy(self) -> bool:
        """Animations run or the computer is playing a turn (in a replay: it plays on, or animates)."""
        if self.replay is not None:
            return self.replay.busy()
        return self.anim.showing(pygame.time.get_ticks()) or self.auto is not None or self.awaiting_thought

    def update(self, now: int) -> bool:
        """Advance the computer's turn after Go (or the replay) and the animations; whether the screen changed."""
        self.now = now
        if self.replay is not None:
            return self.replay.update(now)
        # The update in which animations end draws once more: the last frame drawn while they ran hides
        # what waits for them (the reach, the hover label).
        animating = self.anim.showing(now)
        changed = animating or self._animating
        self._animating = animating
        if self.awaiting_thought and self.session.decision_ready():
            self.awaiting_thought = False
            self._rebuild()  # the computer has decided: its intent can be shown
            changed = True
        if self._acts_unasked(now):
            self.go()
            changed = True
        if self._run_computer():
            changed = True
        if self._warning_over(now):
            changed = True
        if self._hold_over(now):
            changed = True
        if self.match.over and self.overlay != "result" and not self.anim.busy(now) and self.auto is None:
            self.open_overlay("result")
            self.app.sound.effect(self._ending_cue())
            self._rebuild()
            changed = True
        return changed

    # -- drawing ---------------------------------------------------------------------------------
    def _out_of_sight(self) -> list[tuple[Any, int]]:
        """The enemies the watching seat saw alive and does not see now, as last seen and the round of it."""
        known = {c.cid for c in self._members(self.view)}
        return [(c, seen_in) for cid, (c, seen_in) in self._seen_now().items() if cid not in known
                and c.state != "dead"]

    def _objective_lines(self, outcome: Outcome, sides: set[str]) -> list[TextLine]:
        """Whether the heroes met the map's objective (none for a mode played without a map)."""
        battlefield = self.session.battlefield
        return [] if battlefield is None else [objective_result(battlefield, outcome, sides)]

    def _hover_pointer(self) -> tuple[int, int] | None:
        """The pointer, while it is still over the square hovered, else None.

        A map scrolled, turned or centred under a still pointer leaves the hover of the square it was
        over: a label drawn at the pointer would name what stands on another square.
        """
        if self.hover_pos is None or self.hover_square is None:
            return None
        return self.hover_pos if self.board.square_at(self.hover_pos) == self.hover_square else None

    def info_lines(self) -> tuple[TokenLook | None, list[TextLine]]:
        """The selected token's information for the panel below the map."""
        key = (id(self.view), self.selected)
        if self._info_cache is None or self._info_cache[0] != key:
            self._info_cache = (key, self._make_info_lines())
        return self._info_cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the map, the panels and the toolbar (widgets are drawn after, by the manager)."""
        L = self.layout
        if self.overlay == "handover":
            surface.fill(theme.BG)
            self._draw_overlay(surface)
            return
        scene = self.scene()
        if isinstance(scene, MapScene):
            scene.effects = list(self.anim.effects(pygame.time.get_ticks()))
        self.board.draw(surface, scene)
        # The toolbar.
        pygame.draw.rect(surface, theme.PANEL_DARK, L.toolbar)
        pygame.draw.line(surface, theme.EDGE, L.toolbar.bottomleft, (L.toolbar.right, L.toolbar.bottom - 1))
        if not L.toolbar_compact:  # a narrow toolbar gives the title's room to the status line
            theme.draw_text(surface, "Rulebound", (L.pad, L.toolbar.centery), L.font_px("heading"), theme.ACCENT,
                            bold=True, anchor="midleft")
            title = self.session.place_name()
            theme.draw_text(surface, title, (L.pad + L.px(104), L.toolbar.centery + L.px(1)), L.font_px("small"),
                            theme.TEXT_DIM, anchor="midleft")
        status = L.toolbar_status
        clip = surface.get_clip()
        surface.set_clip(status)
        colour = theme.BAD if self.status_is_bad() or self.hint else theme.TEXT
        text, size = self.hint or self.status, L.font_px("body")
        if theme.font(size, True).size(text)[0] > status.width:
            size = L.font_px("small")  # a narrow toolbar: smaller rather than cut
            text = theme.shorten(text, size, status.width, bold=True)
        theme.draw_text(surface, text, (status.x, status.centery), size, colour, bold=True, anchor="midleft")
        surface.set_clip(clip)
        if self.board.note:
            note = "Plain squares: " + self.board.note
            r = theme.draw_text(surface, note, (L.map.x + L.pad, L.map.bottom - L.pad), L.font_px("small"),
                                theme.ACCENT, anchor="bottomleft")
            del r
        # The left column.
        pygame.draw.rect(surface, theme.PANEL, L.left)
        pygame.draw.line(surface, theme.EDGE, (L.left.right - 1, L.left.y), (L.left.right - 1, L.left.bottom))
        with_button = self.left_button_shown()
        self.list.rows = self._rows()
        current = self.current
        self.list.current = current.cid if current is not None else None
        self.list.selected = self.selected
        self.list.draw(surface, L.left_rows(with_button).inflate(-2, 0), L)
        # The right column.
        self.right.draw(surface, L.right, L)
        # Below the map.
        self.info.look, self.info.lines = self.info_lines()
        self.info.draw(surface, L.info, L)
        self.log.draw(surface, L.log, L)
        if self.overlay is not None:
            self._draw_overlay(surface)

    def close(self) -> None:
        """Drop the match."""
        self.session.close()
