"""The widget theme grows with the UI scale: fonts, corners and the rows of lists and drop-downs."""

from __future__ import annotations

from game.ui.theme import gui_theme
from tests.ui.helpers import open_menu


def test_list_rows_grow_with_the_ui_scale_so_their_text_does_not_overlap() -> None:
    for name in ("selection_list", "drop_down_menu"):
        assert gui_theme(1.0)[name]["misc"]["list_item_height"] == "22"
        assert gui_theme(1.5)[name]["misc"]["list_item_height"] == "33"
        assert gui_theme(2.0)[name]["misc"]["list_item_height"] == "44"


def test_the_menus_map_list_rows_are_taller_at_a_larger_ui_scale() -> None:
    heights = {}
    for scale in (1.0, 1.5):
        app, menu = open_menu((1920, 1080), scale)
        assert menu.map_list is not None
        row = menu.map_list.item_list[0]["button_element"]
        font_height = menu.map_list.ui_theme.get_font(row.combined_element_ids).size("Ruined Hall")[1]
        heights[scale] = row.rect.height
        assert row.rect.height >= font_height
        menu.close()
    assert heights[1.5] == round(heights[1.0] * 1.5)


def test_a_label_too_wide_keeps_its_closing_cost_whole_and_one_without_is_cut_at_the_end() -> None:
    from game.ui.theme import fit_label, font

    width = font(15).size("Unequip Amulet of Warding")[0]
    assert fit_label("Drop Staff (0 MP)", 15, width) == "Drop Staff (0 MP)"
    fitted = fit_label("Unequip Amulet of Warding (1 MP)", 15, width)
    assert fitted.endswith("\u2026 (1 MP)") and font(15).size(fitted)[0] <= width
    plain = fit_label("Unequip Amulet of Warding at once", 15, width)
    assert plain.endswith("\u2026") and font(15).size(plain)[0] <= width


def test_every_character_beyond_ascii_the_game_and_its_data_write_is_drawn_by_its_font() -> None:
    import re
    import unicodedata
    from pathlib import Path

    import pygame

    from game.ui.theme import font

    root = Path(__file__).resolve().parents[2]
    written: dict[str, set[str]] = {}
    for path in [*(root / "game").rglob("*.py"), *(root / "assets" / "data").rglob("*.toml")]:
        text = path.read_text(encoding="utf-8")
        escaped = [chr(int(code, 16)) for code in re.findall(r"\\u([0-9a-fA-F]{4})", text)]
        for char in [*escaped, *(c for c in text if ord(c) > 127)]:
            # Control and format characters (a right-to-left mark) are never drawn: messages show them escaped.
            if not unicodedata.category(char).startswith("C"):
                written.setdefault(char, set()).add(str(path))
    assert "\u2026" in written and "\u00b7" in written  # the scan finds what the game writes
    for bold in (False, True):
        f = font(30, bold)
        missing = pygame.image.tobytes(f.render("\ue000", True, (255, 255, 255)), "RGBA")  # no glyph: a box
        boxes = {char: sorted(paths) for char, paths in written.items()
                 if pygame.image.tobytes(f.render(char, True, (255, 255, 255)), "RGBA") == missing}
        assert not boxes, boxes
