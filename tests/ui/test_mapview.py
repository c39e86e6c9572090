"""The map view's own layout: where the words on tokens go."""

from __future__ import annotations

import pygame

from game.core.battlefield import Battlefield
from game.ui import theme
from game.ui.mapview import MapScene, MapView, label_pos
from game.ui.tiles import load_tile_art

FIELD = """
######
#....#
#....#
######
"""


def _view() -> MapView:
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
    centres = [view.square_centre(square) for square, _text, _colour in scene.badges]
    for box, own in zip(boxes, centres, strict=True):  # each reads as its own token's: nearer it than the others
        assert min(centres, key=lambda c: (c[0] - box.centerx) ** 2 + (c[1] - box.centery) ** 2) == own


WIDE = "#" * 40 + "\n" + ("#" + "." * 38 + "#\n") * 10 + "#" * 40


def _wide_view() -> MapView:
    battlefield = Battlefield.from_ascii(WIDE)
    view = MapView(battlefield, load_tile_art(battlefield), pygame.Rect(0, 0, 400, 300))
    assert battlefield.width * view.sq > view.rect.width  # the map is wider than the view
    return view


def test_centring_on_a_square_by_the_edge_shows_no_void_past_the_map() -> None:
    view = _wide_view()
    view.centre_on((1, 5))
    assert view.square_rect((0, 5)).left == view.rect.left
    view.centre_on((38, 5))
    assert view.square_rect((39, 5)).right == view.rect.right


def test_centring_on_a_square_in_the_middle_puts_it_in_the_middle() -> None:
    view = _wide_view()
    view.centre_on((20, 5))
    assert abs(view.square_centre((20, 5))[0] - view.rect.centerx) <= 1


def test_the_player_may_scroll_a_little_past_the_edge() -> None:
    view = _wide_view()
    view.centre_on((1, 5))
    view.scroll(-1000, 0)
    assert view.square_rect((0, 5)).left == view.rect.left + round(view.rect.width / 3)


def test_a_new_layout_keeps_the_view_on_the_same_point_of_the_map() -> None:
    view = _wide_view()
    view.centre_on((1, 5))
    view.set_rect(pygame.Rect(0, 0, 400, 300))
    assert view.square_rect((0, 5)).left == view.rect.left  # not moved to the square nearest the middle
    view.centre_on((20, 5))
    view.set_rect(pygame.Rect(50, 0, 500, 300))
    assert abs(view.square_centre((20, 5))[0] - view.rect.centerx) <= 1


def _fitted(columns: int, rows: int, rect: pygame.Rect) -> MapView:
    battlefield = Battlefield.from_ascii("\n".join("." * columns for _ in range(rows)))
    return MapView(battlefield, load_tile_art(battlefield), rect)


def test_a_map_that_fits_a_little_smaller_than_usual_is_shown_whole() -> None:
    view = _fitted(16, 7, pygame.Rect(0, 0, 442, 370))  # the Old Crossing in the smallest window
    assert view.sq < 32 and 16 * view.sq <= 442


def test_a_small_map_is_shown_large_and_a_big_one_at_the_usual_size() -> None:
    assert _fitted(8, 5, pygame.Rect(0, 0, 700, 500)).sq == 48
    assert _fitted(64, 64, pygame.Rect(0, 0, 700, 500)).sq == 32


def test_a_label_wider_than_the_map_wraps_inside_it() -> None:
    view = _view()
    text = "Goblin Archer 1: 55% to hit (the weapon works 90%), 31% to wound, average damage 7.3, Burning on a hit"
    surface = pygame.Surface((400, 300))
    box = view._draw_label(surface, text, (300, 150))
    assert view.rect.contains(box)
    assert box.height > 2 * theme.font(13, True).get_linesize()  # three lines or more


def test_a_label_with_no_room_right_of_the_pointer_goes_above_it_rather_than_over_it() -> None:
    view = _view()
    surface = pygame.Surface((400, 300))
    pointer = (330, 150)
    box = view._draw_label(surface, "Orc Brute: 55% to hit, 19% to wound", label_pos(pointer))
    assert view.rect.contains(box) and box.bottom < pointer[1] - 10
    roomy = view._draw_label(surface, "Orc Brute", label_pos((40, 150)))
    assert roomy.left > 40 and roomy.bottom > 150 - 14  # right of the pointer, level with it, when it fits


def _near(view: MapView, square: tuple[int, int]) -> pygame.Rect:
    """The square and the eight around it, on the screen."""
    return view.square_rect(square).inflate(2 * view.sq, 2 * view.sq)


def test_a_hover_label_keeps_clear_of_the_square_pointed_at_and_its_neighbours_wherever_it_is() -> None:
    view = _wide_view()
    view.centre_on((20, 5))
    shown = [(x, y) for x in range(40) for y in range(12) if view.shows((x, y))]
    assert len(shown) > 60
    for square in shown:
        box = view.hover_box((180, 40), square)
        assert view.rect.contains(box) and not box.colliderect(_near(view, square)), square


def test_a_hover_label_goes_beside_the_square_when_it_fits_and_above_or_below_when_not() -> None:
    view = _wide_view()
    view.centre_on((20, 5))
    near = _near(view, (20, 5))
    beside = view.hover_box((90, 20), (20, 5))
    assert beside.left > near.right and beside.centery == near.centery
    wide = view.hover_box((300, 20), (20, 5))
    assert wide.bottom < near.top and wide.centerx == near.centerx


def test_a_hover_label_too_big_to_keep_clear_stays_in_the_map_covering_as_little_as_it_can() -> None:
    view = _wide_view()
    view.centre_on((20, 5))
    box = view.hover_box((390, 150), (20, 5))
    assert view.rect.contains(box)
    assert box.clip(_near(view, (20, 5))).height < _near(view, (20, 5)).height


def test_the_hover_label_drawn_for_a_pointer_keeps_clear_of_the_square_under_it() -> None:
    view = _wide_view()
    view.centre_on((20, 5))
    surface = pygame.Surface((400, 300))
    pointer = view.square_centre((21, 5))
    box = view._draw_hover_label(surface, "Orc Brute 1: 73% to hit, 19% to wound", label_pos(pointer))
    assert view.rect.contains(box) and not box.colliderect(_near(view, (21, 5)))


def test_a_map_shown_whole_stays_whole_when_the_window_shrinks() -> None:
    view = _fitted(18, 9, pygame.Rect(250, 48, 710, 572))  # the Ruined Hall in the usual window
    assert view.sq == 32
    view.set_rect(pygame.Rect(230, 48, 442, 372))  # the window made as small as it goes
    assert 18 * view.sq <= 442 and view.shows((0, 0)) and view.shows((17, 8))


def test_a_map_shown_whole_grows_with_the_window() -> None:
    view = _fitted(18, 9, pygame.Rect(230, 48, 442, 372))
    view.set_rect(pygame.Rect(250, 48, 1100, 800))
    assert view.sq == 48 and view.shows((0, 0)) and view.shows((17, 8))


def test_a_map_the_player_zoomed_into_keeps_its_zoom_when_the_window_changes() -> None:
    view = _fitted(18, 9, pygame.Rect(250, 48, 710, 572))
    view.zoom(2)
    zoomed = view.sq
    view.set_rect(pygame.Rect(230, 48, 442, 372))
    assert view.sq == zoomed


def test_terrain_a_tiled_object_made_is_marked_over_the_floor_tiles_drawn_beneath() -> None:
    from dataclasses import replace

    from game.ui.tiles import TileArt

    pygame.display.set_mode((400, 300))
    plain = Battlefield.from_ascii("\n....\n....\n")
    # Two walls and a pond over floor tiles; only (1, 0) and (2, 1) were made so by objects.
    field = replace(plain, walls=frozenset({(1, 0), (0, 1)}), impassable=frozenset({(2, 1)}),
                    object_terrain=frozenset({(1, 0), (2, 1)}))
    floor = pygame.Surface((32, 32))
    floor.fill((200, 200, 200))
    art = TileArt([{sq: floor for sq in plain.squares}])
    view = MapView(field, art, pygame.Rect(0, 0, 400, 300))
    view.set_visible(field.squares)
    target = pygame.Surface((400, 300))
    view.draw(target, MapScene())

    def colour(square: tuple[int, int]) -> tuple[int, ...]:
        rect = view.square_rect(square)
        return tuple(target.get_at((rect.x + 3, rect.centery)))[:3]

    tile = colour((3, 0))  # floor: the tile as drawn
    assert colour((0, 1)) == tile  # a wall its tiles show (a layer's or a tile's own): drawn as the tiles are
    assert colour((1, 0)) != tile and colour((2, 1)) != colour((1, 0))  # marked, each by its kind


def test_an_obstructed_square_of_a_tiled_map_is_drawn_grey_and_its_neighbours_keep_their_colour() -> None:
    # Text 003: "most floor squares are white, but some are gray - these squares are Obstructed".
    from dataclasses import replace

    from game.ui.tiles import TileArt

    pygame.display.set_mode((400, 300))
    plain = Battlefield.from_ascii("\n....\n....\n")
    field = replace(plain, obstructed=frozenset({(1, 1)}))
    grass = pygame.Surface((32, 32))
    grass.fill((60, 170, 70))
    view = MapView(field, TileArt([{sq: grass for sq in plain.squares}]), pygame.Rect(0, 0, 400, 300))
    view.set_visible(field.squares)
    target = pygame.Surface((400, 300))
    view.draw(target, MapScene())
    for x in range(view.square_rect((1, 1)).x + 2, view.square_rect((1, 1)).right - 2, 3):
        r, g, b = tuple(target.get_at((x, view.square_rect((1, 1)).centery)))[:3]
        assert max(r, g, b) - min(r, g, b) <= 2 and r > 90  # grey, and light enough to read as ground
    r, g, b = tuple(target.get_at(view.square_rect((2, 1)).center))[:3]
    assert g - r > 60  # the grass beside it stays green


BIG_FIELD = """
##########
#........#
#........#
#........#
#........#
#........#
##########
"""


def test_a_paths_cost_covers_no_token_and_is_drawn_over_the_tokens_not_under_them(monkeypatch) -> None:
    from game.ui.mapview import Token
    from game.ui.tokens import TokenLook

    pygame.display.set_mode((500, 350))  # the tiles are converted for the window
    battlefield = Battlefield.from_ascii(BIG_FIELD)
    view = MapView(battlefield, load_tile_art(battlefield), pygame.Rect(0, 0, 500, 350))
    look = TokenLook("monster", (200, 60, 60), "K")
    # The mover walks right to (4, 3); an enemy stands above and to the right of the end, where the cost used to go.
    tokens = [Token("hero", TokenLook("hero", (60, 60, 200), "W"), (2, 3), current=True),
              Token("kobold", look, (5, 2), target=True)]
    scene = MapScene(tokens=tokens, path=((3, 3), (4, 3)), path_from=(2, 3), path_label="2 MP")
    painted: list[tuple[str, pygame.Rect | None]] = []
    real_paint, real_tokens = view._paint_label, view._draw_tokens

    def paint(target: pygame.Surface, rect: pygame.Rect, lines: list[pygame.Surface],
              colour: tuple[int, int, int]) -> None:
        painted.append(("label", rect))
        real_paint(target, rect, lines, colour)

    def draw_tokens(target: pygame.Surface, drawn: MapScene) -> None:
        painted.append(("tokens", None))
        real_tokens(target, drawn)

    monkeypatch.setattr(view, "_paint_label", paint)
    monkeypatch.setattr(view, "_draw_tokens", draw_tokens)
    view.draw(pygame.Surface((500, 350)), scene)
    assert [what for what, _rect in painted] == ["tokens", "label"]
    label = painted[1][1]
    assert label is not None and view.rect.contains(label)
    for square in ((2, 3), (5, 2), (4, 3)):  # the mover, the enemy, the end of the path
        assert not label.colliderect(view.square_rect(square)), square
