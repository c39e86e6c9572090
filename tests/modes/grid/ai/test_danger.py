"""How the tactical policy weighs the danger of a square: who can strike the mover before its next turn."""

from __future__ import annotations

from game.core.fov import SightMap
from game.modes.grid.ai.board import ACTED, Board
from game.modes.grid.ai.lore import Lore
from game.modes.grid.ai.skill import skill_for
from game.modes.grid.content import load_content
from tests.modes.grid.scenario import Scenario

HALL = "\n".join(["#" * 32, *["#" + "." * 30 + "#"] * 4, "#" * 32])
FAR_OFF = (29, 4)  # out of the orc's reach for a turn


def orc_table(s: Scenario, level: str) -> tuple[float, ...]:
    """The orc brute's harm to the ranger by distance, as the ranger's seat weighs it at a level."""
    view = s.mode.view(s.seat())
    board = Board(view, Lore(load_content()), SightMap(view.battlefield), skill_for(level))
    tables = [table for square, table, _ in board.danger_tables() if square == s.square("orc_brute")]
    assert len(tables) == 1
    return tables[0]


def ranger_and_orc(warrior: tuple[int, int], orc_has_acted: bool) -> Scenario:
    """The ranger's turn, an orc brute four squares away, the warrior where given."""
    s = Scenario(HALL, heroes={"ranger": (2, 2), "warrior": warrior}, monsters={"orc_brute": (6, 2)})
    s.begin_turn("ranger", movement=6)
    if orc_has_acted:
        s.state.order = ["orc_brute", "ranger", "warrior"]
        s.state.current = 1
    else:
        s.state.order = ["ranger", "orc_brute", "warrior"]
    return s


def test_normal_level_counts_every_enemy_in_full_whoever_has_acted_and_whoever_stands_near():
    alone = orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "normal")
    assert any(alone)
    assert orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=True), "normal") == alone
    assert orc_table(ranger_and_orc((7, 2), orc_has_acted=False), "normal") == alone


def test_hard_level_counts_an_enemy_still_to_act_this_round_in_full():
    assert orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "hard") == \
        orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "normal")


def test_hard_level_counts_an_enemy_that_has_had_its_turn_this_round_at_half():
    # It strikes again before the mover's next turn only if the next initiative puts it first.
    full = orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "hard")
    acted = orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=True), "hard")
    assert ACTED == 0.5
    assert acted == tuple(ACTED * harm for harm in full)


def test_hard_level_shares_an_enemys_blow_among_the_allies_it_can_reach():
    # The orc strikes one combatant a turn: with the warrior next to it, the ranger is one of two it may choose.
    full = orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "hard")
    shared = orc_table(ranger_and_orc((7, 2), orc_has_acted=False), "hard")
    assert shared == tuple(harm / 2 for harm in full)
    both = orc_table(ranger_and_orc((7, 2), orc_has_acted=True), "hard")
    assert both == tuple(ACTED * harm / 2 for harm in full)


def test_an_unconscious_ally_draws_no_blow_away_from_the_mover():
    s = ranger_and_orc((7, 2), orc_has_acted=False)
    s.health("warrior").state = "unconscious"
    assert orc_table(s, "hard") == orc_table(ranger_and_orc(FAR_OFF, orc_has_acted=False), "hard")
