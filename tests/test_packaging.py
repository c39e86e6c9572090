"""The installed game (pip install .) holds every package, data file and map of the checkout, and runs from them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def files_under(folder: Path) -> set[str]:
    """Every file below a folder, as paths relative to it, leaving out Python's caches."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def test_every_package_of_the_game_is_listed_for_installing():
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert packages <= set(CONFIG["packages"]), f"add to pyproject.toml: {sorted(packages - set(CONFIG['packages']))}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The files pip would install, laid out by setuptools' own build step from a copy of the checkout."""
    pytest.importorskip("setuptools")
    where = tmp_path_factory.mktemp("install")
    source = where / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("game", "assets", "maps"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    # build_py is the step of a wheel's build that lays out the packages and their data; it needs no network.
    subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py", "--build-lib",
                    str(where / "lib")], cwd=source, check=True, capture_output=True)
    return where / "lib"


def test_the_installed_game_holds_every_data_file_and_every_map(installed):
    assert files_under(installed / "game" / "assets") == files_under(ROOT / "assets")
    assert files_under(installed / "game" / "bundled_maps") == files_under(ROOT / "maps")
    assert files_under(installed / "game") >= {p for p in files_under(ROOT / "game") if p.endswith(".py")}


def test_the_installed_game_runs_from_another_folder_with_its_own_files(installed, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(installed), "XDG_DATA_HOME": str(tmp_path)}
    script = ("import sys; from game.cli import main; from game.core.bundled import MAPS; "
              "sys.exit(main(['check-map', str(MAPS / 'crypt.tmx')], prog='rulebound') or "
              "main(['simulate', '--games', '1', '--max-rounds', '2'], prog='rulebound'))")
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"{installed / 'game' / 'bundled_maps' / 'crypt.tmx'}: 'The Sunken Crypt'" in done.stdout
    assert "1 game on Ruined Hall" in done.stdout
