"""Content is data: a mistake in a TOML file names the file, the entry and the field."""

import shutil
from pathlib import Path

import pytest

from game.core.content import DATA, entry_key
from game.core.errors import ContentError
from game.modes.grid.content import load_content


def copy_data(tmp_path: Path) -> Path:
    shutil.copytree(DATA / "grid", tmp_path / "grid")
    return tmp_path / "grid"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_shipped_content_loads_and_has_what_the_game_needs():
    c = load_content()
    assert len(c.heroes) >= 4 and len({h.role for h in c.heroes.values()}) == len(c.heroes)
    assert len(c.monsters) >= 10
    keywords = {k for m in c.monsters.values() for k in m.keywords}
    assert {"Beast", "Mindless", "Drone", "Undead"} <= keywords
    roles = {m.role for m in c.monsters.values()}
    assert {"archer", "caster"} <= roles
    assert len(c.conditions) >= 8
    assert any(x.heal for x in c.conditions.values()) and any(x.automatic_damage for x in c.conditions.values())
    assert len(c.auras) >= 2 and len(c.items) >= 8
    assert any(i.unreliable for i in c.items.values())


def test_wrong_type_names_file_entry_and_field(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder / "items.toml", "range = 8", 'range = "far"')
    with pytest.raises(ContentError, match=r"items\.toml: \[shortbow\] field 'range': expected a whole number"):
        load_content(folder)


def test_missing_field_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder / "conditions.toml", 'trait = "Resolve"\nstun = true', "stun = true")
    with pytest.raises(ContentError, match=r"conditions\.toml: \[stunned\]: missing field 'trait'"):
        load_content(folder)


def test_unknown_reference_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder / "heroes.toml", 'actions = ["strike", "shield_bash", "brawl"]', 'actions = ["strike", "smite"]')
    with pytest.raises(ContentError, match=r"heroes\.toml: \[warrior\]: field 'actions': no action named 'smite'"):
        load_content(folder)


def test_unknown_field_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder / "auras.toml", "radius = 1", "radius = 1\nradious = 2")
    with pytest.raises(ContentError, match=r"auras\.toml: \[stench\]: unknown field 'radious'"):
        load_content(folder)


def test_broken_toml_names_the_file(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "monsters.toml").write_text("[wolf\nname = 1")
    with pytest.raises(ContentError, match=r"monsters\.toml: not valid TOML"):
        load_content(folder)


def test_missing_file_is_named(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "auras.toml").unlink()
    with pytest.raises(ContentError, match=r"auras\.toml: file not found"):
        load_content(folder)


def test_bad_damage_type_is_named(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder / "items.toml", 'type = "slashing"', 'type = "sharp"')
    with pytest.raises(ContentError, match=r"items\.toml: \[longsword\] field 'damage'.*unknown damage type 'sharp'"):
        load_content(folder)


def test_entry_key_spells_a_shown_name_as_entry_ids_are_spelt():
    assert entry_key("Goblin Archer") == entry_key(" goblin-archer ") == entry_key("GOBLIN_ARCHER") == "goblin_archer"
    assert entry_key("Brannoc") == "brannoc"
