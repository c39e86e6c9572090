"""Stance badges in a crowd: four fighters side by side each show their stance beside their own token, no word over
another or over a token, none left off."""

from __future__ import annotations

import math

import pygame
import pytest

from game.core.battlefield import Battlefield
from game.modes.stances.actions import ChooseStance, Engage, Join
from game.ui.mapview import MapScene, MapView, Token
from game.ui.modes import open_screen, open_session
from game.ui.modes.stances import StancesScreen
from game.ui.session import EncounterChoice
from game.ui.tiles import load_tile_art
from game.ui.tokens import TokenLook
from tests.ui.helpers import SteadyDice, make_app, settle

STANCE_OF = {"warrior": "might", "rogue": "agility", "ogre": "cunning", "undead_orc": "defensive"}
BLOCK = """
########
#......#
#.HH...#
#.MM...#
#......#
########
"""
ROW = """
##########
#........#
#.HMHM...#
#........#
##########
"""


def _revealed(art: str) -> StancesScreen:
    """Two heroes and two monsters standing together, all in one engagement, their stances revealed."""
    app = make_app()
    choice = EncounterChoice(heroes=("warrior", "rogue"), monsters=("ogre", "undead_orc"), hero_control="person",
                             monster_control="person", seed=3, mode="stances")
    screen = open_screen(app, open_session(choice, Battlefield.from_ascii(art), dice=SteadyDice()), lambda: None,
                         lambda: None)
    app.show(screen)
    settle(app)
    assert isinstance(screen, StancesScreen)
    for _ in range(30):
        if screen.overlay == "handover":
            screen._continue_handover()
        e = screen.view.engagement
        if e is not None and e.stances_revealed:
            return screen
        legal = screen.legal
        action = next((a for a in legal if isinstance(a, Engage) and a.cid == "warrior" and a.target == "ogre"),
                      None) or next((a for a in legal if isinstance(a, Join)), None) \
            or next((a for a in legal if isinstance(a, ChooseStance) and a.stance == STANCE_OF[a.cid]), None)
        assert action is not None, legal
        assert screen.act(action)
    raise AssertionError("the stances were never revealed")


def _check(view: MapView, scene: MapScene) -> None:
    """Every badge placed, none overlapping another or a token's disc, each nearer its own token than any other."""
    tokens = [view.square_centre(t.position) for t in scene.tokens]
    laid = view.badge_boxes(scene)
    assert len(laid) == len(scene.badges)
    boxes = [box for box, _text, _colour in laid]
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), boxes
    for (box, text, _colour), (square, _t, _c) in zip(laid, scene.badges, strict=True):
        own = view.square_centre(square)
        for centre in tokens:
            disc = pygame.Rect(0, 0, round(view.sq * 0.8), round(view.sq * 0.8))
            disc.center = centre
            assert not box.colliderect(disc), f"{text} covers a token"
        nearest = min(tokens, key=lambda c: math.dist(c, box.center))
        assert nearest == own, f"{text} reads as another fighter's"
        assert math.dist(own, box.center) < view.sq * 1.6, f"{text} is far from its token"
        assert view.rect.contains(box)


@pytest.mark.parametrize("art", [BLOCK, ROW], ids=["two by two", "four in a row"])
def test_four_fighters_together_each_show_their_own_stance_beside_their_token(art: str) -> None:
    screen = _revealed(art)
    scene = screen.scene()
    assert sorted(text for _at, text, _c in scene.badges) == ["Agility", "Cunning", "Defensive", "Might"]
    _check(screen.map_view, scene)
    pygame.quit()


def test_a_crowd_of_badges_on_a_zoomed_out_map_keeps_every_word_and_covers_no_token() -> None:
    battlefield = Battlefield.from_ascii("#" * 12 + "\n" + ("#" + "." * 10 + "#\n") * 6 + "#" * 12)
    view = MapView(battlefield, load_tile_art(battlefield), pygame.Rect(0, 0, 600, 400))
    look = TokenLook("hero", (200, 200, 200), "W")
    squares = [(x, y) for y in (2, 3) for x in (3, 4, 5)]  # two rows of three, side by side
    scene = MapScene(tokens=[Token(f"f{i}", look, sq, False, False, False) for i, sq in enumerate(squares)],
                     badges=[(sq, "Defensive", (255, 255, 255)) for sq in squares])
    laid = view.badge_boxes(scene)
    assert len(laid) == 6
    boxes = [box for box, _t, _c in laid]
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    for box in boxes:
        for sq in squares:
            disc = pygame.Rect(0, 0, round(view.sq * 0.8), round(view.sq * 0.8))
            disc.center = view.square_centre(sq)
            assert not box.colliderect(disc)
