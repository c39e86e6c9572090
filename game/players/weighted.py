"""The weighted baseline: a weighted random choice, attacks weighted 4 and the others 2 (kept in game.core).

Which actions are attacks each mode says in its policies (``game.core.modespec.PolicySpec``).
"""

from game.core.baseline import ATTACK_WEIGHT, OTHER_WEIGHT, WeightedPlayer

__all__ = ["ATTACK_WEIGHT", "OTHER_WEIGHT", "WeightedPlayer"]
