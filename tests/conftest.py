"""Test set-up: no screen, no sound, and a fresh esper world for every test."""

import os
import sys
from pathlib import Path

# Headless before anything can import pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import esper  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_world():
    """Give each test an empty default esper world and drop any match worlds it made."""
    esper.switch_world("default")
    esper.clear_database()
    yield
    for name in list(esper.list_worlds()):
        if name != "default":
            esper.switch_world("default")
            esper.delete_world(name)
    esper.switch_world("default")
    esper.clear_database()
