"""What the tactical policy remembers or prepares between plans gives the same numbers as working them out again."""

from __future__ import annotations

import dataclasses

from game.core.fov import SightMap
from game.core.geometry import distance
from game.modes.grid.ai.board import FAR, Board
from game.modes.grid.ai.lore import Lore
from game.modes.grid.ai.skill import skill_for
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


def test_danger_on_a_map_wider_than_the_danger_tables_counts_nothing_beyond_their_end():
    wide = "\n".join(["#" * 52, *["#" + "." * 50 + "#"] * 3, "#" * 52])
    s = Scenario(wide, heroes={"ranger": (2, 2), "warrior": (45, 1)}, monsters={"orc_brute": (48, 2)})
    s.begin_turn("ranger", movement=4)
    view = s.mode.view(s.seat())
    board = Board(view, Lore(load_content()), SightMap(view.battlefield), skill_for("hard"))
    tables = board.danger_tables()
    assert tables
    for square in ((1, 1), (2, 2), (7, 3), (40, 2), (50, 3)):
        plain = hidden = 0.0
        for there, table, seen in tables:
            d = distance(there, square)
            if d <= FAR:
                plain += table[d]
                hidden += table[d] * seen
        assert board.end(square) == (board.position_value(square), plain, hidden)
