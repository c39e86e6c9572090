"""Errors that reach a player as one clear line."""

from __future__ import annotations


class GameError(Exception):
    """A problem with something the player gave us: a file, a map or an argument.

    The command line prints ``str(error)`` on one line and exits with status 2.
    """


class ContentError(GameError):
    """A data file under assets/data is missing, malformed or inconsistent."""


class MapError(GameError):
    """A map file cannot be played."""


class IllegalAction(GameError):
    """An action was submitted that the rules do not allow right now."""
