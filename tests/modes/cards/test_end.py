"""Text 000's joining and ending: who takes part, Recall at 0 Grit, the end, a winning monster's heal."""

from __future__ import annotations

from game.modes.cards.actions import JoinFight, KeepDice, PlaceCard, StayOut
from game.modes.cards.events import EffectEnded, FightEnded, LeftFight, MonsterHealed
from game.modes.cards.state import Ailment
from tests.modes.cards.scenario import act, awaited, fight, join_all, of_type, place, uid

RAT_BITE = 1


def test_a_character_that_stays_out_affects_nothing_in_the_fight() -> None:
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[RAT_BITE, 1], fame={"knight": 0, "ranger": 6})
    act(mode, JoinFight("chain_mail"))
    act(mode, StayOut())
    state = mode.state
    assert state.token == "giant_rat"  # the ranger's Fame 6 counts for nothing out of the fight
    assert state.sealing.seats == ("knight",)  # it places no cards
    assert "ranger" not in mode.targets("knight", "cleave") and "ranger" not in state.enemies_of("giant_rat")
    place(mode, "knight")
    assert mode.pending_seat() == "heroes" and awaited(mode)[0] == "place"  # nobody asked to reroll


def test_with_no_map_everyone_present_may_join_in_turn_order() -> None:
    mode = fight(["knight", "ranger", "mage"], ["giant_rat"])
    asked = []
    while mode.state.phase == "join":
        asked.append(awaited(mode)[1])
        act(mode, StayOut() if asked[-1] == "mage" else mode.legal_actions("heroes")[0])
    assert asked == ["knight", "ranger", "mage"]


def test_a_character_at_0_grit_is_recalled_and_a_monster_that_beat_every_character_heals_fully() -> None:
    mode = fight(["knight"], ["giant_rat"], dice=[RAT_BITE, 12])
    join_all(mode)
    state = mode.state
    state.fighters["knight"].grit = 1
    state.fighters["giant_rat"].grit = 2
    state.fighters["knight"].ailments["weak"] = Ailment(1, 2)
    events = place(mode, "knight", ("balance", "knight"))
    assert LeftFight("knight", "recalled") in events
    assert MonsterHealed("giant_rat", 6) in events and state.fighters["giant_rat"].grit == 6
    assert of_type(events, FightEnded) == [FightEnded("monsters", "none of the heroes has Grit left in the fight", 1)]
    outcome = mode.outcome()
    assert outcome is not None and outcome.winner == "monsters" and mode.pending_seat() is None


def test_the_fight_ends_when_a_side_has_nobody_with_1_grit_and_every_effect_and_ailment_ends() -> None:
    mode = fight(["knight"], ["giant_rat"], dice=[9, 1, 12, 12, 12], fame={"knight": 3})
    join_all(mode)
    state = mode.state
    state.fighters["giant_rat"].grit = 3
    state.fighters["giant_rat"].ailments["burn"] = Ailment(1, 3)
    events = place(mode, "knight", ("buckler", "knight"), ("cleave", "giant_rat"))
    while mode.state.phase != "over":
        events += act(mode, KeepDice())
    outcome = mode.outcome()
    assert LeftFight("giant_rat", "defeated") in events and outcome is not None and outcome.winner == "heroes"
    assert EffectEnded("knight", "buckler", "block") in events and state.effects == []
    assert of_type(events, MonsterHealed) == [] and all(not f.ailments for f in state.fighters.values())
    assert "buckler" in [state.cards[u] for u in state.fighters["knight"].discard]


def test_at_most_two_cards_are_placed_a_round() -> None:
    mode = fight(["knight"], ["giant_rat"])
    join_all(mode)
    act(mode, PlaceCard(uid(mode, "knight", "cleave"), "giant_rat"))
    act(mode, PlaceCard(uid(mode, "knight", "buckler"), "knight"))
    assert mode.check(PlaceCard(uid(mode, "knight", "lure"), "knight"), "heroes") is not None
    assert all(type(a).__name__ == "SealCards" for a in mode.legal_actions("heroes"))
