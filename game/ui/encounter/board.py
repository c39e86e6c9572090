"""The middle of the encounter screen, chosen by the mode: the map board, or a table board for modes without a map.

The frame asks its board only what this protocol says: where it is, what is under the pointer,
how to look around it, and to draw what the mode's screen gives it for this frame (a ``MapScene``
for the map board, a ``TableScene`` for the table). The map board is ``MapView`` (grid, stances,
arenas); the table board draws the members by side and the pending decision (cards, beats).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import pygame

from game.core.battlefield import Square
from game.ui import theme
from game.ui.effects import draw_floating
from game.ui.mapscene import Drawn, Floating
from game.ui.tokens import TokenLook, faded_sprite, portrait

OUT_ALPHA = 90  # how faintly a member out of the fight (dead, defeated, Recalled) shows on the table

SceneT_contra = TypeVar("SceneT_contra", contravariant=True)


class Board(Protocol[SceneT_contra]):
    """What the frame needs of the middle of the screen."""

    @property
    def note(self) -> str:
        """What the board could not draw as it should (said under the log and over the board), or ""."""
        ...

    @property
    def page(self) -> int:
        """How far Shift and an arrow scroll the board, in pixels."""
        ...

    def set_rect(self, rect: pygame.Rect, scale: float | None = None) -> None:
        """Move the board to a new rectangle of the window, at a new UI scale if given."""
        ...

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The square under a point of the window, or None (a table has no squares)."""
        ...

    def centre_on(self, square: tuple[float, float]) -> None:
        """Bring a square to the middle of the board."""
        ...

    def ensure_visible(self, square: Square, margin: int = 1) -> bool:
        """Scroll just enough to show a square; whether it scrolled."""
        ...

    def scroll(self, dx: float, dy: float) -> None:
        """Scroll by pixels."""
        ...

    def zoom(self, steps: int, focus: tuple[int, int] | None = None) -> bool:
        """Zoom in (steps > 0) or out around a point; whether the zoom changed."""
        ...

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the board by quarter turns."""
        ...

    def step_cursor(self, cursor: Square | None, start: Square | None, dx: int, dy: int) -> Square | None:
        """Where the keyboard's cursor goes for an arrow (in screen directions); ``start`` where a new one begins."""
        ...

    def draw(self, target: pygame.Surface, scene: SceneT_contra) -> None:
        """Draw this frame's scene into the board's rectangle."""
        ...


@dataclass(frozen=True)
class TableMember:
    """One member as the table board shows it: its token, its name, its side and a few words about it now."""

    cid: str
    name: str
    side: str
    look: TokenLook
    words: str = ""
    current: bool = False  # the pending decision is about it
    selected: bool = False


@dataclass
class TableScene:
    """What the table board shows in one frame: the pending decision, the members side by side, and what moves."""

    decision: str = ""
    members: list[TableMember] = field(default_factory=list)
    # The motions under way (``game.ui.effects``), in the board's units (``TableBoard.anchors``): blows and cards
    # drawn over the members, the rising numbers, and where a lunging or falling member's token is now.
    effects: list[Drawn] = field(default_factory=list)
    floating: list[Floating] = field(default_factory=list)
    offsets: dict[str, tuple[float, float]] = field(default_factory=dict)


class TableBoard:
    """The board of a mode without a map: the pending decision on top, then one column of members per side.

    What moves on it is placed in its own units, one a token's width (``sq``) from its top left corner, so a cue
    made as an action ends still lands where the member is drawn if the window changes meanwhile.
    """

    ROW = 56  # the height of a member's row, at scale 1

    def __init__(self, rect: pygame.Rect, scale: float = 1.0) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale

    @property
    def note(self) -> str:
        """A table draws everything it is given."""
        return ""

    @property
    def page(self) -> int:
        """Nothing to scroll."""
        return 0

    def px(self, value: float) -> int:
        """Pixels at the UI scale."""
        return max(1, round(value * self.scale))

    def set_rect(self, rect: pygame.Rect, scale: float | None = None) -> None:
        """Move the table to a new rectangle of the window."""
        self.rect = pygame.Rect(rect)
        if scale is not None:
            self.scale = scale

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """A table has no squares."""
        return None

    def centre_on(self, square: tuple[float, float]) -> None:
        """Nothing to centre: every member shows."""

    def ensure_visible(self, square: Square, margin: int = 1) -> bool:
        """Every member shows."""
        return False

    def scroll(self, dx: float, dy: float) -> None:
        """A table does not scroll."""

    def zoom(self, steps: int, focus: tuple[int, int] | None = None) -> bool:
        """A table does not zoom."""
        return False

    def rotate(self, quarter_turns: int = 1) -> None:
        """A table does not turn."""

    def step_cursor(self, cursor: Square | None, start: Square | None, dx: int, dy: int) -> Square | None:
        """No squares, so no cursor."""
        return None

    @property
    def sq(self) -> int:
        """A member's token, in pixels: the unit of what moves on the table."""
        return self.px(self.ROW - 14)

    def _point(self, point: tuple[float, float]) -> tuple[int, int]:
        """The pixel of a point in the table's units."""
        return round(self.rect.x + point[0] * self.sq), round(self.rect.y + point[1] * self.sq)

    def units(self, pixel: tuple[float, float]) -> tuple[float, float]:
        """A pixel in the table's units."""
        return (pixel[0] - self.rect.x) / self.sq, (pixel[1] - self.rect.y) / self.sq

    def token_rect(self, box: pygame.Rect) -> pygame.Rect:
        """Where a member's token is drawn in its box."""
        size = box.height - self.px(8)
        return pygame.Rect(box.x + self.px(4), box.y + self.px(4), size, size)

    def anchors(self, scene: TableScene) -> dict[str, tuple[float, float]]:
        """The centre of each member's token, in the table's units: where its motions start and land."""
        return {member.cid: self.units(self.token_rect(box).center) for member, box in self.member_boxes(scene)}

    def member_at(self, scene: TableScene, pos: tuple[int, int]) -> str | None:
        """The member whose box is under a point of the window, or None."""
        return next((member.cid for member, box in self.member_boxes(scene) if box.collidepoint(pos)), None)

    def member_boxes(self, scene: TableScene) -> list[tuple[TableMember, pygame.Rect]]:
        """Where each member is drawn: one column per side, in the order the sides first appear."""
        sides = list(dict.fromkeys(m.side for m in scene.members))
        if not sides:
            return []
        pad, row = self.px(12), self.px(self.ROW)
        top = self.rect.y + self.px(64)
        width = (self.rect.width - pad * (len(sides) + 1)) // len(sides)
        boxes = []
        for i, side in enumerate(sides):
            x = self.rect.x + pad + i * (width + pad)
            fellows = [m for m in scene.members if m.side == side]
            for j, member in enumerate(fellows):
                boxes.append((member, pygame.Rect(x, top + self.px(28) + j * row, width, row - self.px(6))))
        return boxes

    def draw(self, target: pygame.Surface, scene: TableScene) -> None:
        """Draw the table, then what moves over it."""
        self.draw_table(target, scene)
        self.draw_motion(target, scene)

    def draw_table(self, target: pygame.Surface, scene: TableScene) -> None:
        """Draw the decision, each side's heading and each member with its token, name and words."""
        clip = target.get_clip()
        target.set_clip(self.rect)
        target.fill(theme.MAP_BACK, self.rect)
        pad = self.px(12)
        if scene.decision:
            theme.draw_text(target, scene.decision, (self.rect.x + pad, self.rect.y + pad), self.px(20), theme.ACCENT,
                            bold=True)
        headed: set[str] = set()
        for member, box in self.member_boxes(scene):
            if member.side not in headed:
                headed.add(member.side)
                theme.draw_text(target, member.side.title(), (box.x, box.y - self.px(26)), self.px(16), theme.TEXT_DIM,
                                bold=True)
            edge = theme.ACCENT if member.current else theme.TEXT if member.selected else theme.EDGE
            theme.panel(target, box, theme.PANEL, edge, self.px(6))
            token = self.token_rect(box)
            if member.cid not in scene.offsets:  # one lunging or falling is drawn where it is now, over the boxes
                image = portrait(member.look, token.width)
                if member.look.state == "dead":  # out of the fight: faint, as a fade leaves it
                    image = faded_sprite(member.look, token.width, OUT_ALPHA)
                target.blit(image, token.topleft)
            x = token.right + self.px(8)
            theme.draw_text(target, member.name, (x, box.y + self.px(6)), self.px(15), theme.TEXT, bold=True)
            if member.words:
                theme.draw_text(target, member.words, (x, box.y + self.px(26)), self.px(13), theme.TEXT_DIM)
        target.set_clip(clip)

    def draw_motion(self, target: pygame.Surface, scene: TableScene) -> None:
        """The tokens that move, the blows, cards and dice under way, and the rising numbers, over everything."""
        clip = target.get_clip()
        target.set_clip(self.rect)
        sq = self.sq
        for member, _box in self.member_boxes(scene):
            moved = scene.offsets.get(member.cid)
            if moved is not None:
                x, y = self._point(moved)
                target.blit(portrait(member.look, sq), (x - sq // 2, y - sq // 2))
        now = pygame.time.get_ticks()
        for effect in scene.effects:
            effect.draw(target, self, now)
        draw_floating(target, self, scene.floating)
        target.set_clip(clip)
