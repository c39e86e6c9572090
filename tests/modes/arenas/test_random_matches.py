"""Many seeded random arenas matches run to the end with the invariants checked after every action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.dice import SeededDice
from game.core.mode import MatchSetup, Seat
from game.modes.arenas.content import load_content
from game.modes.arenas.dice import KEPT
from game.modes.arenas.events import ArenaChanged, AttackRolled, EncounterEnded
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.rounds import begin_round
from game.modes.arenas.skirmish import BUILTIN
from game.modes.arenas.state import BLEEDING, DEAD, INCAPACITATED, UP
from game.modes.arenas.tokens import token_squares
from game.modes.arenas.wounds import incapacitated
from game.players.baseline import RandomPlayer

ROOT = Path(__file__).resolve().parents[3]
MATCHES = 1000
CHUNKS = 20
MAX_ROUNDS = 12
MAPS = (BUILTIN, str(ROOT / "maps" / "barn.tmx"), str(ROOT / "maps" / "arena.tmx"))
SEATS = (Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",), computer=True))


def encounter(seed: int) -> MatchSetup:
    """A small random encounter on one of the maps with arenas, different for every seed."""
    rng = random.Random(seed)
    content = load_content()
    heroes = rng.sample(sorted(content.heroes), rng.randint(1, 3))
    monsters = rng.sample(sorted(content.monsters), rng.randint(1, 3))
    return MatchSetup("arenas", SEATS, {"map": MAPS[seed % len(MAPS)], "heroes": heroes, "monsters": monsters,
                                        "max_rounds": MAX_ROUNDS, "gm_awesome": rng.randint(0, 4)})


def check_invariants(mode: ArenasMode, events: list) -> None:
    """What must hold after every action."""
    st = mode.state
    assert st.gm_awesome >= 0
    squares = token_squares(st)
    held = [s for sq in st.arenas.squares for s in sq]
    assert len(held) == len(set(held))  # broken walls and drawn-in arenas share no square with another arena
    assert not set(held) & {s for w in st.flimsy.values() for s in w.squares}
    assert not set(st.arenas.names) & (set(st.possible) | set(st.flimsy))
    for f in st.fighters.values():
        assert f.arena in st.arenas.names and f.awesome >= 0
        assert len(set(f.marked)) == len(f.marked) and all(1 <= w <= f.wounds for w in f.marked)
        if st.character(f).minions > 1:
            assert 0 <= f.members <= st.character(f).minions and (f.members == 0) == (f.status != UP)
        if f.status == DEAD and st.character(f).minions == 1:
            assert sorted(f.marked) == list(range(1, f.wounds + 1))
        if f.status in (INCAPACITATED, BLEEDING):
            assert incapacitated(f.wounds, f.marked)
        if f.status == UP and st.character(f).minions == 1:
            assert not incapacitated(f.wounds, f.marked)
        if f.status != DEAD:
            assert squares[f.cid] in st.arenas.squares_of(f.arena)  # the token stands inside its arena
    for e in events:
        if isinstance(e, AttackRolled):
            assert all(1 <= d <= 10 for d in e.dice)
            kept = sum(sorted(e.dice, reverse=True)[:KEPT])
            assert e.total == kept + sum(v for _, v in e.modifiers) and e.hit == (e.total >= e.need)


def play(seed: int) -> ArenasMode:
    mode = ArenasMode(encounter(seed), SeededDice(seed))
    events = mode.start()
    players = {"heroes": RandomPlayer(seed), "monsters": RandomPlayer(seed + 1)}
    check_invariants(mode, events)
    while mode.outcome() is None:
        seat = mode.pending_seat()
        assert seat is not None
        legal = mode.legal_actions(seat)
        action = players[seat].choose(None, legal)
        assert mode.check(action, seat) is None
        events = mode.apply(action, seat)
        check_invariants(mode, events)
    outcome = mode.outcome()
    assert outcome is not None and isinstance(events[-1], EncounterEnded)
    if outcome.winner is not None:
        assert any(f.able for f in mode.state.fighters.values() if f.side == outcome.winner)
    assert outcome.rounds <= MAX_ROUNDS
    return mode


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_random_matches_end_with_the_invariants_kept(chunk):
    for seed in range(chunk, MATCHES, CHUNKS):
        play(seed).close()


def test_an_arena_changes_kind_in_the_round_the_map_names():
    mode = ArenasMode(MatchSetup("arenas", SEATS, {"map": MAPS[1]}), SeededDice(3))
    mode.start()
    st = mode.state
    changed = []
    while st.round < 4:
        changed += [(st.round, e.arena, e.kind) for e in begin_round(st) if isinstance(e, ArenaChanged)]
    assert changed == [(2, "Crowd", "neutral"), (3, "Hayloft", "hazardous"), (4, "Crowd", "open")]
    assert st.kind("Crowd") == "open" and mode.view("heroes").arena("Hayloft").kind == "hazardous"


def test_random_matches_on_the_barn_break_its_planks_and_draw_in_its_wagons():
    broken = drawn = 0
    for seed in range(1, 120, len(MAPS)):  # the seeds playing on the barn
        mode = play(seed)
        broken += "Rotten Planks" in mode.state.rubble
        drawn += "Hay Wagons" in mode.state.arenas.names
        mode.close()
    assert broken and drawn
