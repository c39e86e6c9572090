"""The player's own files: where they live, and writing them so that a crash never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

APP = "rulebound"


def data_dir(platform: type[platformdirs.PlatformDirsABC] = platformdirs.PlatformDirs) -> Path:
    """The game's folder for settings, saves and screenshots, as the system names a program's own data.

    On Linux $XDG_DATA_HOME/rulebound, else ~/.local/share/rulebound (the folder the game always used);
    on macOS ~/Library/Application Support/rulebound; on Windows %LOCALAPPDATA%\\rulebound.
    """
    # No author folder: the game's folder is rulebound on every system, not rulebound\rulebound on Windows.
    return Path(platform(APP, appauthor=False).user_data_dir)


def saves_dir() -> Path:
    """Where saved matches go."""
    return data_dir() / "saves"


def atomic_write_text(path: Path, text: str) -> None:
    """Write a text file whole or not at all (see atomic_write_bytes)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write a file whole or not at all: a temporary file beside it, flushed to disk, then renamed over it.

    Killing the program at any instant leaves either the old file or the new one, never a mix; a write
    that fails (a full disk, a folder where the file should go) leaves no temporary file behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        directory = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(directory)
    except OSError:
        pass
    finally:
        os.close(directory)
