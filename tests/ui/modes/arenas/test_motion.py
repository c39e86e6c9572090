"""The arenas map moves: tokens slide from arena to arena, a melee blow lunges and a shot flies by the weapon's type,
a hit flashes, the wound marked rises by its number, the fallen fall and the dead fade; nothing of it holds a
headless match back."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.modes.arenas import events as ev
from game.modes.arenas.content import load_content
from game.modes.arenas.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS
from game.ui.animation import Rose, Walked
from game.ui.effects import Faded, Fell, Flashed, Lunged, Shot
from game.ui.modes.arenas.motion import cues, slide
from game.ui.tokens import TokenLook
from tests.ui.helpers import make_app
from tests.ui.modes.watching import open_mode, record, watch

AT = {"fighter": (2, 2), "ranger": (2, 6), "orc_brute": (5, 2)}
ORC = TokenLook("monster", (0, 0, 0), "OB")


def _cues(*events: Any, squares: dict[str, Any] | None = None, looks: dict[str, TokenLook] | None = None) -> list[Any]:
    return cues(list(events), load_content(), AT, squares or AT, {"Yard": [(7, 2), (8, 2), (9, 2)]}, looks)


def _attack(attacker: str, weapon: str, kind: str, hit: bool) -> ev.AttackRolled:
    return ev.AttackRolled(attacker, "orc_brute", weapon, kind, (7, 4), (), 8, 11 if hit else 5, hit)


def test_a_melee_blow_lunges_and_flashes_its_target_when_it_hits():
    assert _cues(_attack("fighter", "Longsword", "attack", True)) == [
        Lunged("fighter", AT["fighter"], AT["orc_brute"]), Flashed(AT["orc_brute"])]


def test_a_bow_shoots_and_a_miss_floats_miss():
    made = _cues(_attack("ranger", "Long bow", "shot", False))
    assert made[0] == Shot(AT["ranger"], AT["orc_brute"])
    assert isinstance(made[1], Rose) and made[1].text == "miss"


def test_the_wound_marked_rises_by_its_number():
    made = _cues(ev.WoundMarked("orc_brute", 6, 3, 3, "hit"))
    assert [c.text for c in made if isinstance(c, Rose)] == ["wound 3!"]


def test_a_token_slides_in_a_straight_line_to_its_new_arena():
    made = _cues(ev.Moved("fighter", "Gate", "Yard", "moved"), squares={**AT, "fighter": (6, 2)})
    assert made == [Walked("fighter", ((2, 2), (3, 2), (4, 2), (5, 2), (6, 2)))]
    assert slide((0, 0), (3, 3)) == ((0, 0), (1, 1), (2, 2), (3, 3))


def test_one_out_of_the_fight_falls_and_one_dead_fades():
    assert _cues(ev.StatusChanged("fighter", "out", "failed", 0))[0] == Fell("fighter", AT["fighter"])
    dead = _cues(ev.StatusChanged("orc_brute", "dead", "its last wound", 0), looks={"orc_brute": ORC})
    assert isinstance(dead[0], Faded) and dead[0].look.state == "standing"
    minion = _cues(ev.StatusChanged("orc_brute", "out", "one of them", 3))
    assert [type(c) for c in minion] == [Rose]  # one of a group drops: the token stays for the rest


def _open(animation: str) -> tuple[Any, Any]:
    app = make_app(animation=animation)
    screen = open_mode(app, mode="arenas", seed=4, heroes=DEFAULT_HEROES, monsters=DEFAULT_MONSTERS,
                       hero_control="computer", max_rounds=10)
    return app, screen


def test_on_the_screen_a_hit_starts_a_flash_and_the_wound_rises(monkeypatch: pytest.MonkeyPatch):
    app, screen = _open("normal")
    batches = record(screen)
    shown: list[Any] = []
    real = screen.map_view.draw

    def spy(target: pygame.Surface, scene: Any) -> None:
        shown.append((list(scene.effects), list(scene.floating)))
        real(target, scene)

    monkeypatch.setattr(screen.map_view, "draw", spy)
    hit = lambda: any(isinstance(e, ev.AttackRolled) and e.hit for events, _c in batches for e in events)  # noqa: E731
    assert watch(app, screen, hit, skip=False)
    made = next(c for e, c in batches if any(isinstance(x, ev.AttackRolled) and x.hit for x in e))
    assert any(isinstance(c, Flashed) for c in made)
    assert any(isinstance(c, Rose) and c.text.startswith("wound ") for c in made)
    assert screen.busy()  # the round is being shown...
    app.dirty = True
    app.step(0)
    assert shown[-1][0] or shown[-1][1]  # ...on the map, its first motions drawn


def test_with_the_animation_off_a_headless_match_is_never_held_back():
    app, screen = _open("off")
    batches = record(screen)
    assert watch(app, screen, lambda: screen.match.over or len(batches) > 12, skip=False)
    assert any(made for _e, made in batches)
    assert screen.anim.motions == [] and screen.anim.risings == [] and not screen.anim.walks
