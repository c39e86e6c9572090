"""The arenas content: enough characters of every kind, and mistakes named by file, entry and field."""

from __future__ import annotations

import shutil

import pytest

from game.core.content import DATA
from game.core.errors import ContentError
from game.modes.arenas.content import RANGED, load_content


def test_there_are_four_heroes_and_eight_monsters_with_a_minion_group_and_a_healer():
    content = load_content()
    assert len(content.heroes) >= 4 and len(content.monsters) >= 8
    assert any(m.minions > 1 for m in content.monsters.values())
    healers = [m for m in content.monsters.values()
               if any(content.abilities[a].healing for a in m.abilities)]
    assert healers


def test_the_weapons_cover_every_type_the_text_names():
    types = {w.type for w in load_content().weapons.values()}
    assert {"light", "medium", "heavy", "very_heavy", "reach", "hand", "shield", *RANGED} <= types
    assert any(w.parrying for w in load_content().weapons.values())


def copy(tmp_path):
    folder = tmp_path / "arenas"
    shutil.copytree(DATA / "arenas", folder)
    return folder


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("heroes.toml", 'weapon = "longsword"', 'weapon = "lance"', "heroes.toml: [fighter]: field 'weapon': unknown"),
    ("heroes.toml", "brawn = 3\ncunning = 1", 'brawn = "big"\ncunning = 1', "[fighter] field 'brawn'"),
    ("monsters.toml", "minions = 4", "minions = 40", "[goblin_pack]: minions must be from 1 to 8"),
    ("weapons.toml", 'type = "reach"\ndamage = [6]', 'type = "reach"\ndamage = [6]\nparrying = true',
     "[spear]: a parrying weapon must be"),
    ("monsters.toml", 'weapon = "greataxe"', 'weapon = "greataxe"\noffhand = "shield"',
     "[orc_brute]: field 'offhand': a very heavy"),
])
def test_a_mistake_in_the_data_names_the_file_the_entry_and_the_field(tmp_path, file, old, new, message):
    folder = copy(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert message in str(error.value) and str(path) in str(error.value)
