"""What one seat may know of a stances match: everything on the board, but no sealed stance or attack of another seat.

Text 001 hides nothing on the map, so every fighter, its dice, hit points, wounds and kit are
in every view. What is chosen in secret (stances, and whom a fighter attacks when its stance's
turn comes) shows only to the seat that chose it until all are revealed together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.battlefield import Battlefield, Square
from game.core.components import get, square_of
from game.core.events import Action
from game.core.mode import Outcome, Seat
from game.core.seats import controls
from game.modes.stances.components import AbilityDice, Fighter, Holds, Kit, RoundUse, Vitals
from game.modes.stances.kit import armour_of, free_hands, heal_cap, weapon_of
from game.modes.stances.state import StancesState


@dataclass(frozen=True)
class FighterView:
    """One fighter as the seat knows it; ``stance`` is its own sealed stance, or anyone's once revealed."""

    cid: str
    name: str
    template: str
    side: str
    hero: bool
    square: Square | None
    state: str  # up, unconscious or dead
    hit_points: int
    maximum: int
    heal_cap: int
    heart: int
    cunning: int
    agility: int
    might: int
    skills: tuple[tuple[str, int], ...]
    weapon: str
    weapon_name: str
    weapon_die: int
    reach: int
    might_bonus: int
    push: int
    armour: int
    size: str
    speed: int
    free_hands: int
    wounds: tuple[tuple[str, int, bool], ...]  # (description, rank, treated)
    abilities: tuple[tuple[str, int, bool], ...]  # (ability, uses left, instant)
    moved: bool
    acted: bool
    helped: int
    grappling: str | None
    grappled_by: str | None
    climbing: str | None
    controlled: bool
    in_engagement: bool
    chose_stance: bool
    stance: str | None


@dataclass(frozen=True)
class EngagementView:
    """The engagement under way as the seat knows it."""

    initiator: str
    target: str
    targeted_side: str
    participants: tuple[str, ...]
    stage: str
    stances_revealed: bool
    declared: tuple[tuple[str, Action], ...]  # the declarations last revealed
    sealed: tuple[str, ...]  # who has declared, sealed, in the step under way
    own_declarations: tuple[tuple[str, Action], ...]  # this seat's sealed declarations in that step
    holders: tuple[str, ...]
    movers: tuple[str, ...]


@dataclass(frozen=True)
class Decision:
    """What the match waits for: its kind, the fighter or side it concerns, and for damage the amount."""

    kind: str  # priority, join, stance, declare, sidestep, damage, fall
    seat: str | None
    cid: str | None = None
    side: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class StancesView:
    """A seat's view of a stances match."""

    seat: str
    round: int
    priority: str
    battlefield: Battlefield
    fighters: tuple[FighterView, ...]
    engagement: EngagementView | None
    decision: Decision | None
    outcome: Outcome | None

    @property
    def members(self) -> tuple[FighterView, ...]:
        """Every fighter (the seat-view contract's name for them)."""
        return self.fighters

    @property
    def pending(self) -> Decision | None:
        """The decision the match waits for (the seat-view contract's name for it)."""
        return self.decision

    def fighter(self, cid: str) -> FighterView | None:
        """A fighter by id."""
        for f in self.fighters:
            if f.cid == cid:
                return f
        return None


def make_view(state: StancesState, seat: Seat, decision: Decision | None) -> StancesView:
    """Build the view for one seat; sealed choices of other seats stay out of it."""
    e = state.engagement
    own = {f.cid for _, f in state.combatants() if controls(seat, f.side, f.cid)}
    fighters = tuple(_fighter_view(state, ent, f, f.cid in own) for ent, f in state.combatants())
    engagement = None
    if e is not None:
        sealed: tuple[str, ...] = ()
        mine: tuple[tuple[str, Action], ...] = ()
        if e.declaring is not None and not e.declaring.revealed:
            sealed = e.declaring.known_to("")[1]  # who has declared, asked as nobody in particular
            mine = tuple((cid, c) for cid in sealed if cid in own and (c := e.declaring.known_to(cid)[0]) is not None)
        engagement = EngagementView(
            e.initiator, e.target, e.targeted_side, tuple(e.participants), e.stage,
            e.stances is not None and e.stances.revealed, e.declared, sealed, mine, tuple(e.holders), tuple(e.movers))
    return StancesView(seat.name, state.round, state.priority, state.battlefield, fighters, engagement, decision,
                       state.outcome)


def _fixed(state: StancesState, ent: int, f: Fighter) -> dict[str, Any]:
    """What never changes during a fight: the fighter's name, dice, weapon, armour, size and speed."""
    dice, kit = get(ent, AbilityDice), get(ent, Kit)
    weapon = weapon_of(state, ent)
    return dict(
        cid=f.cid, name=f.name, template=f.template, side=f.side, hero=f.hero, maximum=get(ent, Vitals).maximum,
        cunning=dice.cunning, agility=dice.agility, might=dice.might, skills=tuple(sorted(dice.skills.items())),
        weapon=weapon.id, weapon_name=weapon.name, weapon_die=weapon.die, reach=weapon.range,
        might_bonus=weapon.might_bonus, push=weapon.push, armour=sum(a.bonus for a in armour_of(state, ent)),
        size=kit.size, speed=kit.speed,
    )


def _fighter_view(state: StancesState, ent: int, f: Fighter, mine: bool) -> FighterView:
    e = state.engagement
    fixed = state.view_cache.get(f.cid)
    if fixed is None:
        fixed = state.view_cache[f.cid] = _fixed(state, ent, f)
    vitals, kit, use, holds = get(ent, Vitals), get(ent, Kit), get(ent, RoundUse), get(ent, Holds)
    engaged = e is not None and f.cid in e.participants
    chose = False
    stance: str | None = None
    if engaged and e is not None and e.stances is not None:
        if e.stances.revealed:
            stance = e.revealed.get(f.cid)
            chose = stance is not None
        else:
            sealed, chosen = e.stances.known_to(f.cid)
            chose = f.cid in chosen
            stance = sealed if mine else None
    return FighterView(
        **fixed, square=square_of(ent), state=vitals.state, hit_points=vitals.hit_points, heal_cap=heal_cap(ent),
        heart=vitals.heart, free_hands=free_hands(state, ent),
        wounds=tuple((w.description, w.rank, w.treated) for w in vitals.wounds),
        abilities=tuple((a, kit.uses.get(a, 0), state.content.abilities[a].instant) for a in kit.abilities),
        moved=use.moved, acted=use.acted, helped=use.helped, grappling=holds.grappling,
        grappled_by=holds.grappled_by, climbing=holds.climbing, controlled=mine, in_engagement=engaged,
        chose_stance=chose, stance=stance,
    )
