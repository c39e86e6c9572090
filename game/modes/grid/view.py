"""What one seat may know of a grid match: fog, Hidden enemies and private scores left out."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, TypeVar

import esper

from game.core.battlefield import Battlefield, Square
from game.core.components import Position, get
from game.core.events import Action
from game.core.fields import union_of
from game.core.mode import Outcome, Pending, Seat
from game.core.seats import controls as seat_controls
from game.core.world import entity_table
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
    Ranks,
    Traits,
    TurnScores,
)
from game.modes.grid.state import GridState, able_to_fight

ABLE = (STANDING, PRONE)  # state.able_to_fight


@dataclass(frozen=True)
class CombatantView:
    """One combatant as a seat knows it; private scores are None for other seats' combatants.

    What a token shows is public: where it stands, its health, conditions, auras and the gear
    in its hands and on its body. Movement points, Senses, Hidden, carried items, action cards
    and the squares where unseen combatants stopped its moves this turn belong to the seat that
    controls it.
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
    bumped: tuple[Square, ...] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> CombatantView:
        """The same view: it never changes (a snapshot of the match shares the seats' memories of combatants)."""
        return self


@dataclass(frozen=True)
class GridView:
    """A seat's view: the map, the squares it sees, the combatants and piles it knows of."""

    seat: str
    round: int
    phase: str
    current: str | None
    order: tuple[str, ...]
    battlefield: Battlefield
    # A frozenset, or on a big map fields of view kept as runs (game.core.fov): ask it with ``in``.
    visible: AbstractSet[Square]
    combatants: tuple[CombatantView, ...]
    piles: tuple[tuple[Square, tuple[str, ...]], ...]
    outcome: Outcome | None
    # A match saved in the first format settles equally cheap paths in reading order (game.core.mode.LEGACY_TIES):
    # a preview drawn from the view must walk the same path as the move.
    legacy_ties: bool = False
    # Such a match, or one of the second format, forgets where unseen combatants stopped moves (LEGACY_BUMPS).
    legacy_bumps: bool = False
    # A match of the fifth format or older plays the rules as they were then (LEGACY_GRID_RULES).
    legacy_rules: bool = False
    # A match of the sixth format or older plans moves only with the allies in the mover's sight (LEGACY_ALLIES).
    legacy_allies: bool = False
    # A match of the seventh format or older lets no diagonal step squeeze between two walls (LEGACY_CORNERS).
    legacy_corners: bool = False
    # Enemies in the view whose Hidden score beats the Senses of the current combatant, when it is the seat's
    # own: another of the seat's combatants sees them, it sees them nowhere (empty in every other seat's view).
    hidden_from_current: frozenset[str] = frozenset()
    # The sides in the order the match set them up: the first starts on the heroes' spawns (ruling grid-sides).
    sides: tuple[str, ...] = ()
    # What the seat remembers, worked out by the match from what its views showed after every action
    # (game.modes.grid.memory): each enemy it saw and does not see now, as last seen and the round of it.
    last_seen: Mapping[str, tuple[CombatantView, int]] = field(default_factory=dict, hash=False)
    # Those of them whose square the seat has since seen empty, more than a round after it saw them there.
    gone: frozenset[str] = frozenset()
    # The actions of the current combatant's turn so far and where it stood after each, when it is the seat's own.
    this_turn: tuple[tuple[Action, Square | None], ...] = ()
    # Every square the seat has had in sight since the match began (game.modes.grid.memory).
    terrain_seen: frozenset[Square] = frozenset()

    @property
    def members(self) -> tuple[CombatantView, ...]:
        """The combatants the seat knows of (the seat-view contract's name for them)."""
        return self.combatants

    @property
    def pending(self) -> Pending | None:
        """The decision the match waits for: initiative, or the current combatant's turn (when the seat sees it)."""
        if self.outcome is not None or self.phase == "over":
            return None
        if self.phase == "initiative":
            return Pending("initiative")
        return Pending("turn", cid=self.current)

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


def make_view(state: GridState, seat: Seat, sides: tuple[str, ...] = (),
              remembered: Mapping[str, tuple[CombatantView, int]] | None = None,
              gone: AbstractSet[str] = frozenset(),
              this_turn: tuple[tuple[Action, Square | None], ...] = (), others_only: bool = False,
              terrain_seen: frozenset[Square] = frozenset()) -> GridView:
    """Build the view for one seat from the world and what the match worked out that it remembers; nothing it may
    not know goes in (``this_turn`` only when the current combatant is the seat's own).

    ``others_only`` leaves out the seat's own combatants and the piles: all that the seat's memory notes
    after every action (game.modes.grid.memory), made at less cost.
    """
    # A view is built for every decision: each entity's components are read once, straight from the
    # current world's table (esper's per-call lookups were most of the cost), and the views are
    # made without the frozen dataclasses' per-field __setattr__ (see _frozen).
    table = entity_table()
    visible_from = state.sight.visible_from
    sights: dict[int, AbstractSet[Square]] = {}  # the seat's own combatants and their fields of view
    viewers: list[tuple[AbstractSet[Square], int, str]] = []  # their sight, Senses and side, for can_see
    for ent, who in state.roster:
        if seat_controls(seat, who.side, who.cid):
            comps = table[ent]
            pos = comps.get(Position)
            # sight_of: the field of view, or nothing while the combatant cannot fight.
            sight = _NOTHING if pos is None or comps[Health].state not in ABLE else visible_from(pos.square)
            sights[ent] = sight
            viewers.append((sight, comps[TurnScores].senses, comps[Combatant].side))
    current = state.current_entity()
    # The Senses and side of the current combatant when it is the seat's own, for hidden_from_current.
    current_senses: int | None = None
    current_side = ""
    if current is not None and current in sights:
        # "the map hides the squares that aren't visible from that combatant's point of view"
        visible = sights[current]
        current_senses = table[current][TurnScores].senses
        current_side = table[current][Combatant].side
    else:
        visible = union_of(tuple(sights.values()))
    hidden_from_current: list[str] = []
    conditions: dict[int, list[tuple[str, int]]] = {}
    for _, cs in esper.get_component(ConditionState):
        conditions.setdefault(cs.bearer, []).append((cs.condition, cs.rank))
    auras: dict[int, list[tuple[str, int]]] = {}
    for _, a in esper.get_component(AuraState):
        if not able_to_fight(a.bearer):
            continue  # a built-in aura pauses while its bearer cannot fight (ruling grid-aura-bearer)
        auras.setdefault(a.bearer, []).append((a.aura, state.content.auras[a.aura].radius))
    items = state.content.items
    known: list[CombatantView] = []
    known_ids: set[str] = set()
    # The scores and carried items go only into the views of the seat's own combatants (None for others).
    movement: int | None
    senses: int | None
    hidden: int | None
    acted: bool | None
    carried: tuple[str, ...] | None
    actions: tuple[str, ...] | None
    bumped: tuple[Square, ...] | None
    own_sides = {side for _, _, side in viewers}
    for ent, who in state.roster:
        mine = ent in sights
        if mine and others_only:
            continue
        comps = table[ent]
        health = comps[Health]
        pos = comps.get(Position)
        square = None if pos is None else pos.square
        # A side always knows where its own members stand (ruling grid-move-allies), another seat's too.
        if not mine and health.state != DEAD and not (who.side in own_sides and square is not None):
            if square is None:
                continue
            hidden = comps[TurnScores].hidden
            # can_see: in a viewer's field of view, and "Enemies whose Hidden score beats your Senses
            # score can't be seen".
            for sight, senses, side in viewers:
                if square in sight and (side == who.side or not hidden > senses):
                    break
            else:
                continue
            if current_senses is not None and who.side != current_side and hidden > current_senses:
                hidden_from_current.append(who.cid)  # "Enemies whose Hidden score beats your Senses score"
        traits = comps[Traits]
        gear = comps[Gear]
        # wounds.resolve_rank: the Resolve rank with gear, never below 0.
        resolve = comps[Ranks].base.get("Resolve", 0)
        for item_id in gear.equipped:
            resolve += items[item_id].ranks.get("Resolve") or 0
        if mine:
            scores = comps[TurnScores]
            movement, senses, hidden, acted = scores.movement, scores.senses, scores.hidden, scores.acted
            carried, actions = tuple(gear.carried), traits.actions
            bumped = tuple(sorted(scores.bumped))
        else:
            movement = senses = hidden = acted = carried = actions = bumped = None
        known.append(_frozen(CombatantView, {
            "cid": who.cid, "name": who.name, "template": who.template, "side": who.side, "hero": who.hero,
            "square": square, "state": health.state, "damage": health.damage, "wounds": health.wounds,
            "resolve": max(0, resolve), "conditions": tuple(conditions.get(ent, ())),
            "keywords": _keywords(traits.keywords), "auras": tuple(auras.get(ent, ())), "controlled": mine,
            "equipped": tuple(gear.equipped),
            "movement": movement, "senses": senses, "hidden": hidden, "acted": acted, "carried": carried,
            "actions": actions, "bumped": bumped,
        }))
        known_ids.add(who.cid)
    order = state.order
    turn = state.current if state.phase == "turn" else None
    # Only the enemies out of sight now: those in the view are known as they are.
    last_seen = {cid: entry for cid, entry in remembered.items() if cid not in known_ids} if remembered else {}
    return _frozen(GridView, {
        "seat": seat.name,
        "round": state.round,
        "phase": state.phase,
        "current": order[turn] if turn is not None and order[turn] in known_ids else None,
        "order": tuple([cid for cid in order if cid in known_ids]),
        "battlefield": state.battlefield,
        "visible": visible,
        "combatants": tuple(known),
        "piles": () if others_only else tuple([(pile.square, tuple(pile.items))
                                               for _, pile in esper.get_component(Pile) if pile.square in visible]),
        "outcome": state.outcome,
        "legacy_ties": state.legacy_ties,
        "legacy_bumps": state.legacy_bumps,
        "legacy_rules": state.legacy_rules,
        "legacy_allies": state.legacy_allies,
        "legacy_corners": state.legacy_corners,
        "hidden_from_current": frozenset(hidden_from_current),
        "sides": sides,
        "last_seen": last_seen,
        "gone": frozenset(cid for cid in gone if cid in last_seen) if gone else frozenset(),
        "this_turn": this_turn if current_senses is not None else (),
        "terrain_seen": terrain_seen,
    })


_NOTHING: frozenset[Square] = frozenset()
_T = TypeVar("_T")


def _frozen(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of a frozen dataclass with every field given in order, the same the generated __init__ makes.

    The generated __init__ sets each field through object.__setattr__, slow with 21 fields; the
    instance's __dict__ is set at once instead. Equality, hash, repr and dataclasses.replace read the
    fields and work alike.
    """
    instance = object.__new__(cls)
    object.__setattr__(instance, "__dict__", fields)
    return instance


_SORTED_KEYWORDS: dict[frozenset[str], tuple[str, ...]] = {}


def _keywords(keywords: frozenset[str]) -> tuple[str, ...]:
    """A combatant's keywords in order, sorted once per set of keywords (they never change)."""
    found = _SORTED_KEYWORDS.get(keywords)
    if found is None:
        found = _SORTED_KEYWORDS[keywords] = tuple(sorted(keywords))
    return found
