"""Text 001, engagements and priority: entering, joining, priority passing between the sides, rounds."""

from game.modes.stances.actions import (
    Attack,
    Dash,
    Engage,
    Help,
    Join,
    Pass,
    StayOut,
    TakeDamage,
    UseAbility,
)
from game.modes.stances.events import (
    AttackRolled,
    Dashed,
    EncounterEnded,
    EngagementEnded,
    Joined,
    PriorityPassed,
    RoundBegan,
    RoundEnded,
    StayedOut,
)
from tests.modes.stances.scenario import Scenario, fight, of_type

WALLED = """
############
#....#.....#
#....#.....#
#....#.....#
############
"""


def test_entering_an_engagement_needs_an_enemy_within_the_weapons_range():
    s = Scenario(heroes={"warrior": (1, 2), "archer": (1, 3)}, monsters={"undead_orc": (5, 2)})
    assert Engage("warrior", "undead_orc") not in s.legal()
    assert "not an enemy within Warrior's reach" in s.check(Engage("warrior", "undead_orc"))
    assert Engage("archer", "undead_orc") in s.legal()  # a longbow reaches 10 squares


def test_a_wall_that_blocks_sight_blocks_an_attack_too():
    s = Scenario(heroes={"archer": (2, 2)}, monsters={"undead_orc": (8, 2)}, art=WALLED)
    assert Engage("archer", "undead_orc") not in s.legal()


def test_entering_spends_the_initiators_action_and_the_target_is_in_without_spending_its_own():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"))
    assert s.use("warrior").acted and not s.use("undead_orc").acted
    assert s.state.engagement.participants == ["warrior", "undead_orc"]


def test_joining_costs_an_action_and_needs_an_enemy_in_the_engagement_within_reach():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (1, 4)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"))
    assert s.decision() is not None and s.decision()[0] == "stance"  # the priest reaches nobody: no joining
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"))
    assert s.legal() == [Join("priest"), StayOut()]
    s.act(Join("priest"))
    assert s.use("priest").acted


def test_joining_passes_between_the_sides_starting_with_the_initiators_until_both_stay_out():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3), "archer": (1, 1)},
                 monsters={"undead_orc": (5, 2), "undead_hound": (5, 3), "goblin": (6, 1)})
    s.act(Engage("warrior", "undead_orc"))
    joined = []
    assert s.decision() == ("join", "heroes")
    joined += of_type(s.act(Join("priest")), Joined)
    assert s.decision() == ("join", "monsters")
    joined += of_type(s.act(Join("undead_hound")), Joined)
    assert s.decision() == ("join", "heroes")
    events = s.act(StayOut())
    assert of_type(events, StayedOut)[0].side == "heroes" and s.decision() == ("join", "monsters")
    joined += of_type(s.act(Join("goblin")), Joined)
    assert s.decision() == ("join", "heroes")  # a side that stayed out may answer a new joiner
    s.act(StayOut())
    assert [e.cid for e in joined] == ["priest", "undead_hound", "goblin"]
    assert s.decision()[0] == "stance"
    assert s.state.engagement.participants == ["warrior", "undead_orc", "priest", "undead_hound", "goblin"]


def test_abilities_that_are_not_instant_cannot_be_used_once_an_engagement_has_started():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (3, 2)}, monsters={"undead_orc": (5, 2)})
    assert UseAbility("priest", "mend", "warrior") in s.legal()
    s.act(Engage("warrior", "undead_orc"))
    assert UseAbility("priest", "mend", "warrior") not in s.legal()
    assert "an engagement has started" in s.check(UseAbility("priest", "mend", "warrior"))


def test_priority_passes_to_the_other_side_after_a_side_does_one_thing():
    s = Scenario(heroes={"warrior": (1, 2)}, monsters={"undead_orc": (9, 2)})
    events = s.act(Dash("warrior", (5, 2)))
    assert of_type(events, PriorityPassed)[0].side == "monsters" and s.seat() == "monsters"
    assert Dash("warrior", (4, 2)) not in s.mode.legal_actions("heroes")


def test_priority_after_an_engagement_passes_to_the_side_that_was_targeted_when_it_started():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    fight(s, "undead_orc", "warrior", {"warrior": "defensive", "undead_orc": "defensive"})
    assert s.state.engagement is None and s.state.priority == "heroes" and s.seat() == "heroes"


def test_a_side_that_passed_may_act_again_once_the_other_side_acts():
    s = Scenario(heroes={"warrior": (1, 2)}, monsters={"undead_orc": (9, 2)})
    s.act(Pass())
    s.act(Dash("undead_orc", (7, 2)))
    assert s.seat() == "heroes" and s.state.round == 1


def test_a_round_ends_when_both_sides_pass_one_after_the_other_and_the_next_starts_with_the_other_side():
    s = Scenario(heroes={"warrior": (1, 2)}, monsters={"undead_orc": (9, 2)})
    s.act(Pass())  # the heroes pass though the warrior could dash
    events = s.act(Pass())  # and the monsters pass too
    assert of_type(events, RoundEnded)[0].round == 1
    assert of_type(events, RoundBegan)[0].side == "monsters" and s.state.round == 2
    assert not s.use("warrior").moved  # a new dash and a new action every round


def test_a_match_set_up_with_a_round_limit_is_a_draw_when_it_runs_out():
    s = Scenario(heroes={"warrior": (1, 2)}, monsters={"undead_orc": (9, 2)}, max_rounds=1)
    events = s.act(Pass(), Pass())
    (ended,) = of_type(events, EncounterEnded)
    assert ended.winner is None and ended.reason == "no side won within 1 rounds"
    assert s.mode.pending_seat() is None


def test_the_fight_ends_when_a_side_has_nobody_left_able_to_fight():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.vitals("undead_orc").hit_points = -25
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "defensive"})
    s.script(8, 10, 8, 1, 1)
    s.act(Attack("warrior", "undead_orc"))
    events = s.act(TakeDamage("undead_orc"))
    (ended,) = of_type(events, EncounterEnded)
    assert ended.winner == "heroes" and ended.reason == "none of the monsters is left able to fight"
    assert not of_type(events, EngagementEnded)  # the fight ended in the middle of the engagement


def test_a_dash_goes_up_to_the_fighters_speed_and_never_through_another_fighter():
    s = Scenario(heroes={"warrior": (1, 2)}, monsters={"undead_orc": (9, 2)})
    assert Dash("warrior", (6, 2)) in s.legal() and Dash("warrior", (7, 2)) not in s.legal()  # speed 5
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"undead_orc": (2, 1)}, art="""
#####
#...#
#####
""")
    assert Dash("warrior", (3, 1)) not in s.legal()



def test_a_dash_across_open_ground_walks_the_straight_line():
    # Any five steps east cost 5 on open ground; the path the dash shows is the straight one.
    s = Scenario(heroes={"warrior": (1, 3)}, monsters={"undead_orc": (10, 1)})
    (dashed,) = of_type(s.act(Dash("warrior", (6, 3))), Dashed)
    assert dashed.path == ((2, 3), (3, 3), (4, 3), (5, 3), (6, 3))

def test_help_gives_an_ally_a_level_of_advantage_on_its_next_attack_roll():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (5, 2)})
    s.act(Help("priest", "warrior"), Pass())
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "defensive"})
    s.script(1, 1, 1, 5, 5, 5, 1, 1)  # two attempts at the attack roll: 3 and 15, the higher kept
    (attack,) = of_type(s.act(Attack("warrior", "undead_orc")), AttackRolled)
    assert attack.attack.advantage == 1 and attack.attack.result == 15
    assert s.use("warrior").helped == 0


def test_a_fight_where_a_new_round_gives_nobody_anything_to_do_is_a_draw():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"undead_orc": (3, 1)}, art="""
#####
#.#.#
#####
""")
    assert s.mode.outcome() is not None and s.mode.outcome().reason == "nobody can do anything more"


def test_sides_that_can_never_come_within_reach_of_each_other_end_in_a_draw_when_a_round_ends():
    # Ruling stances-apart: a wall between two rooms; neither melee fighter can ever reach the other.
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"undead_orc": (5, 1)}, art="""
#######
#..#..#
#..#..#
#######
""")
    assert s.mode.outcome() is None  # each may still dash about its room
    events = s.act(Pass(), Pass())
    assert s.mode.outcome() is not None and s.mode.outcome().reason == "neither side can reach the other"
    assert of_type(events, RoundEnded)


def test_sides_that_can_walk_round_to_each_other_fight_on():
    s = Scenario(heroes={"archer": (1, 1)}, monsters={"undead_orc": (5, 1)}, art="""
#######
#.....#
#..#..#
#######
""")
    s.act(Pass(), Pass())
    assert s.mode.outcome() is None
