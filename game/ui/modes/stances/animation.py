"""What the stances screen animates of its events: dashes, sidesteps, pushes, blows, damage, wounds, falls, deaths."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.core.battlefield import Square
from game.core.events import Event
from game.core.geometry import distance
from game.modes.stances import events as ev
from game.ui import theme
from game.ui.animation import Cue, Rose, Walked
from game.ui.effects import HEAL_COLOUR, Burst, Faded, Fell, Flashed, Lunged, Shot
from game.ui.tokens import TokenLook

MISS = (200, 204, 214)


def cues(events: list[Event], starts: dict[str, Square], squares: dict[str, Square],
         looks: Mapping[str, TokenLook] | None = None) -> list[Cue]:
    """The cues of what the events did; ``starts`` are where fighters stood before, ``squares`` where they are."""
    out: list[Cue] = []
    looks = looks or {}
    at = dict(starts)  # where each fighter stands as the events go by: moves come before the blows they allow
    for event in events:
        if isinstance(event, ev.Dashed) and event.cid in at:
            out.append(Walked(event.cid, (at[event.cid], *event.path)))
            at[event.cid] = event.path[-1] if event.path else at[event.cid]
        elif isinstance(event, ev.Sidestepped) and event.cid in at:
            out.append(Walked(event.cid, (at[event.cid], event.to)))
            at[event.cid] = event.to
        elif isinstance(event, ev.Pushed) and event.cid in at and event.path:
            out.append(Walked(event.cid, (at[event.cid], *event.path)))
            at[event.cid] = event.path[-1]
        elif isinstance(event, (ev.AttackRolled, ev.ContestRolled)) and event.attacker in at and event.target in at:
            out.extend(_blow(event.attacker, at[event.attacker], at[event.target], event.damage > 0))
            if event.damage <= 0:
                out.append(Rose(at[event.target], "miss", MISS))
        elif isinstance(event, ev.DamageTaken) and event.cid in at and event.amount > 0:
            out.append(Rose(at[event.cid], f"\u2212{event.amount}", (255, 150, 90)))
        elif isinstance(event, ev.Wounded) and event.cid in at:
            out.append(Rose(at[event.cid], "wound!", theme.BAD, 1))
        elif isinstance(event, ev.WentUnconscious) and event.cid in at:
            out.append(Fell(event.cid, at[event.cid]))
        elif isinstance(event, ev.Died) and event.cid in at:
            if event.cid in looks:
                out.append(Faded(at[event.cid], replace(looks[event.cid], state="standing")))
            out.append(Rose(at[event.cid], "dead", (255, 110, 110), 2))
        elif isinstance(event, ev.Healed) and event.target in at:
            out.append(Burst(at[event.target], 0, HEAL_COLOUR))
            out.append(Rose(at[event.target], f"+{event.gained}", theme.GOOD))
    return out


def _blow(cid: str, start: Square, target: Square, landed: bool) -> list[Cue]:
    """A lunge at a fighter next to the attacker, a shot at one further off; a flash when it lands."""
    strike: Cue = Lunged(cid, start, target) if distance(start, target) <= 1 else Shot(start, target)
    return [strike, Flashed(target)] if landed else [strike]
