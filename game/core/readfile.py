"""Reading a file a player gave us: only a regular file, and never more than a set number of bytes.

A path can name a device (/dev/zero never ends), a FIFO (a read waits forever) or a folder; a file can
be far larger than any the game writes. Each is refused before it can exhaust memory or time.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotRegularFile(OSError):
    """The path names something that is not a plain file (a folder, a device, a FIFO, a socket)."""


class FileTooLarge(OSError):
    """The file holds more bytes than the game reads of its kind."""


def _kind(mode: int) -> str:
    """What a non-regular file is, in a player's words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "no plain file"


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; NotRegularFile or FileTooLarge otherwise.

    The file is opened without waiting (a FIFO would block the open) and checked before any byte is read;
    the read itself asks for one byte more than the limit, so a file that grows meanwhile is still caught.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except IsADirectoryError:
        raise NotRegularFile(21, "is a folder", str(path)) from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(22, f"is {_kind(mode)}", str(path))
        if os.fstat(handle).st_size > limit:
            raise FileTooLarge(27, f"is larger than {_size(limit)}", str(path))
        chunks: list[bytes] = []
        wanted = limit + 1
        while wanted > 0:
            chunk = os.read(handle, min(wanted, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            wanted -= len(chunk)
        if wanted <= 0:
            raise FileTooLarge(27, f"is larger than {_size(limit)}", str(path))
        return b"".join(chunks)
    finally:
        os.close(handle)


def _size(limit: int) -> str:
    """A byte count as a player reads it."""
    if limit >= 2**20:
        return f"{limit / 2**20:g} MB"
    if limit >= 2**10:
        return f"{limit / 2**10:g} KB"
    return f"{limit} bytes"
