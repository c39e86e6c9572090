"""Screen tests keep the player's files (settings, saves, the autosave) in a folder of their own."""

import pytest


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Point the game's data folder at the test's temporary folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield tmp_path / "data" / "rulebound"
