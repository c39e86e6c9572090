"""What the beats mode's events sound like: the table the screen plays from (see ``game.ui.sound``)."""

from __future__ import annotations

from game.core.events import Event
from game.modes.beats import events as ev
from game.modes.beats.state import HELPLESS
from game.ui.sound import SoundTable


def _wound(event: Event, _own: frozenset[str]) -> str:
    assert isinstance(event, ev.WoundTaken)
    return "fall" if event.level >= HELPLESS else "wound"


def _tool(event: Event, _own: frozenset[str]) -> str:
    assert isinstance(event, ev.ToolMoved)
    return "hit" if event.to == "ground" else "step"  # disarmed: the tool falls to the ground


SOUNDS: SoundTable = {
    ev.FightBegan: "turn",
    ev.DicePresented: "reveal",  # every selected die shown together
    ev.SparkSpent: "spell",
    ev.Countered: "miss",
    ev.WoundTaken: _wound,
    ev.ToolMoved: _tool,
    ev.Surrendered: "fall",
    ev.FirstAidGiven: "spell",
}
