"""Small grid scenarios for rule tests: a map from ASCII art, chosen combatants, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

import esper

from game.core.battlefield import Battlefield, Square
from game.core.components import Position
from game.core.dice import ScriptedDice
from game.core.events import Action, Event
from game.core.mode import MatchSetup
from game.modes.grid.components import ConditionState, Gear, Health, TurnScores
from game.modes.grid.mode import GridMode, default_seats

OPEN_ROOM = """
#########
#.......#
#.......#
#.......#
#.......#
#.......#
#########
"""


class Scenario:
    """A grid match set up for one rule: combatants placed by hand, dice scripted."""

    def __init__(self, art: str = OPEN_ROOM, heroes: dict[str, Square] | None = None,
                 monsters: dict[str, Square] | None = None) -> None:
        heroes = heroes or {}
        monsters = monsters or {}
        # Two of a kind are named as the match names them, "skeleton#1" and "skeleton#2", in that order.
        def kinds(cids: dict[str, Square]) -> list[str]:
            return [cid.partition("#")[0] for cid in cids]

        self.battlefield = Battlefield.from_ascii(art)
        self.dice = ScriptedDice([])
        setup = MatchSetup("grid", default_seats(), {
            "battlefield": self.battlefield, "heroes": kinds(heroes), "monsters": kinds(monsters)})
        self.mode = GridMode(setup, self.dice)
        self.mode.start()
        self.state = self.mode.state
        for cid, square in {**heroes, **monsters}.items():
            esper.component_for_entity(self.state.ent(cid), Position).square = square
        # The seats saw the combatants where the match placed them, before they were put where the test wants them.
        self.mode.memories.clear()

    # -- dice and direct state -------------------------------------------------------------------
    def script(self, *results: int) -> None:
        """Queue die results for the next rolls."""
        self.dice._results.extend(results)

    def ent(self, cid: str) -> int:
        """The entity of a combatant."""
        self.mode._enter()
        return self.state.ent(cid)

    def scores(self, cid: str) -> TurnScores:
        """Movement points, Senses, Hidden of a combatant."""
        return esper.component_for_entity(self.ent(cid), TurnScores)

    def health(self, cid: str) -> Health:
        """Damage, Wounds, state of a combatant."""
        return esper.component_for_entity(self.ent(cid), Health)

    def gear(self, cid: str) -> Gear:
        """Items of a combatant."""
        return esper.component_for_entity(self.ent(cid), Gear)

    def square(self, cid: str) -> Square | None:
        """Where a combatant stands."""
        pos = esper.try_component(self.ent(cid), Position)
        return None if pos is None else pos.square

    def conditions(self, cid: str) -> dict[str, int]:
        """The conditions on a combatant and their ranks."""
        ent = self.ent(cid)
        return {cs.condition: cs.rank for _, cs in esper.get_component(ConditionState) if cs.bearer == ent}

    def add_condition(self, cid: str, condition: str, rank: int) -> None:
        """Put a condition on a combatant directly."""
        self.mode._enter()
        esper.create_entity(ConditionState(self.ent(cid), condition, rank, "test"))

    def begin_turn(self, cid: str, movement: int = 10, senses: int = 0, hidden: int = 0,
                   order: Iterable[str] | None = None) -> None:
        """Make it this combatant's turn without rolling its start of turn."""
        self.mode._enter()
        rest = [c for c in self.state.by_cid if c != cid]
        self.state.order = [cid, *(order if order is not None else rest)]
        self.state.current = 0
        self.state.phase = "turn"
        scores = self.scores(cid)
        scores.movement, scores.senses, scores.hidden, scores.acted = movement, senses, hidden, False

    # -- acting ----------------------------------------------------------------------------------
    def seat(self) -> str:
        """The seat whose decision it is."""
        seat = self.mode.pending_seat()
        assert seat is not None
        return seat

    def check(self, action: Action) -> str | None:
        """Why the action is illegal now, or None."""
        return self.mode.check(action, self.seat())

    def act(self, action: Action) -> list[Event]:
        """Check and apply an action for the pending seat; fail the test if it is illegal."""
        reason = self.check(action)
        assert reason is None, f"{action} is illegal: {reason}"
        return self.mode.apply(action, self.seat())


def of_type(events: list[Event], kind: type) -> list:
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]
