"""The player's own files: where they live, and writing them so that a crash never leaves half a file."""

from __future__ import annotations

import os
import re
import tempfile
import time
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


TEMPORARY_SUFFIX = ".tmp"
_TEMPORARY = re.compile(r"^\.(?P<name>.+?)\.(?:(?P<pid>\d+)\.)?[A-Za-z0-9_]{8}\.tmp$")
OLD_TEMPORARY_AGE = 600
"""Seconds after which a temporary file with no process id in its name (written before they had one) is stale."""


def remove_stale_temporaries(*folders: Path) -> list[Path]:
    """Remove the temporary files of writes that a killed game left behind; return those removed.

    A write in progress (its process still alive) is left alone. Only names of the form the game gives
    its own temporary files are touched.
    """
    removed = []
    for folder in folders or (data_dir(), saves_dir()):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            found = _TEMPORARY.match(entry.name)
            if found is None or not entry.is_file(follow_symlinks=False) or not _stale(found["pid"], entry):
                continue
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
    return removed


def _stale(pid: str | None, entry: os.DirEntry[str]) -> bool:
    """Whether the process that wrote a temporary file is gone (or, with no id in the name, the file is old)."""
    if pid is None:
        try:
            return time.time() - entry.stat(follow_symlinks=False).st_mtime > OLD_TEMPORARY_AGE
        except OSError:
            return False
    if int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False  # alive under another user, or not a process id this system has
    return False


def atomic_write_text(path: Path, text: str) -> None:
    """Write a text file whole or not at all (see atomic_write_bytes)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write a file whole or not at all: a temporary file beside it, flushed to disk, then renamed over it.

    Killing the program at any instant leaves either the old file or the new one, never a mix; a write
    that fails (a full disk, a folder where the file should go) leaves no temporary file behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    # The writer's process id is in the name, so that a later start knows whether the write is still going on.
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMPORARY_SUFFIX,
                                         dir=path.parent)
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
