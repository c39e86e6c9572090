"""What the stances mode's events sound like: the table the screen plays from (see ``game.ui.sound``)."""

from __future__ import annotations

from game.core.events import Event
from game.modes.stances import events as ev
from game.ui.sound import SoundTable


def _blow(event: Event, _own: frozenset[str]) -> str:
    assert isinstance(event, (ev.AttackRolled, ev.ContestRolled))
    return "hit" if event.damage > 0 else "miss"


SOUNDS: SoundTable = {
    ev.Dashed: "step",
    ev.Sidestepped: "step",
    ev.Pushed: "step",
    ev.AttackRolled: _blow,
    ev.ContestRolled: _blow,
    ev.Wounded: "wound",
    ev.WentUnconscious: "fall",
    ev.Died: "death",
    ev.Healed: "spell",
    ev.WoundsTreated: "spell",
    ev.StanceStepBegan: "reveal",  # the sealed stances are shown and their steps begin
    ev.RoundBegan: "turn",  # a round is every side's turn at once
}
