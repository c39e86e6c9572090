"""The example map in docs/ loads as docs/maps.md says it does."""

from __future__ import annotations

import re
from pathlib import Path

import main
from game.maps import load_map

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_example_map_matches_the_picture_in_the_docs():
    text = (DOCS / "maps.md").read_text(encoding="utf-8")
    drawn = re.search(r"blank off the map\):\n\n```\n(.*?)\n```", text, re.S)
    assert drawn is not None
    assert load_map(DOCS / "example.tmx").picture() == drawn.group(1).split("\n")


def test_check_map_picture_is_the_picture_in_the_docs(monkeypatch, capsys):
    text = (DOCS / "maps.md").read_text(encoding="utf-8")
    drawn = re.search(r"blank off the map\):\n\n```\n(.*?)\n```", text, re.S)
    assert drawn is not None
    monkeypatch.chdir(DOCS.parent)
    assert main.main(["check-map", "docs/example.tmx", "--picture"]) == 0
    printed = capsys.readouterr().out
    assert f"\npicture:\n{drawn.group(1)}\nlegend: " in printed


def test_example_map_text_in_the_docs_is_the_file():
    text = (DOCS / "maps.md").read_text(encoding="utf-8")
    assert (DOCS / "example.tmx").read_text(encoding="utf-8").strip() in text


def test_example_map_has_every_marker_and_no_warning():
    battlefield = load_map(DOCS / "example.tmx", monsters={"skeleton", "zombie"}, items={"dagger"})
    assert battlefield.warnings == ()
    assert {arena.kind for arena in battlefield.arenas} == {"open", "tight"}
    assert [spawn.monster for spawn in battlefield.monster_spawns] == ["skeleton", "zombie", None]


def test_check_map_output_in_the_docs_is_what_it_prints(monkeypatch, capsys):
    monkeypatch.chdir(DOCS.parent)
    assert main.main(["check-map", "docs/example.tmx"]) == 0
    printed = capsys.readouterr().out.strip()
    assert f"```\n{printed}\n```" in (DOCS / "maps.md").read_text(encoding="utf-8")
