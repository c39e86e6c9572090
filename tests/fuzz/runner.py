"""Run the game's command line on one hostile input in this process, with a time limit, and judge what it did."""

from __future__ import annotations

import contextlib
import io
import signal
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import esper

import game.modes  # noqa: F401  (registers every mode, whose content readers load_data asks for)
from game.core.errors import ContentError
from game.core.messages import MAX_MESSAGE, reads_as_python
from game.core.modespec import spec

TIME_LIMIT = 60
"""Seconds one input may take: a safety net that turns a hang into a reported failure, never a figure asserted."""


class Hang(BaseException):
    """One input took longer than TIME_LIMIT (a BaseException, so that no `except Exception` of the game eats it)."""


@dataclass
class Outcome:
    """What one run did: its exit status, what it printed, and a traceback if one escaped."""

    status: int | None
    out: str
    err: str
    crash: str = ""


@contextlib.contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _forget_worlds() -> None:
    """Drop the esper worlds that matches made, as a new process would start without them."""
    for name in list(esper.list_worlds()):
        if name != "default":
            esper.switch_world("default")
            esper.delete_world(name)
    esper.switch_world("default")
    esper.clear_database()


def run_main(argv: list[str], seconds: int = TIME_LIMIT) -> Outcome:
    """The game's command line on ``argv`` in this process: its status and output, or the traceback that escaped."""
    from main import main

    out, err = io.StringIO(), io.StringIO()
    status: int | None = None
    crash = ""
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _time_limit(seconds):
            try:
                status = main(argv)
            except SystemExit as leaving:
                status = leaving.code if isinstance(leaving.code, int) else 2
    except Hang as hang:
        crash = f"hang: {hang}"
    except BaseException:  # noqa: BLE001 - any escape is what the fuzz run looks for
        crash = traceback.format_exc()
    finally:
        _forget_worlds()
    return Outcome(status, out.getvalue(), err.getvalue(), crash)


def load_data(mode: str, folder: Path, seconds: int = TIME_LIMIT) -> Outcome:
    """Load one mode's data from ``folder`` as the game would: success, or one ContentError line."""
    crash = ""
    status: int | None = 0
    err = ""
    try:
        with _time_limit(seconds):
            read = spec(mode).content_from
            assert read is not None, mode
            read(folder)  # past any cache: the folder is rewritten for each mutant
    except ContentError as error:
        from game.core.messages import one_line

        status, err = 2, one_line(str(error)) + "\n"
    except Hang as hang:
        crash = f"hang: {hang}"
    except BaseException:  # noqa: BLE001
        crash = traceback.format_exc()
    return Outcome(status, "", err, crash)


def problem(outcome: Outcome, allowed: tuple[int, ...] = (0, 2)) -> str:
    """What is wrong with a run on hostile input, or "" when it kept the game's promise.

    The promise: exit 0 (the input was fine after all) or 2 with one line of at most MAX_MESSAGE characters
    in the game's words, no traceback, no control character, and no refusal for want of memory (each input is
    bounded first).
    """
    if outcome.crash:
        return outcome.crash.strip().splitlines()[-1][:300] if not outcome.crash.startswith("hang") else outcome.crash
    if outcome.status not in allowed:
        return f"exit status {outcome.status}: {outcome.err[-300:]!r}"
    if any(line.startswith("Traceback") for line in outcome.err.splitlines()):
        return f"a traceback: {outcome.err[-300:]!r}"
    if "needs more memory" in outcome.err or "needs more stack" in outcome.err:
        return f"ran out of memory or stack: {outcome.err.strip()!r}"
    lines = outcome.err.splitlines()
    if outcome.status == 2 and reads_as_python(outcome.err):
        return f"a refusal in Python's words, not the game's: {outcome.err[:300]!r}"
    if outcome.status == 2 and len(lines) != 1:
        return f"a refusal of {len(lines)} lines: {outcome.err[:300]!r}"
    for line in lines:
        if len(line) > MAX_MESSAGE + 200 or any(ch < " " and ch != "\t" for ch in line) or "\x1b" in line:
            return f"an unsafe line on stderr: {line[:300]!r}"
    return ""
