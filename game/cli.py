"""The game's command line: play (the default), simulate, odds, check-map and more.

Run as `python main.py` in a checkout and as `rulebound` once installed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Each subcommand lives in game/commands/<module>.py with add_arguments(parser) and run(args) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.commands.play", "open the game (the default)"),
    "simulate": ("game.commands.simulate", "play many matches with the computer on both sides"),
    "odds": ("game.commands.odds", "exact chance that a Skill rank beats a Trait rank"),
    "check-map": ("game.commands.check_map", "load a Tiled map as the game would and summarise it"),
    "replay": ("game.commands.replay", "play a saved match back, or check it replays exactly (--check)"),
    "screenshot": ("game.commands.screenshot", "play some turns headless and save the encounter screen as a PNG"),
}


DESCRIPTION = "The game's command line: play (the default), simulate, odds, check-map and more."


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Print one line naming the command and the problem, then exit 2."""
        from game.core.messages import one_line

        sys.stderr.write(one_line(f"{self.prog}: {message} (see --help)") + "\n")
        raise SystemExit(2)


def build_parser(only: str | None = None, prog: str = "main.py") -> argparse.ArgumentParser:
    """Build the parser; only the chosen subcommand's module is imported, to start quickly."""
    parser = OneLineParser(prog=prog, description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name, (module, help_text) in COMMANDS.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        if name == only:
            importlib.import_module(module).add_arguments(command)
    return parser


def main(argv: list[str] | None = None, prog: str = "main.py") -> int:
    """Run one subcommand and return its exit status; ``prog`` is the name messages give the program."""
    from game.core.errors import GameError
    from game.core.messages import one_line

    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in and not args_in[0].startswith("-") and args_in[0] not in COMMANDS:
        sys.stderr.write(one_line(f"{prog}: unknown command {args_in[0]!r} (commands: {', '.join(COMMANDS)}; "
                                  "see --help)") + "\n")
        return 2
    if not args_in or (args_in[0] not in COMMANDS and args_in[0] not in ("-h", "--help")):
        args_in.insert(0, "play")
    chosen = args_in[0] if args_in[0] in COMMANDS else None
    args = build_parser(chosen, prog).parse_args(args_in)
    from game.core.userdata import remove_stale_temporaries

    remove_stale_temporaries()  # left by a game killed while it wrote a save or the settings
    try:
        status = importlib.import_module(COMMANDS[args.command][0]).run(args)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, while it can still be reported
        return status
    except GameError as error:
        sys.stderr.write(one_line(str(error)) + "\n")
        return 2
    except (MemoryError, RecursionError) as error:
        # A safety net: every input is bounded before it is read, so this is a file the checks missed.
        _drop_output()
        what = "memory" if isinstance(error, MemoryError) else "stack"
        sys.stderr.write(f"{prog} {args.command}: its input needs more {what} than the game gives it; "
                         "it is refused\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of the output went away (`| head`): nothing is left to tell it, as when a pipe kills a program.
        _drop_output()
        return 141
    except OSError as error:
        _drop_output()
        where = f"{error.filename}: " if error.filename else "its output: "
        sys.stderr.write(one_line(f"{prog} {args.command}: {where}{error.strerror or error}") + "\n")
        return 2


def _drop_output() -> None:
    """Send what is left of the output nowhere, so that leaving does not try to write it again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # no real file behind sys.stdout (a test's capture): nothing will be flushed at exit


def run() -> None:
    """The installed `rulebound` command."""
    sys.exit(main(prog="rulebound"))
