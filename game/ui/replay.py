"""A saved match played back on the screen from its seed and actions, seen as a seat of the viewer's choosing.

One replay screen serves every mode the screen plays: each mode's replay (registered in
``game.ui.modes``) puts it in front of that mode's own screen, which then draws its map, list and
log while the replay runs the controls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.core.saves import SavedMatch, SaveError, first_difference, resume
from game.ui import theme
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.modes import playable_modes, replay_session, screen_mode
from game.ui.panels import TextLine
from game.ui.settings import load_settings

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


class ReplayScreen(EncounterScreen):
    """The encounter screen without controls: the saved actions play one by one; pause, step, speed, whose eyes.

    Each mode has its own (``ScreenMode.replay``); ``open_replay`` picks the save's.
    """

    hands_over = False  # a replay shows one chosen seat; nobody's turn needs hiding
    everyone_tip = "Everything every side knows"  # what watching through every side's eyes shows

    def __init__(self, app: App, saved: SavedMatch, speed: float, on_quit: Callable[[], None]) -> None:
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
        session = replay_session(saved, self.watcher)
        super().__init__(app, session, on_menu=on_quit, on_again=on_quit)
        self.anim.step_ms = self._step_ms()

    # -- what is shown ---------------------------------------------------------------------------
    def watching_seat(self) -> str:
        """The seat the viewer chose to watch through."""
        return self.spectator

    def seat_view(self, seat: str) -> Any:
        """A player's view, or the one of every side."""
        return self.session.view(seat)

    @property
    def my_turn(self) -> bool:
        """Nobody decides in a replay."""
        return False

    def moment(self) -> str:
        """Where the match stands, for the replay's panel: the round and whose turn it is."""
        current = self.current
        return f"Round {self.view.round}" + (f" \u00b7 {current.name}'s turn" if current else "")

    def _step_ms(self) -> int:
        base = self.app.settings.step_ms
        return round(base / self.speed) if base else 0

    def watch(self, seat: str) -> None:
        """See the match through another seat's eyes (its view and its own log)."""
        if seat in self.spectators and seat != self.spectator:
            self.spectator = seat
            self._refresh([])
            self._centre_on_current()
            self._rebuild()

    # -- playing ---------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Whether every saved action has been played."""
        return self.index >= len(self.saved.actions)

    def step(self) -> bool:
        """Play the next saved action; whether there was one."""
        if self.finished:
            return False
        self.anim.finish()
        seat, plain = self.saved.actions[self.index]
        starts = {c.cid: c.square for c in self._members(self.view) if c.square is not None}
        before = self.current
        try:
            events = self.session.apply(self.match.mode.action_from_dict(plain), seat)
        except (IllegalAction, KeyError, TypeError, ValueError):
            # The save was checked before the window opened; should it still not replay, stop where it breaks.
            self.differs = len(self.match.events)
            self.index = len(self.saved.actions)
            self.playing = False
            self._refresh([])
            self._rebuild()
            return False
        self.index += 1
        if self.differs is None:
            done = len(self.match.events)
            self.differs = first_difference(self.saved.events[:done], self.match.event_log())
        self._refresh(events)
        squares = {c.cid: c.square for c in self._members(self.view) if c.square is not None}
        known = self.ctx.known | self.ctx.own
        self.anim.add(events, {cid: sq for cid, sq in starts.items() if cid in known}, squares,
                      pygame.time.get_ticks())
        current = self.current
        if current is not None and (before is None or before.cid != current.cid):
            self.selected = current.cid  # a new turn, or a decision about another fighter
        if self.finished:
            self.playing = False
            if self.differs is None and len(self.match.events) != len(self.saved.events):
                self.differs = min(len(self.match.events), len(self.saved.events))
        self._rebuild()
        return True

    def toggle(self) -> None:
        """Pause or play on."""
        if self.finished:
            return
        self.playing = not self.playing
        self.next_at = 0
        self._rebuild()

    def step_once(self) -> None:
        """Pause and play exactly one action."""
        self.playing = False
        self.step()
        self._rebuild()

    def change_speed(self, step: int) -> None:
        """Slower or faster, through the fixed speeds."""
        faster = [s for s in SPEEDS if s > self.speed]
        slower = [s for s in SPEEDS if s < self.speed]
        if step > 0 and faster:
            self.speed = faster[0]
        elif step < 0 and slower:
            self.speed = slower[-1]
        self.anim.step_ms = self._step_ms()
        self._rebuild()

    def quit(self) -> None:
        """Leave the replay."""
        self.on_quit()

    def busy(self) -> bool:
        """Playing on, or animating."""
        return (self.playing and not self.finished) or self.anim.busy(pygame.time.get_ticks())

    def update(self, now: int) -> bool:
        """Play the next action once its time has come and the last one's animation is over."""
        self.now = now
        changed = self.anim.busy(now)
        if self.playing and not self.finished and not changed and now >= self.next_at:
            self.step()
            self.next_at = now + round(STEP_MS / self.speed)
            changed = True
        return changed

    def _update_status(self) -> None:
        total = len(self.saved.actions)
        state = "playing" if self.playing else "paused"
        if self.finished:
            state = "finished"
        self.status = f"Replay \u00b7 action {self.index} of {total} \u00b7 {state} \u00b7 speed \u00d7{self.speed:g}"
        if self.differs is not None:
            self.status = f"Event {self.differs + 1} differs from the saved log"

    def status_is_bad(self) -> bool:
        """Red when the replay came out unlike the saved log."""
        return self.differs is not None

    # -- widgets ---------------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        self._build_map_buttons()
        self._button("toolbar", self.layout.toolbar_button("menu"), "Quit", self.quit, "Leave the replay (Esc)",
                     style="@danger")

    def _build_left(self) -> None:
        """Nothing to press: the list shows the combatants only."""

    def _build_right(self) -> None:
        L = self.layout
        right = self.right
        right.look = None
        right.title = "Replay"
        right.subtitle = self.saved.path.name
        body = L.tab_body.move(0, -L.px(40))
        body.height += L.px(40)
        lines = [TextLine(f"Action {self.index} of {len(self.saved.actions)}", "heading", theme.ACCENT),
                 TextLine(self.moment(), "body", theme.TEXT),
                 TextLine(f"Speed \u00d7{self.speed:g}", "small", theme.TEXT_DIM)]
        outcome = self.match.outcome()
        if self.finished:
            lines.append(TextLine(
                (f"{outcome.reason[:1].upper()}{outcome.reason[1:]}." if outcome else "The save ends here.")
                + (" Every event came out as saved." if self.differs is None else ""), "small", theme.GOOD, gap=6))
        # At least as tall as with the closing line, so that the buttons below stay put when it comes.
        y = self._note(body, body.y, lines, gap=6, least=110)
        w = (body.width - L.px(12)) // 3
        controls = [("Play" if not self.playing else "Pause", self.toggle, "Play or pause (Space)",
                     not self.finished),
                    ("Step", self.step_once, "Play one action (N)", not self.finished),
                    ("Faster", lambda: self.change_speed(1), "Speed up (])", self.speed < SPEEDS[-1])]
        for i, (label, callback, tip, enabled) in enumerate(controls):
            self._button("right", pygame.Rect(body.x + i * (w + L.px(6)), y, w, L.px(34)), label, callback, tip,
                         enabled=enabled, style="@primary" if i == 0 else None)
        y += L.px(40)
        self._button("right", pygame.Rect(body.x + 2 * (w + L.px(6)), y, w, L.px(34)), "Slower",
                     lambda: self.change_speed(-1), "Slow down ([)", enabled=self.speed > SPEEDS[0])
        y += L.px(48)
        y = self._note(body, y, [TextLine("Seen through the eyes of (V):", "small", theme.TEXT_DIM)])
        for seat in self.spectators:
            if y + L.px(30) > body.bottom:
                break
            label = "every side" if seat == self.watcher else seat
            y = self._option(body, y, label, None, lambda s=seat: self.watch(s),
                             self.everyone_tip if seat == self.watcher else f"What {seat} knew")
        self._button("right", L.end_button, "Quit the replay", self.quit, "Leave (Esc)")
        self.primary = self.toggle

    def _is_chosen(self, action: object, label: str) -> bool:
        return label == (self.spectator if self.spectator != self.watcher else "every side")

    # -- input -----------------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event) -> bool:
        if self.overlay is not None:
            return super()._key(event)
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
            return super()._key(event)
        return True


def open_replay(app: App, saved: SavedMatch, speed: float, on_quit: Callable[[], None]) -> ReplayScreen:
    """The replay screen of the save's mode, playing it back from its start (SaveError with one line for a mode
    the screen does not play)."""
    if saved.setup.mode not in playable_modes():
        raise SaveError(f"{saved.path}: the {saved.setup.mode} mode cannot be shown at the screen yet; "
                        "replay --check replays it")
    replay: type[ReplayScreen] = screen_mode(saved.setup.mode).replay
    return replay(app, saved, speed, on_quit)


def replay_on_screen(saved: SavedMatch, speed: float) -> int:
    """Open a window and play the saved match back; 0 once the viewer leaves.

    The save is first replayed headless, so that one that cannot be replayed is refused with
    one line (SaveError) before any window opens.
    """
    if saved.setup.mode not in playable_modes():
        raise SaveError(f"{saved.path}: the {saved.setup.mode} mode cannot be shown at the screen yet; "
                        "replay --check replays it")
    check = resume(saved)
    close = getattr(check.mode, "close", None)
    if close is not None:
        close()
    settings = load_settings()
    app = App(settings, remember=False)
    try:
        screen = open_replay(app, saved, speed, on_quit=app.quit)
        app.show(screen)
        return app.run()
    except pygame.error as error:
        raise SaveError(f"{saved.path}: cannot be shown: {error}") from None
    finally:
        pygame.quit()
