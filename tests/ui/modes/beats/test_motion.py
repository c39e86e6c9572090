"""The beats table moves: the dice shown are turned over together, a counter flashes, a blow lunges and the wound it
gives rises by its name, the helpless fall, a disarmed tool flies from the hand that held it to the ground; nothing of
it holds a headless run back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.modes.beats import events as ev
from game.modes.beats.state import HELPLESS
from game.ui import theme
from game.ui.animation import Rose
from game.ui.effects import Fell, Flashed, Flipped, Flung, Lunged
from game.ui.modes.beats.motion import WOUND, cues
from tests.ui.helpers import make_app
from tests.ui.modes.watching import open_mode, record, watch

AT = {"bruiser": (1.0, 3.0), "thug": (9.0, 3.0)}
GROUND = (8.0, 10.0)


@pytest.fixture(autouse=True)
def own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The player's files in the test's folder (the beats run keeps its progress)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield


def _cues(*events: Any, disarmed: dict[str, str] | None = None) -> list[Any]:
    return cues(list(events), AT, GROUND, {"bottle": "Bottle"}, disarmed or {})


def test_the_dice_shown_turn_over_together_with_their_numbers():
    made = _cues(ev.DicePresented(1, 1, (("bruiser", 0, 10, 4), ("thug", 2, 8, 2)), ("thug", "bruiser"), ()))
    assert made == [Flipped(AT["bruiser"], "4"), Flipped(AT["thug"], "2")]


def test_a_counter_flashes_and_says_its_number():
    made = _cues(ev.Countered("bruiser", "thug", 9, 7, 1, -1))
    assert made == [Flashed(AT["bruiser"]), Rose(AT["bruiser"], "counter 9!", theme.ACCENT)]


def test_a_wound_lunges_flashes_and_floats_its_name_and_the_helpless_fall():
    made = _cues(ev.WoundTaken("thug", "bruiser", 1, "Cracked on Skull", 0))
    assert made == [Lunged("bruiser", AT["bruiser"], AT["thug"]), Flashed(AT["thug"]),
                    Rose(AT["thug"], "Cracked on Skull", WOUND)]
    assert Fell("thug", AT["thug"]) in _cues(ev.WoundTaken("thug", "bruiser", HELPLESS, "Knocked Flat", 0))


def test_a_disarm_flings_the_tool_from_the_hand_that_held_it_to_the_ground():
    made = _cues(ev.ToolMoved("disarm", "bruiser", "bottle", "ground"), disarmed={"bottle": "thug"})
    assert made == [Flung(AT["thug"], GROUND, "Bottle")]


def _open(animation: str) -> tuple[Any, Any]:
    app = make_app(animation=animation)
    screen = open_mode(app, mode="beats", heroes=("bruiser", "cutpurse"), monsters=("thug", "hound"),
                       hero_control="computer", seed=4)
    return app, screen


def test_on_the_screen_the_reveal_flips_the_dice_and_a_wound_flashes_and_floats_its_name():
    app, screen = _open("normal")
    batches = record(screen)
    wounded = lambda: any(isinstance(e, ev.WoundTaken) for events, _c in batches for e in events)  # noqa: E731
    assert watch(app, screen, wounded)
    shown = next(c for e, c in batches if any(isinstance(x, ev.DicePresented) for x in e))
    assert any(isinstance(c, Flipped) for c in shown)
    made = next(c for e, c in batches if any(isinstance(x, ev.WoundTaken) for x in e))
    wound = next(x for e, _c in batches for x in e if isinstance(x, ev.WoundTaken))
    assert Flashed(screen.anchors()[wound.cid]) in made
    assert any(isinstance(c, Rose) and c.text == wound.wound for c in made)


def test_with_the_animation_off_a_headless_run_is_never_held_back():
    app, screen = _open("off")
    batches = record(screen)
    assert watch(app, screen, lambda: screen.match.over or len(batches) > 30, skip=False)
    assert any(made for _e, made in batches)
    assert screen.anim.motions == [] and screen.anim.risings == []


def test_on_a_map_a_disarmed_tool_drops_at_the_feet_of_the_one_who_held_it():
    made = cues([ev.ToolMoved("disarm", "bruiser", "bottle", "ground")], AT, None, {"bottle": "Bottle"},
                {"bottle": "thug"})
    assert made == [Flung(AT["thug"], (AT["thug"][0] + 0.35, AT["thug"][1] + 0.35), "Bottle")]
