"""Run the game from a checkout: `python main.py [command]` (installed, the same is the `rulebound` command)."""

from __future__ import annotations

import sys

from game.cli import COMMANDS, build_parser, main

__all__ = ["COMMANDS", "build_parser", "main"]

if __name__ == "__main__":
    sys.exit(main())
