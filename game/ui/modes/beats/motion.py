"""What the beats table animates of its events: the presented dice turned over together, a counter flashing, a blow
and the wound it gives rising by its name, a fall for the helpless, a tool knocked to the ground or thrown to an
ally, first aid that works."""

from __future__ import annotations

from collections.abc import Mapping

from game.core.events import Event
from game.modes.beats import events as ev
from game.modes.beats.actions import DISARM, KICK, THROW
from game.modes.beats.state import HELPLESS
from game.ui import theme
from game.ui.animation import Cue, Rose
from game.ui.effects import HEAL_COLOUR, Burst, Fell, Flashed, Flipped, Flung, Lunged, Shot

Point = tuple[float, float]
WOUND = (255, 120, 110)


def cues(events: list[Event], at: Mapping[str, Point], ground: Point | None, tool_names: Mapping[str, str],
         disarmed: Mapping[str, str]) -> list[Cue]:
    """The cues of what the events did; ``at`` is each combatant's token (on the table or the map), ``ground``
    where tools knocked away land on the table (None on a map: at the holder's feet), ``tool_names`` each tool's
    name by id, ``disarmed`` who held each tool knocked away."""
    out: list[Cue] = []
    for event in events:
        if isinstance(event, ev.DicePresented):
            out += [Flipped(at[cid], str(value)) for cid, _slot, _size, value in event.presented if cid in at]
        elif isinstance(event, ev.Countered) and event.cid in at:
            out.append(Flashed(at[event.cid]))
            out.append(Rose(at[event.cid], f"counter {event.value}!", theme.ACCENT))
        elif isinstance(event, ev.WoundTaken) and event.cid in at:
            if event.by in at and event.by != event.cid:
                out.append(Lunged(event.by, at[event.by], at[event.cid]))
            out.append(Flashed(at[event.cid]))
            out.append(Rose(at[event.cid], event.wound, WOUND))
            if event.level >= HELPLESS:
                out.append(Fell(event.cid, at[event.cid]))
        elif isinstance(event, ev.ToolMoved):
            out += _tool(event, at, ground, tool_names.get(event.item, event.item), disarmed.get(event.item))
        elif isinstance(event, ev.Surrendered) and event.cid in at:
            out.append(Rose(at[event.cid], "surrenders", theme.TEXT_DIM))
        elif isinstance(event, ev.FirstAidGiven) and event.worked and event.patient in at:
            out.append(Burst(at[event.patient], 0, HEAL_COLOUR))
    return out


def _tool(event: ev.ToolMoved, at: Mapping[str, Point], ground: Point | None, name: str,
          holder: str | None) -> list[Cue]:
    """A disarm flings the tool from the hand that held it to the ground; a kick sends it off the table; a throw
    flies to the ally who catches it; a tool taken up shows its name over its new holder."""
    if event.kind == DISARM:
        start = at.get(holder or "", at.get(event.cid))
        if start is None:
            return []
        # On a map the tool lies on its holder's square (ruling beats-map-drop): it drops at the holder's feet.
        return [Flung(start, ground if ground is not None else (start[0] + 0.35, start[1] + 0.35), name)]
    if event.kind == KICK:
        origin = ground if ground is not None else at.get(event.cid)
        return [Flung(origin, (origin[0] + 3.0, origin[1]), name)] if origin is not None else []
    if event.kind == THROW and event.cid in at and event.to in at:
        return [Shot(at[event.cid], at[event.to]), Rose(at[event.to], name, theme.GOOD)]
    if event.to in at:
        return [Rose(at[event.to], f"+{name}", theme.GOOD)]
    return []
