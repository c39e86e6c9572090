"""What the tactical policy counts a beneficial condition for: the bearer's turns it adds."""

from __future__ import annotations

from game.modes.grid.ai.values import buff_turns


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
