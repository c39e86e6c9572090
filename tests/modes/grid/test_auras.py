"""Text 003: auras are "a translucent grey circle around their token": a radius of effect."""

from game.modes.grid.actions import RollInitiative
from game.modes.grid.events import ConditionApplied, Healed
from tests.modes.grid.scenario import Scenario, of_type


def test_aura_applies_its_condition_at_the_start_of_the_turn_of_an_enemy_within_its_radius():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    s.script(9, 9, 1)  # warrior acts first
    s.script(1, 9, 9, 9, 9)  # the poison Stench gives: 1 damage, Endurance 4 keeps it from being a wound
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


def test_standing_in_stench_hurts_at_the_start_of_the_same_turn():
    # "If the combatant is subject to any automatic healing or damage effects from Conditions or Auras,
    # apply them": the poison Stench gives counts in the step that gives it, so standing next to an
    # ooze can hurt (before, a rank-1 poison came too late to hurt and was always gone by the turn's end).
    from game.modes.grid.events import DamageTaken

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    s.script(9, 9, 1)  # warrior acts first
    s.script(6)  # the poison's damage rank 1
    s.script(9, 9, 9, 9)  # Endurance 4 (3 and Chain Mail's 1) keeps it from becoming a wound
    s.script(5, 5)  # warrior Speed, Perception
    events = s.act(RollInitiative())
    taken = of_type(events, DamageTaken)
    assert [(t.target, t.amount) for t in taken] == [("warrior", 6)]
    assert s.health("warrior").damage == 6


def test_a_match_of_the_fifth_save_format_lets_stench_act_after_the_conditions_as_it_was_played():
    from game.modes.grid.events import DamageTaken
    from game.modes.grid.spec import LEGACY_GRID_RULES

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    s.state.legacy_rules = True  # as the option LEGACY_GRID_RULES sets it
    assert LEGACY_GRID_RULES
    s.script(9, 9, 1, 5, 5)
    events = s.act(RollInitiative())
    assert of_type(events, ConditionApplied) and not of_type(events, DamageTaken)


def test_a_built_in_aura_pauses_while_its_bearer_is_unconscious_and_comes_back_when_it_wakes():
    # Ruling grid-aura-bearer: the ooze's Stench is its own, not something it keeps up; knocked out, it
    # gives none; healed awake, it has it again.
    from game.modes.grid.wounds import add_wound, heal

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    ooze = s.ent("ooze")
    s.health("ooze").wounds = 1
    while s.health("ooze").state != "unconscious":
        add_wound(s.state, ooze)
    assert s.mode.view("heroes").combatant("ooze").auras == ()
    heal(s.state, ooze, 1, "test")
    assert s.health("ooze").state == "prone"
    assert s.mode.view("heroes").combatant("ooze").auras == (("stench", 1),)
    s.script(9, 9, 1)  # warrior acts first
    s.script(1, 9, 9, 9, 9)  # Stench's poison: 1 damage, no wound
    s.script(5, 5)
    events = s.act(RollInitiative())
    assert [(a.cid, a.source) for a in of_type(events, ConditionApplied)] == [("warrior", "Stench")]


def test_an_unconscious_bearers_built_in_aura_does_nothing():
    from game.modes.grid.wounds import add_wound

    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"ooze": (4, 3)})
    ooze = s.ent("ooze")
    while s.health("ooze").state != "unconscious":
        add_wound(s.state, ooze)
    s.script(9, 9, 1, 5, 5)
    events = s.act(RollInitiative())
    assert not of_type(events, ConditionApplied)
