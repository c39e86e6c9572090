"""``play``: open the game on the menu, or straight into an encounter (--start) or the last match (--resume)."""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.core.errors import GameError
from game.core.messages import one_line
from game.players.balance import DIFFICULTIES

if TYPE_CHECKING:
    from game.ui.session import Session


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the play command's options."""
    parser.add_argument("--map", dest="map_path", help="a Tiled .tmx map to choose in the menu")
    parser.add_argument("--seed", type=int, help="seed of the dice (default: a new one each encounter)")
    parser.add_argument("--start", action="store_true", help="skip the menu and start the encounter at once")
    parser.add_argument("--resume", action="store_true",
                        help="pick the last match up where it stopped (its autosave in the game's data folder)")
    parser.add_argument("--size", help="window size as WIDTHxHEIGHT (default: the remembered size)")
    parser.add_argument("--difficulty", choices=DIFFICULTIES,
                        help="how well the computer plays its sides (default: the level last chosen in the menu)")


def parse_size(text: str, command: str) -> tuple[int, int]:
    """A WIDTHxHEIGHT window size, or GameError with one line saying what is wrong."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise GameError(f"{command}: --size must look like 1280x800, not {text!r}") from None
    from game.ui.settings import MIN_WINDOW

    # The screen is laid out for MIN_WINDOW and up; a smaller window would cut its panels.
    if not (MIN_WINDOW[0] <= width <= 7680 and MIN_WINDOW[1] <= height <= 4320):
        raise GameError(f"{command}: --size {text} is outside {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to 7680x4320")
    return width, height


def run(args: argparse.Namespace) -> int:
    """Open the window and play until the player quits."""
    from game.ui.session import BUILT_IN, load_battlefield
    from game.ui.settings import load_settings

    settings = load_settings()
    size = parse_size(args.size, "play") if args.size else None
    if args.resume and (args.start or args.map_path or args.seed is not None or args.difficulty):
        raise GameError("play: --resume picks up the last match as it was; "
                        "it takes no --start, --map, --seed or --difficulty")
    if args.difficulty:
        settings.difficulty = args.difficulty
    # The last match is read and replayed before any window opens: a bad save is one line, exit status 2.
    resumed = resume_last() if args.resume else None
    if args.map_path:
        # A map that cannot be played is refused before any window opens: one line, exit status 2.
        load_battlefield(args.map_path)
        settings.map = args.map_path
    elif args.start:
        settings.map = settings.map or BUILT_IN
    from game.ui.app import App
    from game.ui.menu import MenuScreen, show_session, start_encounter

    check_display()
    app = App(settings, size=size)
    if size is not None:
        app.settings.window = size
    menu = MenuScreen(app)
    if args.seed is not None:
        menu.seed = args.seed
    app.show(menu)
    if resumed is not None:
        show_session(app, resumed)
    elif args.start:
        try:
            start_encounter(app, menu.choice())
        except GameError:
            pygame_quit()
            raise
    try:
        return app.run()
    finally:
        pygame_quit()


HEADLESS = ("offscreen", "dummy")  # SDL's video drivers that draw to no screen


def check_display(command: str = "play") -> None:
    """GameError when there is no screen to open the window on, unless a headless driver was asked for."""
    import pygame

    asked = os.environ.get("SDL_VIDEODRIVER")
    try:
        with _sdl_quiet():
            pygame.display.init()
    except pygame.error:
        pygame.quit()
        driver = f"the video driver {one_line(asked, 40)!r} cannot start here" if asked else \
            "SDL_VIDEODRIVER is set but empty"
        raise GameError(f"{command}: there is no screen to open the window on ({driver}; unset SDL_VIDEODRIVER, "
                        "or run the game from a desktop session)") from None
    driver = pygame.display.get_driver()
    # Without a display SDL falls back to drawing nowhere: the game would run where nobody can see it.
    if driver in HEADLESS and (asked or "").lower() not in HEADLESS:
        pygame.quit()
        raise GameError(f"{command}: there is no screen to open the window on (no display found; run the game "
                        "from a desktop session)")


@contextlib.contextmanager
def _sdl_quiet() -> Iterator[None]:
    """Keep what SDL prints itself while it looks for a display (a second line) off the terminal."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def resume_last() -> Session:
    """The autosaved last match as a session, or GameError with one line saying why it cannot be resumed."""
    from game.core.saves import autosave_path, read_save
    from game.ui.modes import resume_session

    path = autosave_path()
    if not path.exists():
        raise GameError(f"play --resume: there is no match to continue yet ({path} does not exist)")
    return resume_session(read_save(path), autosave=path)


def pygame_quit() -> None:
    """Close the window."""
    import pygame

    pygame.quit()
