"""The screenshot and play commands: a picture headless, and one line with exit status 2 for bad input."""

import pygame
import pytest

from main import main

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_screenshot_saves_the_encounter_screen_of_a_shipped_map(tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "--map", str(ROOT / "maps" / "crypt.tmx"), "--out", str(out), "--turns", "2",
                 "--size", "1024x640", "--seed", "5"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)
    assert image.get_at((3, 3))[:3] == (26, 28, 34)  # the toolbar's colour
    assert "2 turns played" in capsys.readouterr().out


@pytest.mark.parametrize("arguments, message", [
    (["--map", "nowhere.tmx"], "nowhere.tmx: no such map file"),
    (["--map", "README.md"], "not a Tiled map"),
    (["--map", "builtin", "--size", "huge"], "--size must look like 1280x800"),
    (["--map", "builtin", "--size", "800x600"], "--size 800x600 is outside 960x600 to 7680x4320"),
    (["--map", "builtin", "--turns", "-1"], "--turns must be from 0"),
    (["--map", "builtin", "--mode", "chess"], "unknown mode 'chess'"),
    (["--map", "builtin:crossing"],
     "--map builtin:crossing: no such built-in map (the grid mode's own is builtin:hall"),
])
def test_screenshot_refuses_bad_arguments_in_one_line_with_status_2(tmp_path, capsys, arguments, message):
    assert main(["screenshot", "--out", str(tmp_path / "x.png"), *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_screenshot_refuses_an_output_that_is_not_a_png(tmp_path, capsys):
    assert main(["screenshot", "--map", "builtin", "--out", str(tmp_path / "x.jpg")]) == 2
    assert "name it .png" in capsys.readouterr().err


def test_screenshot_to_a_folder_gives_one_line_and_leaves_no_part_of_a_picture(tmp_path, capsys):
    folder = tmp_path / "shot.png"
    folder.mkdir()
    assert main(["screenshot", "--map", "builtin", "--out", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err == f"screenshot: --out {folder}: is a folder; name the PNG file to write\n"
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"] and not any(folder.iterdir())


def test_screenshot_that_cannot_be_written_gives_one_line_and_leaves_no_part_of_a_picture(tmp_path, capsys,
                                                                                         monkeypatch):
    import os

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    assert main(["screenshot", "--map", "builtin", "--out", str(tmp_path / "shot.png"), "--turns", "0"]) == 2
    assert capsys.readouterr().err.endswith("shot.png: cannot be written (No space left on device)\n")
    assert list(tmp_path.iterdir()) == []


def test_play_refuses_a_map_that_cannot_be_played_before_opening_a_window(tmp_path, capsys):
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map", encoding="utf-8")
    assert main(["play", "--map", str(broken)]) == 2
    err = capsys.readouterr().err
    assert str(broken) in err and err.count("\n") == 1


def test_screenshot_of_a_finished_match_shows_the_result_with_its_buttons(tmp_path, monkeypatch):
    from game.ui import theme
    from game.ui.app import App

    seen = {}
    real = App.save_screenshot

    def record(app, path=None):  # noqa: ANN001, ANN202
        again = next(b for b in app.screen.buttons if getattr(b, "text", "") == "Play again")
        seen["overlay"] = app.screen.overlay
        seen["pixel"] = tuple(app.surface.get_at(again.rect.center))[:3]
        return real(app, path)

    monkeypatch.setattr(App, "save_screenshot", record)
    out = tmp_path / "end.png"
    assert main(["screenshot", "--map", "builtin", "--out", str(out), "--turns", "2000", "--size", "960x600"]) == 0
    assert seen["overlay"] == "result"
    assert seen["pixel"] != theme.PANEL  # the button is drawn over the dialog, not only made


def test_play_without_a_screen_says_so_in_one_line_instead_of_running_unseen(monkeypatch, capsys, tmp_path):
    # With no display SDL falls back to its offscreen driver: the game would run where nobody sees it.
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["play"]) == 2
    assert capsys.readouterr().err == ("play: there is no screen to open the window on (no display found; run the "
                                       "game from a desktop session)\n")


def test_play_may_draw_nowhere_when_asked_to(monkeypatch):
    from game.commands.play import check_display

    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    check_display()  # raises nothing: the driver was chosen on purpose, as tests and screenshots do


def _map_with_a_misspelt_monster(tmp_path):
    """A 12x6 room whose monster spawns name a skeleton and a monster no mode knows."""
    from tests.maps.tiled_files import floor_map, object_layer, point_obj

    markers = object_layer("markers", point_obj("hero_spawn", 0, 2),
                           point_obj("monster_spawn", 11, 1, props={"monster": "skeleton"}),
                           point_obj("monster_spawn", 11, 4, props={"monster": "Goblin Archr"}))
    return floor_map(tmp_path, ["111111111111"] * 6, markers, spawns=False)


@pytest.mark.parametrize("mode, warnings", [("grid", 1), ("stances", 2)])
def test_screenshot_prints_each_warning_of_the_map_on_stderr(tmp_path, capsys, mode, warnings):
    path = _map_with_a_misspelt_monster(tmp_path)
    assert main(["screenshot", "--map", str(path), "--out", str(tmp_path / "shot.png"), "--turns", "0",
                 "--size", "1024x640", "--mode", mode]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in out
    lines = err.splitlines()
    assert len(lines) == warnings and all(line.startswith(f"{path}: warning: monster_spawn (object ") for line in lines)
    assert "'Goblin Archr'" in lines[-1]
