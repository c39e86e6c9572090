"""Exact odds (text 003, "Dice" and "Using An Action") against brute force, Monte Carlo and the command line."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from game.core.dice import SeededDice
from game.core.odds import (
    distribution,
    expected_exact,
    expected_positive_part,
    expected_result,
    mass_exact,
    p_at_least,
    p_beats,
    p_beats_exact,
    p_below,
    p_tie,
    p_tie_exact,
    p_unreliable_works,
    tail_exact,
)
from game.core.pools import roll_pool

# --- an independent brute force: enumerate every chain of d10 rolls up to a depth ------------------


def _die_chains(depth: int) -> tuple[list[tuple[int, Fraction]], Fraction]:
    """Every chain of one die with fewer than ``depth`` 10s, as (total, probability), and the mass cut off."""
    resolved: list[tuple[int, Fraction]] = []
    cut_off = Fraction(0)
    pending = [(0, Fraction(1), 0)]
    while pending:
        total, probability, tens = pending.pop()
        for face in range(1, 11):
            chance = probability / 10
            if face < 10:
                resolved.append((total + face, chance))
            elif tens + 1 < depth:
                pending.append((total + 10, chance, tens + 1))
            else:
                cut_off += chance
    return resolved, cut_off


def _brute_pool(rank: int, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """Every combination of ``rank`` dice, highest kept (rank 0: one die halved); unknown mass apart."""
    resolved, cut_off = _die_chains(depth)
    # None stands for a die whose chain was cut off: its total is at least 10 * depth, unknown.
    outcomes: list[tuple[int | None, Fraction]] = [*resolved, (None, cut_off)]
    results: dict[int, Fraction] = {}
    unknown = Fraction(0)
    if rank == 0:
        for total, chance in outcomes:
            if total is None:
                unknown += chance
            else:
                results[total // 2] = results.get(total // 2, Fraction(0)) + chance
        return results, unknown
    combos: list[tuple[int | None, Fraction]] = [(0, Fraction(1))]
    for _ in range(rank):
        combos = [
            (None if best is None or total is None else max(best, total), chance * die_chance)
            for best, chance in combos
            for total, die_chance in outcomes
        ]
    for best, chance in combos:
        if best is None:
            unknown += chance
        else:
            results[best] = results.get(best, Fraction(0)) + chance
    return results, unknown


def _brute_compare(
    skill: int, trait: int, skill_modifier: int, trait_modifier: int, depth: int
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Brute-force (P(beat), P(tie), P(lose), undecided mass) of skill + modifier vs trait + modifier."""
    skill_results, _ = _brute_pool(skill, depth)
    trait_results, _ = _brute_pool(trait, depth)
    beat = tie = lose = Fraction(0)
    for s, s_chance in skill_results.items():
        for t, t_chance in trait_results.items():
            chance = s_chance * t_chance
            if s + skill_modifier > t + trait_modifier:
                beat += chance
            elif s + skill_modifier == t + trait_modifier:
                tie += chance
            else:
                lose += chance
    return beat, tie, lose, 1 - beat - tie - lose


SMALL_CASES = [
    (1, 1, 0, 0, 6),
    (2, 2, 0, 0, 5),
    (3, 1, 0, 0, 4),
    (1, 3, 0, 0, 4),
    (0, 0, 0, 0, 6),
    (0, 2, 0, 0, 5),
    (2, 0, 0, 0, 5),
    (1, 2, 3, 0, 5),
    (2, 1, 0, 4, 5),
    (0, 1, -2, 1, 6),
    (3, 3, 1, -12, 4),
]


# --- exact values -------------------------------------------------------------------------------


def test_rank_1_vs_rank_1_is_exactly_5_in_11_because_a_tie_misses():
    # P(tie) = sum of P(X = v)**2 = 9 * sum over k of 0.01**(k+1) = 1/11; by symmetry the rest splits evenly.
    assert p_beats_exact(1, 1) == Fraction(5, 11)
    assert p_tie_exact(1, 1) == Fraction(1, 11)
    assert p_beats(1, 1) == pytest.approx(5 / 11, abs=1e-15)


@pytest.mark.parametrize("skill, trait, skill_modifier, trait_modifier, depth", SMALL_CASES)
def test_beats_matches_brute_force_enumeration_of_exploding_chains(skill, trait, skill_modifier, trait_modifier, depth):
    beat, tie, _, undecided = _brute_compare(skill, trait, skill_modifier, trait_modifier, depth)
    exact = p_beats_exact(skill, trait, skill_modifier, trait_modifier)
    # The enumeration decides all but the cut-off chains, so the exact answer lies in [beat, beat + undecided].
    assert beat <= exact <= beat + undecided
    assert undecided < Fraction(1, 10**3)
    exact_tie = p_tie_exact(skill, trait, skill_modifier, trait_modifier)
    assert tie <= exact_tie <= tie + undecided


def test_a_tie_misses_beat_is_one_minus_tie_minus_lose():
    # Text 003: "if your roll beats your target's roll, you hit" - a tie is not a beat.
    beat, tie, lose, undecided = _brute_compare(1, 1, 0, 0, depth=7)
    exact = p_beats_exact(1, 1)
    assert 1 - tie - lose - undecided <= exact <= 1 - tie - lose
    assert beat <= exact
    assert p_beats(1, 1) < 0.5
    assert p_tie(1, 1) > 0.09


@pytest.mark.parametrize("rank, depth", [(0, 6), (1, 6), (2, 5), (3, 4)])
def test_point_probabilities_below_the_cut_off_match_enumeration_exactly(rank, depth):
    results, _ = _brute_pool(rank, depth)
    # Results below 10 * depth (halved: 5 * depth) need no cut-off chain, so they are exact.
    below = 5 * depth if rank == 0 else 10 * depth
    for value in range(below):
        assert mass_exact(rank, value) == results.get(value, Fraction(0)), value


def test_results_that_are_multiples_of_ten_are_impossible():
    # "If a die rolls a 10, roll it again and add the result": a total of 10, 20, ... cannot stay.
    for rank in (1, 2, 5):
        for value in (10, 20, 30):
            assert mass_exact(rank, value) == 0


def test_rank_0_rolls_one_die_and_halves_rounding_down():
    # "If the Trait or Skill has a rank of 0, roll one die and halve the result": 1 -> 0, 3 -> 1, 11 -> 5.
    assert distribution(0, 7) == pytest.approx([0.1, 0.2, 0.2, 0.2, 0.2, 0.01, 0.02, 0.07], abs=1e-15)
    assert tail_exact(0, 0) == Fraction(9, 10)
    assert p_at_least(0, 1) == pytest.approx(0.9)
    # An Unconscious combatant dies on a Resolve result of 0 or 1: naturals 1, 2 and 3.
    assert 1 - p_at_least(0, 2) == pytest.approx(0.3)
    assert p_below(0, 2) == pytest.approx(0.3)


def test_a_negative_rank_counts_as_rank_0():
    assert p_beats(-1, 2) == p_beats(0, 2)
    assert p_beats(2, -3) == p_beats(2, 0)
    assert expected_result(-2) == expected_result(0)


def test_expected_result_of_one_exploding_die_is_55_over_9():
    # E = 4.5 + 0.1 * (10 + E), so E = 5.5 / 0.9.
    assert expected_exact(1) == Fraction(55, 9)
    assert expected_result(1, 2) == pytest.approx(55 / 9 + 2)


def test_expected_positive_part_clips_damage_at_zero():
    # "If this result is 0 or less, no damage has been done."
    for rank in (0, 1, 3):
        assert expected_positive_part(rank, 4) == pytest.approx(expected_result(rank) + 4)
        for offset in range(-25, 3):
            step = expected_positive_part(rank, offset) - expected_positive_part(rank, offset - 1)
            assert step == pytest.approx(p_at_least(rank, 1, offset), abs=1e-12)
    assert expected_positive_part(1, -200) < 1e-15


def test_distribution_sums_to_one_with_the_tail_last():
    for rank in (0, 1, 4):
        chances = distribution(rank, 25)
        assert len(chances) == 26
        assert math.fsum(chances) == pytest.approx(1.0, abs=1e-15)
        assert chances[-1] == pytest.approx(p_at_least(rank, 25))
    with pytest.raises(ValueError):
        distribution(1, -1)


def test_at_least_and_below_are_complements_and_apply_the_modifier():
    # Inspire succeeds on a Presence result of 8 or higher.
    assert p_at_least(1, 8) == pytest.approx(0.3)
    assert p_at_least(1, 8, modifier=2) == pytest.approx(0.5)
    assert p_at_least(3, 8) == pytest.approx(1 - 0.7**3)
    for rank in (0, 2):
        for target in range(-3, 30):
            assert p_at_least(rank, target) + p_below(rank, target) == pytest.approx(1.0)
    assert p_at_least(2, 0) == 1.0


def test_unreliable_weapon_fails_on_a_result_of_10_or_over():
    # "Roll that number of dice; if the result is 10 or over, the weapon has not worked."
    assert p_unreliable_works(0) == 1.0
    assert p_unreliable_works(1) == pytest.approx(0.9)
    assert p_unreliable_works(2) == pytest.approx(0.81)
    assert p_unreliable_works(3) == pytest.approx(p_below(3, 10))


def test_answers_are_memoised():
    p_beats.cache_clear()
    p_beats(4, 3, 1, 0)
    p_beats(4, 3, 1, 0)
    assert p_beats.cache_info().hits == 1


# --- properties ---------------------------------------------------------------------------------

ranks = st.integers(min_value=0, max_value=8)
modifiers = st.integers(min_value=-30, max_value=30)


@settings(max_examples=150, deadline=None)
@given(ranks, ranks, modifiers, modifiers)
def test_beat_tie_and_lose_add_up_to_one(skill, trait, skill_modifier, trait_modifier):
    beat = p_beats_exact(skill, trait, skill_modifier, trait_modifier)
    lose = p_beats_exact(trait, skill, trait_modifier, skill_modifier)
    tie = p_tie_exact(skill, trait, skill_modifier, trait_modifier)
    assert beat + lose + tie == 1
    assert 0 < beat < 1
    assert tie >= 0


@settings(max_examples=150, deadline=None)
@given(ranks, ranks, modifiers, modifiers)
def test_more_skill_never_lowers_the_chance_to_hit(skill, trait, skill_modifier, trait_modifier):
    assert p_beats_exact(skill + 1, trait, skill_modifier, trait_modifier) >= p_beats_exact(
        skill, trait, skill_modifier, trait_modifier
    )


@settings(max_examples=150, deadline=None)
@given(ranks, ranks, modifiers, modifiers)
def test_more_trait_never_raises_the_chance_to_hit(skill, trait, skill_modifier, trait_modifier):
    assert p_beats_exact(skill, trait + 1, skill_modifier, trait_modifier) <= p_beats_exact(
        skill, trait, skill_modifier, trait_modifier
    )


@settings(max_examples=150, deadline=None)
@given(ranks, ranks, modifiers, modifiers)
def test_a_plus_one_modifier_never_lowers_the_chance_to_hit(skill, trait, skill_modifier, trait_modifier):
    before = p_beats_exact(skill, trait, skill_modifier, trait_modifier)
    assert p_beats_exact(skill, trait, skill_modifier + 1, trait_modifier) >= before
    assert p_beats_exact(skill, trait, skill_modifier, trait_modifier - 1) >= before


# --- agreement with the real dice ---------------------------------------------------------------


@pytest.mark.parametrize(
    "skill, trait, skill_modifier, trait_modifier", [(2, 2, 0, 0), (3, 1, 0, 0), (0, 0, 0, 0), (1, 2, 2, 0)]
)
def test_exact_odds_agree_with_200k_rolls_of_roll_pool(skill, trait, skill_modifier, trait_modifier):
    dice = SeededDice(20240601 + 97 * skill + trait)
    trials = 200_000
    hits = 0
    for _ in range(trials):
        attack = roll_pool(dice, skill, "skill").natural + skill_modifier
        defence = roll_pool(dice, trait, "trait").natural + trait_modifier
        hits += attack > defence
    expected = p_beats(skill, trait, skill_modifier, trait_modifier)
    standard_error = math.sqrt(expected * (1 - expected) / trials)
    assert abs(hits / trials - expected) < 4 * standard_error


# --- the odds command ---------------------------------------------------------------------------


@pytest.fixture
def odds_only(monkeypatch):
    """Parse with the odds command alone, so these tests need no other command's module."""
    monkeypatch.setattr("game.cli.COMMANDS", {"odds": main.COMMANDS["odds"]})


def _run(argv: list[str]) -> int:
    """Run main.main in-process and return its exit status, whether returned or raised."""
    try:
        return main.main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def test_odds_command_prints_the_chance_to_four_decimals(odds_only, capsys):
    assert _run(["odds", "--skill", "3", "--trait", "2"]) == 0
    assert capsys.readouterr().out == f"Skill 3 beats Trait 2: {p_beats(3, 2):.4f}\n"


def test_odds_command_shows_modifiers(odds_only, capsys):
    assert _run(["odds", "--skill", "1", "--trait", "1", "--skill-modifier", "2", "--trait-modifier", "-1"]) == 0
    assert capsys.readouterr().out == f"Skill 1 +2 beats Trait 1 -1: {p_beats(1, 1, 2, -1):.4f}\n"


def test_odds_command_json(odds_only, capsys):
    assert _run(["odds", "--skill", "2", "--trait", "2", "--json"]) == 0
    out = capsys.readouterr().out
    assert out == json.dumps({"skill": 2, "trait": 2, "p_hit": round(p_beats(2, 2), 4)}) + "\n"
    assert json.loads(out) == {"skill": 2, "trait": 2, "p_hit": 0.4499}


def test_odds_command_json_includes_given_modifiers(odds_only, capsys):
    assert _run(["odds", "--skill", "2", "--trait", "1", "--trait-modifier", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {
        "skill": 2,
        "trait": 1,
        "p_hit": round(p_beats(2, 1, 0, 3), 4),
        "skill_modifier": 0,
        "trait_modifier": 3,
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--skill", "x", "--trait", "1"],
        ["odds", "--skill", "-1", "--trait", "1"],
        ["odds", "--skill", "1"],
        ["odds", "--skill", "1", "--trait", "21"],
        ["odds", "--skill", "1", "--trait", "1.5"],
        ["odds", "--skill", "1", "--trait", "1", "--skill-modifier", "51"],
        ["odds", "--skill", "1", "--trait", "1", "--trait-modifier", "-51"],
    ],
)
def test_odds_command_rejects_bad_arguments_with_one_line_and_exit_2(odds_only, capsys, argv):
    assert _run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.endswith("\n") and captured.err.count("\n") == 1
