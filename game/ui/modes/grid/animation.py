"""What the grid screen animates of its events: walks, blows, shots, bursts, damage, wounds, falls, deaths, heals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.core.battlefield import Square
from game.core.events import Event
from game.modes.grid import events as ev
from game.modes.grid.content import ActionDef
from game.ui import theme
from game.ui.animation import Cue, Rose, Walked
from game.ui.effects import HEAL_COLOUR, Burst, Faded, Fell, Flashed, Lunged, Shot
from game.ui.tokens import TokenLook


def cues(events: list[Event], starts: dict[str, Square], squares: dict[str, Square],
         actions: Mapping[str, ActionDef] | None = None, looks: Mapping[str, TokenLook] | None = None) -> list[Cue]:
    """The cues of what the events did; ``starts`` are where combatants stood before, ``squares`` where they are,
    ``actions`` the action cards (to tell a blow from a shot or a spell), ``looks`` how the tokens look."""
    out: list[Cue] = []
    looks = looks or {}
    squares = {**starts, **squares}  # one who died in the action has left the map: seen where it stood
    for event in events:
        if isinstance(event, ev.Moved) and event.cid in starts:
            out.append(Walked(event.cid, (starts[event.cid], *event.path)))
        elif isinstance(event, ev.ActionUsed) and actions is not None and event.action in actions:
            out.extend(_strike(event, actions[event.action], squares))
        elif isinstance(event, ev.AttackRolled) and event.target in squares:
            if event.hit:
                out.append(Flashed(squares[event.target]))
            else:
                out.append(Rose(squares[event.target], "miss", (200, 204, 214)))
        elif isinstance(event, ev.DamageTaken) and event.target in squares:
            out.append(Rose(squares[event.target], f"\u2212{event.amount}", (255, 150, 90)))
        elif isinstance(event, ev.Wounded) and event.target in squares:
            out.append(Rose(squares[event.target], "wound!", theme.BAD, 1))
        elif isinstance(event, ev.FellUnconscious) and event.cid in squares:
            out.append(Fell(event.cid, squares[event.cid]))
        elif isinstance(event, ev.Died) and event.cid in starts:
            if event.cid in looks:
                out.append(Faded(starts[event.cid], replace(looks[event.cid], state="standing")))
            out.append(Rose(starts[event.cid], "dead", (255, 110, 110), 2))
        elif isinstance(event, ev.Healed) and event.cid in squares:
            out.append(Rose(squares[event.cid], f"+{event.amount}", theme.GOOD))
    return out


def _strike(event: ev.ActionUsed, action: ActionDef, squares: dict[str, Square]) -> list[Cue]:
    """How an action card is seen used: a lunge or a shot at its target, a burst over its area or its target."""
    user = squares.get(event.cid)
    aim = squares.get(event.target) if event.target else event.square
    if user is None or aim is None:
        return []
    if action.area or action.target == "square":
        return [Burst(aim, action.area)]
    if action.kind != "attack":
        return [Burst(aim, 0, HEAL_COLOUR if action.kind == "heal" else theme.ACCENT)]
    if action.weapon == "ranged" or (action.weapon == "" and action.range > 1):
        return [Shot(user, aim)]
    return [Lunged(event.cid, user, aim)]
