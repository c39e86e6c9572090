"""Taking back a move in the stances mode: a dash can be taken back, nothing else can."""

import game.modes  # noqa: F401  (registers the modes)
from game.core.battlefield import Battlefield
from game.core.match import Match
from game.core.mode import MatchSetup
from game.core.seats import default_seats
from game.modes.stances.actions import Dash, Help

BOXED_IN = """
#########
#H......#
#H....###
#.....#M#
#########
"""


def test_a_dash_can_be_taken_back_but_help_cannot():
    setup = MatchSetup("stances", default_seats(), {"battlefield": Battlefield.from_ascii(BOXED_IN, "boxed"),
                                                    "heroes": ["warrior", "priest"], "monsters": ["undead_orc"]})
    match = Match(setup, 1)
    match.apply(Dash("warrior", (3, 1)))
    assert match.pending_seat() == "heroes"  # the boxed-in orc has nothing to do, so priority comes back
    assert match.undo_reason() is None
    match.undo()
    assert match.view("heroes").fighter("warrior").square == (1, 1)
    match.apply(Help("priest", "warrior"))
    assert match.undo_reason() == "Help cannot be taken back: only a dash can"
    match.mode.close()
