"""Messages reach the terminal as one line of bounded length, with every control character escaped."""

from __future__ import annotations

from game.core.messages import MAX_MESSAGE, one_line, quoted, reads_as_python


def test_newlines_escapes_and_bidirectional_overrides_are_shown_escaped():
    text = one_line("a\nTraceback\x1b[2J\x00\u202eb\r\t")
    assert text == "a\\nTraceback\\x1b[2J\\x00\\u202eb\\r\\t"


def test_letters_of_any_script_are_kept():
    assert one_line("Gruft der K\u00f6nige \u00b7 \u6d1e\u7a9f") == "Gruft der K\u00f6nige \u00b7 \u6d1e\u7a9f"


def test_a_long_message_is_cut_and_says_so():
    text = one_line("x" * 60_000)
    assert len(text) == MAX_MESSAGE and text.endswith("\u2026")


def test_a_huge_number_is_quoted_by_its_length_not_its_digits():
    shown = quoted(10**5000)
    assert "digits" in shown and len(shown) < 60


def test_python_wording_is_recognised_and_the_games_is_not():
    assert reads_as_python("int() argument must be a string, a bytes-like object or a real number, not 'NoneType'")
    assert reads_as_python("too many values to unpack (expected 2)")
    assert not reads_as_python("the map has no width")
