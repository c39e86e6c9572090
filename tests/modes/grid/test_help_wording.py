"""The in-game help says what the grid rules do (game/ui/helptext.py)."""

from game.ui.helptext import GRID_RULES

HELP = dict(GRID_RULES)


def test_the_help_says_only_a_hit_that_does_damage_brings_an_endurance_roll():
    assert "After each hit that does damage the target rolls Endurance" in HELP["Harm"]


def test_the_help_says_an_unconscious_enemy_adds_the_four_points_too():
    assert "next to an enemy it sees (an Unconscious one too)" in HELP["Moving"]


def test_the_help_says_a_conditions_rank_is_rolled_against_the_trait():
    assert "a Trait roll that beats a roll of its rank ends it" in HELP["Conditions"]
