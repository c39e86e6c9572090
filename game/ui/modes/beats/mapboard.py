"""Beats on a map: the shared map board with each combatant on its square and each tool on the ground on its own.

Text 004 hides nothing on the map: every square is shown. The dice, the beat and the choices stay in the
column on the right, as on the table.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.battlefield import Battlefield, Square
from game.modes.beats.view import BeatsView, FighterView
from game.ui.mapscene import label_pos
from game.ui.mapview import MapScene, Token
from game.ui.tokens import TokenLook

TOOL_COLOUR = (214, 190, 120)
OUT = ("surrendered", "helpless")


def every_square(battlefield: Battlefield) -> frozenset[Square]:
    """All the map's squares, to be shown: nothing on a beats map is out of sight."""
    return frozenset((x, y) for x in range(battlefield.width) for y in range(battlefield.height))


def beats_map_scene(view: BeatsView, look: Callable[[FighterView], TokenLook], current: str | None,
                    selected: str | None, cursor: Square | None) -> MapScene:
    """The combatants on their squares (those out of the fight faint), the tools lying about with their names, and
    the dice shown this beat as badges."""
    scene = MapScene()
    for member in view.members:
        if member.square is None:
            continue
        scene.tokens.append(Token(member.cid, look(member), member.square, member.cid == current,
                                  member.cid == selected, ghost=member.status in OUT))
        if member.value is not None:
            scene.badges.append((member.square, str(member.value), TOOL_COLOUR))
    names = dict(view.ground)
    for item, square in view.lying_at:
        scene.piles.append(square)
        scene.badges.append((square, names.get(item, item), TOOL_COLOUR))
    scene.cursor = cursor
    return scene


def hover(scene: MapScene, view: BeatsView, square: Square | None, pointer: tuple[int, int] | None,
          words: Callable[[FighterView], str]) -> None:
    """Name what is under the pointer: a fighter and its words, else the tools lying there, else the terrain."""
    if square is None or pointer is None:
        return
    who = member_at(view, square)
    names = dict(view.ground)
    lying = [names.get(item, item) for item, at in view.lying_at if at == square]
    if who is not None:
        scene.hover_label = (f"{who.name} · {words(who)}", label_pos(pointer))
    elif lying:
        scene.hover_label = (f"On the ground: {', '.join(lying)} (anyone may arm with it)", label_pos(pointer))
    else:
        scene.terrain_hover = (square, label_pos(pointer))


def member_at(view: BeatsView, square: Square) -> FighterView | None:
    """The combatant drawn on a square, if any."""
    return next((m for m in view.members if m.square == square), None)
