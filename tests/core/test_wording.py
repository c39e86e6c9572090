"""Counts with their nouns, as every message of the game writes them."""

from game.core.wording import counted


def test_one_of_a_thing_is_written_in_the_singular_and_any_other_count_in_the_plural():
    assert counted(1, "movement point") == "1 movement point"
    assert counted(0, "movement point") == "0 movement points"
    assert counted(3, "wall") == "3 walls"
    assert counted(2, "mouse", "mice") == "2 mice"
