"""Asking whether one action is legal gives the same answer as looking for it in the full list."""

from __future__ import annotations

import random

from game.core.match import Match, replay
from game.core.mode import MatchSetup
from game.modes.grid.actions import (
    Drop,
    EndTurn,
    Equip,
    Hide,
    Inspire,
    Move,
    PickUp,
    Retreat,
    RollInitiative,
    Scan,
    StandUp,
    Unequip,
    UseAction,
)
from game.modes.grid.mode import GridMode, default_seats
from game.modes.grid.skirmish import skirmish_battlefield
from game.players.base import make_policy
from game.players.runner import LegalActions

HEROES = ("warrior", "ranger", "mage", "cleric", "rogue")
MONSTERS = ("kobold", "goblin_archer", "orc_brute", "cultist", "ooze", "bandit", "necromancer", "fire_imp")


def candidates(mode: GridMode, rng: random.Random) -> list:
    """Legal-looking and illegal actions of every kind for the current decision, a sample of each."""
    st = mode.state
    out: list = [EndTurn(), RollInitiative(), StandUp(), Inspire(), Scan(), Hide(), Retreat("heroes"),
                 Retreat("monsters"), Move([1, 1])]  # type: ignore[arg-type]  # a list, as JSON has it
    ent = st.current_entity()
    if ent is None:
        return out
    mode._enter()
    from game.core.components import square_of

    here = square_of(ent)
    assert here is not None
    squares = [(here[0] + dx, here[1] + dy) for dx in range(-9, 10) for dy in range(-9, 10)]
    out += [Move(sq) for sq in rng.sample(squares, 40)]
    items = list(st.content.items)
    out += [cls(item) for cls in (Equip, Unequip, Drop) for item in rng.sample(items, 4)]
    out += [PickUp(item, sq) for item in rng.sample(items, 2) for sq in rng.sample(squares, 5)]
    targets = [*st.by_cid, None, "nobody"]
    for action_id in rng.sample(list(st.content.actions), 8):
        for weapon in [None, *rng.sample(items, 3)]:
            out += [UseAction(action_id, t, None, weapon) for t in targets]
            out += [UseAction(action_id, None, sq, weapon) for sq in rng.sample(squares, 6)]
    return out


def test_is_legal_agrees_with_the_listed_legal_actions_in_seeded_matches():
    for seed in range(4):
        rng = random.Random(seed)
        setup = MatchSetup("grid", default_seats(), {
            "battlefield": skirmish_battlefield(), "heroes": rng.sample(HEROES, 3),
            "monsters": rng.sample(MONSTERS, 4), "max_rounds": 5})
        match = Match(setup, seed)
        mode = match.mode
        assert isinstance(mode, GridMode)
        players = {"heroes": make_policy("tactical", seed), "monsters": make_policy("random", seed)}
        checked = 0
        while not match.over:
            seat = match.pending_seat()
            assert seat is not None
            legal = mode.legal_actions(seat)
            for action in legal:
                assert mode.is_legal(action, seat), f"{action} is listed but not judged legal"
            for action in candidates(mode, rng):
                assert mode.is_legal(action, seat) == (action in legal), f"{action}: listed {action in legal}"
                checked += 1
            other = "monsters" if seat == "heroes" else "heroes"
            assert not mode.is_legal(EndTurn(), other)
            match.apply(players[seat].choose(match.view(seat), legal), seat)
        assert checked > 1000
        mode.close()


def test_lazy_legal_actions_read_like_the_list():
    match = Match(MatchSetup("grid", default_seats(), {
        "battlefield": skirmish_battlefield(), "heroes": ["warrior"], "monsters": ["wolf"]}), 3)
    match.apply(RollInitiative(), "heroes")
    seat = match.pending_seat()
    assert seat is not None
    listed = match.legal_actions(seat)
    lazy = LegalActions(match, seat)
    assert EndTurn() in lazy and Move((0, 0)) not in lazy
    assert list(lazy) == listed and len(lazy) == len(listed) and lazy[0] == listed[0] and lazy[-1] == listed[-1]
    assert [a for a in listed if isinstance(a, Move)][0] in lazy
    match.mode.close()


def test_actions_judged_legal_first_play_out_as_when_only_checked():
    # The mode skips checking again what is_legal just found legal (and walks the path it planned):
    # the same actions give the same events either way.
    for seed in range(3):
        setup = MatchSetup("grid", default_seats(), {
            "battlefield": skirmish_battlefield(), "heroes": ["warrior", "ranger", "mage"],
            "monsters": ["kobold", "goblin_archer", "orc_brute", "bandit"], "max_rounds": 6})
        judged = Match(setup, seed)
        players = {"heroes": make_policy("tactical", seed), "monsters": make_policy("tactical", seed + 7)}
        while (seat := judged.pending_seat()) is not None:
            legal = LegalActions(judged, seat)
            action = players[seat].choose(judged.view(seat), legal)
            assert action in legal
            judged.apply(action, seat)
        checked = replay(setup, seed, judged.actions)
        assert checked.event_log() == judged.event_log()
        judged.mode.close()
        checked.mode.close()


def test_an_action_judged_legal_is_checked_again_once_anything_was_applied():
    match = Match(MatchSetup("grid", default_seats(), {
        "battlefield": skirmish_battlefield(), "heroes": ["warrior"], "monsters": ["wolf"]}), 3)
    match.apply(RollInitiative(), "heroes")
    mode = match.mode
    assert isinstance(mode, GridMode)
    seat = match.pending_seat()
    assert seat is not None
    move = next(a for a in mode.legal_actions(seat) if isinstance(a, Move))
    assert mode.is_legal(move, seat) and mode.check(move, seat) is None
    assert mode.check(move, "nobody") is not None  # judged for its own seat only
    match.apply(move, seat)
    assert mode.check(move, seat) == "already there"
    mode.close()
