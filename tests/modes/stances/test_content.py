"""The stances mode's content: weapons, armour, heroes and monsters load, and mistakes name file, entry and field."""

import shutil

import pytest

from game.core.content import DATA
from game.core.errors import ContentError
from game.modes.stances.content import load_content


def test_the_game_ships_at_least_four_heroes_and_eight_monsters_for_this_mode():
    content = load_content()
    assert len(content.heroes) >= 4 and len(content.monsters) >= 8
    for needed in ("warrior", "archer"):
        assert needed in content.heroes
    for needed in ("undead_orc", "undead_hound"):
        assert needed in content.monsters


def test_weapons_have_a_die_a_range_and_a_might_bonus_and_fighters_a_heart_die_ability_dice_hit_points_and_size():
    content = load_content()
    bow = content.weapons["longbow"]
    assert (bow.die, bow.range, bow.might_bonus) == (8, 10, 0)
    orc = content.monsters["undead_orc"]
    assert (orc.heart, orc.cunning, orc.agility, orc.might, orc.hit_points, orc.size) == (8, 4, 6, 10, 30, "medium")
    assert content.armour["chain"].bonus == 2


def copy_data(tmp_path):
    folder = tmp_path / "stances"
    shutil.copytree(DATA / "stances", folder)
    return folder


def test_a_die_that_is_not_a_d4_to_d12_is_refused_naming_the_file_entry_and_field(tmp_path):
    folder = copy_data(tmp_path)
    text = (folder / "weapons.toml").read_text().replace("[longsword]\nname = \"Longsword\"\ndie = 8",
                                                          "[longsword]\nname = \"Longsword\"\ndie = 7")
    (folder / "weapons.toml").write_text(text)
    with pytest.raises(ContentError, match=r"weapons.toml: \[longsword\]: die must be one of d4"):
        load_content(folder)


def test_a_fighter_naming_an_unknown_weapon_is_refused(tmp_path):
    folder = copy_data(tmp_path)
    text = (folder / "monsters.toml").read_text().replace('weapon = "bite"', 'weapon = "laser"', 1)
    (folder / "monsters.toml").write_text(text)
    with pytest.raises(ContentError, match=r"monsters.toml: \[undead_hound\]: field 'weapon': unknown weapon 'laser'"):
        load_content(folder)


def test_a_fighter_without_hands_enough_for_its_weapon_and_shield_is_refused(tmp_path):
    folder = copy_data(tmp_path)
    text = (folder / "heroes.toml").read_text().replace('weapon = "mace"', 'weapon = "greataxe"')
    (folder / "heroes.toml").write_text(text)
    with pytest.raises(ContentError, match=r"\[priest\]: needs 3 hands"):
        load_content(folder)
