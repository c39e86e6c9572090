"""Text 003: "At the beginning of each round, you'll be asked to Roll Initiative"."""

from game.modes.grid.actions import EndTurn, Move, RollInitiative
from game.modes.grid.events import InitiativeRolled, TurnStarted
from tests.modes.grid.scenario import Scenario, of_type


def test_round_begins_with_roll_initiative_and_nothing_else():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    assert s.check(Move((2, 2))) == "the round begins with Roll Initiative"
    assert s.check(EndTurn()) == "the round begins with Roll Initiative"
    assert s.check(RollInitiative()) is None


def test_initiative_orders_combatants_by_reactions_roll_highest_first():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5)})
    # warrior Reactions 2 rolls 3, 4 -> 4; skeleton Reactions 1 rolls 9 -> 9.
    s.script(3, 4, 9)
    # the skeleton's turn then starts: Speed 2 (5, 6), Perception 1 (2).
    s.script(5, 6, 2)
    events = s.act(RollInitiative())
    rolled = of_type(events, InitiativeRolled)[0]
    assert rolled.order == ("skeleton", "warrior")
    assert dict(rolled.rolls)["warrior"].result == 4
    assert of_type(events, TurnStarted)[0].cid == "skeleton"


def test_initiative_tie_goes_to_higher_reactions_rank_then_to_heroes():
    s = Scenario(heroes={"mage": (1, 1), "warrior": (2, 1)}, monsters={"wolf": (7, 5)})
    # mage Reactions 1: 6; warrior Reactions 2: 6, 2; wolf Reactions 2: 6, 1.
    s.script(6, 6, 2, 6, 1)
    s.script(1, 1, 1, 1)  # warrior's start of turn: Speed 2, Perception 1 (and spare)
    events = s.act(RollInitiative())
    # warrior and wolf tie on result and rank: heroes first; the mage has the lower rank.
    assert of_type(events, InitiativeRolled)[0].order == ("warrior", "wolf", "mage")


def test_dead_combatants_roll_no_initiative():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (7, 5), "wolf": (6, 5)})
    s.health("wolf").state = "dead"
    s.script(5, 5, 5)  # warrior two dice, skeleton one die
    s.script(1, 1, 1)
    events = s.act(RollInitiative())
    assert "wolf" not in of_type(events, InitiativeRolled)[0].order
