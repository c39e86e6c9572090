"""The game's own files, assets/ and maps/: beside the package in a checkout, inside it once installed."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # game/


def _bundled(installed: str, checkout: str) -> Path:
    """The installed folder inside the package when there is one, else the checkout's folder beside it."""
    # pyproject.toml installs assets/ as game/assets and maps/ as game/bundled_maps.
    inside = PACKAGE / installed
    return inside if inside.is_dir() else PACKAGE.parent / checkout


ASSETS = _bundled("assets", "assets")
MAPS = _bundled("bundled_maps", "maps")
