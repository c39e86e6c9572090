"""The seven steps of a round, each with scripted dice: Defend, Protect, Shoot, Aim, Focus, Impede, Move, Attack,
Assist, Push and Focused actions, in their order, with initiative only when it is needed."""

from __future__ import annotations

from game.modes.arenas.choices import aim_range, options
from game.modes.arenas.events import AttackRolled, AwesomePaid, Focused, Held, Moved, StepBegan
from game.modes.arenas.plans import Plan
from game.modes.arenas.state import OUT
from tests.modes.arenas.scenario import GATE, LEDGE, MARKET, STAIR, YARD, Scene


def attacks(scene: Scene, events: list) -> list[AttackRolled]:
    return scene.of(events, AttackRolled)


def test_the_seven_steps_play_in_their_order():
    scene = Scene()
    scene.add("fighter", GATE)
    scene.add("duelist", GATE)
    ranger = scene.add("ranger", GATE)
    scene.add("priest", GATE)
    ranger.marked = [1]
    scene.plan("priest", Plan("focus", "ranger", ability="healing"))
    scene.plan("duelist", Plan("move", arena=YARD))
    scene.plan("fighter", Plan("defend"))
    scene.script(1)  # the priest's Cunning test in step 7 fails
    events = scene.play()
    assert [e.step for e in scene.of(events, StepBegan)] == [1, 3, 4, 7]


def test_defend_makes_foes_minus_2_to_hit_and_minus_4_with_a_shield():
    scene = Scene()
    scene.add("fighter", GATE)  # a shield, chain mail: 11 to hit
    scene.add("orc_brute", GATE)
    scene.plan("fighter", Plan("defend"))
    scene.plan("orc_brute", Plan("attack", "fighter"))
    scene.script(8, 6)
    roll = attacks(scene, scene.play())[0]
    assert roll.modifiers == (("defending", -4),) and roll.total == 10 and roll.need == 11 and not roll.hit
    scene = Scene()
    scene.add("duelist", GATE)  # a dagger, no shield
    scene.add("orc_brute", GATE)
    scene.plan("duelist", Plan("defend"))
    scene.plan("orc_brute", Plan("attack", "duelist"))
    scene.script(5, 6)
    assert attacks(scene, scene.play())[0].modifiers == (("defending", -2),)


def test_protect_takes_the_attacks_on_a_friend_and_counter_attacks_who_hits():
    scene = Scene()
    fighter = scene.add("fighter", GATE)
    priest = scene.add("priest", GATE)
    scene.add("orc_brute", GATE)
    scene.plan("fighter", Plan("protect", "priest"))
    scene.plan("orc_brute", Plan("attack", "priest"))
    scene.script(9, 9, 1, 2, 2, 3, 4)  # the orc hits, marks 1 and 2; the fighter's counter-attack misses
    rolls = attacks(scene, scene.play())
    assert (rolls[0].target, rolls[0].instead_of, rolls[0].hit) == ("fighter", "priest", True)
    assert fighter.marked == [1, 2] and priest.marked == []
    assert (rolls[1].attacker, rolls[1].kind, len(rolls[1].dice)) == ("fighter", "counter-attack", 3)


def test_a_group_of_minions_is_counter_attacked_once_and_a_10_on_the_face_die_adds_1d3_damage():
    scene = Scene()
    fighter = scene.add("fighter", GATE)
    scene.add("goblin_pack", GATE)
    scene.plan("fighter", Plan("defend"))
    scene.plan("goblin_pack", Plan("attack", "fighter"))
    scene.script(10, 9, 1, 1, 2, 1, 1, 1, 1)  # four goblins' d10s (the first the face die), 1d5, 1d3, a counter
    events = scene.play()
    rolls = attacks(scene, events)
    assert len(rolls[0].dice) == 4 and rolls[0].hit
    assert fighter.marked == [2, 1]  # the short sword's 2, then the face die's 1d3 rolling 1
    assert [r.kind for r in rolls] == ["attack", "counter-attack"]


def test_a_10_on_the_face_die_of_a_miss_adds_nothing():
    scene = Scene()
    fighter = scene.add("fighter", GATE)
    scene.add("wolf", GATE)
    scene.plan("fighter", Plan("defend"))
    scene.plan("wolf", Plan("attack", "fighter"))
    scene.script(10, 1, 1)  # the face die 10, but 10 + 1 - 4 is short of 11
    scene.play()
    assert fighter.marked == []


def test_shoot_reaches_a_foe_in_its_own_or_an_adjacent_arena_and_aiming_reaches_further():
    scene = Scene()
    ranger = scene.add("ranger", GATE)
    scene.add("wolf", YARD)
    scene.add("kobold_slinger", MARKET)
    plans = options(scene.st, ranger)
    assert Plan("shoot", "wolf") in plans and Plan("shoot", "kobold_slinger") not in plans
    assert Plan("aim", "kobold_slinger") in plans  # 3 arenas off; Brawn 2 aims 4


def test_aimed_ranges_are_2_x_brawn_capped_4_for_short_bows_and_slings_8_for_long_bows_and_6_for_crossbows():
    assert aim_range("short_bow", 3) == 4 and aim_range("sling", 1) == 2 and aim_range("long_bow", 5) == 8
    assert aim_range("long_bow", 2) == 4 and aim_range("crossbow", 0) == 6 and aim_range("thrown", 5) is None


def test_an_aimed_shot_strikes_in_step_5():
    scene = Scene()
    scene.add("ranger", GATE)
    kobold = scene.add("kobold_slinger", MARKET)
    scene.plan("ranger", Plan("aim", "kobold_slinger"))
    scene.script(5, 5, 3, 7)  # hits 9, marks 3 (one of the two highest), the kobold's Daring test passes
    events = scene.play()
    assert [e.step for e in scene.of(events, StepBegan)] == [2, 5]
    assert attacks(scene, events)[0].kind == "aimed shot" and kobold.marked == [3] and kobold.able


def test_a_focus_goes_off_in_step_7_only_if_the_focuser_is_unwounded():
    scene = Scene()
    scene.add("fighter", GATE)
    orc = scene.add("orc_brute", GATE)
    scene.plan("fighter", Plan("focus", "orc_brute", ability="mighty_blow"))
    scene.plan("orc_brute", Plan("attack", "fighter"))
    scene.script(9, 9, 1, 1)  # the orc wounds the fighter in step 5
    events = scene.play()
    assert scene.of(events, Focused) == [Focused("fighter", "mighty_blow", "orc_brute", False)]
    scene.plan("fighter", Plan("focus", "orc_brute", ability="mighty_blow"))
    scene.plan("orc_brute", Plan("attack", "fighter"))
    scene.script(1, 1, 9, 9, 9, 2, 3)  # the orc misses; the blow hits with one more damage die
    events = scene.play()
    assert scene.of(events, Focused)[0].went_off and orc.marked == [2, 3]


def test_impede_is_a_contest_and_the_impeded_may_attack_only_the_impeder_and_is_cornered_next_round():
    scene = Scene()
    scene.add("duelist", GATE)
    scene.add("priest", GATE)
    orc = scene.add("orc_brute", GATE)
    scene.plan("duelist", Plan("impede", "orc_brute"))
    scene.plan("orc_brute", Plan("attack", "priest"))
    scene.script(5, 4)  # Daring 3 + 5 beats Brawn 3 + 4
    events = scene.play()
    assert scene.of(events, Held)[0].why == "impeded, it may attack only Duelist"
    assert orc.cornered_by == "duelist" and orc.impeded_by is None


def test_a_tie_in_a_contest_goes_to_the_one_tested_against():
    scene = Scene()
    scene.add("duelist", GATE)
    orc = scene.add("orc_brute", GATE)
    scene.plan("duelist", Plan("impede", "orc_brute"))
    scene.script(4, 4)
    scene.play()
    assert orc.cornered_by is None


def test_an_impeded_character_moves_only_if_it_wounds_the_impeder_and_never_further_for_awesome():
    scene = Scene()
    duelist = scene.add("duelist", GATE)
    orc = scene.add("orc_brute", GATE)
    orc.cornered_by = "duelist"
    scene.plan("orc_brute", Plan("move", arena=YARD))
    scene.script(3, 3)  # misses the duelist
    events = scene.play()
    assert orc.arena == GATE and "did not wound" in scene.of(events, Held)[0].why
    orc.cornered_by = "duelist"
    scene.plan("orc_brute", Plan("move", arena=YARD))
    scene.script(9, 9, 2, 3)  # wounds the duelist
    scene.play()
    assert orc.arena == YARD and duelist.marked == [2, 3]
    orc.arena, orc.cornered_by = GATE, "duelist"
    scene.st.gm_awesome = 1
    assert all(not p.extra for p in options(scene.st, orc) if p.act == "move")


def test_a_move_goes_to_an_adjacent_arena_or_one_further_for_an_awesome_point():
    scene = Scene()
    priest = scene.add("priest", GATE)
    plans = options(scene.st, priest)
    assert Plan("move", arena=YARD) in plans and Plan("move", arena=LEDGE, extra=True) in plans
    assert Plan("move", arena=LEDGE) not in plans
    scene.plan("priest", Plan("move", arena=LEDGE, extra=True))
    events = scene.play()
    assert priest.arena == LEDGE and priest.awesome == 0 and scene.of(events, Moved)[0].how.startswith("moved further")
    assert not [p for p in options(scene.st, priest) if p.extra and p.act == "move"]


def test_assist_adds_a_d10_to_an_allys_attack_roll_and_the_ally_keeps_the_top_two():
    scene = Scene()
    scene.add("fighter", GATE)
    scene.add("priest", GATE)
    orc = scene.add("orc_brute", GATE)
    scene.plan("fighter", Plan("attack", "orc_brute"))
    scene.plan("priest", Plan("assist", "fighter"))
    scene.script(1, 2, 9, 8, 4)
    roll = attacks(scene, scene.play())[0]
    assert len(roll.dice) == 4 and roll.total == 17 and ("1 assisting", 0) in roll.modifiers
    assert orc.marked == [4]


def test_an_assist_shifts_to_an_independent_attack_for_an_awesome_point_when_the_ally_does_not_attack():
    scene = Scene()
    scene.add("ranger", GATE)
    priest = scene.add("priest", GATE)
    orc = scene.add("orc_brute", GATE)
    scene.plan("ranger", Plan("defend"))
    scene.plan("priest", Plan("assist", "ranger", extra=True, foe="orc_brute"))
    scene.script(10, 5, 2)  # a mace with a shield rolls one die, the face die: 10 hits, 1d7 and 1d3
    events = scene.play()
    assert scene.of(events, AwesomePaid)[0].payer == "priest" and priest.awesome == 0
    assert orc.marked == [5, 2]


def test_push_is_a_contest_minus_1_per_target_after_the_first_and_the_pushed_cannot_move_next_round():
    scene = Scene()
    fighter = scene.add("fighter", GATE)
    priest = scene.add("priest", GATE)
    scene.add("orc_brute", GATE)
    scene.plan("orc_brute", Plan("push", arena=YARD, targets=("fighter", "priest")))
    scene.script(6, 2, 5, 4)  # 9 beats 5; then 5 + 3 - 1 = 7 ties 7
    scene.play()
    assert fighter.arena == YARD and priest.arena == GATE
    assert fighter.no_move and not [p for p in options(scene.st, fighter) if p.act == "move"]


def test_initiative_is_rolled_when_both_sides_act_in_a_step_and_a_tie_acts_together():
    scene = Scene()
    ranger = scene.add("ranger", GATE)
    kobold = scene.add("kobold_slinger", YARD)
    scene.plan("ranger", Plan("shoot", "kobold_slinger"))
    scene.plan("kobold_slinger", Plan("shoot", "ranger"))
    # 3 + Awareness 3 and 4 + 2 tie; the ranger's shot takes the kobold out, who still shoots at the same time.
    scene.script(3, 4, 10, 9, 4, 1, 1, 9, 9, 2)
    events = scene.play()
    assert kobold.status == OUT and ranger.marked == [2] and len(attacks(scene, events)) == 2


def test_the_higher_initiative_acts_first():
    scene = Scene()
    scene.add("ranger", GATE)
    kobold = scene.add("kobold_slinger", YARD)
    scene.plan("ranger", Plan("shoot", "kobold_slinger"))
    scene.plan("kobold_slinger", Plan("shoot", "ranger"))
    scene.script(3, 2, 10, 9, 4, 1, 1)  # 6 against 4: the kobold is out before its turn
    events = scene.play()
    assert kobold.status == OUT and len(attacks(scene, events)) == 1


def test_a_parrying_weapon_takes_a_die_off_the_main_weapons_roll_and_gives_plus_2_once():
    scene = Scene()
    scene.add("duelist", GATE)
    wolf = scene.add("wolf", GATE)
    scene.plan("duelist", Plan("attack", "wolf", parry="plus2"))
    scene.script(8, 3, 9)
    roll = attacks(scene, scene.play())[0]
    assert len(roll.dice) == 1 and ("parry", 2) in roll.modifiers and roll.hit and wolf.marked == [3]


def test_a_parrying_weapon_may_mark_the_targets_lowest_unmarked_wound_on_a_hit():
    scene = Scene()
    scene.add("duelist", GATE)
    wolf = scene.add("wolf", GATE)
    scene.plan("duelist", Plan("attack", "wolf", parry="lowest"))
    scene.script(9, 4, 9)
    scene.play()
    assert wolf.marked == [4, 1]


def test_a_parrying_weapon_may_put_the_parriers_daring_on_a_chosen_foes_attack_roll():
    scene = Scene()
    scene.add("duelist", GATE)
    scene.add("wolf", GATE)
    scene.plan("duelist", Plan("defend", parry="daring", foe="wolf"))
    scene.plan("wolf", Plan("attack", "duelist"))
    scene.script(7, 7, 1)
    roll = attacks(scene, scene.play())[0]
    assert roll.modifiers == (("defending", -2), ("Duelist's parry", -3)) and not roll.hit


def test_a_heavy_blow_that_misses_in_a_dense_arena_does_collateral_damage():
    scene = Scene()
    scene.add("fighter", MARKET)
    priest = scene.add("priest", MARKET)
    scene.add("orc_brute", MARKET)
    scene.plan("orc_brute", Plan("attack", "fighter"))
    scene.script(3, 4, 5, 5)  # 7 + 2 misses 11; the greataxe's 1d6 lands on the priest, who tests Commitment
    events = scene.play()
    assert ("dense arena", 2) in attacks(scene, events)[0].modifiers and priest.marked == [5]


def test_minions_roll_one_d10_each_and_lose_one_minion_at_a_time():
    from game.modes.arenas.choices import attack_dice
    from game.modes.arenas.combat import mark_wounds

    scene = Scene()
    pack = scene.add("goblin_pack", GATE)
    assert attack_dice(scene.st, pack, False) == 4
    scene.script(1)  # the wounded goblin fails its test to go on
    mark_wounds(scene.st, pack, [(4, 2, "damage")])
    assert pack.members == 3 and pack.marked == [] and pack.able
    pack.marked = [1]
    mark_wounds(scene.st, pack, [(4, 2, "damage")])
    assert pack.members == 2 and attack_dice(scene.st, pack, False) == 2


def test_an_unarmed_attack_rolls_only_the_face_die():
    import dataclasses

    from game.modes.arenas.choices import attack_dice

    scene = Scene()
    content = scene.st.content
    brawler = dataclasses.replace(content.heroes["fighter"], id="brawler", weapon="unarmed", offhand="")
    scene.st.content = dataclasses.replace(content, heroes={**content.heroes, "brawler": brawler})
    assert attack_dice(scene.st, scene.add("brawler", STAIR), False) == 1


def test_an_assist_shifts_to_protect_the_ally_for_an_awesome_point_when_the_ally_does_not_attack():
    scene = Scene()
    ranger = scene.add("ranger", GATE)
    priest = scene.add("priest", GATE)
    scene.add("orc_brute", GATE)
    scene.plan("ranger", Plan("defend"))
    scene.plan("priest", Plan("assist", "ranger", extra=True))
    scene.plan("orc_brute", Plan("focus", "ranger", ability="mighty_blow"))
    # The orc strikes in step 7, after the priest has shifted: it hits the priest for 1d6 x 3; the counter misses.
    scene.script(9, 9, 1, 2, 3, 1)
    events = scene.play()
    rolls = attacks(scene, events)
    assert priest.awesome == 0 and rolls[0].target == "priest" and rolls[0].instead_of == "ranger"
    assert ranger.marked == []


def test_monsters_and_minions_spend_the_game_masters_awesome_points():
    scene = Scene()
    pack = scene.add("goblin_pack", GATE)
    scene.st.gm_awesome = 1
    assert Plan("move", arena=LEDGE, extra=True) in options(scene.st, pack)
    scene.plan("goblin_pack", Plan("move", arena=LEDGE, extra=True))
    scene.play()
    assert pack.arena == LEDGE and scene.st.gm_awesome == 0 and pack.awesome == 0
    assert not [p for p in options(scene.st, pack) if p.extra]
