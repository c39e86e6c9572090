"""The grid's log gives a line for every act of a combatant the seat saw as it began, naming no score or square."""

from game.modes.grid.actions import Hide, Move, Scan
from game.modes.grid.content import load_content
from game.ui.modes.grid.log import grid_context, log_lines
from tests.modes.grid.scenario import Scenario

DOORWAY = """
###########
#...#.....#
#.........#
#...#.....#
###########
"""


def _heroes_read(s: Scenario, events) -> list[str]:
    """The heroes' log lines for the events, written with what they know after them (as the screen writes them)."""
    view = s.mode.view("heroes")
    names = {who.cid: who.name for _, who in s.state.roster}
    ctx = grid_context(load_content(), names, frozenset(c.cid for c in view.combatants if c.controlled),
                       frozenset(c.cid for c in view.combatants))
    return [line.text for line in log_lines(s.mode.log_events("heroes", events), ctx)]


def test_a_monster_that_hides_in_plain_sight_and_vanishes_has_its_line():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"orc_brute": (3, 1)})
    s.begin_turn("orc_brute", movement=10)
    s.scores("warrior").senses = 0
    s.script(*[8] * 10)
    assert _heroes_read(s, s.act(Hide())) == ["Orc Brute hides: out of sight now."]


def test_a_monster_that_tries_to_hide_but_is_still_seen_has_its_line():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    s.scores("warrior").senses = 30
    s.script(*[8] * 10)
    assert _heroes_read(s, s.act(Hide())) == ["Kobold tries to hide."]


def test_a_monster_that_scans_has_its_line_without_its_senses():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 1)})
    s.begin_turn("kobold", movement=10)
    s.script(*[8] * 10)
    assert _heroes_read(s, s.act(Scan())) == ["Kobold scans the surroundings."]


def test_a_monster_that_advances_out_of_sight_has_its_line_without_where_it_went():
    s = Scenario(DOORWAY, heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 2)})
    s.begin_turn("kobold", movement=10)
    assert _heroes_read(s, s.act(Move((7, 1)))) == ["Kobold moves out of sight."]
    # Within sight a move is written as before.
    s = Scenario(DOORWAY, heroes={"warrior": (1, 1)}, monsters={"kobold": (3, 2)})
    s.begin_turn("kobold", movement=10)
    assert _heroes_read(s, s.act(Move((3, 3)))) == ["Kobold moves 1 square."]
