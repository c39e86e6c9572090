"""Many seeded matches with the tactical policy: every action it takes is legal and about what it can see."""

from __future__ import annotations

import random

import pytest

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.grid.actions import UseAction
from game.modes.grid.skirmish import skirmish_battlefield
from game.players.base import make_policy
from game.players.runner import LegalActions

MATCHES = 1000
CHUNKS = 20
HEROES = ("warrior", "ranger", "mage", "cleric", "rogue")
MONSTERS = ("wolf", "giant_rat", "skeleton", "zombie", "ghoul", "kobold", "goblin_archer", "orc_brute", "cultist",
            "ooze", "bandit", "necromancer", "fire_imp")
POLICIES = ("tactical-easy", "tactical-normal", "tactical-hard", "random")


def encounter(seed: int) -> tuple[MatchSetup, dict[str, str]]:
    """A small encounter on the built-in hall with a round limit, and who plays each side."""
    rng = random.Random(seed)
    seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
    setup = MatchSetup("grid", seats, {"battlefield": skirmish_battlefield(), "heroes": rng.sample(HEROES, 2),
                                       "monsters": rng.sample(MONSTERS, rng.randint(1, 3)), "max_rounds": 6})
    # At least one side is tactical; the other is tactical at some level or the random baseline.
    sides = {"heroes": POLICIES[seed % 4], "monsters": POLICIES[(seed // 4) % 3]}
    return setup, sides


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_tactical_policy_never_chooses_an_illegal_action(chunk):
    per = MATCHES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        setup, sides = encounter(seed)
        match = Match(setup, seed)
        players = {side: make_policy(policy, seed * 2 + i) for i, (side, policy) in enumerate(sides.items())}
        while not match.over:
            seat = match.pending_seat()
            assert seat is not None
            view = match.view(seat)
            action = players[seat].choose(view, LegalActions(match, seat))
            assert action in match.legal_actions(seat), f"seed {seed}: {sides[seat]} chose illegal {action}"
            if isinstance(action, UseAction) and action.target is not None:
                assert view.combatant(action.target) is not None, f"seed {seed}: acted on an unseen {action.target}"
            match.apply(action, seat)
        match.mode.close()
