"""What the tactical policy counts: a beneficial condition by the bearer's turns it adds, follow-ups by their odds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.modes.grid.ai.values import at_least, buff_turns


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
