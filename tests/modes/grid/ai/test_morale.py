"""A side the computer plays that can no longer win breaks and retreats, or makes a last stand: it never hides."""

from __future__ import annotations

from game.modes.grid.actions import Hide, Retreat
from game.modes.grid.ai import TacticalPlayer
from game.modes.grid.ai.morale import breaks, losing
from game.modes.grid.events import EncounterEnded
from tests.modes.grid.ai.test_tactical import RIVER
from tests.modes.grid.ai.turns import play_turn
from tests.modes.grid.scenario import Scenario


def across_the_river(kind: str, fallen: bool) -> Scenario:
    """Three monsters of a kind across the river from a ranger and a warrior; two of them down if ``fallen``."""
    s = Scenario(RIVER, heroes={"ranger": (3, 2), "warrior": (2, 1)},
                 monsters={f"{kind}#1": (9, 2), f"{kind}#2": (12, 1), f"{kind}#3": (12, 3)})
    if fallen:
        s.health(f"{kind}#2").state = "unconscious"
        s.health(f"{kind}#3").state = "dead"
    s.begin_turn(f"{kind}#1", movement=7)
    return s


def test_a_side_that_lost_most_of_its_number_and_is_outnumbered_is_losing():
    s = across_the_river("kobold", fallen=True)
    view = s.mode.view("monsters")
    assert losing(view, "monsters") and breaks(view, "monsters")
    assert not losing(s.mode.view("heroes"), "heroes")
    whole = across_the_river("kobold", fallen=False).mode.view("monsters")
    assert not losing(whole, "monsters")


def test_a_monster_side_that_can_no_longer_win_retreats_rather_than_hide():
    assert play_turn(across_the_river("kobold", fallen=False), TacticalPlayer(5, "hard")).of(Hide)
    for level in ("easy", "normal", "hard"):
        turn = play_turn(across_the_river("kobold", fallen=True), TacticalPlayer(5, level))
        assert turn.actions == [Retreat("monsters")]
        assert turn.events_of(EncounterEnded)[0].winner == "heroes"


def test_undead_that_can_no_longer_win_make_a_last_stand_and_no_longer_hide():
    whole = play_turn(across_the_river("ghoul", fallen=False), TacticalPlayer(5, "hard"))
    assert whole.of(Hide)  # out of reach of everyone while the ranger can shoot it: it hides
    turn = play_turn(across_the_river("ghoul", fallen=True), TacticalPlayer(5, "hard"))
    assert not turn.of(Hide) and not turn.of(Retreat)  # the Undead fight to the end, in the open
