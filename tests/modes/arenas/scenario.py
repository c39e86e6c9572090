"""Small arenas scenarios for rule tests: the built-in yard, characters placed by hand, scripted dice."""

from __future__ import annotations

from game.core.dice import ScriptedDice
from game.core.events import Event
from game.modes.arenas.arenas import arena_map
from game.modes.arenas.content import load_content
from game.modes.arenas.plans import Plan
from game.modes.arenas.rounds import play_round
from game.modes.arenas.skirmish import yard_battlefield
from game.modes.arenas.state import ArenasState, Fighter

STAIR, LEDGE, MARKET, GATE, YARD, ALLEY = ("Cellar Stair", "Broken Ledge", "Crowded Market", "Gatehouse",
                                          "Sand Yard", "Back Alley")


class Scene:
    """An arenas state with characters placed by hand and dice scripted."""

    def __init__(self) -> None:
        self.dice = ScriptedDice([])
        bf = yard_battlefield()
        self.st = ArenasState(load_content(), bf, arena_map(bf), self.dice)
        self.st.round = 1
        self.st.phase = "choose"

    def add(self, template: str, arena: str, cid: str | None = None) -> Fighter:
        """Put a character in an arena."""
        c = self.st.content.character(template)
        hero = template in self.st.content.heroes
        f = Fighter(cid or template, c.name, template, "heroes" if hero else "monsters", hero, arena, c.wounds,
                    members=c.minions, awesome=c.awesome)
        self.st.fighters[f.cid] = f
        return f

    def script(self, *results: int) -> None:
        """Queue die results for the next rolls."""
        self.dice._results.extend(results)

    def plan(self, cid: str, plan: Plan) -> None:
        """Give a character its plan for the round."""
        self.st.plans[cid] = plan

    def play(self) -> list[Event]:
        """Play the round's seven steps; every scripted die must be used."""
        events = play_round(self.st, lambda: [])
        assert self.dice.remaining == 0, f"{self.dice.remaining} scripted dice left unrolled"
        return events

    def of(self, events: list[Event], kind: type) -> list:
        """The events of one class."""
        return [e for e in events if isinstance(e, kind)]
