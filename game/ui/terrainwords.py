"""What a square of the map is, in a player's words: its terrain, what entering it costs, whether it blocks sight.

The figures come from the rules' own code: ``entering_cost`` (what every step counts) and
``Battlefield.blocks_sight`` (what every field of view stops at).
"""

from __future__ import annotations

from game.core.battlefield import Battlefield, Square
from game.core.paths import entering_cost

GRID_UNIT = ("movement point", "movement points")  # what a step costs in the grid mode


def terrain_kind(battlefield: Battlefield, square: Square) -> str:
    """The rules' kind of a square: Wall, Impassable, Obstructed, Opaque or Open ground."""
    if square in battlefield.walls:
        return "Wall"
    if square in battlefield.impassable:
        return "Impassable"
    if square in battlefield.obstructed:
        return "Obstructed"
    if square in battlefield.opaque:
        return "Opaque"
    return "Open ground"


def terrain_words(battlefield: Battlefield, square: Square, name: str | None = None,
                  unit: tuple[str, str] = GRID_UNIT) -> str:
    """One line for a square: "Rubble (Obstructed) · entering costs 2 movement points · sight passes"."""
    kind = terrain_kind(battlefield, square)
    called = f"{name[:1].upper()}{name[1:]} ({kind})" if name and name.lower() != kind.lower() else kind
    cost = entering_cost(battlefield, square)
    entering = "cannot be entered" if cost is None else f"entering costs {cost} {unit[0] if cost == 1 else unit[1]}"
    sight = "blocks sight" if battlefield.blocks_sight(square) else "sight passes"
    return f"{called} \u00b7 {entering} \u00b7 {sight}"
