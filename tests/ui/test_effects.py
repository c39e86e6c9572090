"""Motion in a fight: a lunge, a shot, a burst, a flash, a fall and a fade, numbers that stay readable and never
cover each other, all paced by the animation speed and skipped by a click or a key."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.modes.grid.preview import attack_preview
from game.ui.animation import FLOAT_MS_PER_STEP, READ_MS, Animator, Rose, Walked
from game.ui.effects import Burst, Faded, Fell, Flashed, Lunged, Shot
from game.ui.mapscene import Floating, MapScene
from game.ui.tokens import TokenLook
from tests.ui.helpers import SteadyDice, click, make_app, open_encounter, press

RED = (255, 0, 0)


@pytest.fixture
def clock(monkeypatch) -> list[int]:
    """The screen's clock, moved only by the test."""
    ticks = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: ticks[0])
    return ticks


def test_a_lunge_moves_the_attacker_toward_its_target_and_back():
    anim = Animator(100)
    anim.add([Lunged("w", (1, 1), (2, 1))], 0)
    assert anim.position("w", 0) == (1, 1)
    x, y = anim.position("w", 120) or (0, 0)  # the blow lands at 1.2 steps
    assert 1.3 < x < 1.4 and y == 1
    assert anim.position("w", 299) is not None and anim.position("w", 300) is None
    assert not anim.busy(300)


def test_what_a_blow_does_shows_as_it_lands_not_before():
    anim = Animator(100)
    anim.add([Lunged("w", (1, 1), (2, 1)), Flashed((2, 1)), Rose((2, 1), "\u22127", RED)], 0)
    assert anim.effects(50)[0].cue == Lunged("w", (1, 1), (2, 1)) and len(anim.effects(50)) == 1
    assert anim.floating(100) == []
    assert [m.cue for m in anim.effects(120)] == [Lunged("w", (1, 1), (2, 1)), Flashed((2, 1))]
    assert [f.text for f in anim.floating(120)] == ["\u22127"]


def test_a_number_stays_about_a_second_at_the_normal_speed():
    anim = Animator(140)  # the normal speed
    anim.add([Rose((2, 1), "\u22127", RED)], 0)
    assert anim.floating(900) and not anim.floating(140 * FLOAT_MS_PER_STEP)
    assert 900 <= 140 * FLOAT_MS_PER_STEP <= 1200


def test_a_number_stays_to_be_read_at_the_fastest_speed_and_pace_without_holding_the_game_longer():
    for step, pace in ((70, 1.0), (70, 0.5)):  # fast; fast with no enemy in sight
        anim = Animator(step)
        anim.add([Rose((2, 1), "\u22127", RED), Rose((2, 1), "wound!", RED, 1)], 0, pace)
        shown = anim.floating(850)
        assert [f.text for f in shown] == ["\u22127", "wound!"] and [f.lane for f in shown] == [0, 1]
        # Only its rise holds the next action back, as fast as the speed asks.
        assert not anim.busy(round(step * pace) * (FLOAT_MS_PER_STEP + 1))


def test_texts_over_one_square_at_once_stack_in_lanes():
    anim = Animator(100)
    anim.add([Rose((2, 1), "\u22127", RED), Rose((2, 1), "wound!", RED, 1), Rose((5, 5), "miss", RED)], 0)
    shown = {f.text: f.lane for f in anim.floating(200)}
    assert shown == {"\u22127": 0, "wound!": 1, "miss": 0}
    # Once the first two are gone, their lanes are free again.
    anim.add([Rose((2, 1), "+2", RED)], 1100)
    assert {f.text: f.lane for f in anim.floating(1100)}["+2"] == 0


class Recorder(pygame.Surface):
    """A surface that notes where each blit went."""

    rects: list[pygame.Rect]

    def blit(self, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = super().blit(*args, **kwargs)
        self.rects.append(rect)
        return rect


def test_floating_texts_drawn_over_neighbours_do_not_overlap():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (3, 2), "kobold": (4, 2)})
    target = Recorder(app.surface.get_size())
    target.rects = []
    scene = MapScene(floating=[Floating((3, 2), "wound!", RED, 0.5), Floating((4, 2), "wound!", RED, 0.5)])
    screen.map_view._draw_floating(target, scene)
    texts = target.rects[4::5]  # each text is blitted after its dark rim's four
    assert len(texts) == 2 and not texts[0].colliderect(texts[1])


def test_a_shot_flies_and_a_burst_swells_paced_by_the_speed():
    slow, fast = Animator(200), Animator(100)
    for anim in (slow, fast):
        anim.add([Shot((1, 1), (7, 1)), Burst((7, 1), 1)], 0)
    assert fast.busy(0) and not fast.busy(700)
    assert slow.busy(700)
    assert [type(m.cue) for m in fast.effects(300)] == [Burst]


def test_nothing_moves_with_the_animation_off():
    anim = Animator(0)
    anim.add([Walked("w", ((1, 1), (2, 1))), Lunged("w", (2, 1), (3, 1)), Rose((3, 1), "miss", RED)], 0)
    assert not anim.busy(0) and anim.effects(0) == [] and anim.floating(0) == []


def test_a_quicker_pace_halves_every_duration():
    anim = Animator(100)
    anim.add([Walked("w", ((1, 1), (2, 1), (3, 1)))], 0, pace=0.5)
    assert not anim.busy(100)


def test_a_fall_and_a_fade_are_drawn_and_end():
    app = make_app()
    screen = open_encounter(app)
    anim = Animator(100)
    look = TokenLook("monster", (0, 0, 0), "K")
    anim.add([Fell("k", (2, 2)), Faded((3, 2), look)], 0)
    assert anim.position("k", 50) is not None
    for motion in anim.effects(100):
        motion.draw(app.surface, screen.map_view, 100)  # drawn without error on the map
    assert not anim.busy(600)


def _hit(screen, dice: SteadyDice) -> None:  # noqa: ANN001
    view = screen.view
    preview = attack_preview(screen.content, view.combatant("warrior"), view.combatant("kobold"), "strike",
                             "longsword")
    dice.push([9] * max(1, preview.attack_rank) + [1] * max(1, preview.defence_rank))
    screen.act(next(a for a in screen.legal if getattr(a, "action", None) == "strike"))


def test_after_a_blow_the_attacker_lunges_the_number_rises_and_both_end(clock, monkeypatch):
    app = make_app(animation="normal")
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    press(app, pygame.K_SPACE)
    _hit(screen, dice)
    assert screen.busy()
    clock[0] += 200  # the blow has landed
    assert any(isinstance(m.cue, Lunged) and m.cue.cid == "warrior" for m in screen.anim.effects(clock[0]))
    x, _ = screen.anim.position("warrior", clock[0]) or (0, 0)
    assert 1 < x < 2  # on its way toward the kobold
    texts = [f.text for f in screen.anim.floating(clock[0])]
    assert any(t.startswith("\u2212") for t in texts)
    drawn = []
    real = screen.map_view.draw
    monkeypatch.setattr(screen.map_view, "draw", lambda target, scene: drawn.append(scene) or real(target, scene))
    app.dirty = True
    app.step(0)
    assert drawn and drawn[-1].effects and drawn[-1].floating  # the frame draws the blow and the number
    for _ in range(400):
        if not screen.busy():
            break
        clock[0] += 20
        app.step(0)
    assert not screen.busy() and screen.anim.effects(clock[0]) == []


def test_a_key_skips_the_animation_and_does_nothing_else(clock):
    app = make_app(animation="slow")
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    press(app, pygame.K_SPACE)
    _hit(screen, dice)
    actions = len(screen.match.actions)
    assert screen.busy()
    press(app, pygame.K_SPACE)  # would end the turn, were nothing moving
    assert not screen.busy() and len(screen.match.actions) == actions


def test_a_click_skips_the_animation(clock):
    app = make_app(animation="slow")
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    press(app, pygame.K_SPACE)
    click(app, screen.map_view.square_centre((4, 2)))
    assert screen.busy()
    click(app, screen.map_view.square_centre((4, 4)))
    assert not screen.busy() and screen.view.combatant("warrior").square == (4, 2)  # skipped, not walked again


def test_with_no_enemy_in_sight_a_walk_is_quicker(clock):
    art = """
###########
#....#....#
#H...#....#
#....#....#
###########
"""
    app = make_app(animation="normal")
    screen = open_encounter(app, art=art, places={"warrior": (1, 2), "kobold": (8, 2)})
    press(app, pygame.K_SPACE)
    assert all(c.controlled for c in screen.view.combatants)  # the kobold is behind the wall
    click(app, screen.map_view.square_centre((3, 2)))
    assert screen.busy()
    clock[0] += 141  # two squares at the normal 140 ms each would take 280
    assert not screen.busy()


def test_a_number_holds_the_next_action_back_only_while_it_rises():
    anim = Animator(100)
    anim.add([Rose((2, 1), "\u22127", RED)], 0)
    assert anim.busy(200) and not anim.busy(300)  # 40 % of its 700 ms at this speed
    assert anim.showing(600) and not anim.showing(READ_MS)  # still drawn, over whatever comes next
    anim.add([Rose((2, 1), "wound!", RED)], 300)
    assert {f.text: f.lane for f in anim.floating(400)} == {"\u22127": 0, "wound!": 1}
