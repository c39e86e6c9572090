"""Messages that reach the terminal: always one line, of bounded length, with no control character.

Names in maps, saves and data files are other people's text. Printed raw, a newline in one splits a
refusal into several lines, and an escape sequence can clear or recolour the player's terminal.
"""

from __future__ import annotations

import unicodedata

MAX_MESSAGE = 400
"""The most characters a message keeps; a longer one is cut and says so."""

MAX_QUOTED = 80
"""The most characters of a name or value taken from a file that a message quotes."""

# Categories written as escapes: controls (C0, C1, DEL), formats (bidirectional overrides such as U+202E,
# zero-width characters), separators of lines and paragraphs, surrogates and unassigned code points.
_ESCAPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _escaped(char: str) -> str:
    """One character as text can show it: itself, or a visible escape such as \\n or \\x1b or \\u202e."""
    if char == "\n":
        return "\\n"
    if char == "\r":
        return "\\r"
    if char == "\t":
        return "\\t"
    if unicodedata.category(char) not in _ESCAPED_CATEGORIES:
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shorten(text: str, limit: int) -> str:
    """The text cut to at most ``limit`` characters, ending in an ellipsis when cut."""
    return text if len(text) <= limit else text[:max(0, limit - 1)] + "\u2026"


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """A message made safe to print: control characters escaped, one line, at most ``limit`` characters."""
    # Escape only what the limit can show, so a 50 MB message costs no more than a short one.
    safe = "".join(_escaped(char) for char in text[:limit + 1])
    return shorten(safe, limit)


def quoted(value: object, limit: int = MAX_QUOTED) -> str:
    """A name or value taken from a file, for a message: text quoted, escaped and cut; a huge number by its size."""
    if isinstance(value, str):
        return "'" + one_line(value, limit) + "'"
    if isinstance(value, int) and not isinstance(value, bool):
        return _number_text(value)
    return one_line(repr(value), limit)


def _number_text(value: int) -> str:
    """A whole number as a message shows it: a huge one by its number of digits, never all of them."""
    if value.bit_length() <= 200:
        return str(value)
    digits = int(value.bit_length() * 0.30103) + 1  # str() of a huge int is slow and may be refused
    return f"a number of about {digits} digits"


# Python's own wording for a value of the wrong kind: a player reads it as noise, so it is never shown.
_PYTHON_WORDING = ("invalid literal for", "argument must be", "values to unpack", "not enough values",
                   "object is not", "unhashable", "NoneType", "could not convert", "not supported between",
                   "unsupported operand", "object has no attribute", "list index out of range",
                   "takes no arguments", "positional argument", "keyword argument", "Exceeds the limit")


def reads_as_python(text: str) -> bool:
    """Whether an exception's message is Python's own wording rather than the game's."""
    return any(phrase in text for phrase in _PYTHON_WORDING)
