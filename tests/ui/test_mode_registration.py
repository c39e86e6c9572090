"""The screen's one registration of modes: shared screen code names no mode, and the menu follows what a mode needs."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ui import modes
from game.ui.menu import MenuScreen
from game.ui.session import EncounterChoice
from tests.ui.helpers import drawn_texts, make_app, settle

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_no_shared_screen_module_imports_a_mode_but_the_one_registration_module() -> None:
    shared = [p for p in UI.rglob("*.py") if p.relative_to(UI).parts[0] != "modes"] + [UI / "modes" / "__init__.py"]
    for path in shared:
        for name in _imports(path):
            parts = name.split(".")
            if parts[:2] == ["game", "modes"] and len(parts) > 2:
                pytest.fail(f"{path.relative_to(UI)} imports {name}")
            if parts[:3] == ["game", "ui", "modes"] and len(parts) > 3:
                pytest.fail(f"{path.relative_to(UI)} imports {name}")


@pytest.fixture
def mapless() -> Iterator[str]:
    """The grid's registration under another name, as a mode that needs no map (registered by the test alone)."""
    modes.register_screen_mode("mapless", lambda: dataclasses.replace(modes.screen_mode("grid"), name="mapless",
                                                                        needs_map=False))
    yield "mapless"
    modes._REGISTERED.pop("mapless", None)
    modes._LOADED.pop("mapless", None)


def test_a_mode_registered_from_outside_is_offered_by_the_menu(mapless: str) -> None:
    assert mapless in modes.playable_modes() and modes.screen_mode(mapless).name == mapless


def test_the_menu_hides_the_map_column_for_a_mode_without_a_map(mapless: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = make_app()
    menu = MenuScreen(app, EncounterChoice(mode=mapless, heroes=("warrior",)))
    app.show(menu)
    settle(app)
    texts = [text for text, _pos, _size in drawn_texts(app, monkeypatch)]
    assert menu.mode == mapless and menu.battlefield is None
    assert menu.map_list is None and menu.path_entry is None and "Map" not in texts
    assert menu.monsters == list(modes.screen_mode(mapless).default_monsters)
    grid = MenuScreen(app, EncounterChoice(mode="grid", heroes=("warrior",)))
    app.show(grid)
    settle(app)
    assert grid.map_list is not None and "Map" in [text for text, _pos, _size in drawn_texts(app, monkeypatch)]
