"""The cards table moves: a card placed slides face down, a card turned up slides to the track, a blow flashes its
target and its Grit lost rises, a monster defeated fades and a character Recalled falls; nothing of it holds a
headless match back."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from game.modes.cards import events as ev
from game.modes.cards.content import load_content
from game.ui.animation import Rose
from game.ui.effects import Burst, Faded, Fell, Flashed, Lunged, Slid
from game.ui.encounter.table import TableScreen
from game.ui.modes.cards.motion import Places, cues
from game.ui.tokens import TokenLook
from tests.ui.helpers import click, make_app, press
from tests.ui.modes.watching import open_mode, record, watch

AT = {"knight": (1.0, 7.0), "giant_rat": (9.0, 7.0)}
RAT = TokenLook("monster", (200, 80, 70), "G")


def _attack(**changes: Any) -> ev.AttackResolved:
    hit = ev.AttackResolved("knight", "giant_rat", "base_attack", (9,), 7, 1, 0, 2, 0, 2, 4)
    return replace(hit, **changes)


def test_a_blow_that_lands_lunges_flashes_its_target_and_floats_the_grit_lost():
    made = cues([_attack()], load_content(), Places(AT))
    assert made == [Lunged("knight", AT["knight"], AT["giant_rat"]), Flashed(AT["giant_rat"]),
                    Rose(AT["giant_rat"], "\u22122 Grit", (255, 150, 90))]


def test_a_blow_that_misses_floats_miss_and_flashes_nothing():
    made = cues([_attack(landed=0, damage=0, injury=0)], load_content(), Places(AT))
    assert not any(isinstance(c, Flashed) for c in made)
    assert [c.text for c in made if isinstance(c, Rose)] == ["miss"]


def test_a_spell_bursts_over_its_target():
    made = cues([_attack(card="firebolt")], load_content(), Places(AT))
    assert isinstance(made[0], Burst) and made[0].square == AT["giant_rat"]


def test_a_card_placed_slides_face_down_and_one_turned_up_slides_to_its_place_on_the_track():
    places = Places(AT, {("knight", "cleave"): (3.0, 2.0)}, lambda _cid, i: (4.0 + i, 8.0))
    placed = cues([ev.CardPlaced("knight", 1)], load_content(), places)
    assert placed == [Slid(AT["knight"], (4.0, 8.0))]  # no name: a card placed is a secret of its seat
    shown = cues([ev.CardRevealed("knight", "cleave", "giant_rat", 4)], load_content(), places)
    assert shown == [Slid((4.0, 8.0), (3.0, 2.0), "Cleave")]


def test_a_monster_defeated_fades_and_a_character_recalled_falls():
    gone = cues([ev.LeftFight("giant_rat", "defeated")], load_content(), Places(AT), {"giant_rat": RAT})
    assert isinstance(gone[0], Faded) and gone[0].look.state == "standing"
    recalled = cues([ev.LeftFight("knight", "recalled")], load_content(), Places(AT))
    assert recalled[0] == Fell("knight", AT["knight"])


def test_on_the_screen_a_hit_starts_a_flash_and_a_number_over_the_target(monkeypatch: pytest.MonkeyPatch):
    app = make_app(animation="normal")
    screen = open_mode(app, mode="cards", heroes=("knight",), monsters=("giant_rat",), seed=4,
                       hero_control="computer")
    batches = record(screen)
    started: list[int] = []
    real_add = screen.anim.add

    def add(cues_: list[Any], now: int, pace: float = 1.0) -> None:
        real_add(cues_, now, pace)
        started.append(len(screen.anim.motions) + len(screen.anim.risings))

    monkeypatch.setattr(screen.anim, "add", add)
    assert watch(app, screen, lambda: any(isinstance(e, ev.AttackResolved) and e.injury > 0
                                          for events, _c in batches for e in events))
    made = next(c for e, c in batches if any(isinstance(x, ev.AttackResolved) and x.injury > 0 for x in e))
    assert any(isinstance(c, Flashed) for c in made)
    assert any(isinstance(c, Rose) and c.text.endswith("Grit") for c in made)
    assert started and all(n > 0 for n in started)  # each batch animated started something on the table


def test_the_table_draws_the_lunging_token_where_it_is_and_the_blow_over_it(monkeypatch: pytest.MonkeyPatch):
    app = make_app(animation="normal")
    screen = open_mode(app, mode="cards", heroes=("knight",), monsters=("giant_rat",), seed=4)
    assert isinstance(screen, TableScreen)
    at = screen.anchors()
    ticks = [pygame.time.get_ticks()]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: ticks[0])
    screen.anim.add([Lunged("knight", at["knight"], at["giant_rat"]), Flashed(at["giant_rat"]),
                     Rose(at["giant_rat"], "\u22122 Grit", (255, 150, 90))], ticks[0])
    ticks[0] += screen.anim.step_ms * 12 // 10  # the blow lands
    drawn: list[Any] = []
    real = screen.board.draw

    def spy(target: pygame.Surface, scene: Any) -> None:
        drawn.append(scene)
        real(target, scene)

    monkeypatch.setattr(screen.board, "draw", spy)
    app.dirty = True
    app.step(0)
    scene = drawn[-1]
    assert at["knight"][0] < scene.offsets["knight"][0] < at["giant_rat"][0]  # on its way to the rat
    assert {type(m.cue) for m in scene.effects} == {Lunged, Flashed}
    assert [f.text for f in scene.floating] == ["\u22122 Grit"]


def test_with_the_animation_off_a_headless_match_is_never_held_back():
    app = make_app(animation="off")
    screen = open_mode(app, mode="cards", heroes=("knight",), monsters=("giant_rat",), seed=4,
                       hero_control="computer")
    batches = record(screen)
    assert watch(app, screen, lambda: screen.match.over, skip=False)
    assert any(cues_ for _e, cues_ in batches)  # there were blows to show...
    assert screen.anim.motions == [] and screen.anim.risings == []  # ...and none was kept to be shown


def test_a_key_or_a_click_on_the_table_skips_what_moves_and_does_nothing_else():
    app = make_app(animation="slow")
    screen = open_mode(app, mode="cards", heroes=("knight",), monsters=("giant_rat",), seed=4)
    assert isinstance(screen, TableScreen)
    actions = len(screen.match.actions)
    for skip in (lambda: press(app, pygame.K_SPACE), lambda: click(app, screen.layout.map.center)):
        at = screen.anchors()
        screen.anim.add([Lunged("knight", at["knight"], at["giant_rat"]), Flashed(at["giant_rat"])],
                        pygame.time.get_ticks())
        assert screen.anim.busy(pygame.time.get_ticks())
        skip()
        assert not screen.anim.busy(pygame.time.get_ticks()) and screen.anim.motions == []
    assert len(screen.match.actions) == actions  # Space would have been "done placing", were nothing moving
