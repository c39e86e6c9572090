"""The arenas rulings quote text 002 word for word, and every test a ruling names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
# The rule texts sit beside the checkout (or beside the folder of worktrees), where the studio keeps them.
RULES = next((p / "shared" / "rules" for p in ROOT.parents if (p / "shared" / "rules").is_dir()), ROOT / "rules")


def _plain(text: str) -> str:
    swaps = {"\u2019": "'", "\u201c": '"', "\u201d": '"', "`": ""}
    for old, new in swaps.items():
        text = text.replace(old, new)
    return " ".join(text.split()).lower()


def _rows() -> list[list[str]]:
    rows = []
    for line in (ROOT / "docs" / "rulings" / "arenas.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) >= 4 and re.fullmatch(r"[a-z0-9-]+", cells[0]) and cells[0] != "id":
            rows.append(cells)
    return rows


def test_every_quote_in_a_rulings_reason_is_in_text_002():
    found = sorted(RULES.glob("002_*.txt")) if RULES.is_dir() else []
    if not found:
        pytest.skip("the rule texts are not on this machine")
    text = _plain(found[0].read_text())
    wrong = []
    for cells in _rows():
        for quote in re.findall(r'"([^"]+)"', cells[2]):
            parts = [p.strip(" .,;") for p in re.split(r"\.\.\.|\u2026", quote)]
            if not all(_plain(p) in text for p in parts if p):
                wrong.append(f"{cells[0]}: {quote}")
    assert wrong == []


def test_every_test_a_ruling_names_exists():
    missing = []
    for cells in _rows():
        file = None
        for ref in re.findall(r"`([^`]+)`", cells[3]):
            path, _, name = ref.rpartition("::")
            file = path or file
            here = ROOT / "tests" / "modes" / "arenas"
            where = ROOT / file if file and file.startswith("tests/") else here / (file or "")
            source = where.read_text()
            if f"def {name}(" not in source:
                missing.append(f"{cells[0]}: {ref}")
    assert missing == []
