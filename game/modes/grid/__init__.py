"""The grid mode: the rules of text 003 on a square grid."""

from game.core.mode import register_mode
from game.modes.grid.mode import GridMode

register_mode("grid", GridMode)
