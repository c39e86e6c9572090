"""Tool objects: a Tiled object of type ``tool`` lies on its square as a tool anyone may arm themselves with
(docs/maps.md, "Tools"); check-map reads them for the beats mode and says other modes leave them unread."""

from __future__ import annotations

import json
from pathlib import Path

import main
from game.core.battlefield import MapTool
from game.maps import load_map
from game.maps.tools import ToolNames
from tests.maps.tiled_files import floor_map, object_layer, point_obj, square_obj, tile_layer

NAMES = ToolNames({"chair": "Chair", "rope": "Rope"}, ("brawn", "finesse", "wits"))


def tavern(tmp_path: Path, *objects: str) -> Path:
    """A 5x3 room, a wall in its middle square, with the given objects on a layer of their own."""
    return floor_map(tmp_path, ["11111"] * 3, tile_layer("walls", [".....", "..1..", "....."]),
                     object_layer("tools", *objects), tiles={1: {"wall": False}})


def walled(tmp_path: Path, *objects: str) -> Path:
    """The same room whose middle square is a wall (tile 2 is a wall tile)."""
    return floor_map(tmp_path, ["11111"] * 3, tile_layer("walls", [".....", "..2..", "....."]),
                     object_layer("tools", *objects), tiles={2: {"wall": True}})


def test_a_tool_object_lies_on_its_square_named_by_its_words(tmp_path: Path) -> None:
    path = tavern(tmp_path, point_obj("tool", 1, 0, name="Chair"),
                  point_obj("tool", 3, 2, name="Poker", props={"trait": "Brawn", "hurts": "Seared across Cheek"}))
    battlefield = load_map(path, tools=NAMES)
    assert battlefield.tools == (MapTool((1, 0), "Chair", "chair"),
                                 MapTool((3, 2), "Poker", "", "brawn", "Seared across Cheek"))
    assert battlefield.warnings == ()


def test_a_known_tool_is_found_by_any_spelling_of_its_name(tmp_path: Path) -> None:
    battlefield = load_map(tavern(tmp_path, square_obj("Tool", 0, 1, name="ROPE")), tools=NAMES)
    assert battlefield.tools == (MapTool((0, 1), "ROPE", "rope"),)


def test_a_tool_on_a_wall_lies_on_the_nearest_open_square_with_a_warning(tmp_path: Path) -> None:
    battlefield = load_map(walled(tmp_path, point_obj("tool", 2, 1, name="Chair")), tools=NAMES)
    assert len(battlefield.tools) == 1 and battlefield.tools[0].square != (2, 1)
    assert battlefield.warnings == (f"tool 'Chair' (object {_id(battlefield, 'Chair')}) at (2, 1) is on a wall: its "
                                    f"Chair lies on the open square nearest the object's middle, "
                                    f"{battlefield.tools[0].square}",)


def _id(battlefield: object, name: str) -> str:
    """The object id a warning names (the test files number their objects in order)."""
    import re

    found = re.search(rf"tool '{name}' \(object (\d+)\)", " ".join(getattr(battlefield, "warnings", ())))
    assert found is not None
    return found.group(1)


def test_bad_tool_objects_are_ignored_each_with_one_clear_line(tmp_path: Path) -> None:
    path = tavern(tmp_path, point_obj("tool", 0, 0),
                  point_obj("tool", 1, 0, name="Stool", props={"trait": "strength"}),
                  point_obj("tool", 3, 0, name="Ladder"),
                  point_obj("tool", 4, 0, name="Chair", props={"triat": "wits"}))
    battlefield = load_map(path, tools=NAMES)
    assert [t.name for t in battlefield.tools] == ["Chair"]  # the slip is read as nothing, the chair kept
    lines = battlefield.warnings
    assert len(lines) == 4
    assert "has no name: a tool's name is its words" in lines[0] and lines[0].endswith("ignored")
    assert "serves the trait 'strength', which the game does not know (traits: brawn, finesse, wits): ignored" \
        in lines[1]
    assert "'Ladder'" in lines[2] and "is no tool the game knows (known: Chair, Rope) and has no 'trait' property" \
        in lines[2]
    assert "has a 'triat' property, which the game does not read (it reads 'trait')" in lines[3]
    assert all("\n" not in line for line in lines)


def test_without_a_modes_names_the_words_are_read_unchecked(tmp_path: Path) -> None:
    battlefield = load_map(tavern(tmp_path, point_obj("tool", 1, 0, name="Ladder")))
    assert battlefield.tools == (MapTool((1, 0), "Ladder"),) and battlefield.warnings == ()


def test_check_map_for_beats_lists_the_tools_and_checks_them(tmp_path: Path, capsys) -> None:
    path = tavern(tmp_path, point_obj("tool", 1, 0, name="Chair"), point_obj("tool", 3, 0, name="Ladder"))
    assert main.main(["check-map", str(path), "--mode", "beats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["tools"] == [{"square": [1, 0], "name": "Chair", "tool": "chair", "trait": "", "hurts": ""}]
    assert len(report["warnings"]) == 1 and "'Ladder'" in report["warnings"][0]
    assert main.main(["check-map", str(path), "--mode", "beats"]) == 0
    assert "tools: 1 (Chair)" in capsys.readouterr().out


def test_check_map_for_another_mode_notes_that_only_beats_arms_fighters_with_tools(tmp_path: Path, capsys) -> None:
    path = tavern(tmp_path, point_obj("tool", 1, 0, name="Chair"), point_obj("tool", 3, 0, name="Ladder"))
    assert main.main(["check-map", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["tools"]) == 2
    assert report["warnings"] == ["2 tool objects: only the beats mode arms fighters with them; the grid mode leaves "
                                  "them where they lie, unread (check them with --mode beats)"]


def test_the_tavern_ships_with_tools_that_the_beats_mode_reads_without_a_warning(capsys) -> None:
    root = Path(__file__).resolve().parents[2]
    assert main.main(["check-map", str(root / "maps" / "tavern.tmx"), "--mode", "beats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert sorted(t["name"] for t in report["tools"]) == ["Bottle", "Chair", "Chair", "Poker", "Rope"]
    assert not any("tool" in warning for warning in report["warnings"])
