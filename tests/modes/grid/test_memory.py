"""What a seat remembers, worked out by the match: enemies as last seen, where it never looked, its turn so far."""

from __future__ import annotations

import esper

from game.core.components import Position
from game.modes.grid.actions import Move
from tests.modes.grid.scenario import Scenario

# A wall between the top rows' halves: from the top left corner nothing on the right is in sight.
ROOM = """
#######
#..#..#
#..#..#
#.....#
#######
"""


def _known(s: Scenario, seat: str = "heroes") -> set[str]:
    return {c.cid for c in s.mode.view(seat).combatants}


def test_an_enemy_out_of_sight_is_remembered_where_and_in_which_round_the_seat_last_saw_it():
    s = Scenario(ROOM, heroes={"warrior": (1, 3)}, monsters={"kobold": (5, 3)})
    s.begin_turn("warrior", movement=10)
    s.mode.note_seen()  # as after every action
    assert "kobold" in _known(s) and not s.mode.view("heroes").last_seen
    s.act(Move((1, 1)))
    view = s.mode.view("heroes")
    assert "kobold" not in _known(s)
    kobold, seen_in = view.last_seen["kobold"]
    assert (kobold.square, seen_in) == ((5, 3), s.state.round) and not view.gone
    # The turn so far is the mover's seat's to read, and nobody else's.
    assert view.this_turn == ((Move((1, 1)), (1, 1)),)
    assert s.mode.view("monsters").this_turn == ()


def test_an_enemy_is_found_gone_once_its_square_is_seen_empty_more_than_a_round_later_and_remembered_when_seen():
    s = Scenario(ROOM, heroes={"warrior": (1, 3)}, monsters={"kobold": (5, 3)})
    s.begin_turn("warrior", movement=20)
    s.mode.note_seen()
    s.act(Move((1, 1)))
    esper.component_for_entity(s.ent("kobold"), Position).square = (5, 1)  # it walked off, out of sight
    s.state.round += 1
    s.act(Move((1, 3)))
    assert "kobold" not in _known(s) and (5, 3) in s.mode.view("heroes").visible
    assert "kobold" not in s.mode.view("heroes").gone  # a round later it may still be near: not given up yet
    s.state.round += 1
    s.act(Move((1, 2)))
    s.act(Move((1, 3)))
    assert "kobold" in s.mode.view("heroes").gone
    esper.component_for_entity(s.ent("kobold"), Position).square = (5, 3)
    s.act(Move((2, 3)))
    assert "kobold" in _known(s) and "kobold" not in s.mode.view("heroes").gone


def test_a_seat_keeps_every_square_it_has_had_in_sight_and_no_other():
    s = Scenario(ROOM, heroes={"warrior": (1, 1)}, monsters={"kobold": (5, 1)})
    s.begin_turn("warrior", movement=10)
    s.mode.note_seen()
    first = s.mode.view("heroes").terrain_seen
    assert (1, 1) in first and (5, 1) not in first
    s.act(Move((1, 3)))
    later = s.mode.view("heroes").terrain_seen
    assert first < later and (5, 3) in later and (1, 1) in later
