"""Text from map and save files reaches the terminal as one line, with control characters escaped."""

from __future__ import annotations

import json

from main import main
from tests.maps.tiled_files import floor_map, tmx, write


def _err_lines(capsys) -> list[str]:  # noqa: ANN001
    err = capsys.readouterr().err
    assert err.endswith("\n")
    return err.splitlines()


def test_a_map_name_with_a_newline_and_a_direction_override_is_shown_escaped(tmp_path, capsys):
    path = floor_map(tmp_path, ["1111", "1111"])
    path.write_text(path.read_text().replace(
        "<tileset", '<properties><property name="name" value="&#x202e;Crypt&#10;Traceback"/></properties><tileset', 1))
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert "\u202e" not in out and "Crypt" in first and "Traceback" in first


def test_a_map_file_named_with_an_escape_sequence_does_not_clear_the_terminal(tmp_path, capsys):
    path = floor_map(tmp_path, ["1111", "1111"], name="\x1b[2Jcrypt.tmx")
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "[2Jcrypt.tmx" in out


def test_an_orientation_with_a_newline_is_refused_in_one_line(tmp_path, capsys):
    path = write(tmp_path / "m.tmx", tmx(4, 4, orientation="iso&#10;Traceback&#x202e;"))
    assert main(["check-map", str(path)]) == 2
    lines = _err_lines(capsys)
    assert len(lines) == 1 and "\u202e" not in lines[0] and "iso\\nTraceback" in lines[0]


def test_a_refusal_quoting_a_huge_number_is_short(tmp_path, capsys):
    path = write(tmp_path / "m.tmx", tmx(4, 4).replace('width="4"', 'width="' + "9" * 50_000 + '"', 1))
    assert main(["check-map", str(path)]) == 2
    lines = _err_lines(capsys)
    assert len(lines) == 1 and len(lines[0]) <= 400 and str(path) in lines[0]


def test_a_seat_name_with_a_newline_makes_a_one_line_refusal(tmp_path, capsys):
    save = tmp_path / "s.json"
    save.write_text(json.dumps({"format": "rulebound-save", "version": 5, "seed": 1, "actions": [], "events": [],
                                "setup": {"mode": "grid", "options": {"map": "builtin:crypt"},
                                          "seats": [{"name": "a\nTraceback\x1b[2J", "sides": [], "computer": True,
                                                     "policy": "x"}] * 2}}))
    assert main(["replay", "--check", str(save)]) == 2
    lines = _err_lines(capsys)
    assert len(lines) == 1 and "\x1b" not in lines[0] and str(save) in lines[0]
