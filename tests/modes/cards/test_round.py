"""Text 000's round: joining, hands, the Priority token, face-down cards, reveals, the track."""

from __future__ import annotations

from game.modes.cards.actions import ChooseTarget, Declare, JoinFight, StayOut
from game.modes.cards.events import (
    BaseAttackDeclared,
    CardRevealed,
    CardsSealed,
    DiceRolled,
    TokenRollOff,
    TokenTaken,
)
from tests.modes.cards.scenario import act, awaited, fight, give, join_all, keep_all, of_type, place, script


def test_each_hand_starts_with_2_base_attack_1_lure_1_balance_1_focus_and_the_cards_obtained() -> None:
    mode = fight(["knight"], ["giant_rat"])
    state = mode.state
    hand = sorted(state.cards[u] for u in state.fighters["knight"].hand)
    assert hand == sorted(["base_attack", "base_attack", "lure", "balance", "focus",
                           "cleave", "shield_bash", "heavy_swing", "buckler"])


def test_the_participant_with_the_most_fame_takes_the_token_a_monsters_fame_being_its_rank() -> None:
    mode = fight(["knight"], ["giant_rat"], fame={"knight": 2})
    join_all(mode)
    assert mode.state.token == "knight" and mode.state.turn_order() == ("knight", "giant_rat")
    mode = fight(["knight"], ["giant_rat"], fame={"knight": 0})
    join_all(mode)
    assert mode.state.token == "giant_rat" and mode.state.turn_order() == ("giant_rat", "knight")


def test_a_tie_for_the_token_is_rolled_on_finesse_second_dice_compared_a_full_tie_rerolled() -> None:
    # Knight (Fame 1) and Giant Rat (Rank 1) tie; each rolls 2 Finesse dice, knight first.
    mode = fight(["knight"], ["giant_rat"], dice=[9, 4, 4, 9, 9, 4, 9, 6], fame={"knight": 1})
    events = join_all(mode)
    offs = of_type(events, TokenRollOff)
    assert [o.settled for o in offs] == [False, True]
    assert offs[1].rolls == (("knight", (9, 4)), ("giant_rat", (9, 6)))
    assert mode.state.token == "giant_rat"


def test_a_character_with_more_than_one_worn_gear_chooses_the_one_that_applies() -> None:
    mode = fight(["knight"], ["giant_rat"])
    legal = mode.legal_actions("heroes")
    assert legal == [JoinFight("chain_mail"), JoinFight("tower_shield"), StayOut()]
    act(mode, JoinFight("tower_shield"))
    assert mode.state.blocks("knight") == [2]  # the chain mail does nothing in this fight


def test_characters_place_cards_in_reverse_turn_order_and_reveal_them_so_card_by_card() -> None:
    mode = fight(["knight", "mage"], ["giant_rat"], dice=[1, 1], fame={"knight": 3})
    join_all(mode)
    assert mode.state.turn_order() == ("knight", "mage", "giant_rat")
    assert mode.state.sealing.next_seat() == "mage"  # the last character in turn order places first
    place(mode, "mage", ("focus", "mage"))
    events = place(mode, "knight", ("buckler", "knight"), ("lure", "knight"))
    reveals = of_type(events, CardRevealed)
    assert [(r.cid, r.card) for r in reveals] == [("mage", "focus"), ("knight", "buckler"), ("knight", "lure")]
    assert events.index(reveals[0]) > max(events.index(e) for e in of_type(events, CardsSealed))


def test_a_revealed_base_attack_declares_whether_it_attacks_or_takes_the_token_at_once() -> None:
    mode = fight(["knight"], ["giant_rat"], dice=[])
    join_all(mode)
    assert mode.state.token == "giant_rat"
    events = place(mode, "knight", ("base_attack", "giant_rat"), ("buckler", "knight"))
    assert of_type(events, CardRevealed)[-1].card == "base_attack"
    assert awaited(mode)[0] == "declare"
    script(mode, 1, 1)  # the rat's action die (Bite), then its attack die
    events = act(mode, Declare(take_token=True))
    assert events[0] == BaseAttackDeclared("knight", False)
    assert events[1] == TokenTaken("knight", "base", ("knight", "giant_rat"))
    # Taken "immediately": the rat's action die is rolled after it, and the knight now acts first.
    assert events.index(events[1]) < events.index(of_type(events, DiceRolled)[0])
    assert "base_attack" in [mode.state.cards[u] for u in mode.state.fighters["knight"].discard]


def test_actions_resolve_from_the_highest_priority_down_ties_in_turn_order() -> None:
    # Knight holds the token: Quick Jab (9) by the ranger, Claw (8) by the rat, Cleave (4) by the knight;
    # Buckler (12) first of all. Rat's die 12 is Claw.
    mode = fight(["knight", "ranger"], ["giant_rat"], dice=[12], fame={"knight": 3})
    join_all(mode)
    place(mode, "ranger", ("quick_jab", "giant_rat"))
    script(mode, 1, 1, 1, 1, 1, 1, 1)  # every attack misses
    events = place(mode, "knight", ("cleave", "giant_rat"), ("buckler", "knight")) + keep_all(mode)
    events += act(mode, ChooseTarget("ranger")) + keep_all(mode)  # the rat's runner aims its Claw
    rolled = [(e.cid, e.card) for e in of_type(events, DiceRolled)]
    assert rolled == [("giant_rat", ""), ("ranger", "quick_jab"), ("giant_rat", "claw"), ("knight", "cleave")]
    began = [e for e in events if type(e).__name__ == "EffectBegan"]
    assert events.index(began[0]) < events.index(of_type(events, DiceRolled)[1])  # the Buckler at 12 first


def test_equal_priorities_go_in_turn_order() -> None:
    # Bite (6) by the rat and Frost Grip (6) by the mage: the rat holds the token, so it goes first.
    mode = fight(["mage"], ["giant_rat"], dice=[1], fame={"mage": 0})
    give(mode, "mage", "frost_grip")
    join_all(mode)
    script(mode, 1, 1, 1, 1)
    events = place(mode, "mage", ("frost_grip", "giant_rat"))
    assert [e.cid for e in of_type(events, DiceRolled)] == ["giant_rat", "giant_rat", "mage"]


def test_a_characters_second_damaging_action_in_a_round_has_minus_2_on_its_roll() -> None:
    mode = fight(["knight"], ["giant_rat"], dice=[12], fame={"knight": 3})
    join_all(mode)
    script(mode, 1, 1, 1, 1, 1, 1, 1)  # claw, cleave's three dice, heavy swing's three
    events = place(mode, "knight", ("cleave", "giant_rat"), ("heavy_swing", "giant_rat")) + keep_all(mode)
    rolls = {e.card: e.bonus for e in of_type(events, DiceRolled) if e.cid == "knight"}
    assert rolls == {"cleave": 0, "heavy_swing": -2}
