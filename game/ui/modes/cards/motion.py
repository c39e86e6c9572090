"""What the cards table animates of its events: cards sliding to the table and the track, blows and spells at their
targets, Grit lost and won, and a fighter falling (Recalled) or fading (defeated) out of the fight."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from game.core.events import Event
from game.modes.cards import events as ev
from game.modes.cards.content import CardsContent
from game.ui import theme
from game.ui.animation import Cue, Rose
from game.ui.effects import HEAL_COLOUR, Burst, Faded, Fell, Flashed, Lunged, Shot, Slid
from game.ui.emblems import weapon_emblem
from game.ui.modes.cards.words import AILMENT
from game.ui.tokens import TokenLook

Point = tuple[float, float]
MISS = (200, 204, 214)
GRIT_LOST = (255, 150, 90)


@dataclass(frozen=True)
class Places:
    """Where things are on the table, in its units: each fighter's token, the track's slots by the actions on it
    (actor, card), and each fighter's next face-down card."""

    tokens: Mapping[str, Point]
    track: Mapping[tuple[str, str], Point] = field(default_factory=dict)
    face_down: Callable[[str, int], Point | None] = lambda _cid, _i: None


def cues(events: list[Event], content: CardsContent, places: Places,
         looks: Mapping[str, TokenLook] | None = None) -> list[Cue]:
    """The cues of what the events did, as the seat may read them (hands stay out: a card placed slides face down)."""
    out: list[Cue] = []
    looks = looks or {}
    at = places.tokens
    for event in events:
        if isinstance(event, ev.CardPlaced) and event.cid in at:
            spot = places.face_down(event.cid, event.placed - 1)
            if spot is not None:
                out.append(Slid(at[event.cid], spot))
        elif isinstance(event, (ev.CardRevealed, ev.ActionChosen)) and event.cid in at:
            name = content.card(event.card).name
            start = at[event.cid]
            if isinstance(event, ev.CardRevealed):
                start = places.face_down(event.cid, 0) or start
            out.append(Slid(start, places.track.get((event.cid, event.card), at[event.cid]), name))
        elif isinstance(event, ev.AttackResolved) and event.cid in at and event.target in at:
            out.extend(_attack(event, content, at))
        elif isinstance(event, ev.SupportResolved) and event.worked and event.target in at:
            out.append(Burst(at[event.target], 0, HEAL_COLOUR))
        elif isinstance(event, ev.BurnSuffered) and event.cid in at and event.injury > 0:
            out.append(Flashed(at[event.cid]))
            out.append(Rose(at[event.cid], f"\u2212{event.injury} Grit", GRIT_LOST))
        elif isinstance(event, ev.AilmentAdded) and event.cid in at:
            out.append(Rose(at[event.cid], f"{AILMENT.get(event.ailment, event.ailment)} {event.amount}", theme.BAD,
                            1))
        elif isinstance(event, ev.MonsterHealed) and event.cid in at:
            out.append(Rose(at[event.cid], f"Grit {event.grit}", theme.GOOD))
        elif isinstance(event, ev.LeftFight) and event.cid in at:
            out.extend(_left(event, at[event.cid], looks.get(event.cid)))
    return out


def _attack(event: ev.AttackResolved, content: CardsContent, at: Mapping[str, Point]) -> list[Cue]:
    """A spell bursts over its target, a shot or a throw flies to it, any other blow is a lunge; a flash as it
    lands, then the Grit lost (or why none was)."""
    card = content.card(event.card)
    start, target = at[event.cid], at[event.target]
    kind = weapon_emblem(card.name)
    strike: Cue
    if card.kind == "spell":
        strike = Burst(target)
    elif kind in ("bow", "gun") or any(word in card.name.lower() for word in ("shot", "throw", "spit", "bola")):
        strike = Shot(start, target)
    else:
        strike = Lunged(event.cid, start, target)
    out: list[Cue] = [strike]
    if not event.landed:
        return [*out, Rose(target, "miss", MISS)]
    out.append(Flashed(target))
    if event.injury > 0:
        out.append(Rose(target, f"\u2212{event.injury} Grit", GRIT_LOST))
    else:
        out.append(Rose(target, "blocked", MISS))
    return out


def _left(event: ev.LeftFight, where: Point, look: TokenLook | None) -> list[Cue]:
    """A character at 0 Grit is Recalled: it falls; a monster defeated fades away."""
    if event.how == "recalled":
        return [Fell(event.cid, where), Rose(where, "Recalled", theme.BAD, 2)]
    out: list[Cue] = [Faded(where, replace(look, state="standing"))] if look is not None else []
    return [*out, Rose(where, event.how, (255, 110, 110), 2)]
