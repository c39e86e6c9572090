"""What the tactical policy counts: a beneficial condition by the bearer's turns it adds, follow-ups by their odds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.modes.grid.ai.lore import Build
from game.modes.grid.ai.values import KNOCKOUT, NO_HEALS, at_least, buff_turns, weighed_wound_value, wound_value
from game.modes.grid.view import CombatantView

BUILD = Build(ranks={}, mods={}, resist={}, uses=(), drone=False, undead=False, worth=2.0, role="brute", stunned=False)
WOUND_OF_3 = 2.0 * 0.9 / 3  # one wound of three left, as worth * 0.9 / left


def target(wounds: int = 0, resolve: int = 3, state: str = "standing") -> CombatantView:
    """An enemy as a seat sees it, with only what wound_value reads set."""
    return CombatantView(cid="cleric", name="Maelis", template="cleric", side="heroes", hero=True, square=(1, 1),
                         state=state, damage=0, wounds=wounds, resolve=resolve, conditions=(), keywords=(), auras=(),
                         controlled=False, equipped=())


def test_a_buff_on_an_ally_helps_one_of_its_turns_per_rank():
    # "If the Condition is beneficial, its rank is reduced by 1" at the end of each of the bearer's turns.
    assert buff_turns(2, held=0, own=False) == 2


def test_a_buff_on_oneself_helps_only_the_turns_after_the_one_spent_casting_it():
    assert buff_turns(2, held=0, own=True) == 1
    assert buff_turns(1, held=0, own=True) == 0


def test_casting_a_buff_again_counts_only_the_turns_it_adds_to_the_rank_held():
    assert buff_turns(2, held=1, own=False) == 1
    assert buff_turns(2, held=2, own=False) == 0
    assert buff_turns(2, held=1, own=True) == 1  # held 1 ends with this turn, spent casting
    assert buff_turns(2, held=2, own=True) == 0


def test_the_chance_that_enough_follow_ups_wound_counts_every_way_they_can():
    assert at_least((0.5, 0.5), 1) == pytest.approx(0.75)
    assert at_least((0.5, 0.5), 2) == pytest.approx(0.25)
    assert at_least((0.2, 0.5, 1.0), 2) == pytest.approx(1 - 0.8 * 0.5)
    assert at_least((0.3,), 0) == 1.0
    assert at_least((0.3,), 2) == 0.0


@given(st.lists(st.floats(0.0, 1.0), max_size=6), st.integers(0, 7))
def test_the_chance_of_at_least_one_more_follow_up_is_never_larger(chances: list[float], count: int):
    assert at_least(tuple(chances), count + 1) <= at_least(tuple(chances), count) + 1e-12


def test_a_wound_the_targets_heal_takes_back_before_its_turn_is_worth_nothing():
    # "Allies within 2 squares heal a wound at the start of their turns": alone, the wound is gone by then.
    assert wound_value(target(), BUILD, True, heals=(1, 1)) == 0.0


def test_a_wound_is_worth_a_wound_when_a_follow_up_gives_the_heal_another_to_take_back():
    assert wound_value(target(), BUILD, True, follow=(1.0,), heals=(1, 1)) == pytest.approx(WOUND_OF_3)
    assert wound_value(target(), BUILD, True, follow=(0.5,), heals=(1, 1)) == pytest.approx(0.5 * WOUND_OF_3)


def test_a_wound_counts_when_the_heal_would_take_back_a_wound_the_target_already_had():
    assert wound_value(target(wounds=1, resolve=4), BUILD, True, heals=(1, 1)) == pytest.approx(WOUND_OF_3)


def test_a_knockout_the_target_would_wake_from_at_its_turn_is_worth_a_wound():
    # Unconscious at the start of its turn, a heal below Resolve wakes it ("you immediately regain consciousness").
    assert wound_value(target(wounds=2), BUILD, True, heals=(1, 1)) == pytest.approx(2.0 * 0.9)
    # The bearer of the aura does not wake: a fallen bearer's auras end (ruling grid-aura-bearer).
    assert wound_value(target(wounds=2), BUILD, True, heals=(1, 0)) == pytest.approx(2.0 * KNOCKOUT)


def test_a_wound_that_kills_a_fallen_target_before_it_wakes_is_worth_a_knockout():
    # A follow-up is sure to knock it out; this wound, with it, takes it past its Resolve: dead.
    assert wound_value(target(wounds=2), BUILD, True, follow=(1.0,), heals=(1, 1)) == pytest.approx(2.0 * KNOCKOUT)
    assert wound_value(target(wounds=3, state="unconscious"), BUILD, True, revive=0.3, heals=(0, 1)) == \
        pytest.approx(2.0 * KNOCKOUT)
    assert wound_value(target(wounds=3, state="unconscious"), BUILD, True, revive=0.3) == pytest.approx(2.0 * 0.3)


@given(st.lists(st.floats(0.0, 1.0), max_size=5), st.integers(0, 3), st.integers(1, 5), st.booleans())
def test_with_no_heals_the_weighing_by_follow_ups_is_the_plain_wound_value(chances: list[float], wounds: int,
                                                                            left: int, soon: bool):
    enemy = target(wounds=wounds, resolve=wounds + left)
    knockout = BUILD.worth * (1.5 if soon else 1.0)
    # The plain value: a wound is worth its share of a knockout, and a knockout when it lets the allies who
    # follow up make the wounds left (exactly left - 1 of them) or when it takes the target out by itself.
    share = BUILD.worth * 0.9 / left
    enables = at_least(tuple(chances), left - 1) - at_least(tuple(chances), left)
    plain = knockout if left <= 1 else share + enables * (knockout - share)
    weighed = weighed_wound_value(enemy, share, knockout, tuple(chances), NO_HEALS)
    assert weighed == pytest.approx(plain)
    assert wound_value(enemy, BUILD, True, soon=soon, follow=tuple(chances), heals=NO_HEALS) == pytest.approx(plain)
