"""The cards mode's log: every die of every roll, and a face-down card only in its own seat's words."""

from __future__ import annotations

from game.modes.cards import events as ev
from game.modes.cards.content import load_content
from game.ui.eventtext import LogContext
from game.ui.modes.cards.words import card_does, log_lines

CTX = LogContext({"knight": "Brannoc", "ogre": "Ogre"}, frozenset({"knight"}), frozenset({"knight", "ogre"}))


def test_a_roll_is_logged_with_every_die_as_it_fell_and_as_read() -> None:
    [line] = log_lines([ev.DiceRolled("knight", "cleave", "might", (9, 4, 2), -2, (7, 2, 0))], CTX)
    assert line.text == "Brannoc rolls Might for Cleave: 9, 4, 2 (\u22122 each: 7, 2, 0)"


def test_an_attack_is_logged_with_its_dice_defense_accuracy_block_and_injury() -> None:
    [line] = log_lines([ev.AttackResolved("knight", "ogre", "cleave", (9, 4, 2), 7, 1, 1, 3, 1, 2, 24)], CTX)
    assert line.text == "Brannoc's Cleave hits Ogre: 2 Injury (Grit 24)"
    assert line.details == ("dice as read: 9, 4, 2", "defense 7: 1 hit", "Accuracy: +1 damage",
                            "damage 3, Block 1: 2 Injury, Grit now 24")


def test_a_reroll_and_the_monsters_action_die_are_logged_die_by_die() -> None:
    lines = log_lines([ev.DiceRolled("ogre", "", "action", (7,), 0, (7,)),
                       ev.DieRerolled("knight", 0, 7, 11, 0)], CTX)
    assert [line.text for line in lines] == ["Ogre's runner rolls its action die: 7",
                                             "Brannoc spends 2 Fame (0 left) to reroll die 1: 7 to 11"]


def test_every_card_says_what_it_does() -> None:
    content = load_content()
    assert all(card_does(card) or card.id == "lure" for card in content.cards.values())
    assert card_does(content.card("shield_bash")) == ("Might against Finesse defense (highest die); 1 damage; "
                                                      "you, even on a miss: Block 1 for 1 round")
