"""A simulated match never waits for a motion: `simulate` plays the cards, arenas and beats modes without loading
the screen, its animations or pygame at all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PROGRAM = """
import sys
from game.cli import main
main(["simulate", "--mode", sys.argv[1], "--games", "1", "--jobs", "1"])
loaded = sorted(m for m in sys.modules if m.startswith("game.ui") or m == "pygame")
print("loaded:", loaded)
"""


@pytest.mark.parametrize("mode", ["cards", "arenas", "beats"])
def test_simulate_plays_a_mode_without_its_screen_or_its_motions(mode: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM, mode], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "loaded: []" in done.stdout
