"""The encounter screen of a mode played on a table (cards, beats): a click on a member selects it, and what its
events do moves on the table as on a map (``game.ui.effects``)."""

from __future__ import annotations

from typing import Any, TypeVar

import pygame

from game.ui.encounter.board import TableBoard, TableScene
from game.ui.encounter.screen import EncounterScreen

Point = tuple[float, float]
SceneT = TypeVar("SceneT", bound=TableScene)


class TableScreen(EncounterScreen):
    """An encounter screen whose board is a table."""

    def _click(self, pos: tuple[int, int]) -> bool:
        """A click on a member's box selects it: its sheet shows below the table."""
        board = self.board
        if isinstance(board, TableBoard) and self.layout.map.collidepoint(pos):
            cid = board.member_at(self.scene(), pos)
            if cid is not None and self._member(cid) is not None:
                self.select(cid)
                self._rebuild()
            return True
        return super()._click(pos)

    def anchors(self) -> dict[str, Point]:
        """Where each member's token is on the table now, in the table's units: where its motions start and land."""
        board = self.board
        return board.anchors(self.scene()) if isinstance(board, TableBoard) else {}

    def moving(self, scene: SceneT) -> SceneT:
        """The scene with what moves on it this frame: the effects, the rising texts, the tokens that lunge or
        fall."""
        now = pygame.time.get_ticks()
        scene.effects = list(self.anim.effects(now))
        scene.floating = self.anim.floating(now)
        for member in scene.members:
            moved = self.anim.position(member.cid, now)
            if moved is not None:
                scene.offsets[member.cid] = moved
        return scene

    @staticmethod
    def _enemy_in_sight(members: tuple[Any, ...]) -> bool:
        """Everyone at a table is in sight: what happens there is shown at the pace chosen."""
        return True
