"""The beats rulings quote text 004 word for word, and every test they name exists."""

from __future__ import annotations

import re

import pytest

from tests.modes.test_rulings import ROOT, RULES, _plain, _reasons

HERE = ROOT / "tests" / "modes" / "beats"


def test_every_quote_in_a_beats_ruling_is_in_text_004() -> None:
    found = sorted(RULES.glob("004_*.txt")) if RULES.is_dir() else []
    if not found:
        pytest.skip("the rule texts are not on this machine")
    text = _plain(found[0].read_text())
    wrong = []
    for ruling, reason in _reasons("beats"):
        for quote in re.findall(r'"([^"]+)"', reason):
            parts = [p.strip(" .,;") for p in re.split(r"\.\.\.|\u2026", quote)]
            if not all(_plain(p) in text for p in parts if p):
                wrong.append(f"{ruling}: {quote}")
    assert wrong == []


def test_every_test_a_beats_ruling_names_exists() -> None:
    doc = (ROOT / "docs" / "rulings" / "beats.md").read_text()
    missing = []
    for cell in re.findall(r"`(test_[a-z_]+\.py)::([a-z_]+)`", doc):
        if f"def {cell[1]}(" not in (HERE / cell[0]).read_text():
            missing.append("::".join(cell))
    for name in re.findall(r"`::([a-z_]+)`", doc):
        if not any(f"def {name}(" in path.read_text() for path in HERE.glob("test_*.py")):
            missing.append(name)
    assert missing == []
