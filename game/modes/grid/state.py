"""The state of one grid match besides the esper world: content, map, dice, turn order."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper

from game.core.battlefield import Battlefield, Square
from game.core.components import Position
from game.core.dice import Dice
from game.core.fov import SightMap
from game.core.mode import Outcome
from game.core.roster import Roster
from game.modes.grid.components import DEAD, PRONE, STANDING, Combatant, Health
from game.modes.grid.content import GridContent


@dataclass
class GridState(Roster[Combatant]):
    """Everything the rules read besides components; the esper world is switched to by the mode."""

    content: GridContent
    battlefield: Battlefield
    dice: Dice
    sight: SightMap
    round: int = 0
    order: list[str] = field(default_factory=list)
    current: int | None = None
    phase: str = "initiative"
    outcome: Outcome | None = None
    max_rounds: int | None = None
    legacy_ties: bool = False  # set up and walked as before the second save format (game.core.mode.LEGACY_TIES)
    legacy_bumps: bool = False  # moves forget bumps, as before the third save format (game.core.mode.LEGACY_BUMPS)
    legacy_rules: bool = False  # the rules as before the sixth save format (game.core.mode.LEGACY_GRID_RULES)
    legacy_allies: bool = False  # moves miss unseen allies, as before the seventh save format (spec.LEGACY_ALLIES)
    legacy_corners: bool = False  # no diagonal squeezes between walls, as before the eighth (spec.LEGACY_CORNERS)

    def current_entity(self) -> int | None:
        """The entity whose turn it is, if a turn is running."""
        if self.phase != "turn" or self.current is None:
            return None
        return self.by_cid[self.order[self.current]]

    def occupant(self, square: Square) -> int | None:
        """The combatant (not dead) standing on a square, if any."""
        for ent, _ in self.roster:
            pos = esper.try_component(ent, Position)
            if pos is not None and pos.square == square:
                return ent
        return None



def side_of(ent: int) -> str:
    """The side a combatant fights for."""
    return esper.component_for_entity(ent, Combatant).side


def cid_of(ent: int) -> str:
    """A combatant's stable id."""
    return esper.component_for_entity(ent, Combatant).cid


def state_of(ent: int) -> str:
    """Standing, prone, unconscious or dead."""
    return esper.component_for_entity(ent, Health).state


def able_to_fight(ent: int) -> bool:
    """Standing or Prone: not Unconscious and not dead."""
    return state_of(ent) in (STANDING, PRONE)


def is_dead(ent: int) -> bool:
    """Whether the combatant has died."""
    return state_of(ent) == DEAD
