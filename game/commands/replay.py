"""``replay``: play a saved match back from its seed and actions, on the screen or headless with --check."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.core.errors import GameError
from game.core.messages import one_line
from game.core.saves import first_difference, read_save, resume


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the replay command's options."""
    parser.add_argument("file", help="a save file (the autosave is in the game's data folder, saves/autosave.json)")
    parser.add_argument("--speed", type=float, default=1.0, help="playback speed on the screen (default 1.0)")
    parser.add_argument("--check", action="store_true",
                        help="replay headless and exit 0 only when every event matches the saved log")


def run(args: argparse.Namespace) -> int:
    """Replay the file: check it headless, or show it on the screen."""
    if not 0.1 <= args.speed <= 20:
        raise GameError("replay: --speed must be from 0.1 to 20")
    saved = read_save(Path(args.file))
    if args.check:
        match = resume(saved)
        replayed = match.event_log()
        index = first_difference(saved.events, replayed)
        if index is None:
            print(f"{args.file}: {len(replayed)} events replayed, every one as saved")
            return 0
        sys.stderr.write(one_line(f"{args.file}: event {index + 1} differs from the saved log") + "\n")
        return 1
    from game.commands.play import check_display
    from game.ui.replay import replay_on_screen

    check_display("replay")
    return replay_on_screen(saved, args.speed)
