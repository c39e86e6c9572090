"""Watching a mode's screen play itself: the computer on every side, what each action's events started on the
board, the animations skipped as a click would skip them, and every wait bounded in time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core.events import Event
from game.ui.animation import Cue
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.modes import open_screen
from game.ui.session import EncounterChoice, Session
from tests.ui.helpers import settle, until

Batch = tuple[list[Event], list[Cue]]


def open_mode(app: App, **choice: Any) -> EncounterScreen:
    """A mode's encounter screen for a choice of the menu's, shown in the app."""
    screen = open_screen(app, Session(EncounterChoice(**choice)), on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    return screen


def record(screen: EncounterScreen) -> list[Batch]:
    """From now on, each batch of events the screen animates and the cues it made of them, kept in order."""
    batches: list[Batch] = []
    made = screen.motion_cues

    def noted(events: list[Event], *args: Any) -> list[Cue]:
        cues = made(events, *args)
        batches.append((list(events), list(cues)))
        return cues

    setattr(screen, "motion_cues", noted)  # noqa: B010 (a method replaced on this one screen)
    return batches


def watch(app: App, screen: EncounterScreen, done: Callable[[], bool], seconds: float = 300.0,
          skip: bool = True) -> bool:
    """Let the computer play (Go whenever it waits for it) until ``done``; each animation skipped at once as a click
    skips it, if ``skip``. The bound is generous: a loaded machine makes the wait longer, never the test fail."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end or screen.match.over:
            return done()
        settle(app, 1)
        if skip:
            screen.anim.finish()
        if screen.auto is None and not screen.match.over and not screen.busy() and screen.overlay is None:
            screen.go()
        pygame.time.wait(1)
    return True


def persons_turn(app: App, screen: EncounterScreen) -> bool:
    """Wait (bounded) until a person at the screen decides and nothing moves: the computer, on its own thread, has
    done what came before, so nothing it does changes the selection under a click."""
    return until(app, lambda: screen.my_turn and screen.auto is None and not screen.busy())


def emblems_drawn(app: App, monkeypatch: Any) -> set[str]:
    """The emblems the next frame draws on the tokens (the token sprites drawn afresh)."""
    import game.ui.tokens as tokens

    drawn: set[str] = set()
    real = tokens.tinted_emblem

    def noted(name: str, *args: Any) -> Any:
        drawn.add(name)
        return real(name, *args)

    monkeypatch.setattr(tokens, "tinted_emblem", noted)
    tokens.reset_cache()
    app.dirty = True
    app.step(0)
    return drawn
