"""The stances mode's blows are seen and heard: a lunge at the fighter beside, a flash and the damage as it lands."""

from __future__ import annotations

from game.modes.stances.actions import Attack, TakeDamage
from game.ui.animation import Rose
from game.ui.effects import Flashed, Lunged
from game.ui.modes.stances.animation import cues
from game.ui.modes.stances.sounds import SOUNDS
from game.ui.sound import cues_for
from tests.modes.stances.scenario import Scenario, fight


def test_an_orcs_blow_is_a_lunge_a_flash_a_hit_and_then_the_damage_taken():
    s = Scenario(heroes={"warrior": (4, 2)}, monsters={"undead_orc": (5, 2)}, first="monsters")
    events = fight(s, "undead_orc", "warrior", {"warrior": "cunning", "undead_orc": "might"})
    assert "reveal" in cues_for(events, SOUNDS, frozenset())  # the sealed stances are shown
    s.script(7, 1, 1, 1, 1)  # the orc's three dice and the warrior's: seven damage (as in test_damage)
    blow = s.act(Attack("undead_orc", "warrior"))
    squares = {"warrior": (4, 2), "undead_orc": (5, 2)}
    assert cues(blow, squares, squares) == [Lunged("undead_orc", (5, 2), (4, 2)), Flashed((4, 2))]
    assert cues_for(blow, SOUNDS, frozenset()) == ["hit"]
    taken = s.act(TakeDamage("warrior"))
    assert [c.text for c in cues(taken, squares, squares) if isinstance(c, Rose)][0].startswith("\u2212")

