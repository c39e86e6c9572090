"""Text 003: retreat ends the encounter; so does a side with nobody left able to fight."""

from game.modes.grid.actions import Retreat, UseAction
from game.modes.grid.events import EncounterEnded
from tests.modes.grid.scenario import Scenario, of_type


def test_retreat_ends_the_encounter_for_the_side_that_retreats():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    events = s.act(Retreat("heroes"))
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner == "monsters" and ended.reason == "the heroes retreated"
    assert s.mode.pending_seat() is None


def test_a_seat_cannot_retreat_a_side_it_does_not_command():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    assert s.check(Retreat("monsters")) == "heroes does not command the monsters"


def test_encounter_ends_when_the_last_enemy_able_to_fight_falls():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"kobold": (4, 3)})
    s.begin_turn("warrior")
    s.script(9, 1, 1, 1, 1, 1)  # hit: Weapon 3 (9, 1, 1) against Speed 3 (1, 1, 1)
    s.script(1, 1)  # longsword damage rank 2: 1 + 1, and a Drone dies at once
    events = s.act(UseAction("strike", "kobold"))
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner == "heroes"
    assert s.mode.outcome().winner == "heroes"


def test_unconscious_combatants_are_not_able_to_fight():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"orc_brute": (4, 3)})
    s.health("orc_brute").wounds = 2
    s.begin_turn("warrior")
    s.script(9, 1, 1, 1, 1)  # hit: Weapon 3 (9, 1, 1) against Speed 2 (1, 1)
    s.script(9, 9, 1, 1, 1)  # damage rank 2: 9 + 1 - 1 = 9; Endurance 3: 1 -> wound -> Unconscious
    events = s.act(UseAction("strike", "orc_brute"))
    assert of_type(events, EncounterEnded)[0].winner == "heroes"
