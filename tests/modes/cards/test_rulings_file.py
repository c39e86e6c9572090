"""The cards rulings quote text 000 word for word, and each names a test that is there."""

from __future__ import annotations

import re

import pytest

from tests.modes.test_rulings import ROOT, RULES, _plain, _reasons

TEXT = "000_"


def _text() -> str | None:
    # Beside the checkout, or beside the folder of worktrees that holds it.
    folders = [folder for folder in (RULES, ROOT.parents[1] / "shared" / "rules") if folder.is_dir()]
    found = [path for folder in folders for path in sorted(folder.glob(f"{TEXT}*.txt"))]
    return _plain(found[0].read_text()) if found else None


def test_every_quote_in_a_cards_ruling_is_in_text_000() -> None:
    text = _text()
    if text is None:
        pytest.skip("the rule texts are not on this machine")
    wrong = []
    for ruling, reason in _reasons("cards"):
        for quote in re.findall(r'"([^"]+)"', reason):
            parts = [p.strip(" .,;") for p in re.split(r"\.\.\.|\u2026", quote)]
            if not all(_plain(p) in text for p in parts if p):
                wrong.append(f"{ruling}: {quote}")
    assert wrong == []


def test_every_test_a_cards_ruling_names_is_there() -> None:
    missing = []
    rows = [line for line in (ROOT / "docs" / "rulings" / "cards.md").read_text().splitlines()
            if line.startswith("| cards-")]
    assert len(rows) >= 25
    for row in rows:
        last = None
        for file, name in re.findall(r"`(?:(test_[a-z_]+\.py))?(?:::)?([a-z_0-9]*)`", row.split(" | ")[-1]):
            last = file or last
            if not name:
                continue
            source = (ROOT / "tests" / "modes" / "cards" / (last or "")).read_text()
            if f"def {name}(" not in source:
                missing.append(f"{last}::{name}")
    assert missing == []
