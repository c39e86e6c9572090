"""Hovering a square tells its terrain, what entering it costs and whether it blocks sight, from the rules' code."""

from pathlib import Path

import pygame

from game.core.battlefield import Battlefield
from game.maps import load_map
from game.ui.mapview import MapScene, MapView
from game.ui.terrainwords import terrain_words
from game.ui.tiles import load_tile_art
from tests.ui.helpers import make_app, open_encounter, press, settle

KINDS = """
#.,o~
"""


def test_each_kind_of_square_says_what_entering_it_costs_and_whether_it_blocks_sight():
    field = Battlefield.from_ascii(KINDS)
    said = [terrain_words(field, (x, 0)) for x in range(5)]
    assert said == [
        "Wall \u00b7 cannot be entered \u00b7 blocks sight",
        "Open ground \u00b7 entering costs 1 movement point \u00b7 sight passes",
        # "If the square you are moving into is Obstructed, add 1 movement point"
        "Obstructed \u00b7 entering costs 2 movement points \u00b7 sight passes",
        "Opaque \u00b7 entering costs 1 movement point \u00b7 blocks sight",
        "Impassable \u00b7 cannot be entered \u00b7 sight passes",
    ]


def test_a_tiled_square_is_called_by_its_tiles_name():
    pygame.display.set_mode((400, 300))
    field = load_map(Path("maps/crypt.tmx"))
    art = load_tile_art(field)
    rubble = next(sq for sq in sorted(field.obstructed) if art.names.get(sq) == "rubble")
    view = MapView(field, art, pygame.Rect(0, 0, 400, 300))
    view.set_visible(frozenset({rubble}))
    assert view.terrain_text(rubble, ("movement point", "movement points")) == \
        "Rubble (Obstructed) \u00b7 entering costs 2 movement points \u00b7 sight passes"


ROOMS = """
#########
#H..,#..#
#....#..#
#########
"""


def test_hovering_an_empty_square_shows_its_terrain_and_a_square_never_seen_tells_nothing():
    app = make_app()
    screen = open_encounter(app, ROOMS, places={"warrior": (1, 1), "kobold": (7, 2)})
    press(app, pygame.K_SPACE)
    screen.tab = "stats"  # no walk previewed: only the square's own label
    for square, said in (((4, 1), "Obstructed \u00b7 entering costs 2 movement points \u00b7 sight passes"),
                         ((6, 1), "Not seen yet")):
        screen.hover_square, screen.hover_pos = square, screen.map_view.square_centre(square)
        scene = screen.scene()
        assert scene.hover_label is None and scene.terrain_hover is not None
        assert scene.terrain_hover[0] == square
        assert screen.map_view.terrain_text(square, scene.step_unit) == said
        settle(app)


def test_the_terrain_label_keeps_clear_of_the_walk_label(monkeypatch):
    pygame.display.set_mode((800, 600))
    field = Battlefield.from_ascii("\n".join(["." * 32] * 24))
    view = MapView(field, load_tile_art(field), pygame.Rect(0, 0, 800, 600))
    view.set_visible(field.squares)
    assert view.sq == 24  # small squares: the walk's label reaches down beside the square pointed at
    boxes: list[pygame.Rect] = []
    real = view._paint_label
    monkeypatch.setattr(view, "_paint_label", lambda target, rect, lines, colour: (boxes.append(rect),
                                                                                   real(target, rect, lines, colour)))
    pointer = view.square_centre((10, 10))
    scene = MapScene(path=((9, 10), (10, 10)), path_from=(8, 10), path_label="2 MP, stops at Kobold",
                     terrain_hover=((10, 10), (pointer[0] + 18, pointer[1] - 14)))
    view.draw(pygame.Surface((800, 600)), scene)
    walk, terrain = boxes
    assert not walk.colliderect(terrain)
