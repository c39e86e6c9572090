"""Text 001, other offensive actions: grappling and climbing instead of an attack, after all attack rolls."""

from game.modes.stances.actions import (
    Attack,
    Climb,
    Dash,
    Engage,
    Forgo,
    Grapple,
    Help,
    Pass,
    StayPut,
    TakeDamage,
)
from game.modes.stances.events import AttackRolled, HoldEnded, OffensiveRolled
from tests.modes.stances.scenario import Scenario, fight, of_type


def test_the_texts_grapple_example_the_wolf_is_stuck():
    s = Scenario(heroes={"monk": (4, 2), "archer": (1, 4)}, monsters={"wolf": (5, 2)})
    # "Your ally used the help action earlier in the round, so you have advantage."
    s.act(Help("archer", "monk"), Pass())
    # "You enter an engagement with it, choose stances, and stances are revealed. You chose cunning, and it
    # chose agility. Since cunning beats agility, you get to attack."
    fight(s, "monk", "wolf", {"monk": "cunning", "wolf": "agility"})
    assert Attack("monk", "wolf") in s.legal()
    # "However, since you're trying to grapple it, you decide not to attack, and instead make a might check."
    s.script(2, 3, 6, 7)  # the monk's might check twice (advantage): 5 and 13; the wolf's agility check: 5 + 4
    s.script(5, 4)
    # The wolf's agility beats nobody here, so it has nothing to declare (ruling stances-sidestep-attack).
    events = s.act(Grapple("monk", "wolf", 2))
    (rolled,) = of_type(events, OffensiveRolled)
    # "The wolf makes an agility check to avoid getting grappled, but it rolls less than you."
    assert rolled.check.advantage == 1 and rolled.check.result == 13
    assert [d.source for d in rolled.resist.dice] == ["heart", "agility"] and rolled.resist.result == 9
    # "The wolf is now grappled, and you are now grappling. The wolf is stuck."
    assert rolled.success and s.holds("monk").grappling == "wolf" and s.holds("wolf").grappled_by == "monk"
    assert s.seat() == "monsters" and not [a for a in s.legal() if isinstance(a, Dash) and a.cid == "wolf"]
    assert "grappled and cannot move" in s.check(Dash("wolf", (6, 2)))


def test_offensive_actions_need_a_stance_that_directly_beats_the_targets_not_a_tie():
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"wolf": (5, 2)})
    fight(s, "monk", "wolf", {"monk": "cunning", "wolf": "cunning"})
    assert not [a for a in s.legal() if isinstance(a, (Grapple, Climb))]


def test_grappling_needs_a_free_hand_and_two_free_hands_to_grapple_with_both():
    s = Scenario(heroes={"rogue": (4, 2), "priest": (4, 3)}, monsters={"wolf": (5, 2)})
    fight(s, "rogue", "wolf", {"rogue": "cunning", "priest": "cunning", "wolf": "agility"}, join=("priest",))
    assert [a.hands for a in s.legal() if isinstance(a, Grapple)] == [1]  # a dagger in one hand
    s.act(Forgo("rogue"))
    assert not [a for a in s.legal() if isinstance(a, Grapple)]  # the priest holds a mace and a shield


def test_a_one_handed_grapple_check_is_halved_rounding_up():
    s = Scenario(heroes={"rogue": (4, 2)}, monsters={"wolf": (5, 2)})
    fight(s, "rogue", "wolf", {"rogue": "cunning", "wolf": "agility"})
    s.script(8, 5, 1, 1)
    (rolled,) = of_type(s.act(Grapple("rogue", "wolf", 1)), OffensiveRolled)
    assert rolled.check.halved and rolled.check.result == 7 and rolled.success


def test_a_larger_creature_gets_a_level_of_advantage_for_each_size_step():
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"ogre": (5, 2)})
    fight(s, "monk", "ogre", {"monk": "cunning", "ogre": "defensive"})
    s.script(8, 8, 1, 1, 10, 12)
    (rolled,) = of_type(s.act(Grapple("monk", "ogre", 2)), OffensiveRolled)
    assert rolled.check.advantage == 0 and rolled.resist.advantage == 1 and rolled.resist.result == 22
    assert [d.source for d in rolled.resist.dice] == ["heart", "might"]  # its might die is the larger
    assert not rolled.success


def test_a_creature_grapples_only_one_creature_and_is_grappled_by_only_one():
    s = Scenario(heroes={"monk": (4, 2), "rogue": (4, 3)}, monsters={"wolf": (5, 2), "bandit": (5, 3)})
    s.holds("monk").grappling, s.holds("monk").grapple_hands, s.holds("bandit").grappled_by = "bandit", 1, "monk"
    fight(s, "monk", "wolf", {"monk": "cunning", "rogue": "cunning", "wolf": "agility", "bandit": "defensive"},
          join=("rogue",))
    assert not [a for a in s.legal() if isinstance(a, Grapple)]  # the monk already grapples the bandit
    s.act(Forgo("monk"))
    assert {a.target for a in s.legal() if isinstance(a, Grapple)} == {"wolf"}  # the bandit is held already


def test_offensive_actions_take_effect_after_all_attack_rolls():
    s = Scenario(heroes={"monk": (4, 2), "warrior": (5, 3)}, monsters={"undead_orc": (5, 2)})
    fight(s, "monk", "undead_orc", {"monk": "cunning", "warrior": "might", "undead_orc": "agility"},
          join=("warrior",))
    s.act(Grapple("monk", "undead_orc", 2))
    s.script(1, 1, 1, 1, 1)
    events = s.act(Attack("undead_orc", "warrior"))
    s.script(8, 8, 1, 1)
    events += s.act(StayPut("undead_orc"))
    kinds = [type(e).__name__ for e in events if isinstance(e, (AttackRolled, OffensiveRolled))]
    assert kinds == ["AttackRolled", "OffensiveRolled"]


def test_climbing_onto_a_larger_creature_gives_a_level_of_advantage_on_attacks_against_it():
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"ogre": (5, 2)})
    fight(s, "monk", "ogre", {"monk": "agility", "ogre": "might"})
    assert Climb("monk", "ogre") in s.legal()
    s.act(Climb("monk", "ogre"))
    s.script(8, 8, 1, 1)
    (rolled,) = of_type(s.act(StayPut("monk")), OffensiveRolled)
    assert rolled.kind == "climb" and rolled.success and s.holds("monk").climbing == "ogre"
    s.act(Pass(), Pass(), Pass())  # to round 2: the monsters pass, then the heroes have priority
    fight(s, "monk", "ogre", {"monk": "might", "ogre": "defensive"})
    s.script(1, 1, 1, 5, 5, 5, 1, 1)
    (attack,) = of_type(s.act(Attack("monk", "ogre")), AttackRolled)
    assert attack.attack.advantage == 1 and attack.attack.result == 15
    s.act(TakeDamage("ogre"))


def test_a_climber_falls_off_when_the_creature_moves_and_a_grappler_that_moves_lets_go():
    s = Scenario(heroes={"monk": (4, 2), "rogue": (6, 3)}, monsters={"ogre": (5, 2), "wolf": (7, 3)})
    s.holds("monk").climbing = "ogre"
    s.holds("rogue").grappling, s.holds("rogue").grapple_hands, s.holds("wolf").grappled_by = "wolf", 1, "rogue"
    events = s.act(Dash("rogue", (6, 4)))
    assert [(e.cid, e.kind, e.reason) for e in of_type(events, HoldEnded)] == [("rogue", "grapple", "let go to move")]
    events = s.act(Dash("ogre", (8, 1)))
    assert [(e.cid, e.kind) for e in of_type(events, HoldEnded)] == [("monk", "climb")]
    assert s.holds("monk").climbing is None


def test_entering_an_engagement_is_an_action_even_against_a_grappled_creature():
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"wolf": (5, 2)})
    s.holds("monk").grappling, s.holds("monk").grapple_hands, s.holds("wolf").grappled_by = "wolf", 2, "monk"
    assert Engage("monk", "wolf") in s.legal()


def test_a_climber_grappling_the_creature_it_rides_has_its_climbing_advantage_on_the_might_check():
    # Ruling stances-check-advantage: contested checks "still receive advantage or disadvantage as though
    # they were an attack or defense roll": the climber's attacks on its mount have a level of advantage.
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"wolf": (5, 2)})
    s.holds("monk").climbing = "wolf"
    fight(s, "monk", "wolf", {"monk": "cunning", "wolf": "agility"})
    s.script(2, 3, 6, 7, 5, 4)  # the monk's might check twice (advantage); the wolf's agility check
    (rolled,) = of_type(s.act(Grapple("monk", "wolf", 2)), OffensiveRolled)
    assert rolled.check.advantage == 1 and rolled.check.result == 13


def test_help_gives_no_advantage_on_a_resist_check_as_it_gives_none_on_a_defence_roll():
    s = Scenario(heroes={"monk": (4, 2)}, monsters={"wolf": (5, 2)})
    fight(s, "monk", "wolf", {"monk": "cunning", "wolf": "agility"})
    s.use("wolf").helped = 1  # its ally helped it earlier in the round
    s.script(6, 7, 5, 4)
    (rolled,) = of_type(s.act(Grapple("monk", "wolf", 2)), OffensiveRolled)
    assert rolled.resist.advantage == 0 and rolled.resist.result == 9
    assert s.use("wolf").helped == 1  # kept for its own next attack roll or check


def test_the_only_offensive_actions_besides_attacks_are_grappling_and_climbing():
    # Ruling stances-other-offensive: no shove, trip or disarm; the text gives them no rule.
    from game.modes.stances.actions import DECLARATIONS, SidestepFirst

    assert set(DECLARATIONS) == {Attack, Grapple, Climb, SidestepFirst, Forgo}
