"""One module per command-line subcommand: add_arguments(parser) and run(args) -> int."""

import game.modes  # noqa: F401  (every command can name any mode: importing the package registers them)
