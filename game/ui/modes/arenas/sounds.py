"""What the arenas mode's events sound like: the table the screen plays from (see ``game.ui.sound``)."""

from __future__ import annotations

from game.core.events import Event
from game.modes.arenas import events as ev
from game.ui.sound import SoundTable


def _attack(event: Event, _own: frozenset[str]) -> str:
    assert isinstance(event, ev.AttackRolled)
    return "hit" if event.hit else "miss"


def _status(event: Event, _own: frozenset[str]) -> str | None:
    assert isinstance(event, ev.StatusChanged)
    return {"dead": "death", "incapacitated": "fall", "bleeding": "fall"}.get(event.status)


SOUNDS: SoundTable = {
    ev.RoundBegan: "turn",
    ev.TacticsDeclared: "reveal",
    ev.PlansRevealed: "reveal",
    ev.Moved: "step",
    ev.AttackRolled: _attack,
    ev.WoundMarked: "wound",
    ev.StatusChanged: _status,
    ev.Healed: "spell",
    ev.Focused: "spell",
    ev.WallBroken: "hit",
    ev.SuggestionAnswered: "reveal",
}
