"""What the cards mode's events sound like: the table the screen plays from (see ``game.ui.sound``)."""

from __future__ import annotations

from game.core.events import Event
from game.modes.cards import events as ev
from game.ui.sound import SoundTable


def _attack(event: Event, _own: frozenset[str]) -> str:
    assert isinstance(event, ev.AttackResolved)
    return "hit" if event.landed else "miss"


SOUNDS: SoundTable = {
    ev.RoundBegan: "turn",
    ev.CardRevealed: "reveal",  # turned face up, in reverse turn order
    ev.DieRerolled: "reveal",
    ev.AttackResolved: _attack,
    ev.BurnSuffered: "wound",
    ev.SupportResolved: "spell",
    ev.MonsterHealed: "spell",
    ev.LeftFight: "fall",  # Recalled at 0 Grit
}
