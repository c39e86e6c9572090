"""The tactical policy costs moves exactly as the rules charge them, from its view alone."""

from __future__ import annotations

import random

from game.modes.grid import movement
from game.modes.grid.ai.routes import Mover
from tests.modes.grid.scenario import Scenario

ROOM = """
############
#....,,....#
#..#.,,.#..#
#..#....#..#
#.....,....#
#..........#
############
"""


def test_reach_from_the_view_is_the_rules_reach_with_the_four_for_leaving_opponents_and_doubling():
    rng = random.Random(4)
    for _ in range(40):
        squares = rng.sample([(x, y) for x in range(1, 11) for y in range(1, 6) if (x, y) not in
                              ((3, 2), (3, 3), (8, 2), (8, 3))], 4)
        s = Scenario(ROOM, heroes={"warrior": squares[0], "ranger": squares[1]},
                     monsters={"kobold": squares[2], "wolf": squares[3]})
        mover = rng.choice(["warrior", "kobold"])
        s.begin_turn(mover, movement=rng.randint(0, 14), hidden=rng.choice((0, 0, 3)))
        if rng.random() < 0.3:
            s.health(mover).state = "prone"
        seat = "heroes" if mover == "warrior" else "monsters"
        view = s.mode.view(seat)
        me = view.combatant(mover)
        assert me is not None and me.square is not None and me.movement is not None
        costs = Mover(view, me).reach(me.square, me.movement)
        assert costs == movement.reach_of(s.state, s.ent(mover)).costs


def test_an_enemy_hidden_from_the_mover_though_an_ally_sees_it_costs_the_mover_nothing_extra():
    rng = random.Random(9)
    for _ in range(30):
        squares = rng.sample([(x, y) for x in range(1, 11) for y in range(1, 6) if (x, y) not in
                              ((3, 2), (3, 3), (8, 2), (8, 3))], 3)
        s = Scenario(ROOM, heroes={"warrior": squares[0], "ranger": squares[1]}, monsters={"wolf": squares[2]})
        s.scores("ranger").senses = 9
        s.begin_turn("warrior", movement=rng.randint(4, 14), senses=2)
        s.scores("wolf").hidden = 6
        view = s.mode.view("heroes")
        me = view.combatant("warrior")
        assert me is not None and me.square is not None and me.movement is not None
        costs = Mover(view, me).reach(me.square, me.movement)
        assert costs == movement.reach_of(s.state, s.ent("warrior")).costs


SQUEEZE = """
#######
#.#...#
##....#
#.....#
#######
"""


def test_the_computer_squeezes_between_two_walls_as_the_rules_allow_and_not_in_matches_that_did_not():
    # Ruling grid-diagonal-squeeze; matches of the seventh save format and older had no such step.
    from game.modes.grid.ai.routes import route
    from game.modes.grid.viewpaths import paths_for_view

    for legacy in (False, True):
        s = Scenario(SQUEEZE, heroes={"warrior": (5, 3)}, monsters={"kobold": (1, 1)})
        s.state.legacy_corners = legacy
        s.begin_turn("kobold", movement=6)
        view = s.mode.view("monsters")
        me = view.combatant("kobold")
        assert me is not None and me.square is not None and me.movement is not None
        costs = Mover(view, me).reach(me.square, me.movement)
        assert costs == movement.reach_of(s.state, s.ent("kobold")).costs
        assert costs == paths_for_view(view, "kobold").costs  # what the screen previews
        assert ((2, 2) in costs) is not legacy
        assert (route(view, (1, 1), (4, 3), set()) is None) is legacy
