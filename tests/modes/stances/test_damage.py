"""Text 001, taking damage: shrugging it off, wounds and their ranks, zero hit points, death, healing, treatment."""

from game.modes.stances.actions import (
    Attack,
    GoUnconscious,
    KeepFighting,
    Pass,
    ShrugOff,
    TakeDamage,
    TreatWounds,
    UseAbility,
)
from game.modes.stances.components import Wound
from game.modes.stances.damage import heal
from game.modes.stances.events import (
    DamageTaken,
    Died,
    EncounterEnded,
    FellToZero,
    Healed,
    WentUnconscious,
    Woke,
    Wounded,
    WoundsTreated,
)
from tests.modes.stances.scenario import Scenario, fight, of_type


def orc_hits_warrior(damage: int, **place) -> Scenario:
    """An orc in the might stance strikes a warrior in the cunning stance for exactly ``damage``; awaits the warrior."""
    s = Scenario(heroes={"warrior": (4, 2), **place}, monsters={"undead_orc": (5, 2)}, first="monsters")
    return strike(s, damage)


def strike(s: Scenario, damage: int) -> Scenario:
    fight(s, "undead_orc", "warrior", {"warrior": "cunning", "undead_orc": "might"})
    a = damage + 2  # the orc's three dice; its might bonus of 2 against cunning cancels the warrior's chain
    dice = [min(a - 2, 8), 0, 0]
    dice[1] = min(a - dice[0] - 1, 10)
    dice[2] = a - dice[0] - dice[1]
    s.script(*dice, 1, 1)
    s.act(Attack("undead_orc", "warrior"))
    return s


def test_shrugging_off_halves_the_damage_rounding_up_and_the_heart_die_falls_one_size():
    s = orc_hits_warrior(7)
    assert s.legal() == [ShrugOff("warrior"), TakeDamage("warrior")]
    (taken,) = of_type(s.act(ShrugOff("warrior")), DamageTaken)
    assert (taken.amount, taken.shrugged, taken.heart, taken.hit_points) == (4, True, 6, 26)


def test_with_a_d4_heart_die_the_full_damage_must_be_taken():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    s.vitals("warrior").heart = 4
    strike(s, 7)
    assert s.vitals("warrior").hit_points == 23 and s.vitals("warrior").heart == 4  # nobody was asked


def test_ten_or_more_damage_at_once_marks_a_wound_whose_rank_is_the_damage_taken():
    s = orc_hits_warrior(12)
    events = s.act(TakeDamage("warrior"))
    (wound,) = of_type(events, Wounded)
    assert wound.rank == 12 and wound.description == "A nasty gash in the arm"
    assert s.mode.view("monsters").fighter("warrior").wounds == (("A nasty gash in the arm", 12, False),)
    s = orc_hits_warrior(9)
    assert not of_type(s.act(TakeDamage("warrior")), Wounded)


def test_the_texts_example_30_damage_shrugged_off_to_15_leaves_10_hit_points_and_a_smashed_leg_of_rank_15():
    # "You are at 25 hit points, and have a d6 heart die. You lose an engagement and they are going to deal
    # 30 damage. ... you instead choose to decrement your heart die, going down to a d4. Instead of 30 damage,
    # you take 15, going down to 10 hit points. ... You write down 'Smashed leg: 15'."
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"ogre": (5, 2)}, first="monsters")
    s.vitals("warrior").hit_points, s.vitals("warrior").heart = 25, 6
    fight(s, "ogre", "warrior", {"warrior": "cunning", "ogre": "might"})
    s.script(10, 12, 10, 2, 1)  # 32 + 3 club bonus against 3 + 2 chain
    s.act(Attack("ogre", "warrior"))
    assert s.mode.view("heroes").decision.amount == 30
    events = s.act(ShrugOff("warrior"))
    (taken,) = of_type(events, DamageTaken)
    assert (taken.amount, taken.heart, taken.hit_points) == (15, 4, 10)
    assert [(w.description, w.rank) for w in of_type(events, Wounded)] == [("A smashed leg", 15)]


def test_wounds_cap_healing_at_the_normal_maximum_less_the_sum_of_their_ranks():
    # "if you normally have a 40 hit point maximum, but you have 23 ranks worth of wounds, you can't heal past 17"
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (9, 2)})
    vitals = s.vitals("warrior")
    vitals.maximum, vitals.hit_points, vitals.wounds = 40, 5, [Wound("A slashed thigh", 15), Wound("Cracked ribs", 8)]
    assert heal(s.state, s.ent("warrior"), 30) == 12 and vitals.hit_points == 17


def test_mend_heals_a_roll_of_its_die_up_to_the_cap():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (9, 2)})
    s.vitals("warrior").hit_points = 10
    s.vitals("warrior").wounds = [Wound("A torn scalp", 15)]
    s.script(7)
    (healed,) = of_type(s.act(UseAbility("priest", "mend", "warrior")), Healed)
    assert (healed.gained, healed.hit_points, healed.cap) == (5, 15, 15)
    assert s.kit("priest").uses["mend"] == 1


def test_at_zero_hit_points_or_fewer_a_fighter_may_choose_to_go_unconscious():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (1, 4)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    s.vitals("warrior").hit_points = 5
    strike(s, 8)
    events = s.act(TakeDamage("warrior"))
    assert of_type(events, FellToZero)[0].hit_points == -3
    assert s.legal() == [GoUnconscious("warrior"), KeepFighting("warrior")]
    events = s.act(GoUnconscious("warrior"))
    assert of_type(events, WentUnconscious)[0].reason == "chose to go unconscious"
    assert s.vitals("warrior").state == "unconscious"


def test_a_fighter_who_stays_up_at_zero_or_fewer_falls_unconscious_after_ten_minutes_of_rounds():
    s = Scenario(heroes={"warrior": (1, 1), "priest": (1, 4)}, monsters={"undead_orc": (9, 1)})
    vitals = s.vitals("warrior")
    vitals.hit_points, vitals.down_since = -2, 1  # it kept fighting when it fell in round 1
    s.state.round = 100  # 99 rounds later: not yet
    s.act(Pass(), Pass())
    assert s.state.round == 101 and vitals.state == "unconscious"  # 100 rounds of six seconds: ten minutes
    s = Scenario(heroes={"warrior": (1, 1), "priest": (1, 4)}, monsters={"undead_orc": (9, 1)})
    s.vitals("warrior").hit_points, s.vitals("warrior").down_since = -2, 2
    s.state.round = 100
    s.act(Pass(), Pass())
    assert s.vitals("warrior").state == "up"


def test_damage_at_or_below_zero_goes_on_into_the_negative_with_its_wounds():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (1, 4)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    s.vitals("warrior").hit_points = -3
    s.vitals("warrior").down_since = 1
    strike(s, 11)
    s.act(TakeDamage("warrior"))
    assert s.vitals("warrior").hit_points == -14 and s.vitals("warrior").wounds[0].rank == 11


def test_hit_points_at_the_negative_of_the_maximum_mean_death():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    s.vitals("warrior").hit_points = -20
    s.vitals("warrior").down_since = 1
    strike(s, 10)
    events = s.act(TakeDamage("warrior"))
    assert of_type(events, Died)[0].hit_points == -30 and s.square("warrior") is None
    assert of_type(events, EncounterEnded)[0].winner == "monsters"


def test_an_unconscious_fighter_stays_down_at_zero_or_fewer_and_wakes_when_healed_above_zero():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (9, 2)})
    vitals = s.vitals("warrior")
    vitals.hit_points, vitals.state = -6, "unconscious"
    s.script(5)
    events = s.act(UseAbility("priest", "mend", "warrior"))
    assert vitals.hit_points == -1 and vitals.state == "unconscious" and not of_type(events, Woke)
    s.act(Pass(), Pass(), Pass())  # round 2 begins with the monsters; the heroes have priority again
    s.script(8)
    events = s.act(UseAbility("priest", "mend", "warrior"))
    assert vitals.hit_points == 7 and of_type(events, Woke) and vitals.state == "up"


def test_treating_lowers_every_untreated_wound_by_the_medicine_check_and_removes_those_below_zero():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (9, 2)})
    s.vitals("warrior").wounds = [Wound("A slashed thigh", 12), Wound("A torn scalp", 5), Wound("Cracked ribs", 7)]
    s.script(4, 3)  # heart d8 + medicine d8 = 7
    (treated,) = of_type(s.act(TreatWounds("priest", "warrior")), WoundsTreated)
    assert treated.wounds == (("A slashed thigh", 12, 5), ("A torn scalp", 5, -1), ("Cracked ribs", 7, 0))
    # a rank brought to exactly zero is not below zero: that wound stays, treated
    assert [(w.rank, w.treated) for w in s.vitals("warrior").wounds] == [(5, True), (0, True)]
    # "once a wound has been treated it cannot be treated again"
    assert TreatWounds("priest", "warrior") not in s.mode.legal_actions("heroes")


def test_treating_ones_own_wounds_has_disadvantage():
    s = Scenario(heroes={"priest": (4, 3)}, monsters={"undead_orc": (9, 2)})
    s.vitals("priest").wounds = [Wound("Cracked ribs", 10)]
    s.script(8, 8, 1, 2)  # two attempts, 16 and 3: the lower is kept
    (treated,) = of_type(s.act(TreatWounds("priest", "priest")), WoundsTreated)
    assert treated.roll.advantage == -1 and treated.roll.result == 3
    assert s.vitals("priest").wounds[0].rank == 7


def test_exactly_ten_damage_at_once_marks_a_wound_of_rank_ten():
    # "If you take 10 or more damage, this represents serious bodily harm" (ruling stances-wound): 10 is in.
    s = orc_hits_warrior(10)
    (wound,) = of_type(s.act(TakeDamage("warrior")), Wounded)
    assert wound.rank == 10
