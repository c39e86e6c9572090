"""Breaking a flimsy wall: a Brawn test in step 5, and the rubble-strewn hole a new arena of the rubble kind."""

from __future__ import annotations

from fractions import Fraction

from game.maps.arena_marks import FlimsyWall
from game.modes.arenas.choices import options
from game.modes.arenas.events import AttributeTested, Held, Moved, StepBegan, WallBroken
from game.modes.arenas.plans import Plan
from game.modes.arenas.walls import break_chance, rubble_kind
from tests.modes.arenas.scenario import ALLEY, GATE, YARD, Scene

FENCE = "Old Fence"
# The yard's wall between the Sand Yard and the Back Alley, which do not touch.
FENCE_SQUARES = frozenset({(12, 6), (12, 7), (12, 8)})


def fenced(rubble: str = "") -> Scene:
    scene = Scene()
    scene.st.flimsy[FENCE] = FlimsyWall(FENCE, FENCE_SQUARES, rubble)
    return scene


def test_a_character_beside_a_flimsy_wall_may_try_to_break_it_and_one_elsewhere_may_not():
    scene = fenced()
    fighter = scene.add("fighter", YARD)
    duelist = scene.add("duelist", GATE)
    scene.add("goblin_pack", ALLEY)
    assert Plan("break", arena=FENCE) in options(scene.st, fighter)
    assert not any(p.act == "break" for p in options(scene.st, duelist))


def test_breaking_is_a_brawn_test_in_step_5_and_the_hole_is_an_arena_beside_what_it_touches():
    scene = fenced("tight")
    fighter = scene.add("fighter", YARD)  # Brawn 3
    scene.add("goblin_pack", ALLEY)
    assert scene.st.arenas.distance(YARD, ALLEY) != 2
    scene.plan("fighter", Plan("break", arena=FENCE))
    scene.script(4)  # 4 + 3 = 7 beats 6
    events = scene.play()
    assert [e.step for e in scene.of(events, StepBegan)] == [5]
    test = scene.of(events, AttributeTested)[0]
    assert (test.cid, test.attribute, test.die, test.value, test.against, test.success) == \
        ("fighter", "brawn", 4, 3, 6, True)
    broken = scene.of(events, WallBroken)[0]
    assert (broken.wall, broken.kind, broken.told_by, broken.beside) == (FENCE, "tight", "the map", (YARD, ALLEY))
    st = scene.st
    assert FENCE not in st.flimsy and st.kind(FENCE) == "tight" and set(st.arenas.squares_of(FENCE)) == FENCE_SQUARES
    assert st.arenas.adjacent(FENCE, YARD) and st.arenas.adjacent(FENCE, ALLEY) and st.arenas.distance(YARD, ALLEY) == 2
    # Characters move through it: next round the fighter steps into the hole.
    st.plans.clear()
    st.round = 2
    scene.plan("fighter", Plan("move", arena=FENCE))
    assert scene.of(scene.play(), Moved)[0].to == FENCE and fighter.arena == FENCE


def test_a_failed_brawn_test_leaves_the_wall_standing():
    scene = fenced("dense")
    scene.add("fighter", YARD)
    scene.add("goblin_pack", ALLEY)
    scene.plan("fighter", Plan("break", arena=FENCE))
    scene.script(3)  # 3 + 3 = 6 does not beat 6
    events = scene.play()
    assert not scene.of(events, AttributeTested)[0].success and not scene.of(events, WallBroken)
    assert FENCE in scene.st.flimsy and FENCE not in scene.st.arenas.names


def test_the_chance_to_break_a_wall_is_the_brawn_tests():
    scene = fenced()
    assert break_chance(scene.st, scene.add("fighter", YARD)) == Fraction(7, 10)  # 4 to 10 on the d10
    assert break_chance(scene.st, scene.add("duelist", YARD)) == Fraction(5, 10)  # Brawn 1: 6 to 10


def test_without_a_rubble_kind_the_game_master_chooses_the_one_favouring_the_monsters_most():
    scene = fenced()
    scene.add("duelist", YARD)  # a light weapon: tight favours it
    scene.add("orc_brute", ALLEY)  # very heavy weapons: dense favours them
    scene.add("ogre", ALLEY)
    assert rubble_kind(scene.st, scene.st.flimsy[FENCE]) == ("dense", "the game master")
    scene = fenced()
    scene.add("fighter", YARD)  # a medium weapon
    scene.add("cultist", ALLEY)  # a dagger: light
    assert rubble_kind(scene.st, scene.st.flimsy[FENCE]) == ("tight", "the game master")
    scene = fenced()
    scene.add("fighter", YARD)
    scene.add("wolf", ALLEY)  # nobody favoured anywhere: the text's order, dense first
    assert rubble_kind(scene.st, scene.st.flimsy[FENCE]) == ("dense", "the game master")
    assert rubble_kind(fenced("hazardous").st, FlimsyWall(FENCE, FENCE_SQUARES, "hazardous")) == \
        ("hazardous", "the map")


def test_an_impeded_character_cannot_break_a_wall():
    scene = fenced("tight")
    scene.add("fighter", YARD)
    scene.add("cultist", YARD)
    scene.plan("cultist", Plan("impede", "fighter"))
    scene.plan("fighter", Plan("break", arena=FENCE))
    scene.script(9, 1)  # the cultist wins the contest
    events = scene.play()
    held = scene.of(events, Held)
    assert held and held[0].act == "break" and "impeded" in held[0].why and FENCE in scene.st.flimsy


def test_a_wall_broken_earlier_in_the_step_is_not_broken_again():
    scene = fenced("tight")
    scene.add("fighter", YARD)
    scene.add("halberdier", YARD)
    scene.add("goblin_pack", ALLEY)
    scene.plan("fighter", Plan("break", arena=FENCE))
    scene.plan("halberdier", Plan("break", arena=FENCE))
    scene.script(9)
    events = scene.play()
    assert len(scene.of(events, WallBroken)) == 1 and len(scene.of(events, AttributeTested)) == 1
    assert scene.of(events, Held)[0].why == f"{FENCE} is no flimsy wall standing"
