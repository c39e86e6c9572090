"""The beats mode's data: at least 4 heroes and 8 foes with three trait dice, tools and specials; a bad file is
reported on one line naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.modes.beats.content import FOLDER, load_content, load_from


def test_the_game_has_at_least_four_heroes_and_eight_foes_with_dice_tools_and_specials() -> None:
    content = load_content()
    assert len(content.heroes) >= 4 and len(content.foes) >= 8
    assert all(h.tools and h.specials for h in content.heroes.values())
    assert any(f.specials for f in content.foes.values())


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "beats"
    shutil.copytree(FOLDER, folder)
    return folder


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("heroes.toml", "brawn = 10", "brawn = 7", "heroes.toml: [bruiser]: field 'brawn' must be one of 4, 6, 8"),
    ("heroes.toml", 'tools = ["staff"]', 'tools = ["axe"]', "[bruiser]: field 'tools' names an unknown tool 'axe'"),
    ("foes.toml", "sparks = 1", "sparks = 9", "foes.toml: [thug]: field 'sparks' must be from 0 to 5"),
    ("tools.toml", 'trait = "finesse"', 'trait = "luck"', "tools.toml: [knife]: field 'trait' must be one of"),
    ("specials.toml", "die = 4", 'die = "big"', "specials.toml: [feint] field 'die': expected a whole number"),
    ("locations.toml", "elements = 6", "elements = 5", "[tavern]: field 'elements' must be one of"),
])
def test_a_mistake_in_a_data_file_names_the_file_the_entry_and_the_field(tmp_path: Path, file: str, old: str,
                                                                         new: str, message: str) -> None:
    folder = _copy(tmp_path)
    path = folder / file
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(ContentError) as error:
        load_from(folder)
    assert message in str(error.value) and "\n" not in str(error.value)
