"""Many seeded random matches run to the end with the invariants checked after every action."""

from __future__ import annotations

import random

import esper
import pytest

from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.modes.grid import stats
from game.modes.grid.actions import EndTurn, Retreat, RollInitiative, UseAction
from game.modes.grid.components import Health, TurnScores
from game.modes.grid.events import AttackRolled
from game.modes.grid.mode import GridMode, default_seats
from game.modes.grid.skirmish import skirmish_battlefield
from game.modes.grid.visibility import can_see
from game.modes.grid.wounds import resolve_rank
from game.players.baseline import RandomPlayer

MATCHES = 1000
CHUNKS = 20
HEROES = ("warrior", "ranger", "mage", "cleric", "rogue")
MONSTERS = ("wolf", "giant_rat", "skeleton", "zombie", "ghoul", "kobold", "goblin_archer", "orc_brute", "cultist",
            "ooze", "bandit", "necromancer", "fire_imp")


def encounter(seed: int) -> MatchSetup:
    """A small random encounter on the built-in hall, different for every seed."""
    rng = random.Random(seed)
    heroes = rng.sample(HEROES, 2)
    monsters = rng.sample(MONSTERS, 2)
    return MatchSetup("grid", default_seats(), {"battlefield": skirmish_battlefield(), "heroes": heroes,
                                                "monsters": monsters, "max_rounds": 25})


def check_invariants(mode: GridMode) -> None:
    """What must hold after every action."""
    st = mode.state
    for ent, who in st.combatants():
        health = esper.component_for_entity(ent, Health)
        assert esper.component_for_entity(ent, TurnScores).movement >= 0, f"{who.cid} has negative movement"
        assert health.wounds <= resolve_rank(st, ent) + 1, f"{who.cid} has wounds past Resolve + 1"
        if health.wounds > resolve_rank(st, ent):
            assert health.state == "dead", f"{who.cid} has wounds past Resolve but lives"
        if health.wounds == resolve_rank(st, ent):
            assert health.state in ("unconscious", "dead"), f"{who.cid} has wounds equal to Resolve but is awake"


def play_checked(seed: int) -> Match:
    """Play one random match, checking the invariants around every action."""
    match = Match(encounter(seed), seed)
    mode = match.mode
    assert isinstance(mode, GridMode)
    players = {s.name: RandomPlayer(seed * 7 + i) for i, s in enumerate(mode.seats)}
    while not match.over:
        seat = match.pending_seat()
        assert seat is not None
        action = players[seat].choose(match.view(seat), match.legal_actions(seat))
        mode._enter()
        actor = mode.state.current_entity()
        seen_before: set[str] = set()
        if actor is not None and not isinstance(action, (RollInitiative, Retreat)):
            health = esper.component_for_entity(actor, Health)
            assert health.state in ("standing", "prone"), "a dead or unconscious combatant acted"
            if stats.is_stunned(mode.state, actor):
                assert isinstance(action, EndTurn), "a stunned combatant acted"
            seen_before = {who.cid for ent, who in mode.state.combatants() if can_see(mode.state, actor, ent)}
        events = match.apply(action, seat)
        if isinstance(action, UseAction):
            for attack in (e for e in events if isinstance(e, AttackRolled)):
                assert attack.target in seen_before, f"attack on unseen {attack.target}"
        check_invariants(mode)
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
