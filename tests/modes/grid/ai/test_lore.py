"""What the tactical policy remembers between plans gives the same numbers as working them out again."""

from __future__ import annotations

import dataclasses

from game.modes.grid.ai.lore import Lore
from game.modes.grid.ai.values import attack_value, known_attack_value
from game.modes.grid.content import load_content
from game.modes.grid.view import CombatantView
from tests.modes.grid.scenario import Scenario

HALL = """
########
#......#
#......#
#......#
########
"""


def tokens() -> tuple[CombatantView, CombatantView]:
    """The orc brute and the ranger as the monsters' seat sees them, at the start of the orc's turn."""
    s = Scenario(HALL, heroes={"ranger": (2, 2)}, monsters={"orc_brute": (4, 2)})
    s.begin_turn("orc_brute", movement=4)
    view = s.mode.view(s.seat())
    orc, ranger = view.combatant("orc_brute"), view.combatant("ranger")
    assert orc is not None and ranger is not None
    return orc, ranger


def test_a_token_gets_the_build_of_its_condition_names_whatever_their_order_and_ranks():
    orc, _ = tokens()
    lore = Lore(load_content())
    first = lore.build(dataclasses.replace(orc, conditions=(("blessed", 1), ("poisoned", 2))))
    assert lore.build(dataclasses.replace(orc, conditions=(("poisoned", 1), ("blessed", 2)))) is first
    assert Lore(load_content()).build(dataclasses.replace(orc, conditions=(("poisoned", 1), ("blessed", 2)))) \
        == first
    assert lore.build(orc) is not first


def test_a_build_with_other_gear_is_the_build_of_the_token_wearing_it():
    orc, _ = tokens()
    lore = Lore(load_content())
    bare = lore.build_wearing(orc, ())
    assert bare == Lore(load_content()).build(dataclasses.replace(orc, equipped=()))
    assert lore.build(dataclasses.replace(orc, equipped=())) is bare
    assert lore.build_wearing(orc, orc.equipped) is lore.build(orc)


def test_remembered_attack_values_are_the_values_worked_out():
    orc, ranger = tokens()
    lore = Lore(load_content())
    mine, theirs = lore.build(orc), lore.build(ranger)
    for use in mine.uses:
        for target in (ranger, dataclasses.replace(ranger, wounds=1, damage=3),
                       dataclasses.replace(ranger, state="unconscious")):
            for exact in (True, False):
                plain = attack_value(lore, mine, use, target, theirs, exact, True, 0.05)
                assert known_attack_value(lore, mine, use, target, theirs, exact, True, 0.05) == plain
                assert known_attack_value(lore, mine, use, target, theirs, exact, True, 0.05) == plain
