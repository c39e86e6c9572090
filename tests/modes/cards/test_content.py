"""The cards mode's content: enough of it, and every mistake in a data file named by file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.errors import ContentError
from game.modes.cards.content import FOLDER, load_content, load_folder


def test_the_games_own_content_has_4_characters_6_monsters_and_30_cards() -> None:
    content = load_content()
    assert len(content.characters) >= 4 and len(content.monsters) >= 6 and len(content.cards) >= 30
    kinds = {card.kind for card in content.cards.values()}
    assert {"base", "spell", "gear", "basic"} <= kinds
    assert any(c.kind == "spell" and c.attacks for c in content.cards.values())
    assert any(c.kind == "spell" and not c.attacks for c in content.cards.values())
    assert {c.ailment for c in content.cards.values()} >= {"burn", "dazzle", "slow", "weak"}
    assert all(1 <= card.priority <= 12 for card in content.cards.values())
    assert all(monster.actions for monster in content.monsters.values())


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "cards"
    shutil.copytree(FOLDER, folder)
    path = folder / f"{name}.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(("name", "old", "new", "said"), [
    ("cards", 'skill = "wit"', 'skill = "luck"', "[firebolt]: field 'skill' must be one of"),
    ("cards", "priority = 6\n", "priority = 13\n", "[base_attack]: field 'priority' must be from 1 to 12"),
    ("cards", 'name = "Cleave"', 'nmae = "Cleave"', "[cleave]: unknown field 'nmae'"),
    ("characters", '"cleave", ', '"cleeve", ', "[knight]: field 'deck[0]' names no card 'cleeve'"),
    ("characters", "grit = 14", "grit = 0", "[knight]: field 'grit' must be from 1 to 100"),
    ("characters", 'worn = ["leather_coat"]', 'worn = ["cloak"]', "[ranger]: field 'worn[0]' names no Worn gear"),
    ("monsters", 'high = 8, card = "bite"', 'high = 7, card = "bite"', "[giant_rat]: field 'actions': the rows"),
    ("monsters", 'card = "claw" }]', 'card = "clawz" }]', "[giant_rat]: field 'actions[1].card' names no card"),
    ("monsters", "rank = 1\n", "rank = \"one\"\n", "[giant_rat] field 'rank': expected a whole number"),
])
def test_a_mistake_in_a_data_file_names_the_file_the_entry_and_the_field(
        tmp_path: Path, name: str, old: str, new: str, said: str) -> None:
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(ContentError) as error:
        load_folder(folder)
    message = str(error.value)
    assert message.startswith(str(folder / f"{name}.toml")) and said in message and "\n" not in message


