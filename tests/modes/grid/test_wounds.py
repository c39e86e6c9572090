"""Text 003, "Dealing Damage", "Taking Wounds", "Healing Wounds"."""

from game.modes.grid.content import DamageSpec
from game.modes.grid.events import DamageRolled, Died, EnduranceRolled, FellUnconscious, Woke, Wounded
from game.modes.grid.wounds import deal_damage, heal
from tests.modes.grid.scenario import Scenario, of_type

SLASH = DamageSpec(rank=2, type="slashing", bonus=1)


def scenario() -> Scenario:
    return Scenario(heroes={"warrior": (1, 1)}, monsters={"orc_brute": (5, 3)})


def test_damage_is_the_rank_roll_plus_bonus_minus_resistance():
    s = scenario()
    # orc brute: leather armour resists physical 1. Damage 2 dice: 4, 6 -> 6 + 1 - 1 = 6.
    s.script(4, 6, 9, 9, 9)
    events = deal_damage(s.state, s.ent("orc_brute"), SLASH)
    rolled = of_type(events, DamageRolled)[0]
    assert rolled.amount == 6
    assert [(m.amount, m.source) for m in rolled.resistance] == [(1, "Leather Armour")]
    assert s.health("orc_brute").damage == 6


def test_damage_of_0_or_less_does_nothing():
    s = scenario()
    s.gear("orc_brute").equipped.append("chain_mail")  # resistance 1 + 2 = 3, for this test only
    s.script(1, 1)  # damage rank 2: 1 + 0 - 3 is below 0
    events = deal_damage(s.state, s.ent("orc_brute"), DamageSpec(rank=2, type="slashing", bonus=0))
    assert of_type(events, DamageRolled)[0].amount == 0
    assert not of_type(events, EnduranceRolled)
    assert s.health("orc_brute").damage == 0


def test_endurance_result_below_the_damage_score_turns_damage_into_a_wound():
    s = scenario()
    s.health("orc_brute").damage = 3
    s.script(5, 1)  # damage 5 + 1 - 1 = 5 -> Damage score 8
    s.script(7, 2, 1)  # Endurance 3: 7 < 8
    events = deal_damage(s.state, s.ent("orc_brute"), SLASH)
    assert of_type(events, EnduranceRolled)[0].wounded
    assert s.health("orc_brute").damage == 0
    assert s.health("orc_brute").wounds == 1


def test_endurance_result_equal_to_the_damage_score_makes_no_wound():
    s = scenario()
    s.script(5, 1)  # 5 damage
    s.script(5, 2, 1)  # Endurance 5: not less than 5
    deal_damage(s.state, s.ent("orc_brute"), SLASH)
    assert s.health("orc_brute").damage == 5
    assert s.health("orc_brute").wounds == 0


def test_wounds_equal_to_resolve_make_the_combatant_unconscious():
    s = scenario()
    s.health("orc_brute").wounds = 2  # Resolve 3
    s.script(9, 1, 1, 1, 1)
    events = deal_damage(s.state, s.ent("orc_brute"), SLASH)
    assert of_type(events, Wounded)[0].wounds == 3
    assert of_type(events, FellUnconscious)
    assert s.health("orc_brute").state == "unconscious"


def test_wounds_above_resolve_kill_the_combatant():
    s = scenario()
    s.health("orc_brute").wounds = 3
    s.health("orc_brute").state = "unconscious"
    s.script(9, 1, 1, 1, 1)
    events = deal_damage(s.state, s.ent("orc_brute"), SLASH)
    assert of_type(events, Died)
    assert s.health("orc_brute").state == "dead"
    assert s.health("orc_brute").wounds == 4
    assert s.square("orc_brute") is None


def test_healing_an_unconscious_combatant_below_resolve_wakes_it_prone():
    s = scenario()
    s.health("warrior").wounds = 3
    s.health("warrior").state = "unconscious"
    events = heal(s.state, s.ent("warrior"), 1, "Mend")
    assert of_type(events, Woke)
    assert s.health("warrior").state == "prone"
    assert s.health("warrior").wounds == 2


def test_healing_never_takes_wounds_below_zero():
    s = scenario()
    s.health("warrior").wounds = 1
    heal(s.state, s.ent("warrior"), 3, "Mend")
    assert s.health("warrior").wounds == 0


def test_a_hit_that_does_no_damage_makes_no_endurance_roll_even_with_damage_already_taken():
    # Ruling grid-no-damage: "If this result is 0 or less, no damage has been done"; the Endurance roll
    # comes after damage is added ("The target then rolls"), so with none added there is none.
    from game.modes.grid.content import DamageSpec
    from game.modes.grid.events import EnduranceRolled
    from game.modes.grid.wounds import deal_damage

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.health("warrior").damage = 5
    s.script(1)  # damage 1 - 2 (Chain Mail against physical): nothing gets through
    events = deal_damage(s.state, s.ent("warrior"), DamageSpec(rank=1, type="slashing"))
    assert not [e for e in events if isinstance(e, EnduranceRolled)]
    assert s.health("warrior").damage == 5 and s.dice.remaining == 0
