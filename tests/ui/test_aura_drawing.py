"""Auras are drawn over exactly the squares they reach (ruling grid-distance: a diagonal step is 1)."""

from types import SimpleNamespace

from game.ui.mapview import MapView


def test_an_aura_of_radius_2_is_drawn_over_its_corner_squares_too():
    sq = 32
    radius_px = int((2 + 0.5) * sq)  # as _draw_auras asks for radius 2
    drawn = MapView._aura_surface(SimpleNamespace(_aura_cache={}, sq=sq), radius_px)
    # The middle of the corner square two steps away diagonally, which the aura's effect covers.
    corner = (2 + sq // 2, 2 + sq // 2)
    assert drawn.get_at(corner).a > 0
    # Past the area's edge nothing is drawn.
    assert drawn.get_at((0, 0)).a == 0
