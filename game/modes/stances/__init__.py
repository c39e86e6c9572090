"""The stances mode: the engagements of text 001, with secret stances chosen on the grid map."""

from game.core.mode import register_mode
from game.modes.stances.mode import StancesMode

register_mode("stances", StancesMode)
