"""Helpers for tests of the tactical policy: play one combatant's turn in a scenario and record it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.dice import SeededDice
from game.core.events import Action, Event
from game.modes.grid.actions import EndTurn
from game.modes.grid.ai import TacticalPlayer
from tests.modes.grid.scenario import Scenario


@dataclass
class Turn:
    """What the policy did in one turn: its actions and the events they caused."""

    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def of(self, kind: type) -> list:
        """The actions of one type."""
        return [a for a in self.actions if isinstance(a, kind)]

    def events_of(self, kind: type) -> list:
        """The events of one type."""
        return [e for e in self.events if isinstance(e, kind)]


def play_turn(s: Scenario, player: TacticalPlayer, seed: int = 7, limit: int = 30) -> Turn:
    """Let the policy play the current combatant's turn to its end, with seeded dice."""
    s.dice = SeededDice(seed)  # type: ignore[assignment]
    s.state.dice = s.dice
    turn = Turn()
    current = s.state.current
    for _ in range(limit):
        seat = s.seat()
        legal = s.mode.legal_actions(seat)
        action = player.choose(s.mode.view(seat), legal)
        assert action in legal, f"{action} is not legal"
        turn.actions.append(action)
        turn.events += s.mode.apply(action, seat)
        if isinstance(action, EndTurn) or s.state.current != current or s.state.outcome is not None:
            return turn
    raise AssertionError(f"the turn did not end in {limit} decisions: {turn.actions}")
