"""The grid mode's computer opponent: the tactical policy and its difficulty levels."""

from game.modes.grid.ai.player import TacticalPlayer
from game.modes.grid.ai.skill import DEFAULT_DIFFICULTY, DIFFICULTIES, Skill, skill_for

__all__ = ["DEFAULT_DIFFICULTY", "DIFFICULTIES", "Skill", "TacticalPlayer", "skill_for"]
