"""The end of an encounter on the board, shared by the modes: the last side standing, or a draw."""

from game.core.ending import last_side_standing, round_limit_reason


def test_both_sides_able_to_fight_goes_on():
    assert last_side_standing({"heroes": True, "monsters": True}) is None


def test_the_side_left_standing_wins():
    assert last_side_standing({"heroes": True, "monsters": False}) == (
        "heroes", "none of the monsters is left able to fight")


def test_every_beaten_side_is_named():
    assert last_side_standing({"red": False, "blue": True, "green": False})[1] == \
        "none of the red or the green is left able to fight"


def test_nobody_left_is_a_draw():
    assert last_side_standing({"heroes": False, "monsters": False}) == (None, "nobody is left able to fight")


def test_round_limit_reason_names_the_limit():
    assert round_limit_reason(12) == "no side won within 12 rounds"
