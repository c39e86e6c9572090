"""Replays from the menu and the command line: a saved match played back on its mode's screen by a ``Replay``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.saves import SavedMatch, SaveError, resume
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.encounter.replay import EVERYONE, Replay
from game.ui.modes import playable_modes, replay_session, screen_mode
from game.ui.settings import load_settings

__all__ = ["EVERYONE", "Replay", "open_replay", "replay_on_screen"]


def _check_mode(saved: SavedMatch) -> None:
    """SaveError with one line for a mode the screen does not play."""
    if saved.setup.mode not in playable_modes():
        raise SaveError(f"{saved.path}: the {saved.setup.mode} mode cannot be shown at the screen yet; "
                        "replay --check replays it")


def open_replay(app: App, saved: SavedMatch, speed: float, on_quit: Callable[[], None]) -> EncounterScreen:
    """The save's mode's screen, run by a replay of the save from its start (SaveError with one line for a mode the
    screen does not play)."""
    _check_mode(saved)
    replay = Replay(saved, speed, on_quit)
    session = replay_session(saved, replay.watcher)
    screen: EncounterScreen = screen_mode(saved.setup.mode).screen(app, session, on_quit, on_quit, replay=replay)
    return screen


def replay_on_screen(saved: SavedMatch, speed: float) -> int:
    """Open a window and play the saved match back; 0 once the viewer leaves.

    The save is first replayed headless, so that one that cannot be replayed is refused with
    one line (SaveError) before any window opens.
    """
    _check_mode(saved)
    check = resume(saved)
    screen_mode(saved.setup.mode).close(check)
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
