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


# -- nothing shared names a mode -------------------------------------------------------------------------

SHARED = ["core", "maps", "players", "commands"]  # besides the shared part of game/ui, below
RULES_MODES, SCREEN_MODES = GAME / "modes", GAME / "ui" / "modes"
REGISTRATION = {RULES_MODES / "__init__.py", SCREEN_MODES / "__init__.py"}  # one line per mode, each side


def _is_mode(folder: Path, name: str) -> bool:
    """Whether a name is one of the mode packages or modules in a folder."""
    return (folder / name).is_dir() or (folder / f"{name}.py").is_file()


def modes_named(path: Path) -> set[str]:
    """The specific modes a module imports: ``game.modes.<name>`` or ``game.ui.modes.<name>``, in any form."""
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[:2] == ["game", "modes"] and len(parts) > 2 and _is_mode(RULES_MODES, parts[2]):
                found.add(".".join(parts[:3]))
            if parts[:3] == ["game", "ui", "modes"] and len(parts) > 3 and _is_mode(SCREEN_MODES, parts[3]):
                found.add(".".join(parts[:4]))
    return found


def _shared_ui() -> list[Path]:
    return [path for path in (GAME / "ui").rglob("*.py") if SCREEN_MODES not in path.parents]


@pytest.mark.parametrize("layer", SHARED)
def test_nothing_shared_imports_a_specific_mode(layer):
    for path in (GAME / layer).rglob("*.py"):
        if path not in REGISTRATION:
            assert not modes_named(path), f"{path} imports {', '.join(sorted(modes_named(path)))}: ask the mode's spec"


def test_the_shared_screen_imports_no_specific_mode():
    for path in _shared_ui():
        named = modes_named(path)
        assert not named, f"{path} imports {', '.join(sorted(named))}: ask the mode's spec or screen registration"


def test_the_mode_finder_sees_every_form_of_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import game.modes.grid.view\nfrom game.modes import stances\nfrom game.ui.modes.grid import X\n"
                      "from game.ui.modes import open_screen\nfrom game.modes import register_spec\n")
    assert modes_named(module) == {"game.modes.grid", "game.modes.stances", "game.ui.modes.grid"}
