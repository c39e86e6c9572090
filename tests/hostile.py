"""Helpers for tests of hostile input: run the game's command line with bounded time and memory, judge a refusal."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 1536 * 2**20
"""Address space a game process may take in these tests: a blow-up fails fast instead of swapping the machine."""


def _limiter(limit: int) -> Callable[[], None]:
    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return limit_memory


def run_game(*args: str, home: Path | None = None, env: dict[str, str] | None = None,
             timeout: float = 120, memory: int = MEMORY_LIMIT) -> subprocess.CompletedProcess[str]:
    """Run ``main.py`` in a process of its own, its memory bounded; the timeout is only a safety net."""
    environment = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    if home is not None:
        environment["XDG_DATA_HOME"] = str(home)
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=environment, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, errors="replace", timeout=timeout,
                          preexec_fn=_limiter(memory))


def is_refusal(status: int, err: str) -> bool:
    """Whether a run ended as the game promises for bad input: exit 2 and one line, with no traceback."""
    return status == 2 and err.count("\n") == 1 and err.endswith("\n") and "Traceback" not in err


def assert_refused(done: subprocess.CompletedProcess[str], *named: str) -> None:
    """The run refused its input in one line that names each of ``named``."""
    assert is_refusal(done.returncode, done.stderr), (done.returncode, done.stderr[-2000:])
    for text in named:
        assert text in done.stderr, done.stderr
