"""The computer policies by name: tactical (the default) at three levels, and the two baselines."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.mode import MatchSetup, Seat
from game.modes.grid.actions import EndTurn, Move, Retreat, UseAction
from game.modes.grid.ai import TacticalPlayer
from game.modes.grid.skirmish import skirmish_battlefield
from game.modes.grid.spec import is_attack
from game.modes.stances.ai import StancesPlayer
from game.players.base import make_policy, policy_names
from game.players.runner import play_match
from game.players.weighted import WeightedPlayer


def test_tactical_and_both_baselines_are_listed_and_made_by_name():
    names = policy_names()
    for name in ("tactical", "weighted", "random", "tactical-easy", "tactical-normal", "tactical-hard"):
        assert name in names
    player = make_policy("tactical", 5, "grid")
    assert isinstance(player, TacticalPlayer) and player.skill.name == "normal"
    hard = make_policy("tactical-hard", 5, "grid")
    assert isinstance(hard, TacticalPlayer) and hard.skill.name == "hard"


def test_a_mode_lists_its_own_policies_and_levels_only_where_its_policy_has_them():
    assert {"tactical", "tactical-hard", "weighted", "random"} <= set(policy_names("grid"))
    stances = policy_names("stances")
    assert {"tactical", "weighted", "random"} <= set(stances) and "tactical-hard" not in stances
    # The stances policy has one level of play for every difficulty.
    assert isinstance(make_policy("tactical-hard", 5, "stances"), StancesPlayer)


def test_an_unknown_policy_is_refused_naming_the_policies():
    with pytest.raises(KeyError, match="unknown policy 'clever'; policies: .*tactical"):
        make_policy("clever", 1)


def test_unknown_difficulty_is_refused_naming_the_levels():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        TacticalPlayer(1, "brutal")


def test_weighted_baseline_picks_attacks_twice_as_often_as_anything_else():
    legal = [Move((1, 1)), Move((2, 1)), UseAction("strike", "warrior", None, "longsword"), EndTurn(),
             Retreat("monsters")]
    player = WeightedPlayer(3, is_attack)
    counts = Counter(player.choose(None, legal) for _ in range(20_000))
    assert counts[Retreat("monsters")] == 0
    attack = counts[UseAction("strike", "warrior", None, "longsword")]
    for other in (Move((1, 1)), Move((2, 1)), EndTurn()):
        assert 1.8 < attack / counts[other] < 2.2


def test_only_attack_cards_count_as_attacks():
    assert is_attack(UseAction("strike", "warrior", None, "longsword"))
    assert not is_attack(UseAction("mend", "warrior"))
    assert not is_attack(Move((1, 1)))


def _match(seed: int, heroes: str, monsters: str) -> list[dict]:
    seats = (Seat("heroes", ("heroes",), True), Seat("monsters", ("monsters",), True))
    setup = MatchSetup("grid", seats, {"battlefield": skirmish_battlefield(), "heroes": ["warrior", "mage"],
                                       "monsters": ["goblin_archer", "kobold", "orc_brute"], "max_rounds": 12})
    match = play_match(setup, seed, {"heroes": make_policy(heroes, seed), "monsters": make_policy(monsters, seed + 1)})
    log = match.event_log()
    match.mode.close()
    return log


def test_the_same_seed_plays_the_same_match():
    assert _match(11, "tactical", "tactical") == _match(11, "tactical", "tactical")


def test_tactical_monsters_beat_baseline_heroes_and_tactical_heroes_beat_baseline_monsters():
    outcomes = Counter()
    for seed in range(4):
        for heroes, monsters in (("weighted", "tactical"), ("tactical", "weighted")):
            winner = [e for e in _match(seed, heroes, monsters) if e["type"] == "EncounterEnded"][-1]["winner"]
            outcomes[(heroes, winner)] += 1
    assert outcomes[("weighted", "monsters")] >= 3
    assert outcomes[("tactical", "heroes")] >= 3
