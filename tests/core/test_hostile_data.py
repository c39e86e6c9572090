"""Data files from other hands: bad bytes, deep nesting, empty files and numbers beyond what the rules can use."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.core.content import DATA
from game.core.errors import ContentError
from game.modes.grid.content import load_content as load_grid
from game.modes.stances.content import load_content as load_stances


@pytest.fixture
def grid(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "grid", tmp_path / "grid"))


@pytest.fixture
def stances(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "stances", tmp_path / "stances"))


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text() + "\n" + text + "\n")


def test_a_data_file_that_is_not_utf8_is_named(grid):
    (grid / "items.toml").write_bytes(b"[club]\nname = \"\xff\xfe\"\n")
    with pytest.raises(ContentError, match=r"items\.toml: not UTF-8 text"):
        load_grid(grid)


def test_arrays_nested_a_hundred_thousand_deep_are_refused(grid):
    (grid / "items.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(ContentError, match=r"items\.toml: its arrays or tables are nested too deeply"):
        load_grid(grid)


def test_a_number_too_long_for_python_is_refused(grid):
    _append(grid / "items.toml", "[stick]\nname = \"Stick\"\nkind = \"trinket\"\nunreliable = " + "9" * 5000)
    with pytest.raises(ContentError, match=r"items\.toml: it holds a number far too long"):
        load_grid(grid)


def test_a_data_file_that_is_a_pipe_is_refused(grid):
    (grid / "items.toml").unlink()
    os.mkfifo(grid / "items.toml")
    with pytest.raises(ContentError, match=r"items\.toml: is a pipe"):
        load_grid(grid)


@pytest.mark.parametrize("name", ["heroes.toml", "monsters.toml"])
def test_an_empty_file_of_heroes_or_monsters_is_refused_when_read(grid, stances, name):
    for folder, load in ((grid, load_grid), (stances, load_stances)):
        (folder / name).write_text("")
        with pytest.raises(ContentError, match=rf"{name}: holds no entry"):
            load(folder)


@pytest.mark.parametrize(("file", "entry"), [
    ("actions.toml", "[blast]\nname = \"Blast\"\nkind = \"attack\"\ntarget = \"enemy\"\nskill = \"Spellcasting\"\n"
                     "trait = \"Speed\"\ndamage = {{ rank = {n}, type = \"fire\" }}"),
    ("actions.toml", "[blast]\nname = \"Blast\"\nkind = \"attack\"\ntarget = \"enemy\"\nskill = \"Spellcasting\"\n"
                     "trait = \"Speed\"\ndamage = {{ rank = 1, bonus = {n}, type = \"fire\" }}"),
    ("actions.toml", "[blast]\nname = \"Blast\"\nkind = \"attack\"\ntarget = \"square\"\nskill = \"Spellcasting\"\n"
                     "trait = \"Speed\"\narea = {n}\ndamage = {{ rank = 1, type = \"fire\" }}"),
    ("items.toml", "[ring]\nname = \"Ring\"\nkind = \"trinket\"\nranks = {{ Speed = {n} }}"),
    ("conditions.toml", "[odd]\nname = \"Odd\"\nbeneficial = false\ntrait = \"Speed\"\nmodifiers = {{ Speed = -{n} }}"),
    ("auras.toml", "[glow]\nname = \"Glow\"\nradius = 1\naffects = \"all\"\ncondition = \"stunned\"\n"
                   "condition_rank = {n}"),
], ids=["damage rank", "damage bonus", "area", "item rank", "modifier", "condition rank"])
@pytest.mark.parametrize("n", [1_000, 10**9, 10**18])
def test_numbers_beyond_what_the_rules_use_are_refused(grid, file, entry, n):
    _append(grid / file, entry.format(n=n))
    with pytest.raises(ContentError, match=rf"{file}: \[\w+\]: field '[\w.]+' must be from -?\d+ to \d+, not -?\d+"):
        load_grid(grid)


def test_an_action_may_not_apply_a_condition_at_a_rank_an_aura_may_not(grid):
    _append(grid / "actions.toml", "[curse]\nname = \"Curse\"\nkind = \"attack\"\ntarget = \"enemy\"\n"
                                   "skill = \"Presence\"\ntrait = \"Resolve\"\ncondition = \"stunned\"\n"
                                   "condition_rank = -1")
    with pytest.raises(ContentError, match=r"\[curse\]: field 'condition_rank' must be from 1 to 10, not -1"):
        load_grid(grid)


@pytest.mark.parametrize(("file", "field", "value"), [("weapons.toml", "range", 10**9),
                                                      ("weapons.toml", "might_bonus", 10**6),
                                                      ("heroes.toml", "hit_points", 10**18),
                                                      ("heroes.toml", "speed", 10**9)])
def test_stances_numbers_beyond_what_the_rules_use_are_refused(stances, file, field, value):
    path = stances / file
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{field} ="))
    lines[at] = f"{field} = {value}"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError, match=rf"{file}: \[\w+\]: {field} must be from \d+ to \d+"):
        load_stances(stances)
