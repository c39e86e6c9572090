"""Many seeded random stances matches run to the end with the invariants checked after every action."""

from __future__ import annotations

import random

import esper
import pytest

from game.core.battlefield import Battlefield
from game.core.components import Position
from game.core.geometry import distance
from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.core.rolls import DIE_SIZES
from game.core.seats import default_seats
from game.core.secret import ChoicesRevealed
from game.modes.stances.components import DEAD, UNCONSCIOUS, Holds, Kit, Vitals
from game.modes.stances.content import load_content
from game.modes.stances.engagement import may_attack
from game.modes.stances.events import (
    AttackRolled,
    ContestRolled,
    EngagementEnded,
    EngagementEntered,
    WentUnconscious,
)
from game.modes.stances.mode import StancesMode
from game.modes.stances.state import ATTACKING
from game.players.baseline import RandomPlayer

MATCHES = 1000
CHUNKS = 20
MAX_ROUNDS = 20
PIT = """
#########
#H.....M#
#H..,..M#
#...#...#
#########
"""  # a small pit, so that random fighters meet


def encounter(seed: int) -> MatchSetup:
    """A small random encounter on the built-in crossing, different for every seed."""
    rng = random.Random(seed)
    content = load_content()
    heroes = rng.sample(sorted(content.heroes), rng.randint(1, 2))
    monsters = rng.sample(sorted(content.monsters), rng.randint(1, 2))
    return MatchSetup("stances", default_seats(), {"battlefield": Battlefield.from_ascii(PIT, "pit"), "heroes": heroes,
                                                   "monsters": monsters, "max_rounds": MAX_ROUNDS,
                                                   "first": rng.choice(("heroes", "monsters"))})


def check_invariants(mode: StancesMode) -> None:
    """What must hold after every action."""
    st = mode.state
    content = st.content
    squares = set()
    for ent, f in st.combatants():
        v = esper.component_for_entity(ent, Vitals)
        ranks = sum(w.rank for w in v.wounds)
        assert v.hit_points <= v.maximum - ranks, f"{f.cid} has more hit points than its wounds allow"
        assert v.heart in DIE_SIZES and v.heart <= content.fighter(f.template).heart, f"{f.cid} heart die grew"
        assert all(w.rank >= 10 or w.treated for w in v.wounds), f"{f.cid} has an untreated wound under 10"
        assert (v.state == DEAD) == (v.hit_points <= -v.maximum), f"{f.cid} is {v.state} at {v.hit_points}"
        if v.state == UNCONSCIOUS:
            assert v.hit_points <= 0, f"{f.cid} is unconscious above zero hit points"
        pos = esper.try_component(ent, Position)
        assert (pos is None) == (v.state == DEAD), f"{f.cid}: only the dead leave the map"
        if pos is not None:
            assert st.battlefield.is_open(pos.square) and pos.square not in squares, f"{f.cid} stands badly"
            squares.add(pos.square)
        holds = esper.component_for_entity(ent, Holds)
        if holds.grappling is not None:
            other = st.ent(holds.grappling)
            assert esper.component_for_entity(other, Holds).grappled_by == f.cid, "a one-sided grapple"
            assert v.state == "up" and esper.component_for_entity(other, Vitals).state == "up"
            a, b = pos.square, esper.component_for_entity(other, Position).square  # type: ignore[union-attr]
            assert distance(a, b) == 1, "a grapple across a distance"
        assert all(left >= 0 for left in esper.component_for_entity(ent, Kit).uses.values()), "uses below zero"
    assert st.max_rounds is None or st.round <= st.max_rounds


def check_views(match: Match, mode: StancesMode) -> None:
    """No seat's view holds another seat's sealed stance before the reveal."""
    e = mode.state.engagement
    if e is None or e.stances is None or e.stances.revealed:
        return
    for seat in mode.seats:
        view = match.view(seat.name)
        for f in view.fighters:
            if not f.controlled:
                assert f.stance is None, f"{seat.name} sees {f.cid}'s sealed stance"


def play_checked(seed: int) -> Match:
    """Play one random match, checking the invariants around every action."""
    match = Match(encounter(seed), seed)
    mode = match.mode
    assert isinstance(mode, StancesMode)
    players = {s.name: RandomPlayer(seed * 7 + i) for i, s in enumerate(mode.seats)}
    revealed: dict[str, str | None] = {}
    last_stance = -1
    down: set[str] = set()
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        action = players[seat].choose(match.view(seat), match.legal_actions(seat))
        cid = getattr(action, "cid", None)
        if cid is not None:
            mode.world.enter()
            assert esper.component_for_entity(mode.state.ent(cid), Vitals).state == "up", f"{cid} acted while down"
        for event in match.apply(action, seat):
            if isinstance(event, EngagementEntered):
                revealed, last_stance, down = {}, -1, set()
            elif isinstance(event, WentUnconscious):
                down.add(event.cid)
            elif isinstance(event, ChoicesRevealed) and all(isinstance(c, str) for _, c in event.choices):
                revealed = dict(event.choices)
            elif isinstance(event, (AttackRolled, ContestRolled)):
                theirs = None if event.target in down else revealed.get(event.target)
                assert may_attack(event.stance, theirs), "an attack its stance does not allow"
                order = ATTACKING.index(event.stance)
                assert order >= last_stance, "attacks out of stance order"
                last_stance = order
            elif isinstance(event, EngagementEnded):
                revealed = {}
        mode.world.enter()
        check_invariants(mode)
        check_views(match, mode)
    assert match.outcome() is not None
    return match


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_matches_end_with_invariants_held(chunk):
    per = MATCHES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        match = play_checked(seed)
        if seed % 25 == 0:
            again = replay(match.setup, seed, match.actions)
            assert again.event_log() == match.event_log()
            again.mode.close()
        match.mode.close()
