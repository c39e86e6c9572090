"""The command line itself: unknown commands, and output that cannot be written, in one line and an exit status."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from main import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent


def test_an_unknown_command_is_named_with_the_commands_there_are(capsys):
    for argv in (["frobnicate"], ["frobnicate", "--help"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err == f"main.py: unknown command 'frobnicate' (commands: {', '.join(COMMANDS)}; see --help)\n"


def _run(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """Run the game's command line in a process of its own."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a file every write to fails")
def test_output_that_cannot_be_written_gives_one_line_and_exit_2():
    with open("/dev/full", "w") as full:
        done = _run("check-map", str(ROOT / "maps" / "crypt.tmx"), stdout=full.fileno())
    assert done.returncode == 2
    assert done.stderr == "main.py check-map: its output: No space left on device\n"


class ClosedPipe:
    """Standard output whose reader went away (`| head -1` after its line): every write fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self) -> int:
        raise ValueError("no file behind it")


def test_a_reader_that_stops_reading_ends_the_command_quietly(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["odds", "--skill", "3", "--trait", "2"]) == 141
    assert capsys.readouterr().err == ""
