"""DESIGN.md: imports point down; only game/ui may import pygame or pygame_gui."""

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
ORDER = ["core", "maps", "modes", "players", "ui"]  # each may import only those before it


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", ORDER[:-1])
def test_lower_layers_never_import_pygame_or_the_ui(layer):
    for path in (GAME / layer).rglob("*.py"):
        for name in imports_of(path):
            top = name.split(".")[0]
            assert top not in ("pygame", "pygame_gui"), f"{path} imports {name}"
            assert not name.startswith("game.ui"), f"{path} imports {name}"


@pytest.mark.parametrize("layer", ORDER)
def test_imports_point_down(layer):
    allowed = set(ORDER[: ORDER.index(layer) + 1])
    for path in (GAME / layer).rglob("*.py"):
        for name in imports_of(path):
            parts = name.split(".")
            if parts[0] == "game" and len(parts) > 1 and parts[1] in ORDER:
                assert parts[1] in allowed, f"{path} imports {name}, a layer above {layer}"
