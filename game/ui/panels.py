"""The drawn panels of the encounter screen: the combatant list, the selected token's information and the log.

Each panel draws itself into its own surface and keeps it until what it shows changes, so an
ordinary frame only blits it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.eventtext import LogLine
from game.ui.layout import Layout
from game.ui.tokens import TokenLook, portrait


class CachedPanel:
    """A panel drawn into a surface that is kept until its key changes."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._surface: pygame.Surface | None = None
        self.renders = 0

    def blit(self, target: pygame.Surface, rect: pygame.Rect, key: Hashable) -> None:
        """Draw the panel (again only if its key or size changed) and blit it."""
        full_key = (key, rect.size)
        if self._surface is None or full_key != self._key:
            self._surface = pygame.Surface(rect.size).convert()
            self.render(self._surface)
            self._key = full_key
            self.renders += 1
        target.blit(self._surface, rect.topleft)

    def render(self, surface: pygame.Surface) -> None:
        """Draw the panel's content at (0, 0)."""
        raise NotImplementedError


# -- the combatants on the left ------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """One combatant as the list shows it."""

    cid: str
    name: str
    look: TokenLook
    state: str
    damage: int
    wounds: int
    resolve: int
    conditions: tuple[str, ...]
    place: int | None  # where it stands in the seat's initiative order (lower first); None before it is rolled,
    # once dead or out of sight. The list shows order_numbers: these places counted again, without gaps.
    status: str = ""  # a mode that counts harm otherwise (hit points) says it here instead of damage and wounds
    in_sight: bool = True  # False for an enemy seen before and out of sight now: listed as last seen


class CombatantList(CachedPanel):
    """Every combatant in initiative order, the current one marked; a click selects one."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.current: str | None = None
        self.selected: str | None = None
        self.hover: str | None = None
        self.scroll = 0
        self.layout: Layout | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self.hits: list[tuple[str, pygame.Rect]] = []
        self._hits_key: object = None

    def row_height(self, row: Row) -> int:
        """Taller rows for combatants with conditions."""
        assert self.layout is not None
        return self.layout.row_h + (self.layout.px(17) if row.conditions else 0)

    def draw(self, target: pygame.Surface, area: pygame.Rect, layout: Layout) -> None:
        """Draw into the area (below the Roll Initiative button when it shows)."""
        self.layout = layout
        self.area = area
        key = (tuple(self.rows), self.current, self.selected, self.hover, self.scroll, layout.scale, tuple(area))
        if key != self._hits_key:
            total = sum(self.row_height(r) + layout.px(4) for r in self.rows)
            self.scroll = max(0, min(self.scroll, total - area.height + layout.pad))
            self.hits = []
            y = area.y - self.scroll
            for row in self.rows:
                h = self.row_height(row)
                rect = pygame.Rect(area.x + layout.pad, y, area.width - 2 * layout.pad, h)
                if rect.colliderect(area):
                    self.hits.append((row.cid, rect.clip(area)))
                y += h + layout.px(4)
            self._hits_key = (tuple(self.rows), self.current, self.selected, self.hover, self.scroll, layout.scale,
                              tuple(area))
        self.blit(target, area, self._hits_key)

    def render(self, surface: pygame.Surface) -> None:
        """Draw the rows."""
        layout = self.layout
        assert layout is not None
        surface.fill(theme.PANEL)
        y = -self.scroll
        small = layout.font_px("small")
        body = layout.font_px("body")
        if not self.rows:
            theme.draw_text(surface, "Nobody in sight.", (layout.pad, layout.pad), body, theme.TEXT_DIM)
        numbers = order_numbers(self.rows)
        for row in self.rows:
            h = self.row_height(row)
            rect = pygame.Rect(layout.pad, y, surface.get_width() - 2 * layout.pad, h)
            y += h + layout.px(4)
            if rect.bottom < 0 or rect.top > surface.get_height():
                continue
            dead = row.state == "dead"
            faded = dead or not row.in_sight
            back = theme.PANEL_LIGHT if row.cid == self.hover else theme.PANEL_DARK
            if row.cid == self.current:
                back = (58, 50, 32)
            pygame.draw.rect(surface, back, rect, border_radius=layout.px(6))
            if row.cid == self.current:
                pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=layout.px(6))
                pygame.draw.rect(surface, theme.ACCENT, (rect.x, rect.y + 4, layout.px(4), rect.height - 8))
            elif row.cid == self.selected:
                pygame.draw.rect(surface, (235, 235, 235), rect, 1, border_radius=layout.px(6))
            size = layout.row_h - layout.px(10)
            icon = portrait(row.look, size)
            if faded:
                icon = icon.copy()
                icon.set_alpha(90)
            surface.blit(icon, (rect.x + layout.px(6), rect.y + (layout.row_h - size) // 2))
            x = rect.x + size + layout.px(12)
            name_colour = theme.TEXT_DIM if faded else theme.TEXT
            theme.draw_text(surface, row.name, (x, rect.y + layout.px(5)), body, name_colour, bold=True)
            if row.cid in numbers:
                theme.draw_text(surface, f"#{numbers[row.cid]}", (rect.right - layout.px(8), rect.y + layout.px(6)),
                                small, theme.ACCENT if row.cid == self.current else theme.TEXT_DIM, anchor="topright")
            status = fitted_status(row, small, rect.right - x - layout.px(6))
            colour = theme.BAD if row.state in ("unconscious", "dead") else theme.TEXT_DIM
            theme.draw_text(surface, status, (x, rect.y + layout.px(26)), small, colour)
            if row.conditions:
                text = theme.shorten(", ".join(row.conditions), small, rect.right - x - layout.px(6))
                theme.draw_text(surface, text, (x, rect.y + layout.px(43)), small, (196, 160, 236))

    def row_at(self, pos: tuple[int, int]) -> str | None:
        """The combatant whose row is under a point."""
        for cid, rect in self.hits:
            if rect.collidepoint(pos):
                return cid
        return None


def order_numbers(rows: list[Row]) -> dict[str, int]:
    """The number each listed combatant shows: its place, from 1, in this round's order as the seat sees it.

    A row's place also counts those who fell this round, listed last without a number: counted again among
    the numbered rows, the numbers run without gaps.
    """
    placed = sorted((row.place, i) for i, row in enumerate(rows) if row.place is not None)
    return {rows[i].cid: number for number, (_place, i) in enumerate(placed, start=1)}


def row_status(row: Row) -> str:
    """The line under a combatant's name: its state first, then Damage and Wounds, as the sheet below the map says."""
    return " \u00b7 ".join(_status_parts(row))


def fitted_status(row: Row, size: int, width: int) -> str:
    """The row's status as it fits a width in pixels: Damage is left out before the state or Wounds are cut."""
    parts = _status_parts(row)
    text = " \u00b7 ".join(parts)
    if row.status or theme.font(size).size(text)[0] <= width:
        return theme.shorten(text, size, width)
    # Wounds matter more: they knock a combatant out, while Damage only counts towards the next wound.
    return theme.shorten(" \u00b7 ".join(p for p in parts if not p.startswith("Damage ")), size, width)


def _status_parts(row: Row) -> list[str]:
    """The parts of a row's status: the state, Damage and Wounds (or the mode's own words)."""
    if row.status:
        return [row.status]
    if row.state == "dead":
        return ["Dead"]
    state = {"standing": "", "prone": "Prone", "unconscious": "Unconscious"}.get(row.state, row.state)
    return [*([state] if state else []), f"Damage {row.damage}", f"Wounds {row.wounds}/{row.resolve}"]


# -- text blocks (the selected token, the tab contents, dialogs) ------------------------------------
@dataclass(frozen=True)
class TextLine:
    """A line of a text block: its text, style and colour."""

    text: str
    style: str = "body"  # body, small, heading, title
    colour: tuple[int, int, int] = theme.TEXT
    bold: bool = False
    gap: int = 0  # extra space above, at scale 1.0


def _metrics(line: TextLine, layout: Layout) -> tuple[int, bool, int]:
    """A line's font size, whether it is bold, and its slot: the height callers size their rectangles in."""
    size = layout.font_px(line.style)
    return size, line.bold or line.style in ("heading", "title"), round(size * 1.32)


def lines_height(lines: list[TextLine], width: int, layout: Layout) -> int:
    """How tall the lines are once wrapped to a width, as draw_lines lays them out."""
    height = 0
    for line in lines:
        size, bold, advance = _metrics(line, layout)
        height += layout.px(line.gap) + len(theme.wrap(line.text, size, width, bold)) * advance
    return height


def _place(rect: pygame.Rect, lines: list[TextLine], layout: Layout, top: int, flow: pygame.Rect | None
           ) -> tuple[list[tuple[str, int, theme.Colour, bool, int, pygame.Rect, int]], int]:
    """Where every wrapped part of the lines goes, as draw_lines lays them out with room for all, and the
    y below the last."""
    y = rect.y + top
    placed: list[tuple[str, int, theme.Colour, bool, int, pygame.Rect, int]] = []
    for line in lines:
        size, bold, advance = _metrics(line, layout)
        y += layout.px(line.gap)
        area = flow if flow is not None and y >= flow.y else rect
        for part in theme.wrap(line.text, size, area.width, bold):
            placed.append((part, size, line.colour, bold, y, area, advance))
            y += advance
    return placed, y


def draw_lines(target: pygame.Surface, rect: pygame.Rect, lines: list[TextLine], layout: Layout,
               top: int = 0, flow: pygame.Rect | None = None) -> int:
    """Draw wrapped lines into a rectangle, whole lines only; the last one ends in an ellipsis when text is
    left out. A line that starts at or below ``flow``'s top is wrapped to ``flow``'s width instead (text
    flowing under a picture beside it). A negative ``top`` scrolls: lines above the rectangle are clipped
    away. Returns the height used."""
    placed, end = _place(rect, lines, layout, top, flow)
    shown = [p for p in placed if p[4] + p[6] <= rect.bottom]
    if len(shown) < len(placed):
        end = placed[len(shown)][4]
        if shown:
            text, size, colour, bold, at, area, advance = shown[-1]
            shown[-1] = (theme.shorten(text, size, area.width, bold, cut=True), size, colour, bold, at, area, advance)
    clip = target.get_clip()
    reach = rect if flow is None else rect.union(flow)
    # Nothing above or below the rectangle itself, whatever the flow's bounds.
    target.set_clip(reach.clip(pygame.Rect(reach.x, rect.y, reach.width, rect.height)))
    for text, size, colour, bold, at, area, _ in shown:
        theme.draw_text(target, text, (area.x, at), size, colour, bold=bold)
    target.set_clip(clip)
    return end - rect.y


def text_height(rect: pygame.Rect, lines: list[TextLine], layout: Layout, flow: pygame.Rect | None = None) -> int:
    """How tall the lines are laid out in a rectangle (and a flow) with room for all of them."""
    return _place(rect, lines, layout, 0, flow)[1] - rect.y


class InfoPanel(CachedPanel):
    """The selected token's information, at the bottom of the screen below the map; the wheel scrolls text
    longer than the panel."""

    def __init__(self) -> None:
        super().__init__()
        self.look: TokenLook | None = None
        self.lines: list[TextLine] = []
        self.layout: Layout | None = None
        self.scroll = 0  # pixels scrolled down
        self.overflow = 0  # how far the text ran past the panel's bottom when last drawn
        self._shown: TokenLook | None = None

    def draw(self, target: pygame.Surface, rect: pygame.Rect, layout: Layout) -> None:
        """Draw the panel; another token's information starts at its top."""
        self.layout = layout
        if self.look != self._shown:
            self._shown, self.scroll = self.look, 0
        self.blit(target, rect, (self.look, tuple(self.lines), layout.scale, self.scroll))

    def scroll_by(self, pixels: int) -> None:
        """Scroll down (or up, when negative), no further than the text goes."""
        self.scroll = max(0, min(self.scroll + pixels, self.overflow))

    def render(self, surface: pygame.Surface) -> None:
        """Draw a portrait and the lines, scrolled, and say when more text lies below."""
        layout = self.layout
        assert layout is not None
        width, full = surface.get_size()
        surface.fill(theme.PANEL_DARK)
        x = layout.pad
        height = full - 2 * layout.pad
        inner = pygame.Rect(0, layout.pad, width, height)
        flow = None
        picture = 0
        if self.look is not None:
            size = layout.px(56)
            x += size + layout.pad
            # Lines below the portrait take the panel's whole width, so a narrow panel keeps them whole.
            picture = size + layout.px(4)
            flow = pygame.Rect(layout.pad, layout.pad + picture, width - 2 * layout.pad, height - picture)
        rect = pygame.Rect(x, layout.pad, width - x - layout.pad, height)
        needed = max(picture, text_height(rect, self.lines, layout, flow))
        small = layout.font_px("small")
        if needed > height:
            # The last line of the panel says that more lies below; the text scrolls above it.
            rect.height -= round(small * 1.3)
            if flow is not None:
                flow.height -= round(small * 1.3)
        self.overflow = max(0, needed - rect.height)
        self.scroll = min(self.scroll, self.overflow)
        if self.look is not None:
            surface.set_clip(inner)
            surface.blit(portrait(self.look, layout.px(56)), (layout.pad, layout.pad - self.scroll))
            surface.set_clip(None)
        if flow is not None:
            flow = flow.move(0, -self.scroll)
        draw_lines(surface, rect, self.lines, layout, top=-self.scroll, flow=flow)
        if self.scroll < self.overflow:
            theme.draw_text(surface, "more below \u00b7 wheel to scroll", (width - layout.pad, full - layout.px(4)),
                            small, theme.ACCENT, anchor="bottomright")
        pygame.draw.line(surface, theme.EDGE, (0, 0), (width, 0))
        pygame.draw.line(surface, theme.EDGE, (width - 1, 0), (width - 1, full))


# -- the log -------------------------------------------------------------------------------------
class LogPanel(CachedPanel):
    """Every event as a line, newest at the bottom; a click on a line shows or hides its dice."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[LogLine] = []
        self.expanded: set[int] = set()
        self.scroll = 0  # lines scrolled up from the newest
        self.hover: int | None = None
        self.layout: Layout | None = None
        self.hits: list[tuple[int, pygame.Rect]] = []
        self._rows: list[tuple[int, str, tuple[int, int, int], bool, bool]] = []

    def add(self, lines: list[LogLine]) -> None:
        """Add lines at the bottom and show the newest."""
        self.lines.extend(lines)
        self.scroll = 0

    def toggle(self, index: int) -> None:
        """Show or hide the dice behind a line."""
        if not self.lines[index].details:
            return
        if index in self.expanded:
            self.expanded.discard(index)
        else:
            self.expanded.add(index)

    def toggle_newest(self) -> None:
        """Show or hide the dice of the newest line that has any."""
        for index in range(len(self.lines) - 1, -1, -1):
            if self.lines[index].details:
                self.toggle(index)
                return

    def _layout_rows(self, width: int) -> list[tuple[int, str, tuple[int, int, int], bool, bool]]:
        """(line index, text, colour, is detail, is first row of its line) for every row, oldest first."""
        layout = self.layout
        assert layout is not None
        size = layout.font_px("small")
        rows = []
        for index, line in enumerate(self.lines):
            colour = theme.LOG_COLOURS.get(line.kind, theme.TEXT)
            for k, part in enumerate(theme.wrap(line.text, size, width - layout.px(18))):
                rows.append((index, part, colour, False, k == 0))
            if index in self.expanded:
                for detail in line.details:
                    for part in theme.wrap(detail, size, width - layout.px(34)):
                        rows.append((index, part, (170, 176, 190), True, False))
        return rows

    def draw(self, target: pygame.Surface, rect: pygame.Rect, layout: Layout) -> None:
        """Draw the newest rows that fit, minus the scroll."""
        self.layout = layout
        key = (len(self.lines), frozenset(self.expanded), self.scroll, self.hover, layout.scale)
        self.area = rect
        self.blit(target, rect, key)
        self.hits = [(i, r.move(rect.topleft)) for i, r in self._hits_local]

    def render(self, surface: pygame.Surface) -> None:
        """Draw the title and the rows."""
        layout = self.layout
        assert layout is not None
        surface.fill(theme.PANEL_DARK)
        pygame.draw.line(surface, theme.EDGE, (0, 0), (surface.get_width(), 0))
        small = layout.font_px("small")
        title = theme.draw_text(surface, "Log", (layout.pad, layout.px(6)), small, theme.ACCENT, bold=True)
        hint = "click a line for its dice \u00b7 wheel to scroll"
        if theme.font(small).size(hint)[0] < surface.get_width() - title.right - 2 * layout.pad:
            theme.draw_text(surface, hint, (surface.get_width() - layout.pad, layout.px(6)), small, theme.TEXT_DIM,
                            anchor="topright")
        rows = self._layout_rows(surface.get_width() - 2 * layout.pad)
        line_h = round(small * 1.3)
        top = layout.px(26)
        fit = max(1, (surface.get_height() - top - layout.px(4)) // line_h)
        self.scroll = max(0, min(self.scroll, max(0, len(rows) - fit)))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - fit):end]
        self._hits_local: list[tuple[int, pygame.Rect]] = []
        y = top
        for index, text, colour, detail, first in shown:
            row_rect = pygame.Rect(0, y, surface.get_width(), line_h)
            if index == self.hover:
                pygame.draw.rect(surface, (38, 42, 52), row_rect)
            x = layout.pad + (layout.px(26) if detail else layout.px(14))
            if first and self.lines[index].details:
                _triangle(surface, (layout.pad + layout.px(4), y + line_h // 2), layout.px(4), index in self.expanded)
            theme.draw_text(surface, text, (x, y), small, colour)
            self._hits_local.append((index, row_rect))
            y += line_h
        if self.scroll:
            theme.draw_text(surface, f"{self.scroll} more below", (surface.get_width() - layout.pad,
                            surface.get_height() - layout.px(4)), small, theme.ACCENT, anchor="bottomright")

    _hits_local: list[tuple[int, pygame.Rect]] = []

    def line_at(self, pos: tuple[int, int]) -> int | None:
        """The log line under a point."""
        for index, rect in self.hits:
            if rect.collidepoint(pos):
                return index
        return None


def _triangle(surface: pygame.Surface, centre: tuple[int, int], r: int, open_: bool) -> None:
    x, y = centre
    points = [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r)] if open_ else \
        [(x - r // 2, y - r), (x - r // 2, y + r), (x + r, y)]
    pygame.draw.polygon(surface, theme.ACCENT, points)
