"""Text 003's buttons "to retreat from the encounter" (ruling grid-retreat); a side with nobody able to fight."""

from game.modes.grid.actions import Retreat, UseAction
from game.modes.grid.events import EncounterEnded
from tests.modes.grid.scenario import Scenario, of_type


def test_retreat_ends_the_encounter_for_the_side_that_retreats():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    events = s.act(Retreat("heroes"))
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner == "monsters" and ended.reason == "the heroes retreated"
    assert s.mode.pending_seat() is None


def test_a_seat_cannot_retreat_a_side_it_does_not_command():
    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    assert s.check(Retreat("monsters")) == "heroes does not command the monsters"


def test_encounter_ends_when_the_last_enemy_able_to_fight_falls():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"kobold": (4, 3)})
    s.begin_turn("warrior")
    s.script(9, 1, 1, 1, 1, 1)  # hit: Weapon 3 (9, 1, 1) against Speed 3 (1, 1, 1)
    s.script(1, 1)  # longsword damage rank 2: 1 + 1, and a Drone dies at once
    events = s.act(UseAction("strike", "kobold"))
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner == "heroes"
    assert s.mode.outcome().winner == "heroes"


def test_unconscious_combatants_are_not_able_to_fight():
    s = Scenario(heroes={"warrior": (3, 3)}, monsters={"orc_brute": (4, 3)})
    s.health("orc_brute").wounds = 2
    s.begin_turn("warrior")
    s.script(9, 1, 1, 1, 1)  # hit: Weapon 3 (9, 1, 1) against Speed 2 (1, 1)
    s.script(9, 9, 1, 1, 1)  # damage rank 2: 9 + 1 - 1 = 9; Endurance 3: 1 -> wound -> Unconscious
    events = s.act(UseAction("strike", "orc_brute"))
    assert of_type(events, EncounterEnded)[0].winner == "heroes"


def test_combatant_that_falls_on_its_own_turn_ends_it_at_once():
    from game.modes.grid.events import TurnEnded, TurnStarted

    s = Scenario(heroes={"mage": (3, 3), "warrior": (1, 1)}, monsters={"wolf": (4, 3), "skeleton": (7, 5)})
    s.health("mage").wounds = 2  # Resolve 3: one more wound and the mage falls
    s.begin_turn("mage", order=["wolf", "warrior", "skeleton"])
    # Fireball on the mage's own square: against the mage, then the wolf.
    s.script(9, 1, 1, 1, 1, 1)  # Spellcasting 4 (staff): 9 against the mage's Speed 2: hit
    s.script(9, 9, 1)  # fire 9 + 0 - 1 (amulet) = 8; Endurance 1: 1 -> wound -> Unconscious
    s.script(1, 1, 1, 1, 9, 9, 9)  # against the wolf: miss
    s.script(5, 5, 9)  # the end of the mage's turn: Speed 2 against a roll of Burning's rank 1
    s.script(*[5] * 6)  # the wolf's turn starts
    events = s.act(UseAction("fireball", square=(3, 3)))
    assert s.health("mage").state == "unconscious"
    assert [e.cid for e in of_type(events, TurnEnded)] == ["mage"]
    assert of_type(events, TurnStarted)[0].cid == "wolf"


def test_a_match_set_up_with_a_round_limit_is_a_draw_when_it_runs_out():
    from game.modes.grid.actions import EndTurn, RollInitiative

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (7, 5)})
    s.state.max_rounds = 1
    s.script(9, 9, 1, 1, 5, 5)  # initiative (Reactions 2 each), the warrior's turn
    s.act(RollInitiative())
    s.script(*[1] * 8)  # the wolf's turn
    s.act(EndTurn())
    s.act(EndTurn())
    events = s.act(RollInitiative())
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner is None and "within 1 rounds" in ended.reason


def test_nobody_left_able_to_fight_on_either_side_is_a_draw():
    from game.modes.grid.content import DamageSpec
    from game.modes.grid.wounds import deal_damage

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"kobold": (7, 5)})
    s.health("warrior").state = "unconscious"
    s.script(1)
    deal_damage(s.state, s.ent("kobold"), DamageSpec(rank=1, type="fire"))
    assert s.mode._end_if_over()[0].winner is None


def test_two_hero_parties_can_fight_each_other_and_the_last_standing_wins():
    from game.core.battlefield import Battlefield
    from game.core.dice import ScriptedDice
    from game.core.mode import MatchSetup, Seat
    from game.modes.grid.mode import GridMode

    seats = (Seat("Ann", ("blue",)), Seat("Bo", ("red",)))
    bf = Battlefield.from_ascii("#######\n#H...M#\n#######")
    mode = GridMode(MatchSetup("grid", seats, {"battlefield": bf, "sides": [["blue", ["warrior"]],
                                                                           ["red", ["warrior", "mage"]]]}),
                    ScriptedDice([]))
    mode.start()
    assert sorted(mode.state.by_cid) == ["mage", "warrior#1", "warrior#2"]
    assert mode.pending_seat() == "Ann"
    import esper

    from game.modes.grid.components import Health

    for cid in ("warrior#2", "mage"):
        esper.component_for_entity(mode.state.ent(cid), Health).state = "unconscious"
    ended = mode._end_if_over()[0]
    assert ended.winner == "blue" and ended.reason == "none of the red is left able to fight"


def test_an_unconscious_undead_keeps_the_encounter_going_until_its_chance_to_reanimate():
    # "if they are unconscious at the start of their turn they have a chance to reanimate" (text 003):
    # the last monster down is an Undead, so the encounter waits for its turn, and it rises.
    from game.modes.grid.actions import EndTurn
    from game.modes.grid.events import Reanimated

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.begin_turn("warrior", order=["skeleton"])
    s.health("skeleton").state = "unconscious"
    s.health("skeleton").wounds = 2
    s.script(8, 1)  # the skeleton's Resolve 2: 8 -> it rises
    s.script(5, 5, 5)  # its Speed 2, Perception 1
    events = s.act(EndTurn())
    assert not of_type(events, EncounterEnded)
    assert of_type(events, Reanimated)[0].cid == "skeleton"
    assert s.mode.outcome() is None


def test_an_unconscious_undead_that_dies_at_its_turn_start_ends_the_encounter():
    from game.modes.grid.actions import EndTurn

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"skeleton": (5, 3)})
    s.begin_turn("warrior", order=["skeleton"])
    s.health("skeleton").state = "unconscious"
    s.health("skeleton").wounds = 2
    s.script(1, 1)  # Resolve: 1 -> it dies
    events = s.act(EndTurn())
    ended = of_type(events, EncounterEnded)[0]
    assert ended.winner == "heroes"


def test_a_last_enemy_down_that_its_own_turn_start_would_heal_awake_keeps_the_encounter_going():
    from game.modes.grid.actions import EndTurn
    from game.modes.grid.events import Woke

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (5, 3)})
    s.begin_turn("warrior", order=["wolf"])
    s.health("wolf").state = "unconscious"
    s.health("wolf").wounds = s.state.content.monsters["wolf"].traits["Resolve"]
    s.add_condition("wolf", "regenerating", 1)
    s.script(*[5] * 8)  # the wolf's Speed and Perception, once awake
    events = s.act(EndTurn())
    assert not of_type(events, EncounterEnded)
    assert of_type(events, Woke)[0].cid == "wolf"


def test_a_last_enemy_down_with_no_way_up_ends_the_encounter_at_once():
    from game.modes.grid.actions import EndTurn

    s = Scenario(heroes={"warrior": (1, 1)}, monsters={"wolf": (5, 3)})
    s.begin_turn("warrior", order=["wolf"])
    s.health("wolf").state = "unconscious"
    events = s.act(EndTurn())
    assert of_type(events, EncounterEnded)[0].winner == "heroes"
