"""``screenshot``: set up an encounter, let the computer play some turns, and save the screen as a PNG, headless."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import GameError
from game.core.modespec import MAP_OPTIONAL, NO_MAP, spec

if TYPE_CHECKING:
    from game.ui.session import Session

MAX_TURNS = 2000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the screenshot command's options."""
    parser.add_argument("--map", dest="map_path",
                        help="a Tiled .tmx map, or 'builtin' for the mode's own map (the default; a mode played "
                             "without a map takes none, and one whose map is optional plays on the table)")
    parser.add_argument("--out", required=True, help="the PNG file to write")
    parser.add_argument("--mode", default="grid", help="rule system (default: grid)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice (default 1)")
    parser.add_argument("--turns", type=int, default=4, help="combatants' turns the computer plays first (default 4)")
    parser.add_argument("--size", default="1280x800", help="window size as WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--scale", type=float, default=1.0, help="UI scale from 1.0 to 2.0 (default 1.0)")


def run(args: argparse.Namespace) -> int:
    """Check the arguments, play the turns and write the picture."""
    from game.commands.play import parse_size
    from game.core.mode import mode_names

    if args.mode not in mode_names():
        raise GameError(f"screenshot: unknown mode {args.mode!r} (modes: {', '.join(mode_names())})")
    from game.ui.modes import playable_modes

    if args.mode not in playable_modes():
        raise GameError(f"screenshot: the {args.mode} mode has no encounter screen yet")
    if not 0 <= args.turns <= MAX_TURNS:
        raise GameError(f"screenshot: --turns must be from 0 to {MAX_TURNS}")
    if not 1.0 <= args.scale <= 2.0:
        raise GameError("screenshot: --scale must be from 1.0 to 2.0")
    size = parse_size(args.size, "screenshot")
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise GameError(f"screenshot: --out {args.out}: the picture is written as PNG; name it .png")
    if out.is_dir():
        raise GameError(f"screenshot: --out {args.out}: is a folder; name the PNG file to write")
    if not out.parent.is_dir():
        raise GameError(f"screenshot: --out {args.out}: the folder {out.parent} does not exist")
    # Headless whatever the environment says: the picture is drawn without a window.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.commands.simulate import print_map_warnings
    from game.ui.modes import open_screen, open_session, screen_mode
    from game.ui.session import BUILT_IN, EncounterChoice, check_map_path

    rules = spec(args.mode)
    mode = screen_mode(args.mode)
    battlefield = None
    if rules.map_kind == NO_MAP:
        if args.map_path is not None:
            raise GameError(f"screenshot: --map {args.map_path}: the {args.mode} mode is played without a map")
        map_path = BUILT_IN
    elif rules.map_kind == MAP_OPTIONAL:
        # A table unless a map is named: the mode has no map of its own.
        map_path = BUILT_IN if args.map_path in (None, "builtin") else args.map_path
        if map_path != BUILT_IN:
            check_map_path(map_path)
            battlefield = rules.map_from_file(str(Path(map_path).expanduser()))
    else:
        # "builtin" (the default), or the mode's built-in map as simulate names it.
        named = args.map_path or "builtin"
        own = rules.default_map or "builtin"
        if named.startswith("builtin:") and named != own:
            raise GameError(f"screenshot: --map {named}: no such built-in map (the {args.mode} mode's own is "
                            f"{own}, or say builtin)")
        map_path = BUILT_IN if named in ("builtin", own) else named
        # The mode's own loading, which checks the map's names against its monsters (and items).
        check_map_path(map_path)
        battlefield = mode.built_in() if map_path == BUILT_IN else rules.map_from_file(str(Path(map_path).expanduser()))
    choice = EncounterChoice(map_path, mode.default_heroes, seed=args.seed, mode=args.mode)
    print_map_warnings(battlefield)
    import pygame

    from game.ui.app import App
    from game.ui.settings import Settings

    app = App(Settings(window=size, ui_scale=args.scale, animation="off"), size=size, remember=False)
    try:
        # The heroes' seat is a person's, as on a player's screen; the computer plays both sides' first turns.
        session = open_session(choice, battlefield)
        play_turns(session, args.turns, args.seed)
        screen = open_screen(app, session, on_menu=app.quit, on_again=app.quit)
        app.show(screen)
        current = screen.current
        people = screen.view.members
        screen.selected = current.cid if current is not None else next(
            (c.cid for c in people if c.controlled and c.square is not None), None)
        for _ in range(10):  # until a frame adds nothing new: an overlay opened in a step shows its widgets next
            if not app.step(0):
                break
        app.save_screenshot(out)
    except pygame.error as error:
        raise GameError(f"screenshot: cannot draw the screen ({error})") from None
    except OSError as error:
        raise GameError(f"screenshot: --out {args.out}: cannot be written ({error.strerror or error})") from None
    finally:
        pygame.quit()
    where = f"on {battlefield.name}" if battlefield is not None else f"in the {args.mode} mode"
    print(f"{out}: {size[0]}x{size[1]}, {args.turns} turns played {where}")
    return 0


def play_turns(session: Session, turns: int, seed: int) -> None:
    """Let computer players decide for every seat until ``turns`` turns have ended (as each mode's events say:
    a combatant's turn, a side's turn at priority) or the match has."""
    from game.core.seeds import computer_seed
    from game.players.base import make_policy, reseed
    from game.ui.session import computer_policy

    match = session.match
    mode = match.setup.mode
    players = {seat: make_policy(computer_policy(), computer_seed(seed, i), mode)
               for i, seat in enumerate(("heroes", "monsters"))}
    ended = 0
    for _ in range(200_000):
        seat = match.pending_seat()
        if seat is None or ended >= turns:
            return
        reseed(players[seat], match.seed, seat, len(match.actions))
        events = session.apply(players[seat].choose(match.view(seat), match.legal_actions(seat)), seat)
        ended += sum(1 for e in events if e.ends_turn)
