"""Worker processes end with the process that made them, even when it is killed and can say nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hostile import ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

SAFETY_NET = 60  # seconds: only so that a broken run cannot hang the suite


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for(condition, what: str) -> None:  # noqa: ANN001
    stop = time.monotonic() + SAFETY_NET
    while not condition():
        assert time.monotonic() < stop, what
        time.sleep(0.1)


def _kill_and_check_children_end(process: subprocess.Popen[bytes], at_least: int) -> None:
    _wait_for(lambda: len(_children(process.pid)) >= at_least, "the workers started")
    children = _children(process.pid)
    process.send_signal(signal.SIGKILL)
    process.wait()
    _wait_for(lambda: not any(_alive(pid) for pid in children), "every worker ended with its parent")


def test_killing_simulate_with_two_jobs_ends_its_workers():
    process = subprocess.Popen([sys.executable, "main.py", "simulate", "--games", "5000", "--jobs", "2"], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        _kill_and_check_children_end(process, 2)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_killing_the_game_ends_the_menus_background_workers_and_their_resource_tracker():
    code = ("import time; from game.players.balance import background_pool; pool = background_pool(2); "
            "[f.result() for f in [pool.submit(time.sleep, 0) for _ in range(4)]]; time.sleep(SAFETY)")
    process = subprocess.Popen([sys.executable, "-c", code.replace("SAFETY", str(SAFETY_NET))], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        _kill_and_check_children_end(process, 3)  # two workers and the resource tracker of spawned processes
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
