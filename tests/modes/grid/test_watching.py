"""Every act of a combatant a seat sees as the act begins gives that seat a line, and tells it no more than it saw."""

import json

from game.core.pools import DieRoll, PoolRoll
from game.modes.grid.actions import Hide, Move, Scan, UseAction
from game.modes.grid.events import UNSEEN, ActionUsed, Hid, Moved, MoveStopped, Scanned, SeenActing
from tests.modes.grid.scenario import Scenario, of_type

# A wall down the middle with a doorway in its middle row: the warrior's side sees little of the other.
DOORWAY = """
###########
#...#.....#
#.........#
#...#.....#
###########
"""


def test_a_seen_monster_that_hides_out_of_sight_leaves_a_line_without_its_score():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    s.scores("warrior").senses = 0
    s.script(*[7] * 10)
    events = s.act(Hide())
    assert of_type(events, Hid)[0].hidden > 0
    assert s.mode.events_for("heroes", events) == []  # the hide itself is the kobold's private score
    assert "kobold" not in {c.cid for c in s.mode.view("heroes").combatants}
    told = s.mode.log_events("heroes", events)
    assert told == [SeenActing("heroes", "kobold", "hide", True)]
    assert of_type(s.mode.log_events("monsters", events), Hid)  # its own seat reads the roll


def test_a_seen_monster_whose_hide_does_not_beat_the_heroes_senses_is_seen_trying():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    s.scores("warrior").senses = 30
    s.script(*[7] * 10)
    assert s.mode.log_events("heroes", s.act(Hide())) == [SeenActing("heroes", "kobold", "hide", False)]


def test_a_seen_monster_that_scans_leaves_a_line_without_its_senses():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    s.script(*[7] * 10)
    events = s.act(Scan())
    assert of_type(events, Scanned)
    assert s.mode.log_events("heroes", events) == [SeenActing("heroes", "kobold", "scan", False)]


def test_a_seen_monster_that_moves_out_of_sight_leaves_a_line_but_not_where_it_went():
    s = Scenario(DOORWAY, heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 2)})
    s.begin_turn("kobold", movement=10)
    assert (7, 1) not in s.state.sight.visible_from((1, 1)) and (3, 2) in s.state.sight.visible_from((1, 1))
    events = s.act(Move((7, 1)))
    assert of_type(events, Moved)[0].path[-1] == (7, 1)
    told = s.mode.log_events("heroes", events)
    assert told == [SeenActing("heroes", "kobold", "move", True)]
    assert "7" not in json.dumps([e.to_dict() for e in told])  # no square of its path


def test_a_move_out_of_sight_that_an_unseen_combatant_stops_says_nothing_of_the_stop():
    # The ranger lies Unconscious out of the warrior's sight, its Hidden beating the kobold's Senses: the kobold
    # walks into it unknowing. The heroes saw the kobold leave, and learn nothing of where or why it stopped.
    s = Scenario(DOORWAY, heroes={"warrior": (1, 1), "ranger": (7, 1)}, monsters={"kobold": (3, 2)})
    s.health("ranger").state = "unconscious"
    s.scores("ranger").hidden = 30
    s.begin_turn("kobold", movement=10)
    events = s.act(Move((7, 1)))
    assert of_type(events, MoveStopped) and of_type(events, Moved)
    assert s.mode.log_events("heroes", events) == [SeenActing("heroes", "kobold", "move", True)]


def test_a_monster_the_seat_never_saw_leaves_no_line_when_it_moves_or_hides():
    s = Scenario(DOORWAY, heroes={"warrior": (1, 1)}, monsters={"kobold": (7, 1)})
    s.begin_turn("kobold", movement=10)
    assert s.mode.log_events("heroes", s.act(Move((8, 1)))) == []
    s.script(*[7] * 10)
    assert s.mode.log_events("heroes", s.act(Hide())) == []


def test_a_seen_monster_healing_an_ally_out_of_sight_is_seen_using_its_card_on_someone_unseen():
    s = Scenario(DOORWAY, heroes={"warrior": (1, 2)}, monsters={"cultist": (4, 2), "kobold": (6, 1)})
    assert (4, 2) in s.state.sight.visible_from((1, 2)) and (6, 1) not in s.state.sight.visible_from((1, 2))
    s.health("kobold").wounds = 1
    s.begin_turn("cultist", movement=10)
    events = s.act(UseAction("mend", target="kobold"))
    assert of_type(events, ActionUsed)
    assert s.mode.events_for("heroes", events) == []
    told = s.mode.log_events("heroes", events)
    assert told == [ActionUsed("cultist", "mend", UNSEEN, None, None)]


def test_the_log_of_any_other_act_is_the_seats_filtered_log():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    events = s.act(Move((4, 1)))
    assert s.mode.log_events("heroes", events) == s.mode.events_for("heroes", events) == events
    # Only the events the last act gave can add a line: an older hide of the kobold adds none.
    roll = PoolRoll("Stealth", 1, (DieRoll((5,)),), 5)
    assert s.mode.log_events("heroes", [Hid("kobold", roll, 5, 3)]) == []
