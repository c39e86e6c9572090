"""What one seat may know of a grid match: fog, Hidden enemies and private scores left out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import esper

from game.core.battlefield import Battlefield, Square
from game.core.mode import Outcome, Seat
from game.core.seats import controls as seat_controls
from game.modes.grid.components import (
    DEAD,
    PRONE,
    STANDING,
    AuraState,
    Combatant,
    ConditionState,
    Gear,
    Health,
    Pile,
    Position,
    Ranks,
    Traits,
    TurnScores,
)
from game.modes.grid.content import ItemDef
from game.modes.grid.state import GridState, get

ABLE = (STANDING, PRONE)  # state.able_to_fight


@dataclass(frozen=True)
class CombatantView:
    """One combatant as a seat knows it; private scores are None for other seats' combatants.

    What a token shows is public: where it stands, its health, conditions, auras and the gear
    in its hands and on its body. Movement points, Senses, Hidden, carried items and action
    cards belong to the seat that controls it.
    """

    cid: str
    name: str
    template: str
    side: str
    hero: bool
    square: Square | None
    state: str
    damage: int
    wounds: int
    resolve: int
    conditions: tuple[tuple[str, int], ...]
    keywords: tuple[str, ...]
    auras: tuple[tuple[str, int], ...]
    controlled: bool
    equipped: tuple[str, ...]
    movement: int | None = None
    senses: int | None = None
    hidden: int | None = None
    acted: bool | None = None
    carried: tuple[str, ...] | None = None
    actions: tuple[str, ...] | None = None


@dataclass(frozen=True)
class GridView:
    """A seat's view: the map, the squares it sees, the combatants and piles it knows of."""

    seat: str
    round: int
    phase: str
    current: str | None
    order: tuple[str, ...]
    battlefield: Battlefield
    visible: frozenset[Square]
    combatants: tuple[CombatantView, ...]
    piles: tuple[tuple[Square, tuple[str, ...]], ...]
    outcome: Outcome | None

    def combatant(self, cid: str) -> CombatantView | None:
        """A known combatant by id."""
        for c in self.combatants:
            if c.cid == cid:
                return c
        return None


def controls(seat: Seat, ent: int) -> bool:
    """Whether the seat decides for the combatant (its side, or the combatant by id)."""
    who = get(ent, Combatant)
    return seat_controls(seat, who.side, who.cid)


def make_view(state: GridState, seat: Seat) -> GridView:
    """Build the view for one seat from the world; nothing it may not know goes in."""
    # Each entity's components are looked up once, straight from the current world's table: a view
    # is built for every decision, and esper's per-call lookups were most of its cost.
    table = esper._entities
    roster = state.roster
    own = [ent for ent, who in roster if seat_controls(seat, who.side, who.cid)]
    mine_set = set(own)
    visible_from = state.sight.visible_from
    sights: dict[int, frozenset[Square]] = {}
    for ent in own:
        comps = table[ent]
        pos = comps.get(Position)
        # sight_of: the field of view, or nothing while the combatant cannot fight.
        sights[ent] = frozenset() if pos is None or comps[Health].state not in ABLE else visible_from(pos.square)
    current = state.current_entity()
    if current is not None and current in mine_set:
        # "the map hides the squares that aren't visible from that combatant's point of view"
        visible = sights[current]
    else:
        visible = frozenset().union(*(sights[ent] for ent in own)) if own else frozenset()
    # can_see for every viewer and target, with each viewer's sight, Senses and side looked up once.
    viewers = [(sights[ent], table[ent][TurnScores].senses, table[ent][Combatant].side) for ent in own]
    conditions: dict[int, list[tuple[str, int]]] = {}
    for _, cs in esper.get_component(ConditionState):
        conditions.setdefault(cs.bearer, []).append((cs.condition, cs.rank))
    auras: dict[int, list[tuple[str, int]]] = {}
    for _, a in esper.get_component(AuraState):
        auras.setdefault(a.bearer, []).append((a.aura, state.content.auras[a.aura].radius))
    items = state.content.items
    known = []
    for ent, who in roster:
        comps = table[ent]
        mine = ent in mine_set
        health = comps[Health]
        pos = comps.get(Position)
        square = None if pos is None else pos.square
        if not mine and health.state != DEAD:
            if square is None:
                continue
            hidden = comps[TurnScores].hidden
            # "Enemies whose Hidden score beats your Senses score can't be seen" (visibility.can_see).
            if not any(square in sight and (side == who.side or not hidden > senses)
                       for sight, senses, side in viewers):
                continue
        known.append(_combatant_view(comps, items, who, mine, square, health, tuple(conditions.get(ent, ())),
                                     tuple(auras.get(ent, ()))))
    known_ids = {c.cid for c in known}
    piles = tuple(
        (pile.square, tuple(pile.items)) for _, pile in esper.get_component(Pile) if pile.square in visible
    )
    return GridView(
        seat=seat.name,
        round=state.round,
        phase=state.phase,
        current=state.order[state.current] if state.phase == "turn" and state.current is not None
        and state.order[state.current] in known_ids else None,
        order=tuple(c for c in state.order if c in known_ids),
        battlefield=state.battlefield,
        visible=visible,
        combatants=tuple(known),
        piles=piles,
        outcome=state.outcome,
    )


_SORTED_KEYWORDS: dict[frozenset[str], tuple[str, ...]] = {}


def _keywords(keywords: frozenset[str]) -> tuple[str, ...]:
    """A combatant's keywords in order, sorted once per set of keywords (they never change)."""
    found = _SORTED_KEYWORDS.get(keywords)
    if found is None:
        found = _SORTED_KEYWORDS[keywords] = tuple(sorted(keywords))
    return found


def _combatant_view(comps: dict[type, Any], items: dict[str, ItemDef], who: Combatant, mine: bool,
                    square: Square | None, health: Health, conditions: tuple[tuple[str, int], ...],
                    auras: tuple[tuple[str, int], ...]) -> CombatantView:
    traits = comps[Traits]
    gear = comps[Gear]
    # wounds.resolve_rank: the Resolve rank with gear, never below 0.
    resolve = comps[Ranks].base.get("Resolve", 0)
    for item_id in gear.equipped:
        resolve += items[item_id].ranks.get("Resolve") or 0
    resolve = max(0, resolve)
    if not mine:
        return CombatantView(
            cid=who.cid, name=who.name, template=who.template, side=who.side, hero=who.hero, square=square,
            state=health.state, damage=health.damage, wounds=health.wounds, resolve=resolve,
            conditions=conditions, keywords=_keywords(traits.keywords), auras=auras, controlled=mine,
            equipped=tuple(gear.equipped))
    scores = comps[TurnScores]
    return CombatantView(
        cid=who.cid, name=who.name, template=who.template, side=who.side, hero=who.hero, square=square,
        state=health.state, damage=health.damage, wounds=health.wounds, resolve=resolve,
        conditions=conditions, keywords=_keywords(traits.keywords), auras=auras, controlled=mine,
        equipped=tuple(gear.equipped), movement=scores.movement, senses=scores.senses, hidden=scores.hidden,
        acted=scores.acted, carried=tuple(gear.carried), actions=traits.actions)
