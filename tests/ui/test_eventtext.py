"""The log's lines: every die and modifier behind a roll, and nothing a seat may not know."""

from game.core.pools import DieRoll, Modifier, PoolRoll
from game.modes.grid import events as ev
from game.modes.grid.content import load_content
from game.ui.eventtext import roll_lines
from game.ui.modes.grid.log import GridLogContext, grid_context, log_line


def _ctx() -> GridLogContext:
    return grid_context(load_content(), {"warrior": "Brannoc", "wolf": "Wolf", "rat": "Giant Rat"},
                        own=frozenset({"warrior"}), known=frozenset({"warrior", "wolf"}))


def test_a_roll_shows_each_die_its_explosions_and_each_modifier_with_its_source():
    roll = PoolRoll("Weapon", 3, (DieRoll((4,)), DieRoll((10, 10, 3)), DieRoll((7,))), 23,
                    (Modifier(2, "Blessed"),), rank_modifiers=(Modifier(1, "Longsword"),))
    text = "\n".join(roll_lines(roll))
    assert "Weapon rank 3 (2 +1 Longsword)" in text
    assert "10+10+3 (=23, exploded)" in text
    assert "highest die kept: 23" in text
    assert "+2 from Blessed" in text and "result 25" in text


def test_a_tie_is_written_as_a_miss():
    attack = PoolRoll("Weapon", 1, (DieRoll((6,)),), 6)
    defence = PoolRoll("Speed", 1, (DieRoll((6,)),), 6)
    line = log_line(ev.AttackRolled("warrior", "wolf", "strike", attack, defence, False), _ctx())
    assert line is not None and "misses Wolf (6 ties 6; a tie misses)" in line.text
    assert line.kind == "miss" and len(line.details) == 2


def test_an_enemys_movement_points_are_not_shown():
    roll = PoolRoll("Speed", 2, (DieRoll((3,)), DieRoll((8,))), 8)
    assert log_line(ev.MovementPointsSet("wolf", roll, 8), _ctx()) is None
    mine = log_line(ev.MovementPointsSet("warrior", roll, 8), _ctx())
    assert mine is not None and mine.text == "Brannoc has 8 movement points."


def test_one_movement_point_or_wound_is_written_in_the_singular():
    roll = PoolRoll("Speed", 1, (DieRoll((1,)),), 1)
    line = log_line(ev.MovementPointsSet("warrior", roll, 1), _ctx())
    assert line is not None and line.text == "Brannoc has 1 movement point."
    line = log_line(ev.StoodUp("warrior", 1, 4), _ctx())
    assert line is not None and line.text == "Brannoc stands up (1 movement point)."
    line = log_line(ev.Reanimated("wolf", 1), _ctx())
    assert line is not None and line.text == "Wolf rises again, Prone, with 1 wound."


def test_events_about_combatants_the_seat_cannot_see_are_left_out():
    assert log_line(ev.Moved("rat", ((3, 3),), (1,), 4), _ctx()) is None
    line = log_line(ev.Moved("wolf", ((3, 3), (4, 4)), (1, 1), 3), _ctx())
    assert line is not None and line.text == "Wolf moves 2 squares."


def test_the_turn_of_someone_out_of_sight_is_written_without_a_name():
    line = log_line(ev.TurnStarted(ev.UNSEEN, 2), _ctx())
    assert line is not None and line.text == "Someone out of sight takes a turn."
    assert log_line(ev.TurnStarted("wolf", 2), _ctx()).text == "Wolf's turn."


def test_the_computers_move_is_told_by_the_nearest_enemy_it_knows():
    import pygame

    from game.modes.grid.actions import Move
    from game.ui.modes.grid.log import describe_intent
    from tests.ui.helpers import make_app, open_encounter

    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (5, 3)})
    view, ctx = screen.view, screen.ctx
    said = [describe_intent(Move(to), "kobold", view, ctx) for to in ((4, 3), (6, 3), (5, 2))]
    assert said == ["Kobold will advance on Brannoc.", "Kobold will fall back from Brannoc.",
                    "Kobold will reposition."]
    pygame.quit()


def test_healing_that_finds_no_wound_says_so_instead_of_healing_nothing() -> None:
    line = log_line(ev.Healed("warrior", 0, 0, "Healing Word"), _ctx())
    assert line is not None and line.text == "Brannoc has no wound to heal (Healing Word)."
    line = log_line(ev.Healed("warrior", 1, 2, "Healing Word"), _ctx())
    assert line is not None and line.text == "Brannoc heals 1 wound (Healing Word): Wounds now 2."
