"""Settings are remembered between runs, written atomically, and a broken file never stops the game."""

import json

from game.ui.settings import Settings, data_dir, load_settings, save_settings


def test_settings_come_back_as_they_were_saved(tmp_path):
    saved = Settings(window=(1600, 900), fullscreen=True, ui_scale=1.5, animation="fast", map="maps/crypt.tmx",
                     heroes=["mage", "rogue"], battle="parties", rivals=["cleric"], people=["Ann", "Bo"],
                     control={"heroes:mage": "person:1", "monsters": "computer"}, difficulty="hard")
    save_settings(saved, tmp_path)
    assert load_settings(tmp_path) == saved


def test_saving_leaves_no_temporary_file_behind(tmp_path):
    save_settings(Settings(), tmp_path)
    save_settings(Settings(ui_scale=2.0), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_the_data_folder_follows_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "rulebound"
    save_settings(Settings(animation="slow"))
    assert load_settings().animation == "slow"


def test_a_broken_or_odd_file_gives_the_defaults_or_the_nearest_allowed_values(tmp_path):
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert load_settings(tmp_path) == Settings()
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": 7, "window": [10, 10], "animation": "warp",
                                                        "difficulty": "brutal"}), encoding="utf-8")
    odd = load_settings(tmp_path)
    assert odd.ui_scale == 2.0 and odd.window == (960, 600) and odd.animation == "normal"
    assert odd.difficulty == "normal"


def test_an_unwritable_folder_is_not_an_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert save_settings(Settings(), blocker / "inside") is None


def test_the_window_sizes_are_offered_smallest_first():
    from game.ui.settings import WINDOW_SIZES

    assert list(WINDOW_SIZES) == sorted(WINDOW_SIZES, key=lambda size: size[0] * size[1])
