"""A saved match played back on its mode's own encounter screen, seen as a seat of the viewer's choosing.

The replay is a controller over the screen, not a screen of its own: the mode's screen draws its
board, list and log as in play, while the replay plays the saved actions one by one, runs the
toolbar and the controls on the right (pause, step, speed, whose eyes) and says where it stands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.errors import IllegalAction
from game.core.saves import SavedMatch, first_difference
from game.ui import theme
from game.ui.panels import TextLine

if TYPE_CHECKING:
    from game.ui.encounter.frame import Frame
    from game.ui.encounter.screen import EncounterScreen

EVERYONE = "Everyone"
STEP_MS = 700  # between two actions at speed 1
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def watcher_name(saved: SavedMatch) -> str:
    """The name of the seat that sees every side, different from every player's."""
    names = {seat.name for seat in saved.setup.seats}
    name = EVERYONE
    while name in names:
        name += "*"
    return name


class Replay:
    """The saved actions played one by one over an encounter screen: pause, step, speed, and whose eyes."""

    def __init__(self, saved: SavedMatch, speed: float, on_quit: Callable[[], None]) -> None:
        self.saved = saved
        self.watcher = watcher_name(saved)
        # A seat that plays every side sees what every side sees: it is not offered as a second choice.
        every = {side for seat in saved.setup.seats for side in seat.sides}
        self.spectators = [seat.name for seat in saved.setup.seats if not every <= set(seat.sides)] + [self.watcher]
        self.spectator = self.spectators[0]
        self.speed = speed
        self.index = 0  # the next saved action to play
        self.playing = True
        self.next_at = 0
        self.differs: int | None = None  # the first event that came out unlike the saved log
        self.on_quit = on_quit
        self._screen: EncounterScreen | None = None

    @property
    def screen(self) -> EncounterScreen:
        """The screen the replay runs (set by the screen as it starts)."""
        assert self._screen is not None, "the replay runs no screen yet"
        return self._screen

    def attach(self, screen: Frame) -> None:
        """Run this screen (called by it as it starts): its tokens walk at the replay's speed."""
        from game.ui.encounter.screen import EncounterScreen  # the screen is made of the frame

        assert isinstance(screen, EncounterScreen), "a replay runs a whole encounter screen"
        self._screen = screen
        screen.anim.step_ms = self._step_ms()

    def _step_ms(self) -> int:
        base = self.screen.app.settings.step_ms
        return round(base / self.speed) if base else 0

    # -- what is shown ---------------------------------------------------------------------------
    def moment(self) -> str:
        """Where the match stands, for the replay's panel (the mode's screen words it)."""
        return self.screen.replay_moment()

    def watch(self, seat: str) -> None:
        """See the match through another seat's eyes (its view and its own log)."""
        screen = self.screen
        if seat in self.spectators and seat != self.spectator:
            self.spectator = seat
            screen._refresh([])
            screen._centre_on_current()
            screen._rebuild()

    def status(self) -> str:
        """The toolbar's status line: where the replay is, or where it came out unlike the save."""
        if self.differs is not None:
            return f"Event {self.differs + 1} differs from the saved log"
        state = "finished" if self.finished else "playing" if self.playing else "paused"
        return f"Replay \u00b7 action {self.index} of {len(self.saved.actions)} \u00b7 {state} \u00b7 speed " \
               f"\u00d7{self.speed:g}"

    # -- playing ---------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Whether every saved action has been played."""
        return self.index >= len(self.saved.actions)

    def step(self) -> bool:
        """Play the next saved action; whether there was one."""
        if self.finished:
            return False
        screen = self.screen
        match = screen.match
        screen.anim.finish()
        seat, plain = self.saved.actions[self.index]
        starts = {c.cid: c.square for c in screen._members(screen.view) if c.square is not None}
        before = screen.current
        try:
            events = screen.session.apply(match.mode.action_from_dict(plain), seat)
        except (IllegalAction, KeyError, TypeError, ValueError):
            # The save was checked before the window opened; should it still not replay, stop where it breaks.
            self.differs = len(match.events)
            self.index = len(self.saved.actions)
            self.playing = False
            screen._refresh([])
            screen._rebuild()
            return False
        self.index += 1
        if self.differs is None:
            done = len(match.events)
            self.differs = first_difference(self.saved.events[:done], match.event_log())
        screen._refresh(events)
        squares = {c.cid: c.square for c in screen._members(screen.view) if c.square is not None}
        known = screen.ctx.known | screen.ctx.own
        screen.animate(events, {cid: sq for cid, sq in starts.items() if cid in known}, squares)
        current = screen.current
        if current is not None and (before is None or before.cid != current.cid):
            screen.selected = current.cid  # a new turn, or a decision about another fighter
        if self.finished:
            self.playing = False
            if self.differs is None and len(match.events) != len(self.saved.events):
                self.differs = min(len(match.events), len(self.saved.events))
        screen._rebuild()
        return True

    def toggle(self) -> None:
        """Pause or play on."""
        if self.finished:
            return
        self.playing = not self.playing
        self.next_at = 0
        self.screen._rebuild()

    def step_once(self) -> None:
        """Pause and play exactly one action."""
        self.playing = False
        self.step()
        self.screen._rebuild()

    def change_speed(self, step: int) -> None:
        """Slower or faster, through the fixed speeds."""
        faster = [s for s in SPEEDS if s > self.speed]
        slower = [s for s in SPEEDS if s < self.speed]
        if step > 0 and faster:
            self.speed = faster[0]
        elif step < 0 and slower:
            self.speed = slower[-1]
        self.screen.anim.step_ms = self._step_ms()
        self.screen._rebuild()

    def quit(self) -> None:
        """Leave the replay."""
        self.on_quit()

    def busy(self) -> bool:
        """Playing on, or animating."""
        return (self.playing and not self.finished) or self.screen.anim.showing(pygame.time.get_ticks())

    def update(self, now: int) -> bool:
        """Play the next action once its time has come and the last one's animation is over."""
        changed = self.screen.anim.showing(now)
        if self.playing and not self.finished and not self.screen.anim.busy(now) and now >= self.next_at:
            self.step()
            self.next_at = now + round(STEP_MS / self.speed)
            changed = True
        return changed

    # -- widgets ---------------------------------------------------------------------------------
    def build_toolbar(self) -> None:
        """The map's buttons and Quit."""
        screen = self.screen
        screen._build_map_buttons()
        screen._button("toolbar", screen.layout.toolbar_button("menu"), "Quit", self.quit, "Leave the replay (Esc)",
                       style="@danger")

    def build_right(self) -> None:
        """Where the replay is, its buttons, and whose eyes it is seen through."""
        screen = self.screen
        L = screen.layout
        right = screen.right
        right.look = None
        right.title = "Replay"
        right.subtitle = self.saved.path.name
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        lines = [TextLine(f"Action {self.index} of {len(self.saved.actions)}", "heading", theme.ACCENT),
                 TextLine(self.moment(), "body", theme.TEXT),
                 TextLine(f"Speed \u00d7{self.speed:g}", "small", theme.TEXT_DIM)]
        outcome = screen.match.outcome()
        if self.finished:
            lines.append(TextLine(
                (f"{outcome.reason[:1].upper()}{outcome.reason[1:]}." if outcome else "The save ends here.")
                + (" Every event came out as saved." if self.differs is None else ""), "small", theme.GOOD, gap=6))
        # At least as tall as with the closing line, so that the buttons below stay put when it comes.
        y = screen._note(body, body.y, lines, gap=6, least=110)
        w = (body.width - L.px(12)) // 3
        controls = [("Play" if not self.playing else "Pause", self.toggle, "Play or pause (Space)",
                     not self.finished),
                    ("Step", self.step_once, "Play one action (N)", not self.finished),
                    ("Faster", lambda: self.change_speed(1), "Speed up (])", self.speed < SPEEDS[-1])]
        for i, (label, callback, tip, enabled) in enumerate(controls):
            screen._button("right", pygame.Rect(body.x + i * (w + L.px(6)), y, w, L.px(34)), label, callback, tip,
                           enabled=enabled, style="@primary" if i == 0 else None)
        y += L.px(40)
        screen._button("right", pygame.Rect(body.x + 2 * (w + L.px(6)), y, w, L.px(34)), "Slower",
                       lambda: self.change_speed(-1), "Slow down ([)", enabled=self.speed > SPEEDS[0])
        y += L.px(48)
        y = screen._note(body, y, [TextLine("Seen through the eyes of (V):", "small", theme.TEXT_DIM)])
        for seat in self.spectators:
            label = "every side" if seat == self.watcher else seat
            y = screen._option(body, y, label, None, lambda s=seat: self.watch(s),
                               screen.everyone_tip if seat == self.watcher else f"What {seat} knew")
        screen._button("right", L.end_button, "Quit the replay", self.quit, "Leave (Esc)")
        screen.primary = self.toggle

    def is_chosen(self, label: str) -> bool:
        """Whether a seat's option is the one watched through."""
        return label == (self.spectator if self.spectator != self.watcher else "every side")

    # -- input -----------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> bool:
        """The replay's keys; whether it took the key."""
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_q):
            self.quit()
        elif key == pygame.K_SPACE:
            self.toggle()
        elif key in (pygame.K_n, pygame.K_PERIOD):
            self.step_once()
        elif key == pygame.K_RIGHTBRACKET:
            self.change_speed(1)
        elif key == pygame.K_LEFTBRACKET:
            self.change_speed(-1)
        elif key == pygame.K_v:
            index = self.spectators.index(self.spectator)
            self.watch(self.spectators[(index + 1) % len(self.spectators)])
        else:
            return False
        return True
