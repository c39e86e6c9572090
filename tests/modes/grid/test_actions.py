"""Text 003, "Using An Action": one action per turn, attacks as [Skill] vs [Trait], Unreliable weapons."""

import dataclasses

import pytest

from game.modes.grid.actions import UseAction
from game.modes.grid.content import load_content
from game.modes.grid.events import AttackRolled, AuraRaised, ConditionApplied, DamageRolled, Healed, WeaponFailed
from tests.modes.grid.scenario import Scenario, of_type


def test_attack_hits_when_the_skill_roll_beats_the_trait_roll():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior")
    # warrior Weapon 3: 7, 2, 1 -> 7; wolf Speed 3: 6, 5, 1 -> 6; damage 2 (longsword rank 2): 1, 1 +1
    s.script(7, 2, 1, 6, 5, 1, 1, 1, 9, 9)
    events = s.act(UseAction("strike", "wolf"))
    attack = of_type(events, AttackRolled)[0]
    assert attack.hit and attack.attack.result == 7 and attack.defence.result == 6


def test_tie_on_attack_roll_misses():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior")
    s.script(7, 2, 1, 7, 5, 1)
    events = s.act(UseAction("strike", "wolf"))
    assert not of_type(events, AttackRolled)[0].hit
    assert not of_type(events, DamageRolled)


def test_only_one_action_per_turn():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior")
    s.script(1, 1, 1, 9, 1, 1)
    s.act(UseAction("strike", "wolf"))
    assert s.check(UseAction("brawl", "wolf")) == "already took an action this turn"


def test_unreliable_weapon_fails_on_10_or_over_and_the_attack_ends():
    s = Scenario(heroes={"rogue": (3, 3)}, monsters={"wolf": (5, 3)})
    s.gear("rogue").equipped[:] = ["blunderbuss", "leather_armour"]
    s.begin_turn("rogue")
    s.script(10, 1)  # Unreliable 1: 10, exploding to 11
    events = s.act(UseAction("shoot", "wolf"))
    failed = of_type(events, WeaponFailed)[0]
    assert failed.roll.result == 11
    assert not of_type(events, AttackRolled)
    assert s.dice.remaining == 0


def test_unreliable_weapon_below_10_goes_on_to_the_attack():
    s = Scenario(heroes={"rogue": (3, 3)}, monsters={"wolf": (5, 3)})
    s.gear("rogue").equipped[:] = ["blunderbuss", "leather_armour"]
    s.begin_turn("rogue")
    s.script(9, 1, 1, 9, 9, 9)  # works; Weapon 2: 1, 1; wolf Speed 3: 9, 9, 9
    events = s.act(UseAction("shoot", "wolf"))
    assert not of_type(events, WeaponFailed)
    assert not of_type(events, AttackRolled)[0].hit


def test_attack_out_of_range_is_refused():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (4, 3)})
    s.begin_turn("warrior")
    assert s.check(UseAction("strike", "wolf")) == "out of range (1)"


def test_weapon_action_needs_an_equipped_weapon_of_its_kind():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.gear("warrior").equipped[:] = ["shield"]
    s.begin_turn("warrior")
    assert s.check(UseAction("strike", "wolf")) == "needs an equipped melee weapon"


def test_area_attack_rolls_against_every_combatant_around_the_square_friend_or_foe():
    s = Scenario(heroes={"mage": (1, 1), "warrior": (5, 3)}, monsters={"wolf": (6, 3), "skeleton": (7, 5)})
    s.begin_turn("mage")
    # mage Spellcasting 3 (+1 staff) against each of warrior and wolf: all misses
    s.script(1, 1, 1, 1, 9, 9)  # against the warrior: Speed 2 -1 chain mail = 1 die
    s.script(1, 1, 1, 1, 9, 9, 9)
    events = s.act(UseAction("fireball", square=(5, 4)))
    assert {e.target for e in of_type(events, AttackRolled)} == {"warrior", "wolf"}


def test_heal_action_heals_an_allys_wound():
    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    s.health("warrior").wounds = 2
    s.begin_turn("cleric")
    events = s.act(UseAction("mend", "warrior"))
    assert of_type(events, Healed)[0].wounds == 1


def test_a_heal_on_an_ally_without_wounds_is_allowed_spends_the_action_and_heals_nothing():
    # Ruling grid-heal-unhurt: the text lets the player choose "which ally you want to heal", wounded or not.
    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("cleric")
    assert s.health("warrior").wounds == 0
    assert s.check(UseAction("mend", "warrior")) is None
    events = s.act(UseAction("mend", "warrior"))
    healed = of_type(events, Healed)
    assert [(h.cid, h.amount, h.wounds) for h in healed] == [("warrior", 0, 0)]
    assert s.check(UseAction("mend", "warrior")) is not None  # the turn's action is spent


def test_buff_action_applies_a_beneficial_condition_without_a_roll():
    s = Scenario(heroes={"cleric": (1, 1), "warrior": (3, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("cleric")
    events = s.act(UseAction("bless", "warrior"))
    assert of_type(events, ConditionApplied)[0].condition == "blessed"
    assert s.conditions("warrior") == {"blessed": 2}
    assert s.dice.remaining == 0


def test_debuff_applies_its_condition_on_a_hit():
    s = Scenario(heroes={"mage": (1, 1)}, monsters={"wolf": (5, 1)})
    s.begin_turn("mage")
    s.script(9, 1, 1, 1, 2, 3)  # Spellcasting 4 (staff): 9; wolf Resolve 2: 2, 3
    s.act(UseAction("hex", "wolf"))
    assert s.conditions("wolf") == {"weakened": 3}


def test_aura_action_makes_the_user_bear_an_aura():
    s = Scenario(heroes={"cleric": (1, 1)}, monsters={"wolf": (7, 5)})
    s.begin_turn("cleric")
    events = s.act(UseAction("sanctuary"))
    assert of_type(events, AuraRaised)[0].radius == 2


def test_attack_bonus_from_a_condition_is_added_to_the_result_with_its_source():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"wolf": (4, 3)})
    s.add_condition("warrior", "blessed", 2)
    s.begin_turn("warrior")
    s.script(5, 1, 1, 6, 1, 1)  # 5 + 2 = 7 beats 6
    s.script(1, 1, 9, 9)
    events = s.act(UseAction("strike", "wolf"))
    attack = of_type(events, AttackRolled)[0]
    assert attack.hit and attack.attack.result == 7
    assert [(m.amount, m.source) for m in attack.attack.modifiers] == [(2, "Blessed")]


@pytest.mark.parametrize("kind", ["melee", "ranged", "brawl", "spell", "area", "heal", "buff", "debuff", "aura"])
def test_content_has_every_kind_of_action(kind):
    actions = load_content().actions.values()
    found = {
        "melee": any(a.weapon == "melee" for a in actions),
        "ranged": any(a.weapon == "ranged" for a in actions),
        "brawl": any(a.skill == "Brawl" and not a.weapon for a in actions),
        "spell": any(a.skill == "Spellcasting" and a.damage for a in actions),
        "area": any(a.area > 0 for a in actions),
        "heal": any(a.kind == "heal" for a in actions),
        "buff": any(a.kind == "buff" for a in actions),
        "debuff": any(a.kind == "attack" and a.condition and not a.damage for a in actions),
        "aura": any(a.kind == "aura" for a in actions),
    }
    assert found[kind]


def test_a_weapon_of_unreliable_rank_0_rolls_no_dice_and_always_works(monkeypatch):
    # Ruling grid-unreliable: "roll that number of dice" with 0 dice rolls none; the rank-0 rule of the
    # Dice section is for "a Trait or Skill".
    s = Scenario(heroes={"rogue": (3, 3)}, monsters={"wolf": (5, 3)})
    s.gear("rogue").equipped[:] = ["blunderbuss", "leather_armour"]
    items = s.state.content.items
    monkeypatch.setitem(items, "blunderbuss", dataclasses.replace(items["blunderbuss"], unreliable=0))
    s.begin_turn("rogue")
    s.script(1, 1, 9, 9, 9)  # Weapon 2: 1, 1; wolf Speed 3: 9, 9, 9 (no die for Unreliable)
    events = s.act(UseAction("shoot", "wolf"))
    assert not of_type(events, WeaponFailed)
    assert of_type(events, AttackRolled)[0].attack.dice[0].chain == (1,)
    assert s.dice.remaining == 0
