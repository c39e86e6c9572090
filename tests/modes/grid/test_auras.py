"""Text 003: auras are "a translucent grey circle around their token": a radius of effect."""

from game.modes.grid.actions import RollInitiative
from game.modes.grid.events import ConditionApplied, Healed
from tests.modes.grid.scenario import Scenario, of_type


def test_aura_applies_its_condition_at_the_start_of_the_turn_of_an_enemy_within_its_radius():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    s.script(9, 9, 1)  # warrior acts first
    s.script(5, 5)  # warrior Speed, Perception
    events = s.act(RollInitiative())
    applied = of_type(events, ConditionApplied)[0]
    assert (applied.cid, applied.condition, applied.source) == ("warrior", "poisoned", "Stench")


def test_aura_does_nothing_beyond_its_radius():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"ooze": (4, 3)})
    s.script(9, 9, 1, 5, 5)
    events = s.act(RollInitiative())
    assert not of_type(events, ConditionApplied)


def test_allies_aura_heals_its_bearer_and_allies_in_radius():
    from game.modes.grid.attacks import raise_aura

    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    raise_aura(s.state, s.ent("cleric"), "sanctuary")
    s.health("warrior").wounds = 1
    s.script(9, 9, 1, 1, 1, 5, 5)  # warrior first; then its Speed and Perception
    events = s.act(RollInitiative())
    assert of_type(events, Healed)[0].cid == "warrior"


def test_healing_aura_on_a_combatant_without_wounds_reports_nothing():
    from game.modes.grid.attacks import raise_aura

    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    raise_aura(s.state, s.ent("cleric"), "sanctuary")
    s.script(9, 9, 1, 1, 1, 5, 5)  # warrior first; then its Speed and Perception
    events = s.act(RollInitiative())
    # "apply them": healing no wound changes nothing, so there is nothing to tell.
    assert not of_type(events, Healed)


def test_aura_of_an_unconscious_bearer_ends():
    from game.modes.grid.attacks import raise_aura
    from game.modes.grid.events import AuraEnded
    from game.modes.grid.wounds import add_wound

    s = Scenario(heroes={"cleric": (1, 1)}, monsters={"wolf": (7, 5)})
    raise_aura(s.state, s.ent("cleric"), "sanctuary")
    s.health("cleric").wounds = 2
    events = add_wound(s.state, s.ent("cleric"))
    assert of_type(events, AuraEnded)
    assert s.mode.view("heroes").combatant("cleric").auras == ()
