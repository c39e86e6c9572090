"""What the grid mode's events sound like: the table the screen plays from (see ``game.ui.sound``)."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.events import Event
from game.modes.grid import events as ev
from game.modes.grid.content import ActionDef
from game.ui.sound import SoundTable


def sound_table(actions: Mapping[str, ActionDef]) -> SoundTable:
    """Each event's effect: steps, blows that land or miss, wounds, falls, deaths, spells, dice and turns."""

    def used(event: Event, _own: frozenset[str]) -> str | None:
        # A spell: an action card that is no weapon's blow (a bolt, an area, a heal, a blessing).
        assert isinstance(event, ev.ActionUsed)
        action = actions.get(event.action)
        if action is None or action.weapon or (action.kind == "attack" and action.range <= 1 and not action.area):
            return None
        return "spell"

    def turn(event: Event, own: frozenset[str]) -> str | None:
        # Only the turns of the seat's own combatants chime: the others' would ring all round long.
        assert isinstance(event, ev.TurnStarted)
        return "turn" if event.cid in own else None

    def attack(event: Event, _own: frozenset[str]) -> str | None:
        assert isinstance(event, ev.AttackRolled)
        return "hit" if event.hit else "miss"

    return {
        ev.Moved: "step",
        ev.ActionUsed: used,
        ev.AttackRolled: attack,
        ev.Wounded: "wound",
        ev.FellUnconscious: "fall",
        ev.Died: "death",
        ev.InitiativeRolled: "reveal",
        ev.TurnStarted: turn,
    }
