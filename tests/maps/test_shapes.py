"""Which squares an object covers, whatever its shape and rotation."""

from __future__ import annotations

from game.maps.shapes import Grid, Shape, covered_squares

GRID = Grid(10, 10, 32, 32)


def rectangle(x: float, y: float, w: float, h: float, rotation: float = 0.0) -> Shape:
    """A Tiled rectangle object at (x, y) in pixels."""
    return Shape("rectangle", (x, y), (0.0, 0.0, w, h), rotation=rotation)


def test_point_covers_the_square_it_lies_in():
    assert covered_squares(Shape("point", (40.0, 70.0)), GRID) == {(1, 2)}


def test_point_outside_the_map_covers_nothing():
    assert covered_squares(Shape("point", (-1.0, 5.0)), GRID) == set()
    assert covered_squares(Shape("point", (320.0, 5.0)), GRID) == set()


def test_grid_aligned_rectangle_covers_exactly_its_squares():
    assert covered_squares(rectangle(32, 64, 64, 32), GRID) == {(1, 2), (2, 2)}


def test_rectangle_covers_squares_whose_centres_it_holds():
    # From x=10 to x=60 it holds the centres of columns 0 (x=16) and 1 (x=48).
    assert covered_squares(rectangle(10, 0, 50, 20), GRID) == {(0, 0), (1, 0)}
    assert covered_squares(rectangle(20, 0, 20, 32), GRID) == {(0, 0)}  # holds no centre: its middle's square


def test_small_rectangle_covers_the_square_of_its_middle():
    assert covered_squares(rectangle(70, 70, 4, 4), GRID) == {(2, 2)}


def test_rectangle_is_clipped_to_the_map():
    covered = covered_squares(rectangle(-1000, -1000, 1064, 1032), GRID)
    assert covered == {(0, 0), (1, 0)}


def test_rotated_rectangle_turns_about_its_top_left_corner():
    # A 96x32 bar turned 90 degrees clockwise about (96, 32) hangs down from there, one square to its left.
    assert covered_squares(rectangle(96, 32, 96, 32, rotation=90), GRID) == {(2, 1), (2, 2), (2, 3)}


def test_ellipse_leaves_out_the_corners_of_its_box():
    covered = covered_squares(Shape("ellipse", (0.0, 0.0), (0.0, 0.0, 160.0, 160.0)), GRID)
    assert (2, 2) in covered and (0, 2) in covered
    assert (0, 0) not in covered and (4, 4) not in covered


def test_polygon_covers_squares_whose_centres_lie_inside_it():
    triangle = Shape("polygon", (0.0, 0.0), points=((0.0, 0.0), (128.0, 0.0), (0.0, 128.0)))
    covered = covered_squares(triangle, GRID)
    assert {(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)} == covered


def test_polyline_covers_every_square_it_passes_through():
    line = Shape("polyline", (16.0, 16.0), points=((0.0, 0.0), (96.0, 0.0), (96.0, 64.0)))
    assert covered_squares(line, GRID) == {(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2)}


def test_diagonal_polyline_covers_the_squares_it_crosses():
    line = Shape("polyline", (8.0, 8.0), points=((0.0, 0.0), (80.0, 40.0)))
    assert covered_squares(line, GRID) == {(0, 0), (1, 0), (1, 1), (2, 1)}


def test_polyline_leaving_the_map_is_clipped():
    line = Shape("polyline", (16.0, 16.0), points=((0.0, 0.0), (100000.0, 0.0)))
    assert covered_squares(line, GRID) == {(x, 0) for x in range(10)}


def test_tile_object_box_stands_on_its_bottom_left_corner():
    tile = Shape("rectangle", (32.0, 96.0), (0.0, -64.0, 32.0, 0.0))
    assert covered_squares(tile, GRID) == {(1, 1), (1, 2)}
