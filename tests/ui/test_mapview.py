"""The map view's own layout: where the words on tokens go."""

from __future__ import annotations

import pygame

from game.core.battlefield import Battlefield
from game.ui import theme
from game.ui.mapview import MapScene, MapView
from game.ui.tiles import load_tile_art

FIELD = """
######
#....#
#....#
######
"""


def _view() -> MapView:
    pygame.font.init()
    theme.reset_caches()  # fonts made before another test quit pygame cannot be used
    battlefield = Battlefield.from_ascii(FIELD)
    return MapView(battlefield, load_tile_art(battlefield), pygame.Rect(0, 0, 400, 300))


def test_a_badge_sits_under_its_token() -> None:
    view = _view()
    (box, text, _colour), = view.badge_boxes(MapScene(badges=[((1, 1), "Might", (255, 255, 255))]))
    token = view.square_rect((1, 1))
    assert text == "Might" and box.centerx == token.centerx and box.top > token.centery


def test_badges_of_tokens_side_by_side_do_not_overlap_and_keep_their_words_whole() -> None:
    view = _view()
    scene = MapScene(badges=[((1, 1), "Might", (255, 255, 255)), ((2, 1), "Agility", (255, 255, 255)),
                             ((3, 1), "Cunning", (255, 255, 255))])
    boxes = [box for box, _text, _colour in view.badge_boxes(scene)]
    assert all(a.colliderect(b) is False for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert boxes[1].bottom < view.square_rect((2, 1)).centery  # the middle one moved over its token
    assert boxes[2].top > view.square_rect((3, 1)).centery  # the third fits under again
