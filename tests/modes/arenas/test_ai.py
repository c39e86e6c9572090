"""The computer's arenas player beats the random baseline by 25 win-% points on both sides, with the same seeds."""

from __future__ import annotations

from game.core.dice import SeededDice
from game.core.mode import MatchSetup, Seat
from game.core.seats import HEROES
from game.modes.arenas.ai import ArenasPlayer
from game.modes.arenas.mode import ArenasMode
from game.modes.arenas.plans import Declare
from game.players.baseline import RandomPlayer

SEATS = (Seat("heroes", ("heroes",)), Seat("monsters", ("monsters",)))
GAMES = 12


def wins(hero_policy: str, monster_policy: str, side: str) -> int:
    """How many of GAMES seeded matches the side wins."""
    won = 0
    for seed in range(GAMES):
        mode = ArenasMode(MatchSetup("arenas", SEATS, {"max_rounds": 30}), SeededDice(seed))
        mode.start()
        players = {"heroes": _player(hero_policy, seed), "monsters": _player(monster_policy, seed + 100)}
        while mode.outcome() is None:
            seat = mode.pending_seat()
            assert seat is not None
            mode.apply(players[seat].choose(mode.view(seat), mode.legal_actions(seat)), seat)
        outcome = mode.outcome()
        won += outcome is not None and outcome.winner == side
    return won


def _player(policy: str, seed: int) -> ArenasPlayer | RandomPlayer:
    return ArenasPlayer(seed) if policy == "tactical" else RandomPlayer(seed)


def test_the_computer_beats_the_random_baseline_by_25_points_on_both_sides():
    assert wins("tactical", "random", HEROES) - wins("random", "random", HEROES) >= GAMES * 25 / 100
    assert wins("random", "tactical", "monsters") - wins("random", "random", "monsters") >= GAMES * 25 / 100


def test_the_computer_never_shows_a_declaration_it_does_not_keep():
    mode = ArenasMode(MatchSetup("arenas", SEATS, {}), SeededDice(2))
    mode.start()
    player = ArenasPlayer(3)
    for _ in range(5):
        action = player.choose(mode.view("monsters"), mode.legal_actions("monsters"))
        assert isinstance(action, Declare) and action.shown in ("all", "secret")
        mode.apply(action, "monsters")


def test_a_hero_told_a_foe_comes_to_its_arena_waits_there_instead_of_swapping_arenas_with_it():
    # A lone priest on the Broken Ledge and an orc brute in the Crowded Market next to it: the brute is told to
    # move to the ledge. Moving to the market would pass it on the way, and the chase would go round for ever.
    from tests.modes.arenas.scenario import LEDGE, MARKET

    mode = ArenasMode(MatchSetup("arenas", SEATS, {"heroes": ["priest"], "monsters": ["orc_brute"]}), SeededDice(1))
    mode.start()
    mode.state.fighters["priest"].arena = LEDGE
    mode.state.fighters["orc_brute"].arena = MARKET
    gm, hero = ArenasPlayer(1), ArenasPlayer(2)
    while mode.pending_seat() == "monsters":
        mode.apply(gm.choose(mode.view("monsters"), mode.legal_actions("monsters")), "monsters")
    told = [t.plan for t in mode.view(HEROES).told]
    assert told and told[0].startswith(f"move to {LEDGE}")
    choice = hero.choose(mode.view(HEROES), mode.legal_actions(HEROES))
    assert not (choice.plan.act == "move" and choice.plan.arena == MARKET)
