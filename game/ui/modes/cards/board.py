"""The cards mode's table board: the Priority track with its actions, face-down cards, and each fighter's cards.

The track runs from the highest Priority on the left to the lowest on the right; an action placed there is
a card face up (every card on the track has been revealed). Below it each side's fighters show their
face-down cards as backs, and their ongoing cards face up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.encounter.board import TableBoard, TableMember, TableScene

BACK = (70, 60, 110)  # a face-down card's back
FACE = (214, 204, 176)  # a face-up card
INK = (30, 28, 26)
NEW = (255, 222, 140)  # the card turned up last


@dataclass(frozen=True)
class TrackCard:
    """An action on the track as the board shows it."""

    priority: int
    who: str
    card: str
    target: str


@dataclass(frozen=True)
class TableCards:
    """One fighter's cards on the table: how many face down, and the names of its face-up (ongoing) cards."""

    face_down: int
    face_up: tuple[str, ...]


@dataclass
class CardsScene(TableScene):
    """The table scene with the cards on it: the track, the reveal shown so far, and each fighter's cards."""

    track: list[TrackCard] = field(default_factory=list)
    revealed: list[tuple[str, str]] = field(default_factory=list)  # (who, card) turned up so far, in order
    tables: dict[str, TableCards] = field(default_factory=dict)
    token: str = ""


class CardsBoard(TableBoard):
    """The table board with the Priority track over the fighters."""

    ROW = 72  # taller than a plain table's, to hold each fighter's cards
    TRACK_CARD = 132  # the width of an action on the track, at scale 1

    # -- where cards go, in the table's units (for the cards that slide there) ------------------------
    def track_point(self, index: int) -> tuple[float, float]:
        """The middle of the track's ``index``th action (the last place a row holds, for one past it)."""
        area = self.track_rect()
        width, gap = self.px(self.TRACK_CARD), self.px(6)
        fits = max(1, (area.width - self.px(16) + gap) // (width + gap))
        x = area.x + self.px(8) + min(index, fits - 1) * (width + gap) + width // 2
        return self.units((x, area.y + self.px(24) + self.px(18) + self.px(29)))

    def down_point(self, scene: TableScene, cid: str, index: int) -> tuple[float, float] | None:
        """The middle of a fighter's ``index``th face-down card on the table, or None for one not shown."""
        box = next((b for m, b in self.member_boxes(scene) if m.cid == cid), None)
        if box is None:
            return None
        return self.units((box.x + box.height + self.px(4) + index * self.px(30) + self.px(13),
                           box.bottom - self.px(22) + self.px(9)))

    def track_rect(self) -> pygame.Rect:
        """Where the track is drawn: across the top, under the decision."""
        pad = self.px(12)
        return pygame.Rect(self.rect.x + pad, self.rect.y + self.px(40), self.rect.width - 2 * pad, self.px(104))

    def member_boxes(self, scene: TableScene) -> list[tuple[TableMember, pygame.Rect]]:
        """The fighters below the track (and the reveal strip), taller than a plain table's to hold their cards."""
        sides = list(dict.fromkeys(m.side for m in scene.members))
        if not sides:
            return []
        pad, row = self.px(12), self.px(self.ROW)
        top = self.track_rect().bottom + self.px(72)
        width = (self.rect.width - pad * (len(sides) + 1)) // len(sides)
        boxes = []
        for i, side in enumerate(sides):
            x = self.rect.x + pad + i * (width + pad)
            fellows = [m for m in scene.members if m.side == side]
            for j, member in enumerate(fellows):
                boxes.append((member, pygame.Rect(x, top + self.px(28) + j * row, width, row - self.px(6))))
        return boxes

    def draw_table(self, target: pygame.Surface, scene: TableScene) -> None:
        """The decision and the fighters (as a table draws them), then the track, the reveal and the cards."""
        super().draw_table(target, scene)
        if not isinstance(scene, CardsScene):
            return
        clip = target.get_clip()
        target.set_clip(self.rect)
        self._draw_track(target, scene)
        self._draw_reveal(target, scene)
        for member, box in self.member_boxes(scene):
            self._draw_table(target, box, scene.tables.get(member.cid), member.cid == scene.token)
        target.set_clip(clip)

    def _card(self, target: pygame.Surface, rect: pygame.Rect, words: str, colour: tuple[int, int, int],
              face_up: bool = True) -> None:
        theme.panel(target, rect, colour if face_up else BACK, theme.EDGE, self.px(4))
        if face_up and words:
            text = theme.shorten(words, self.px(11), rect.width - self.px(6))
            theme.draw_text(target, text, (rect.centerx, rect.centery), self.px(11), INK, anchor="center")

    def _draw_track(self, target: pygame.Surface, scene: CardsScene) -> None:
        """The actions in the order they come off the track, each under its Priority, highest first."""
        area = self.track_rect()
        theme.panel(target, area, theme.PANEL_DARK, theme.EDGE, self.px(6))
        theme.draw_text(target, "Priority track (highest first)", (area.x + self.px(8), area.y + self.px(4)),
                        self.px(13), theme.TEXT_DIM, bold=True)
        if not scene.track:
            theme.draw_text(target, "empty", (area.x + self.px(8), area.y + self.px(40)), self.px(13),
                            theme.TEXT_DIM)
            return
        width, gap = self.px(self.TRACK_CARD), self.px(6)
        x, y = area.x + self.px(8), area.y + self.px(24)
        for entry in scene.track:
            if x + width > area.right - self.px(8):
                break  # more than a row holds: the list and the log name the rest
            label = str(entry.priority) if entry.priority > 0 else f"{entry.priority} (Slow)"
            theme.draw_text(target, label, (x + width // 2, y + self.px(8)), self.px(13), theme.ACCENT, bold=True,
                            anchor="center")
            rect = pygame.Rect(x, y + self.px(18), width, self.px(58))
            theme.panel(target, rect, FACE, theme.EDGE, self.px(4))
            for row, words in enumerate((entry.card, entry.who, f"at {entry.target}")):
                text = theme.shorten(words, self.px(12), rect.width - self.px(8))
                theme.draw_text(target, text, (rect.x + self.px(4), rect.y + self.px(4) + row * self.px(17)),
                                self.px(12), INK, bold=row == 0)
            x += width + gap

    def _draw_reveal(self, target: pygame.Surface, scene: CardsScene) -> None:
        if not scene.revealed:
            return
        area = self.track_rect()
        y = area.bottom + self.px(8)
        theme.draw_text(target, "Turned face up:", (area.x, y + self.px(10)), self.px(13), theme.TEXT_DIM,
                        anchor="midleft")
        x = area.x + self.px(110)
        width = self.px(128)
        for i, (who, card) in enumerate(scene.revealed):
            if x + width > area.right:
                break
            rect = pygame.Rect(x, y, width, self.px(22))
            self._card(target, rect, f"{card} ({who.split()[0]})", NEW if i == len(scene.revealed) - 1 else FACE)
            x += width + self.px(4)

    def _draw_table(self, target: pygame.Surface, box: pygame.Rect, cards: TableCards | None, token: bool) -> None:
        if token:
            centre = (box.right - self.px(14), box.y + self.px(14))
            pygame.draw.circle(target, theme.ACCENT, centre, self.px(9))
            theme.draw_text(target, "P", centre, self.px(12), INK, bold=True, anchor="center")
        if cards is None:
            return
        x = box.x + box.height + self.px(4)
        y = box.bottom - self.px(22)
        for _ in range(cards.face_down):
            self._card(target, pygame.Rect(x, y, self.px(26), self.px(18)), "", BACK, face_up=False)
            x += self.px(30)
        for name in cards.face_up:
            rect = pygame.Rect(x, y, self.px(84), self.px(18))
            if rect.right > box.right:
                break
            self._card(target, rect, name, FACE)
            x += self.px(88)
