"""E in the grid screen ends the turn of every hero who can do nothing useful this round."""

import pygame

from game.ui.modes.grid.turn import IDLE_KEY
from tests.ui.helpers import make_app, open_encounter, press, settle, until

# A wall between the heroes and the monster: nobody sees anyone of the other side.
WALLED = """
###########
#....#....#
#H...#....#
#....#....#
###########
"""



def test_e_ends_the_turn_of_every_hero_with_no_enemy_in_sight_and_nothing_to_use_for_the_round():
    app = make_app()
    screen = open_encounter(app, art=WALLED, heroes=("warrior", "ranger"), monsters=("kobold",),
                            places={"warrior": (1, 1), "ranger": (2, 3), "kobold": (8, 2)})
    press(app, pygame.K_SPACE)  # Roll Initiative
    assert until(app, lambda: screen.my_turn)
    start = {c.cid: c.square for c in screen.view.combatants if c.controlled}
    press(app, IDLE_KEY)
    # Both heroes' turns end as they come, the computer's kobold plays its own, and the next round waits.
    assert until(app, lambda: screen.view.phase == "initiative" or screen.match.over, seconds=60)
    settle(app)
    assert screen.view.round == 1
    ended = [e.cid for e in screen.match.events if type(e).__name__ == "TurnEnded"]
    assert {"warrior", "ranger"} <= set(ended)
    assert {c.cid: c.square for c in screen.view.combatants if c.controlled} == start  # nobody moved
    pygame.quit()


def test_e_leaves_a_hero_that_sees_an_enemy_to_the_player():
    app = make_app()
    screen = open_encounter(app, heroes=("warrior",), monsters=("kobold",),
                            places={"warrior": (1, 2), "kobold": (8, 4)})
    press(app, pygame.K_SPACE)  # Roll Initiative
    assert until(app, lambda: screen.my_turn)
    actions = len(screen.match.actions)
    press(app, IDLE_KEY)
    assert screen.my_turn and len(screen.match.actions) == actions
    assert "can still act" in screen.status
    pygame.quit()
