"""The rulings files quote their rule texts word for word: every quote in a ruling's reason is in the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules"  # the rule texts sit beside the checkout, where the studio keeps them
TEXTS = {"grid": "003_", "stances": "001_"}


def _plain(text: str) -> str:
    """Lower case, one space between words, one kind of apostrophe, no code marks."""
    return " ".join(text.replace("\u2019", "'").replace("`", "").split()).lower()


def _reasons(mode: str) -> list[tuple[str, str]]:
    """(ruling id, reason) for every row of a mode's rulings tables."""
    rows = []
    for line in (ROOT / "docs" / "rulings" / f"{mode}.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) >= 4 and re.fullmatch(r"[a-z0-9-]+", cells[0]) and cells[0] != "id":
            rows.append((cells[0], cells[2]))
    return rows


def _text(mode: str) -> str | None:
    """The plain rule text a mode's rulings quote, if the rules folder is there."""
    found = sorted(RULES.glob(f"{TEXTS[mode]}*.txt")) if RULES.is_dir() else []
    return _plain(found[0].read_text()) if found else None


@pytest.mark.parametrize("mode", sorted(TEXTS))
def test_every_quote_in_a_rulings_reason_is_in_its_rule_text(mode):
    text = _text(mode)
    if text is None:
        pytest.skip("the rule texts are not on this machine")
    wrong = []
    for ruling, reason in _reasons(mode):
        for quote in re.findall(r'"([^"]+)"', reason):
            # "..." leaves words out: each part must be in the text.
            parts = [p.strip(" .,;") for p in re.split(r"\.\.\.|\u2026", quote)]
            if not all(_plain(p) in text for p in parts if p):
                wrong.append(f"{ruling}: {quote}")
    assert wrong == []
