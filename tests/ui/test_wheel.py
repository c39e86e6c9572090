"""The mouse wheel: it zooms the map only over the map."""

import pygame

from tests.ui.helpers import hover, make_app, open_encounter, settle


def test_the_wheel_over_the_controls_column_leaves_the_map_as_it_was():
    app = make_app()
    screen = open_encounter(app)
    zoom = screen.map_view.sq
    hover(app, app.layout.right.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    settle(app)
    assert screen.map_view.sq == zoom
    hover(app, app.layout.map.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    settle(app)
    assert screen.map_view.sq != zoom  # over the map it zooms
    pygame.quit()
