"""What the arenas map animates of its events: tokens sliding from arena to arena, blows by the weapon's type (a
lunge in melee, a missile from a bow, sling, crossbow or thrown weapon), a flash on a hit, the wound marked rising
by its number, a fall for one out of the fight, a fade for a death, a burst for a Focus that goes off."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from game.core.battlefield import Square
from game.core.events import Event
from game.modes.arenas import events as ev
from game.modes.arenas.content import ArenasContent
from game.ui import theme
from game.ui.animation import Cue, Rose, Walked
from game.ui.effects import HEAL_COLOUR, Burst, Faded, Fell, Flashed, Lunged, Shot
from game.ui.tokens import TokenLook

MISS = (200, 204, 214)
DOWN = ("out", "incapacitated", "bleeding")  # out of the fight but not dead: it falls where it stands


def cues(events: list[Event], content: ArenasContent, starts: Mapping[str, Square], squares: Mapping[str, Square],
         arenas: Mapping[str, Sequence[Square]], looks: Mapping[str, TokenLook] | None = None) -> list[Cue]:
    """The cues of what the events did; ``starts`` are where the characters stood, ``squares`` where they stand,
    ``arenas`` each arena's squares (where one moved on through an arena it left again in the same round)."""
    out: list[Cue] = []
    looks = looks or {}
    at = dict(starts)
    moves_left = {cid: sum(1 for e in events if isinstance(e, ev.Moved) and e.cid == cid) for cid in at}
    ranged = {w.name for w in content.weapons.values() if w.ranged}
    for event in events:
        if isinstance(event, ev.Moved) and event.cid in at:
            moves_left[event.cid] -= 1
            end = squares.get(event.cid) if moves_left[event.cid] == 0 else _middle(arenas.get(event.to, ()))
            if end is not None and end != at[event.cid]:
                out.append(Walked(event.cid, slide(at[event.cid], end)))
                at[event.cid] = end
        elif isinstance(event, ev.AttackRolled) and event.attacker in at and event.target in at:
            start, target = at[event.attacker], at[event.target]
            shot = event.weapon in ranged or "shot" in event.kind
            out.append(Shot(start, target) if shot else Lunged(event.attacker, start, target))
            out.append(Flashed(target) if event.hit else Rose(target, "miss", MISS))
        elif isinstance(event, ev.WoundMarked) and event.cid in at:
            out.append(Rose(at[event.cid], f"wound {event.wound}!", theme.BAD))
        elif isinstance(event, ev.StatusChanged) and event.cid in at:
            out.extend(_status(event, at[event.cid], looks.get(event.cid)))
        elif isinstance(event, ev.Healed) and event.cid in at:
            out.append(Burst(at[event.cid], 0, HEAL_COLOUR))
            if event.wound is not None:
                out.append(Rose(at[event.cid], f"wound {event.wound} healed", theme.GOOD))
        elif isinstance(event, ev.Focused) and event.went_off and event.cid in at:
            out.append(Burst(at.get(event.target or "", at[event.cid])))
    return out


def slide(start: Square, end: Square) -> tuple[Square, ...]:
    """The squares a token slides over from one arena to another, about one a step: a straight line, not a path (an
    arena move is not walked square by square)."""
    steps = max(1, round(math.dist(start, end)))
    line = [(round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps))
            for i in range(steps + 1)]
    return tuple(dict.fromkeys(line))


def _middle(squares: Sequence[Square]) -> Square | None:
    """The square of an arena nearest its middle."""
    if not squares:
        return None
    cx = sum(x for x, _ in squares) / len(squares)
    cy = sum(y for _, y in squares) / len(squares)
    return min(squares, key=lambda s: (math.dist(s, (cx, cy)), s))


def _status(event: ev.StatusChanged, where: Square, look: TokenLook | None) -> list[Cue]:
    """One of a group of minions drops (the rest fight on); anyone else out of the fight falls, and a death fades."""
    if event.members > 0:
        return [Rose(where, "one falls", theme.BAD, 1)] if event.status != "up" else []
    if event.status in DOWN:
        return [Fell(event.cid, where), Rose(where, event.status, theme.BAD, 1)]
    if event.status == "dead":
        faded: list[Cue] = [Faded(where, replace(look, state="standing"))] if look is not None else []
        return [*faded, Rose(where, "dead", (255, 110, 110), 2)]
    return []
