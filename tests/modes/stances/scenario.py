"""Small stances scenarios for rule tests: a map from ASCII art, fighters placed by hand, scripted dice."""

from __future__ import annotations

import esper

from game.core.battlefield import Battlefield, Square
from game.core.components import Position
from game.core.dice import ScriptedDice
from game.core.events import Action, Event
from game.core.mode import MatchSetup, Seat
from game.core.seats import default_seats
from game.modes.stances.components import Holds, Kit, RoundUse, Vitals
from game.modes.stances.mode import StancesMode

OPEN_FIELD = """
############
#..........#
#..........#
#..........#
#..........#
#..........#
############
"""


class Scenario:
    """A stances match set up for one rule: fighters placed by hand, dice scripted."""

    def __init__(self, heroes: dict[str, Square], monsters: dict[str, Square], art: str = OPEN_FIELD,
                 seats: tuple[Seat, ...] | None = None, first: str = "heroes", max_rounds: int | None = None) -> None:
        self.dice = ScriptedDice([])
        options = {"battlefield": Battlefield.from_ascii(art), "heroes": [h.split("#")[0] for h in heroes],
                   "monsters": [m.split("#")[0] for m in monsters], "first": first, "max_rounds": max_rounds}
        self.mode = StancesMode(MatchSetup("stances", seats or default_seats(), options), self.dice)
        self.start_events = self.mode.start()
        self.state = self.mode.state
        for cid, square in {**heroes, **monsters}.items():
            esper.component_for_entity(self.state.ent(cid), Position).square = square

    # -- dice and direct state -------------------------------------------------------------------
    def script(self, *results: int) -> None:
        """Queue die results for the next rolls."""
        self.dice._results.extend(results)

    def ent(self, cid: str) -> int:
        """The entity of a fighter."""
        self.mode.world.enter()
        return self.state.ent(cid)

    def vitals(self, cid: str) -> Vitals:
        """Hit points, heart die, wounds and state of a fighter."""
        return esper.component_for_entity(self.ent(cid), Vitals)

    def holds(self, cid: str) -> Holds:
        """Grapples and climbs of a fighter."""
        return esper.component_for_entity(self.ent(cid), Holds)

    def use(self, cid: str) -> RoundUse:
        """What a fighter has spent this round."""
        return esper.component_for_entity(self.ent(cid), RoundUse)

    def kit(self, cid: str) -> Kit:
        """A fighter's kit."""
        return esper.component_for_entity(self.ent(cid), Kit)

    def square(self, cid: str) -> Square | None:
        """Where a fighter stands."""
        pos = esper.try_component(self.ent(cid), Position)
        return None if pos is None else pos.square

    # -- acting ----------------------------------------------------------------------------------
    def seat(self) -> str:
        """The seat whose decision it is."""
        seat = self.mode.pending_seat()
        assert seat is not None, "the match waits for nobody"
        return seat

    def legal(self) -> list[Action]:
        """The pending seat's legal actions."""
        return self.mode.legal_actions(self.seat())

    def check(self, action: Action) -> str | None:
        """Why the action is illegal now, or None."""
        return self.mode.check(action, self.seat())

    def act(self, *actions: Action) -> list[Event]:
        """Check and apply actions for whichever seat is pending; fail the test if one is illegal."""
        events: list[Event] = []
        for action in actions:
            reason = self.check(action)
            assert reason is None, f"{action} is illegal: {reason}"
            events += self.mode.apply(action, self.seat())
        return events

    def decision(self) -> tuple[str, str] | None:
        """What the match waits for: (kind, fighter or side)."""
        self.mode.world.enter()
        return self.mode._decision()


def of_type(events: list[Event], kind: type) -> list:
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def fight(s: Scenario, initiator: str, target: str, stances: dict[str, str], join: tuple[str, ...] = ()) -> list[Event]:
    """Enter an engagement, let the named fighters join (everyone else stays out), and choose the stances."""
    from game.modes.stances.actions import ChooseStance, Engage, Join, StayOut

    events = s.act(Engage(initiator, target))
    while (decision := s.decision()) is not None and decision[0] == "join":
        wanted = [a for a in s.legal() if isinstance(a, Join) and a.cid in join]
        events += s.act(wanted[0] if wanted else StayOut())
    while (decision := s.decision()) is not None and decision[0] == "stance":
        cid = decision[1]
        events += s.act(ChooseStance(cid, stances[cid]))
    return events
