"""Where tokens are drawn in their arena: each on a square of its own while the arena has room, the heroes below
the first row, where the map writes the arena's name, when that keeps them apart."""

from __future__ import annotations

from game.modes.arenas.tokens import token_squares
from tests.modes.arenas.scenario import GATE, MARKET, Scene


def test_heroes_stand_below_the_row_that_names_their_arena() -> None:
    scene = Scene()
    for hero in ("fighter", "duelist", "ranger", "priest"):
        scene.add(hero, GATE)
    squares = token_squares(scene.st)
    arena = scene.st.arenas.squares_of(GATE)
    first_row = {s for s in arena if s[1] == arena[0][1]}
    assert len(set(squares.values())) == 4
    assert all(squares[h] in arena and squares[h] not in first_row for h in ("fighter", "duelist", "ranger",
                                                                               "priest"))


def test_a_crowded_arena_still_gives_every_token_a_square_of_its_own_while_it_has_room() -> None:
    scene = Scene()
    arena = scene.st.arenas.squares_of(MARKET)
    heroes = ("fighter", "duelist", "ranger", "priest")
    for hero in heroes:
        scene.add(hero, MARKET)
    monsters = [scene.add("orc_brute", MARKET, f"orc{i}").cid for i in range(len(arena) - len(heroes))]
    squares = token_squares(scene.st)
    assert len(squares) == len(arena) == len(heroes) + len(monsters)
    assert set(squares.values()) == set(arena)
