"""Text 001, stances and resolution: who beats whom, who may attack whom, and in which order."""

from game.core.secret import ChoicesRevealed
from game.modes.stances.actions import (
    Attack,
    ChooseStance,
    Engage,
    Forgo,
    Pass,
    Sidestep,
    SidestepFirst,
    StayPut,
    TakeDamage,
)
from game.modes.stances.engagement import directly_beats, may_attack
from game.modes.stances.events import (
    AttackRolled,
    ContestRolled,
    DamageTaken,
    Died,
    NoAttack,
    PushBlocked,
    Pushed,
    Sidestepped,
    StanceStepBegan,
)
from tests.modes.stances.scenario import Scenario, fight, of_type


def test_cunning_beats_agility_agility_beats_might_and_might_beats_cunning():
    assert directly_beats("cunning", "agility") and directly_beats("agility", "might")
    assert directly_beats("might", "cunning")
    assert not may_attack("agility", "cunning") and not may_attack("might", "agility")
    assert not may_attack("cunning", "might")


def test_all_stances_beat_defensive():
    for stance in ("cunning", "agility", "might"):
        assert may_attack(stance, "defensive") and directly_beats(stance, "defensive")


def test_the_same_stance_lets_two_fighters_attack_each_other_but_is_no_direct_beat():
    for stance in ("cunning", "agility", "might"):
        assert may_attack(stance, stance) and not directly_beats(stance, stance)


def test_stances_stay_sealed_until_every_fighter_has_chosen_then_are_revealed_together():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.act(Engage("warrior", "undead_orc"))
    assert not of_type(s.act(ChooseStance("warrior", "might")), ChoicesRevealed)
    assert s.mode.view("monsters").fighter("warrior").stance is None
    assert s.mode.view("heroes").fighter("warrior").stance == "might"
    s.script(1, 1, 1, 1, 1, 1)
    revealed = of_type(s.act(ChooseStance("undead_orc", "might")), ChoicesRevealed)
    assert dict(revealed[0].choices) == {"warrior": "might", "undead_orc": "might"}
    assert s.mode.view("monsters").fighter("warrior").stance == "might"


def test_a_fighter_may_attack_only_a_creature_whose_stance_its_own_beats_or_ties():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "agility", "undead_orc": "cunning"})
    # cunning beats agility: the orc may attack; agility does not beat cunning: the warrior may not
    assert s.decision() == ("declare", "undead_orc")
    assert {a.target for a in s.legal() if isinstance(a, Attack)} == {"warrior"}
    s.script(1, 1, 1, 6, 6)
    events = s.act(Attack("undead_orc", "warrior"))
    # No attack from here or from any square a sidestep reaches: nothing to declare (stances-sidestep-attack).
    assert ("warrior", "agility") in [(e.cid, e.stance) for e in of_type(events, NoAttack)]


def test_defensive_fighters_do_not_attack_and_halve_the_damage_left_after_defence_rounding_up():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "defensive"})
    assert s.decision() == ("declare", "warrior")
    s.script(6, 5, 4, 3, 4)  # warrior 6+5+4 = 15; orc heart d8 3 + might d10 4 + bones 1 = 8
    (attack,) = of_type(s.act(Attack("warrior", "undead_orc")), AttackRolled)
    assert attack.defensive and attack.damage == 4  # 7 halved, rounding up
    events = s.act(TakeDamage("undead_orc"))
    assert of_type(events, DamageTaken)[0].amount == 4
    assert not [e for e in events if isinstance(e, StanceStepBegan) and e.stance == "defensive"]


def test_attack_roll_is_heart_ability_and_weapon_die_against_heart_the_same_ability_and_armour():
    s = Scenario(heroes={"archer": (2, 2)}, monsters={"undead_orc": (6, 2)})
    fight(s, "archer", "undead_orc", {"archer": "agility", "undead_orc": "might"})
    s.script(5, 7, 6, 4, 3)
    (attack,) = of_type(s.act(Attack("archer", "undead_orc")), AttackRolled)
    assert [(d.sides, d.source) for d in attack.attack.dice] == [(8, "heart"), (10, "agility"), (8, "Longbow")]
    assert [(d.sides, d.source) for d in attack.defence.dice] == [(8, "heart"), (6, "agility")]
    assert [(m.amount, m.source) for m in attack.defence.modifiers] == [(1, "Thick bones")]
    assert (attack.attack.result, attack.defence.result, attack.damage) == (18, 8, 10)


def test_damage_is_never_below_zero():
    s = Scenario(heroes={"archer": (2, 2)}, monsters={"undead_orc": (6, 2)})
    fight(s, "archer", "undead_orc", {"archer": "agility", "undead_orc": "might"})
    s.script(1, 1, 1, 8, 6)
    events = s.act(Attack("archer", "undead_orc"))
    assert of_type(events, AttackRolled)[0].damage == 0 and not of_type(events, DamageTaken)
    assert s.vitals("undead_orc").hit_points == 30


def test_might_stance_bonus_is_added_against_a_creature_defending_with_cunning():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "cunning"})
    s.script(2, 2, 2, 1, 1)
    (attack,) = of_type(s.act(Attack("warrior", "undead_orc")), AttackRolled)
    assert [(m.amount, m.source) for m in attack.attack.modifiers] == [(2, "Longsword might bonus")]
    assert attack.attack.result == 8 and attack.defence.result == 3


def test_contested_rolls_when_two_of_one_stance_attack_each_other_and_a_tie_deals_nothing():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "cunning", "undead_orc": "cunning"})
    s.act(Attack("warrior", "undead_orc"))
    s.script(3, 3, 3, 3, 3, 3)
    events = s.act(Attack("undead_orc", "warrior"))
    (contest,) = of_type(events, ContestRolled)
    assert contest.loser is None and contest.damage == 0 and not of_type(events, DamageTaken)
    assert not contest.attack.modifiers and not contest.counter.modifiers  # no armour in contested rolls


def test_attacks_resolve_cunning_first_then_agility_then_might():
    s = Scenario(heroes={"rogue": (4, 2), "archer": (5, 4), "warrior": (6, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "rogue", "undead_orc", {"rogue": "cunning", "archer": "agility", "warrior": "might",
                                     "undead_orc": "defensive"}, join=("archer", "warrior"))
    order = []
    for attacker in ("rogue", "archer", "warrior"):
        assert s.decision() == ("declare", attacker)
        s.script(1, 1, 1, 1, 1)
        events = s.act(Attack(attacker, "undead_orc"))
        order += [(e.stance, e.attacker) for e in of_type(events, AttackRolled)]
        if s.decision() == ("sidestep", "archer"):
            s.act(StayPut("archer"))
    assert order == [("cunning", "rogue"), ("agility", "archer"), ("might", "warrior")]


def test_attacks_of_one_stance_happen_as_though_at_once_so_a_fighter_killed_still_hits():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (6, 2)}, monsters={"goblin": (5, 2)})
    s.vitals("goblin").hit_points = 5
    fight(s, "warrior", "goblin", {"warrior": "might", "priest": "might", "goblin": "might"}, join=("priest",))
    s.act(Attack("warrior", "goblin"), Forgo("priest"))
    s.script(8, 10, 8, 1, 1, 6, 4, 6, 1, 1)  # warrior 26 against 3; goblin 16 against the priest's 2 + 3 armour
    events = s.act(Attack("goblin", "priest"))
    assert [e.attacker for e in of_type(events, AttackRolled)] == ["warrior", "goblin"]
    events = s.act(TakeDamage("goblin"))
    assert of_type(events, Died)[0].cid == "goblin"
    events += s.act(TakeDamage("priest"))
    assert [e.cid for e in of_type(events, DamageTaken)] == ["goblin", "priest"]
    assert s.vitals("priest").hit_points == 26 - 11


def test_a_push_does_not_stop_an_attack_of_the_same_stance_the_pushed_one_was_in_range_for():
    s = Scenario(heroes={"priest": (4, 2), "warrior": (4, 3)}, monsters={"undead_orc": (5, 2)})
    fight(s, "priest", "undead_orc", {"priest": "might", "warrior": "might", "undead_orc": "might"},
          join=("warrior",))
    s.act(Attack("priest", "undead_orc", push=True), Forgo("warrior"))
    s.script(6, 6, 6, 1, 1, 5, 5, 5, 1, 1)
    events = s.act(Attack("undead_orc", "warrior"))
    events += s.act(TakeDamage("undead_orc"), TakeDamage("warrior"))
    assert of_type(events, Pushed)[0].path == ((6, 2),)
    assert s.vitals("warrior").hit_points < 30


def test_a_push_before_the_targets_stance_can_leave_it_out_of_reach_of_anyone_for_the_rest_of_the_engagement():
    s = Scenario(heroes={"priest": (4, 2), "warrior": (4, 3)}, monsters={"undead_orc": (5, 2)})
    fight(s, "priest", "undead_orc", {"priest": "cunning", "warrior": "might", "undead_orc": "agility"},
          join=("warrior",))
    s.script(6, 6, 6, 1, 1)
    s.act(Attack("priest", "undead_orc", push=True))
    events = s.act(TakeDamage("undead_orc"))
    assert of_type(events, Pushed)[0].path == ((6, 2),)
    # Ruling stances-out-of-reach: agility beats the warrior's might, but the orc no longer reaches anyone
    # and nobody reaches it: "unable to attack or be attacked during the subsequent turns for the remaining
    # stances" - its free sidestep does not bring it back.
    assert ("undead_orc", "agility") in [(e.cid, e.stance) for e in of_type(events, NoAttack)]
    assert not of_type(events, Sidestepped) and not of_type(events, AttackRolled)
    assert s.state.engagement is None



def test_a_push_that_hits_but_has_no_room_says_what_stopped_it():
    # Ruling stances-push: the target moves "straight away ..., stopping at a wall, the map's edge or another fighter".
    s = Scenario(heroes={"priest": (9, 2)}, monsters={"undead_orc": (10, 2)})
    fight(s, "priest", "undead_orc", {"priest": "cunning", "undead_orc": "agility"})
    s.script(6, 6, 6, 1, 1)
    s.act(Attack("priest", "undead_orc", push=True))
    events = s.act(TakeDamage("undead_orc"))
    assert not of_type(events, Pushed)
    assert [(e.cid, e.by, e.reason) for e in of_type(events, PushBlocked)] == [
        ("undead_orc", "priest", "a wall is behind")]
    assert s.square("undead_orc") == (10, 2)


def test_a_match_saved_before_blocked_pushes_were_logged_replays_without_them():
    s = Scenario(heroes={"priest": (9, 2)}, monsters={"undead_orc": (10, 2)})
    s.state.legacy_pushes = True  # as read_save sets it up for saves before the fifth format
    fight(s, "priest", "undead_orc", {"priest": "cunning", "undead_orc": "agility"})
    s.script(6, 6, 6, 1, 1)
    s.act(Attack("priest", "undead_orc", push=True))
    events = s.act(TakeDamage("undead_orc"))
    assert not of_type(events, PushBlocked) and not of_type(events, Pushed)


def test_a_push_stopped_by_a_fighter_behind_the_target_names_that_fighter():
    s = Scenario(heroes={"priest": (4, 2), "warrior": (6, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "priest", "undead_orc", {"priest": "cunning", "undead_orc": "agility"})
    s.script(6, 6, 6, 1, 1)
    s.act(Attack("priest", "undead_orc", push=True))
    events = s.act(TakeDamage("undead_orc"))
    assert [e.reason for e in of_type(events, PushBlocked)] == ["Warrior stands behind"]


def test_agility_may_sidestep_first_and_then_attack_a_creature_now_in_reach():
    s = Scenario(heroes={"rogue": (3, 2)}, monsters={"goblin": (5, 2)}, first="monsters")
    fight(s, "goblin", "rogue", {"rogue": "agility", "goblin": "might"})  # the goblin's spear reaches 2 squares
    assert s.decision() == ("declare", "rogue")
    assert s.legal() == [SidestepFirst("rogue"), Forgo("rogue")]  # the dagger does not reach yet
    s.act(SidestepFirst("rogue"))
    assert s.decision() == ("sidestep", "rogue")
    s.act(Sidestep("rogue", (4, 2)))
    assert s.decision() == ("declare", "rogue")
    s.script(4, 4, 4, 1, 1)
    (attack,) = of_type(s.act(Attack("rogue", "goblin")), AttackRolled)
    assert attack.stance == "agility" and attack.damage == 12 - 3


def test_the_free_sidestep_goes_with_an_attack_so_one_who_sidesteps_first_steps_only_where_it_can_attack_and_does():
    # Ruling stances-sidestep-attack: "you may take the sidestep action for free during the engagement,
    # right before or after you make your attack".
    s = Scenario(heroes={"rogue": (3, 2)}, monsters={"goblin": (5, 2)}, first="monsters")
    fight(s, "goblin", "rogue", {"rogue": "agility", "goblin": "might"})
    s.act(SidestepFirst("rogue"))
    assert s.decision() == ("sidestep", "rogue")
    steps = {a.to for a in s.legal() if isinstance(a, Sidestep)}
    assert steps == {(4, 1), (4, 2), (4, 3)}  # the dagger reaches the goblin from there only
    assert s.check(Sidestep("rogue", (2, 2))) == "rogue sidestepped first and could attack nobody from (2, 2)"
    s.act(Sidestep("rogue", (4, 2)))
    assert s.decision() == ("declare", "rogue")
    assert Forgo("rogue") not in s.legal() and Attack("rogue", "goblin") in s.legal()


def test_a_fighter_with_no_square_to_attack_from_is_not_offered_to_sidestep_first():
    # Its friends fill every square next to it from which its dagger would reach the goblin.
    s = Scenario(heroes={"rogue": (3, 2), "warrior": (4, 1), "archer": (4, 2), "priest": (4, 3)},
                 monsters={"goblin": (5, 2)}, first="monsters")
    events = fight(s, "goblin", "rogue", {"rogue": "agility", "goblin": "might"})
    assert ("rogue", "agility") in [(e.cid, e.stance) for e in of_type(events, NoAttack)]


def test_sidesteps_alternate_sides_starting_with_the_side_first_engaged():
    s = Scenario(heroes={"rogue": (4, 2), "archer": (2, 4)}, monsters={"wolf": (5, 2), "giant_spider": (5, 3)})
    fight(s, "rogue", "wolf", {"rogue": "agility", "archer": "agility", "wolf": "agility",
                               "giant_spider": "agility"}, join=("archer", "giant_spider"))
    for cid in ("rogue", "archer", "wolf", "giant_spider"):
        assert s.decision() == ("declare", cid)
        s.act(SidestepFirst(cid))
    movers = []
    while s.decision() is not None and s.decision()[0] == "sidestep":
        cid = s.decision()[1]
        movers.append(cid)
        s.act(StayPut(cid))
    assert movers == ["wolf", "rogue", "giant_spider", "archer"]


def test_an_agility_attack_made_before_moving_and_one_made_after_a_sidestep_at_each_other_are_a_contest():
    # Ruling stances-agility-together: "if you are attacking someone who is attacking you back with the
    # same stance, make contested attack rolls" - the wolf attacks before moving, the rogue after its sidestep.
    s = Scenario(heroes={"rogue": (4, 2)}, monsters={"wolf": (5, 2)})
    fight(s, "rogue", "wolf", {"rogue": "agility", "wolf": "agility"})
    s.act(SidestepFirst("rogue"))
    events = s.act(Attack("wolf", "rogue"))
    assert not of_type(events, AttackRolled)  # rolled with the rogue's attack, after the sidesteps
    assert s.decision() == ("sidestep", "wolf")  # the side first engaged moves first
    s.act(StayPut("wolf"))
    events = s.act(Sidestep("rogue", (4, 1)))
    assert of_type(events, Sidestepped)[0].to == (4, 1)
    assert s.decision() == ("declare", "rogue")
    s.script(1, 1, 1, 4, 4, 4)  # the wolf's attack roll 3, the rogue's 12
    events = s.act(Attack("rogue", "wolf"))
    assert not of_type(events, AttackRolled)
    (contest,) = of_type(events, ContestRolled)
    assert (contest.loser, contest.damage) == ("wolf", 9)


def test_an_agility_fighter_who_sidesteps_first_still_attacks_though_an_attack_made_before_moving_kills_it():
    # "if the attack would kill them, they still get to hit another creature first": all of agility's
    # attacks are rolled before any of its damage is dealt.
    s = Scenario(heroes={"archer": (2, 2), "warrior": (6, 3)}, monsters={"wolf": (5, 2)})
    fight(s, "archer", "wolf", {"archer": "agility", "warrior": "might", "wolf": "agility"}, join=("warrior",))
    s.vitals("wolf").hit_points = 1
    s.vitals("wolf").heart = 4  # it cannot shrug the damage off
    assert s.decision() == ("declare", "archer")
    s.act(Attack("archer", "wolf"))
    s.act(SidestepFirst("wolf"))
    assert s.decision() == ("sidestep", "wolf")
    s.act(Sidestep("wolf", (6, 2)))
    s.act(StayPut("archer"))
    assert s.decision() == ("declare", "wolf")
    s.script(8, 8, 8, 1, 1)  # the archer's attack on the wolf
    s.script(4, 4, 4, 1, 1)  # the wolf's attack on the warrior
    events = s.act(Attack("wolf", "warrior"))
    assert [e.attacker for e in of_type(events, AttackRolled)] == ["archer", "wolf"]
    assert of_type(events, Died)[0].cid == "wolf"
    assert s.decision() == ("damage", "warrior")  # the dead wolf's bite still lands


def test_a_fighter_with_nobody_in_reach_whose_stance_it_beats_cannot_attack_in_this_engagement():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "might", "undead_orc": "agility"})
    s.script(1, 1, 1, 1, 1)
    events = s.act(Attack("undead_orc", "warrior"))
    events += s.act(StayPut("undead_orc"))
    assert [(e.cid, e.stance) for e in of_type(events, NoAttack)] == [("warrior", "might")]
    assert s.state.engagement is None


def test_execute_doubles_an_attacks_damage_and_is_spent_for_the_fight():
    s = Scenario(heroes={"rogue": (4, 2)}, monsters={"undead_orc": (5, 2)})
    fight(s, "rogue", "undead_orc", {"rogue": "cunning", "undead_orc": "defensive"})
    assert Attack("rogue", "undead_orc", execute=True) in s.legal()
    s.script(5, 5, 5, 1, 1)  # 15 against 1 + 1 + 1 bones = 12 doubled, then halved by the defensive stance
    (attack,) = of_type(s.act(Attack("rogue", "undead_orc", execute=True)), AttackRolled)
    assert attack.execute and attack.damage == 12
    s.act(TakeDamage("undead_orc"))
    assert s.kit("rogue").uses["execute"] == 0
    s.act(Pass(), Pass(), Pass())  # the monsters, the heroes: round 2 begins with the monsters, who pass
    assert s.state.round == 2 and s.seat() == "heroes"
    fight(s, "rogue", "undead_orc", {"rogue": "cunning", "undead_orc": "defensive"})
    assert not [a for a in s.legal() if isinstance(a, Attack) and a.execute]


def test_an_unconscious_fighter_takes_no_stance_every_stance_may_attack_it_and_it_cannot_shrug_off():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.vitals("undead_orc").hit_points, s.vitals("undead_orc").state = -2, "unconscious"
    s.act(Engage("warrior", "undead_orc"))
    assert s.decision() == ("stance", "warrior")
    events = s.act(ChooseStance("warrior", "agility"))
    assert dict(of_type(events, ChoicesRevealed)[0].choices) == {"warrior": "agility"}
    assert Attack("warrior", "undead_orc") in s.legal()
    s.script(4, 4, 4, 1, 1)
    events = s.act(Attack("warrior", "undead_orc"))
    assert of_type(events, DamageTaken)[0].amount == 12 - 3  # dealt at once: nobody asked to shrug it off
    assert s.vitals("undead_orc").heart == 8


def test_fighters_attack_only_enemies():
    s = Scenario(heroes={"warrior": (4, 2), "priest": (4, 3)}, monsters={"undead_orc": (5, 2)})
    fight(s, "warrior", "undead_orc", {"warrior": "might", "priest": "defensive", "undead_orc": "defensive"},
          join=("priest",))
    assert {a.target for a in s.legal() if isinstance(a, Attack)} == {"undead_orc"}


def test_a_cunning_fighter_may_attack_an_unconscious_one_that_took_no_stance():
    # Ruling stances-no-stance: the unconscious took no stance, so there is none it could beat or be beaten by.
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)})
    s.vitals("undead_orc").hit_points, s.vitals("undead_orc").state = -2, "unconscious"
    s.act(Engage("warrior", "undead_orc"))
    s.act(ChooseStance("warrior", "cunning"))
    assert Attack("warrior", "undead_orc") in s.legal()
