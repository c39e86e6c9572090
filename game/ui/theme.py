"""Colours, fonts and the pygame_gui theme, scaled for the chosen UI scale."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.core.bundled import ASSETS

THEME_FILE = ASSETS / "ui" / "theme.json"
# The Noto Sans that pygame_gui ships: the custom-drawn text matches the widgets' text.
FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"

Colour = tuple[int, int, int]

BG: Colour = (22, 24, 29)
PANEL: Colour = (32, 35, 42)
PANEL_DARK: Colour = (26, 28, 34)
PANEL_LIGHT: Colour = (44, 48, 58)
EDGE: Colour = (62, 68, 82)
TEXT: Colour = (236, 232, 223)
TEXT_DIM: Colour = (150, 155, 166)
ACCENT: Colour = (226, 176, 74)
GOOD: Colour = (112, 196, 122)
BAD: Colour = (228, 96, 84)
BLUE: Colour = (98, 166, 236)

FOG: Colour = (10, 11, 14)
FOG_LINE: Colour = (18, 20, 25)
MAP_BACK: Colour = (14, 15, 18)
FLOOR: Colour = (232, 228, 216)
FLOOR_ALT: Colour = (222, 217, 204)
OBSTRUCTED: Colour = (150, 150, 150)
WALL: Colour = (58, 60, 70)
WALL_TOP: Colour = (84, 87, 100)
IMPASSABLE: Colour = (24, 36, 54)
OPAQUE: Colour = (104, 92, 124)

MONSTER: Colour = (16, 16, 18)
MONSTER_EDGE: Colour = (214, 214, 218)
TREASURE: Colour = (246, 204, 38)
TREASURE_EDGE: Colour = (110, 80, 10)

LOG_COLOURS: dict[str, Colour] = {
    "info": TEXT,
    "dim": TEXT_DIM,
    "round": ACCENT,
    "turn": (196, 200, 214),
    "move": (176, 196, 220),
    "action": TEXT,
    "hit": (240, 150, 90),
    "miss": (160, 164, 176),
    "damage": (236, 128, 110),
    "wound": BAD,
    "death": (255, 110, 110),
    "heal": GOOD,
    "condition": (196, 160, 236),
    "item": (240, 214, 120),
}


def parse_colour(text: str, default: Colour = (200, 200, 200)) -> Colour:
    """A #rrggbb colour from content, or the default when it is missing or malformed."""
    text = (text or "").strip().lstrip("#")
    if len(text) != 6:
        return default
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return default


def ink_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on the colour."""
    r, g, b = colour
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 250)


# Lengths of the theme that grow with the text: list rows must stay as tall as a line of their font.
SCALED_MISC = ("shape_corner_radius", "list_item_height")


def gui_theme(scale: float) -> dict[str, Any]:
    """The pygame_gui theme with every font size, corner radius and list row height multiplied by the UI scale."""
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font and "size" in font:
            font["size"] = str(max(8, round(int(font["size"]) * scale)))
        misc = block.get("misc") if isinstance(block, dict) else None
        for key in SCALED_MISC:
            if misc and key in misc:
                misc[key] = str(round(int(misc[key]) * scale))
    return theme


@lru_cache(maxsize=1)
def list_row() -> int:
    """The height of a selection list's row at UI scale 1.0, as the theme file sets it."""
    theme = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    return int(theme["selection_list"]["misc"]["list_item_height"])


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans at a pixel size."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    path = FONT_DIR / name
    return pygame.font.Font(str(path) if path.is_file() else None, size)


_TEXT_CACHE: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}


def reset_caches() -> None:
    """Forget fonts and rendered text: a new window after pygame.quit() cannot use the old ones."""
    font.cache_clear()
    _TEXT_CACHE.clear()


def text_surface(text: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: tokens and overlays draw the same few labels again and again."""
    key = (text, size, bold, colour)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        if len(_TEXT_CACHE) > 2000:
            _TEXT_CACHE.clear()
        surface = font(size, bold).render(text, True, colour)
        _TEXT_CACHE[key] = surface
    return surface


def draw_text(target: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: Colour = TEXT,
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw text with one corner or edge of it at ``pos``; returns where it went."""
    surface = text_surface(text, size, colour, bold)
    rect = surface.get_rect(**{anchor: pos})
    target.blit(surface, rect)
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit a width in pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}".strip()
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def shorten(text: str, size: int, width: int, bold: bool = False, cut: bool = False) -> str:
    """The text as it fits a width in pixels: cut at the end with an ellipsis when too long (or when told)."""
    f = font(size, bold)
    if not cut and f.size(text)[0] <= width:
        return text
    while text and f.size(text.rstrip(" ,\u00b7") + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,\u00b7") + "\u2026"


def fit_label(text: str, size: int, width: int) -> str:
    """The text as it fits a width in pixels; a closing "(...)", such as a cost, stays whole and the words before
    it are shortened."""
    f = font(size)
    if f.size(text)[0] <= width:
        return text
    head, opening, tail = text.rpartition(" (")
    if opening and head and text.endswith(")"):
        room = width - f.size(opening + tail)[0]
        if room >= f.size("\u2026")[0] * 6:  # enough of the words left to tell one option from another
            return shorten(head, size, room) + opening + tail
    return shorten(text, size, width)


@lru_cache(maxsize=8)
def button_text(scale: float) -> tuple[int, int]:
    """The pixel size of a button's text and the room its edges and padding take across, at a UI scale."""
    theme = gui_theme(scale)
    misc = theme["defaults"]["misc"]
    edges = 2 * (int(misc["text_horiz_alignment_padding"]) + int(misc["border_width"]))
    return int(theme["button"]["font"]["size"]), edges


def panel(target: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL, edge: Colour | None = EDGE,
          radius: int = 0) -> None:
    """A filled panel with a one-pixel edge."""
    pygame.draw.rect(target, colour, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(target, edge, rect, 1, border_radius=radius)
