"""Words shared by messages all over the game: counts with their nouns in the right number."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun in the right number: "1 open square", "2 open squares"."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
