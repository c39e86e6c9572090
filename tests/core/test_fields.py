"""Fields of view on big maps: cast only as deep as asked, kept as runs, the same squares as a whole cast."""

import random

from game.core import fov
from game.core.battlefield import Battlefield
from game.core.fields import FieldOfView, FieldsOfView, plain_squares, union_of
from game.core.fov import SightMap, field_of_view


def big_map(seed: int, width: int = 70, height: int = 40) -> Battlefield:
    """A map of more squares than fov.RUNS_FROM with walls, opaque squares and holes strewn about."""
    rng = random.Random(seed)
    rows = ["".join(rng.choice("........#o ") for _ in range(width)) for _ in range(height)]
    return Battlefield.from_ascii("\n".join(rows))


def test_a_field_on_a_big_map_is_kept_as_runs_and_holds_what_a_whole_cast_sees() -> None:
    battlefield = big_map(1)
    assert battlefield.width * battlefield.height > fov.RUNS_FROM
    sight = SightMap(battlefield, cache_size=0)
    rng = random.Random(2)
    for origin in rng.sample(sorted(battlefield.squares), 12):
        field = sight.visible_from(origin)
        assert isinstance(field, FieldOfView)
        whole = field_of_view(origin, battlefield.blocks_sight, battlefield.squares.__contains__)
        # Asked square by square in any order (each quadrant cast only as deep as asked so far)...
        squares = [(x, y) for x in range(-1, battlefield.width + 1) for y in range(-1, battlefield.height + 1)]
        rng.shuffle(squares)
        assert [sq for sq in squares if sq in field] == [sq for sq in squares if sq in whole]
        # ...and as a set it equals the whole cast.
        assert field == whole and whole == field and hash(field) == hash(whole) and len(field) == len(whole)


def test_a_field_within_a_radius_on_a_big_map_sees_no_further() -> None:
    battlefield = big_map(3)
    origin = sorted(battlefield.playable)[len(battlefield.playable) // 2]
    field = SightMap(battlefield, radius=5, cache_size=0).visible_from(origin)
    whole = field_of_view(origin, battlefield.blocks_sight, battlefield.squares.__contains__, 5)
    assert plain_squares(field) == whole


def test_a_field_asked_near_its_origin_is_cast_no_deeper() -> None:
    battlefield = Battlefield.from_ascii("\n".join("." * 120 for _ in range(120)))
    field = SightMap(battlefield, cache_size=0).visible_from((60, 60))
    # (62, 57) lies in the north quadrant 3 rows away, (63, 61) in the east one 3 columns away.
    assert (62, 57) in field and (63, 61) in field and (60, 60) in field
    assert "cast to depths [3, 0, 3, 0]" in repr(field)


def test_fields_gathered_hold_what_any_of_them_holds() -> None:
    battlefield = big_map(4)
    sight = SightMap(battlefield, cache_size=0)
    origins = sorted(battlefield.playable)[:2]
    fields = tuple(sight.visible_from(origin) for origin in origins)
    gathered = union_of(fields)
    assert isinstance(gathered, FieldsOfView)
    together = plain_squares(fields[0]) | plain_squares(fields[1])
    assert gathered == together
    assert all((sq in gathered) == (sq in together) for sq in battlefield.squares)
    assert together - gathered == frozenset() and gathered - together == frozenset()


def test_small_fields_gathered_are_a_plain_set() -> None:
    assert union_of((frozenset({(0, 0)}), frozenset({(1, 0)}))) == frozenset({(0, 0), (1, 0)})
    assert isinstance(union_of((frozenset({(0, 0)}),)), frozenset)
