"""A seat's view, built fast, holds exactly what a plain build from the rules' own helpers gives."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import esper
import pytest

from game.core.components import get, square_of
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.grid import stats
from game.modes.grid.components import AuraState, Combatant, Gear, Health, Pile, Traits, TurnScores
from game.modes.grid.mode import GridMode, default_seats
from game.modes.grid.skirmish import skirmish_battlefield
from game.modes.grid.state import GridState, is_dead
from game.modes.grid.view import CombatantView, GridView, controls, make_view
from game.modes.grid.visibility import can_see, hidden_from, sight_of
from game.modes.grid.wounds import resolve_rank
from game.players.baseline import RandomPlayer

HEROES = ("warrior", "ranger", "mage", "cleric", "rogue")
MONSTERS = ("wolf", "giant_rat", "skeleton", "zombie", "ghoul", "kobold", "goblin_archer", "orc_brute", "cultist",
            "ooze", "bandit", "necromancer", "fire_imp")


def plain_view(state: GridState, seat: Seat) -> GridView:
    """The view built the slow, obvious way: rule by rule, through the generated __init__."""
    own = [ent for ent, _ in state.combatants() if controls(seat, ent)]
    current = state.current_entity()
    if current is not None and current in own:
        visible = sight_of(state, current)
    else:
        visible = frozenset().union(*(sight_of(state, ent) for ent in own)) if own else frozenset()
    known = []
    sides = {get(ent, Combatant).side for ent in own}
    for ent, who in state.combatants():
        mine = ent in own
        ally = who.side in sides and square_of(ent) is not None  # ruling grid-move-allies: a side knows its own
        if not mine and not is_dead(ent) and not ally and not any(can_see(state, viewer, ent) for viewer in own):
            continue
        health = get(ent, Health)
        gear = get(ent, Gear)
        scores = get(ent, TurnScores)
        private: dict[str, Any] = {}
        if mine:
            private = dict(movement=scores.movement, senses=scores.senses, hidden=scores.hidden, acted=scores.acted,
                           carried=tuple(gear.carried), actions=get(ent, Traits).actions,
                           bumped=tuple(sorted(scores.bumped)))
        known.append(CombatantView(
            cid=who.cid, name=who.name, template=who.template, side=who.side, hero=who.hero, square=square_of(ent),
            state=health.state, damage=health.damage, wounds=health.wounds, resolve=resolve_rank(state, ent),
            conditions=tuple((cs.condition, cs.rank) for _, cs in stats.conditions_on(ent)),
            keywords=tuple(sorted(get(ent, Traits).keywords)),
            auras=tuple((a.aura, state.content.auras[a.aura].radius) for _, a in esper.get_component(AuraState)
                        if a.bearer == ent),
            controlled=mine, equipped=tuple(gear.equipped), **private))
    known_ids = {c.cid for c in known}
    unseen = frozenset() if current is None or current not in own else frozenset(
        who.cid for ent, who in state.combatants()
        if who.cid in known_ids and ent not in own and not is_dead(ent) and hidden_from(current, ent))
    return GridView(
        seat=seat.name, round=state.round, phase=state.phase,
        current=state.order[state.current] if state.phase == "turn" and state.current is not None
        and state.order[state.current] in known_ids else None,
        order=tuple(c for c in state.order if c in known_ids), battlefield=state.battlefield, visible=visible,
        combatants=tuple(known),
        piles=tuple((p.square, tuple(p.items)) for _, p in esper.get_component(Pile) if p.square in visible),
        outcome=state.outcome, legacy_ties=state.legacy_ties, legacy_bumps=state.legacy_bumps,
        hidden_from_current=unseen)


def assert_same(fast: GridView, plain: GridView) -> None:
    """Field by field, with the same types, and alike as whole values."""
    for f in dataclasses.fields(GridView):
        if f.name != "combatants":
            assert getattr(fast, f.name) == getattr(plain, f.name), f.name
            assert type(getattr(fast, f.name)) is type(getattr(plain, f.name)), f.name
    assert len(fast.combatants) == len(plain.combatants)
    for c, p in zip(fast.combatants, plain.combatants, strict=True):
        assert list(vars(c)) == [f.name for f in dataclasses.fields(CombatantView)]
        for f in dataclasses.fields(CombatantView):
            assert getattr(c, f.name) == getattr(p, f.name), (c.cid, f.name)
            assert type(getattr(c, f.name)) is type(getattr(p, f.name)), (c.cid, f.name)
        assert repr(c) == repr(p)
        assert hash(c) == hash(p)
    assert list(vars(fast)) == [f.name for f in dataclasses.fields(GridView)]
    assert fast == plain
    assert hash(fast.combatants) == hash(plain.combatants)
    assert repr(fast) == repr(plain)


@pytest.mark.parametrize("seed", range(8))
def test_every_view_of_random_matches_is_what_a_plain_build_gives(seed):
    rng = random.Random(seed)
    heroes = rng.sample(HEROES, 3)
    monsters = rng.sample(MONSTERS, 3)
    # A seat naming one hero by id besides the sides' seats, and a spectator of both sides.
    seats = (*default_seats(), Seat("one", (heroes[0],)))
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": skirmish_battlefield(), "heroes": heroes,
                                                       "monsters": monsters, "max_rounds": 12}), seed)
    mode = match.mode
    assert isinstance(mode, GridMode)
    players = {s.name: RandomPlayer(seed * 7 + i) for i, s in enumerate(default_seats())}
    while (pending := match.pending_seat()) is not None:
        mode._enter()
        for seat in (*seats, Seat("spectator", ("heroes", "monsters"))):
            assert_same(make_view(mode.state, seat), plain_view(mode.state, seat))
        match.apply(players[pending].choose(match.view(pending), match.legal_actions(pending)), pending)
    mode._enter()
    for seat in seats:
        assert_same(make_view(mode.state, seat), plain_view(mode.state, seat))
    mode.close()


def test_a_view_is_frozen_and_replace_gives_a_changed_copy():
    match = Match(MatchSetup("grid", default_seats(), {"battlefield": skirmish_battlefield(), "heroes": ["warrior"],
                                                       "monsters": ["bandit"]}), 3)
    view = match.view("heroes")
    me = next(c for c in view.combatants if c.controlled)
    with pytest.raises(dataclasses.FrozenInstanceError):
        me.damage = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 9
    changed = dataclasses.replace(me, equipped=())
    assert changed.equipped == () and changed.cid == me.cid and changed != me
    assert dataclasses.replace(me) == me
    match.mode.close()
