"""Text 000's attacks, support cards, ongoing effects and Ailments, with scripted dice (knight, rat, ogre...)."""

from __future__ import annotations

from game.modes.cards.actions import ChooseTarget, JoinFight
from game.modes.cards.events import (
    AilmentAdded,
    AilmentsRemoved,
    AttackResolved,
    BurnSuffered,
    CardRevealed,
    DiceRolled,
    EffectBegan,
    EffectEnded,
    Lured,
    SupportResolved,
)
from game.modes.cards.state import Ailment
from tests.modes.cards.scenario import act, fight, give, join_all, of_type, place, script

RAT_CLAW, RAT_BITE = 9, 1  # the Giant Rat's action table: 1-8 Bite, 9-12 Claw


def _knight_and_rat(*dice: int):
    mode = fight(["knight"], ["giant_rat"], dice=list(dice))
    join_all(mode)  # the knight (Fame 0) joins in Chain Mail; the rat (Rank 1) holds the token
    return mode


def test_an_attack_affects_the_target_only_on_its_defense_or_higher() -> None:
    # Cleave: Might against Might; the rat's Might Tier 1 makes its defense 5.
    mode = _knight_and_rat(RAT_CLAW, 1, 4, 4, 4)
    events = place(mode, "knight", ("cleave", "giant_rat"))
    miss = of_type(events, AttackResolved)[-1]
    assert (miss.needed, miss.landed, miss.injury, mode.state.fighters["giant_rat"].grit) == (5, 0, 0, 6)
    script(mode, RAT_CLAW, 1, 5, 1, 1)
    events = place(mode, "knight", ("heavy_swing", "giant_rat"))  # Heavy Swing: Might against Finesse (7)
    assert of_type(events, AttackResolved)[-1].landed == 0
    script(mode, RAT_CLAW, 1, 7, 1, 1)
    events = place(mode, "knight", ("shield_bash", "giant_rat"))  # Might against Finesse: 7 lands for 1
    hit = of_type(events, AttackResolved)[-1]
    assert (hit.landed, hit.damage, hit.injury, mode.state.fighters["giant_rat"].grit) == (1, 1, 1, 5)


def test_the_attackers_own_benefit_happens_even_when_the_attack_fails() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1, 1, 1, 1)
    events = place(mode, "knight", ("shield_bash", "giant_rat"))
    assert of_type(events, AttackResolved)[-1].landed == 0
    assert EffectBegan("knight", "knight", "shield_bash", "block", 1, 1) in events


def test_accuracy_adds_damage_and_every_block_applies() -> None:
    # Bite (2 damage) rolls 12 against the knight's Finesse defense 7: 1 Accuracy, 3 damage; Chain Mail
    # and Balance block 1 each: 1 Injury.
    mode = _knight_and_rat(RAT_BITE, 12)
    events = place(mode, "knight", ("balance", "knight"))
    bite = of_type(events, AttackResolved)[-1]
    assert (bite.accuracy, bite.damage, bite.blocked, bite.injury, bite.grit) == (1, 3, 2, 1, 13)


def test_worn_gear_blocks_every_attack() -> None:
    mode = fight(["knight"], ["giant_rat"], dice=[RAT_BITE, 9])
    act(mode, JoinFight("tower_shield"))
    events = place(mode, "knight")
    bite = of_type(events, AttackResolved)[-1]
    assert (bite.damage, bite.blocked, bite.injury) == (3, 2, 1)
    script(mode, RAT_BITE, 7)
    bite = of_type(place(mode, "knight"), AttackResolved)[-1]
    assert (bite.damage, bite.blocked, bite.injury) == (2, 2, 0)  # "Damage cannot be reduced below 0"


def test_the_monsters_action_die_is_a_single_die_no_bonus_or_penalty_touches() -> None:
    mode = _knight_and_rat(RAT_BITE, 12)
    mode.state.fighters["giant_rat"].ailments["dazzle"] = Ailment(2, 3)
    events = place(mode, "knight")
    action, bite = of_type(events, DiceRolled)
    assert (action.skill, action.raw, action.bonus) == ("action", (1,), 0)
    assert (bite.card, bite.bonus, bite.values) == ("bite", -2, (10,))  # "Dazzle: Suffer -1 on rolls", twice


def test_a_support_spell_rolls_wit_and_works_only_on_6_or_higher_and_lasts_the_fight() -> None:
    mode = fight(["priest"], ["giant_rat"], dice=[RAT_CLAW, 5, 5, 1])
    join_all(mode)
    events = place(mode, "priest", ("ward", "priest"))
    wit = next(e for e in of_type(events, DiceRolled) if e.card == "ward")
    assert (wit.card, wit.skill, wit.raw) == ("ward", "wit", (5, 5))
    assert SupportResolved("priest", "priest", "ward", False) in events
    assert mode.state.effects == [] and "ward" in [mode.state.cards[u] for u in mode.state.fighters["priest"].discard]
    mode = fight(["priest"], ["giant_rat"], dice=[RAT_CLAW, 6, 1, 1, RAT_CLAW, 1])
    join_all(mode)
    events = place(mode, "priest", ("ward", "priest"))
    assert EffectBegan("priest", "priest", "ward", "block", 1, 0) in events  # no duration shown: the whole fight
    place(mode, "priest")
    assert [e.card for e in mode.state.effects] == ["ward"] and mode.state.round == 3
    assert [mode.state.cards[u] for u in mode.state.fighters["priest"].faceup] == ["ward"]


def test_gear_that_does_not_attack_needs_no_roll_and_a_1_round_effect_ends_with_the_round() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1)
    events = place(mode, "knight", ("buckler", "knight"))
    assert [e.card for e in of_type(events, DiceRolled)] == ["", "claw"]  # the action die and the claw only
    assert EffectBegan("knight", "knight", "buckler", "block", 1, 1) in events
    assert EffectEnded("knight", "buckler", "block") in events  # "reduce the duration ... by 1" at the round's end
    assert "buckler" in [mode.state.cards[u] for u in mode.state.fighters["knight"].discard]


def test_ailments_add_to_what_afflicts_the_victim_and_are_removed_whole() -> None:
    mode = fight(["mage", "priest"], ["ogre"], dice=[10], fame={"mage": 0})
    give(mode, "mage", "firebolt")
    join_all(mode)
    place(mode, "priest")
    script(mode, 1, 1, 1, 12, 1, 1, 12, 1, 1)  # Tail Sweep's 3 dice miss; both Firebolts land on the ogre
    events = place(mode, "mage", ("firebolt", "ogre"), ("firebolt", "ogre"))
    events += act(mode, ChooseTarget("mage"))  # the ogre's runner aims its Tail Sweep
    burns = of_type(events, AilmentAdded)
    assert [(b.ailment, b.amount) for b in burns] == [("burn", 1), ("burn", 2)]
    # The next round begins with Burn: 2 Injury, its amount.
    assert of_type(events, BurnSuffered)[0].injury == 2


def test_removing_an_ailment_from_yourself_works_even_when_the_attack_fails() -> None:
    mode = fight(["mage"], ["giant_rat"], dice=[RAT_CLAW, 1, 1, 1, 1])
    give(mode, "mage", "purging_flame")
    join_all(mode)
    mode.state.fighters["mage"].ailments.update(burn=Ailment(1, 3), weak=Ailment(2, 3))
    events = place(mode, "mage", ("purging_flame", "giant_rat"))
    assert of_type(events, AttackResolved)[-1].landed == 0
    assert AilmentsRemoved("mage", ("burn", "weak")) in events and mode.state.fighters["mage"].ailments == {}


def test_a_cure_removes_an_allys_ailments_whole() -> None:
    mode = fight(["priest"], ["giant_rat"], dice=[RAT_CLAW, 6, 6, 1])
    join_all(mode)
    mode.state.fighters["priest"].ailments["slow"] = Ailment(3, 2)
    events = place(mode, "priest", ("cleanse", "priest"))
    assert AilmentsRemoved("priest", ("slow",)) in events


def test_burn_is_1_injury_at_the_beginning_of_each_round() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1)
    mode.state.fighters["knight"].ailments["burn"] = Ailment(1, 3)
    events = place(mode, "knight")
    assert of_type(events, BurnSuffered) == [BurnSuffered("knight", 1, 13)]


def test_slow_is_minus_6_priority_on_the_track() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1, 1, 1, 1)
    mode.state.fighters["knight"].ailments["slow"] = Ailment(1, 3)
    events = place(mode, "knight", ("cleave", "giant_rat"))
    assert of_type(events, CardRevealed)[0].priority == 4 - 6


def test_weak_deals_minus_1_damage() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1, 5, 1, 1)
    mode.state.fighters["knight"].ailments["weak"] = Ailment(1, 3)
    hit = of_type(place(mode, "knight", ("cleave", "giant_rat")), AttackResolved)[-1]
    assert (hit.landed, hit.damage, hit.injury) == (1, 1, 1)  # Cleave's 2, less 1


def test_a_focus_played_takes_effect_when_the_track_is_empty_as_plus_1_for_the_next_round() -> None:
    mode = _knight_and_rat(RAT_CLAW, 1)
    events = place(mode, "knight", ("focus", "knight"))
    assert EffectBegan("knight", "knight", "focus", "bonus", 1, 1) in events
    script(mode, RAT_CLAW, 1, 1, 1, 1)
    events = place(mode, "knight", ("cleave", "giant_rat"))
    assert of_type(events, DiceRolled)[-1].bonus == 1
    assert "focus" in [mode.state.cards[u] for u in mode.state.fighters["knight"].discard]


def test_lure_draws_an_attack_on_an_ally_to_its_user() -> None:
    mode = fight(["knight", "mage"], ["ogre"], dice=[6], fame={"knight": 0})
    join_all(mode)
    place(mode, "mage")
    events = place(mode, "knight", ("lure", "knight"))
    script(mode, 1, 1, 1)
    events = act(mode, ChooseTarget("mage"))
    assert Lured("ogre", "mage", "knight") in events
    assert of_type(events, AttackResolved)[0].target == "knight"
