"""A click on a combatant at the beats table shows its sheet: its trait dice, each tool with the trait it serves and
the wound it gives, its specials; never the die another seat selected before the reveal. Each wears an emblem of
what it is or what it holds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.mode import Seat
from game.modes.beats.actions import Present
from game.ui.emblems import named_emblem
from game.ui.encounter.board import TableBoard
from tests.ui.helpers import button, click, make_app
from tests.ui.modes.watching import emblems_drawn, open_mode, persons_turn


@pytest.fixture(autouse=True)
def own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The player's files in the test's folder, the hand-back pause off."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("game.ui.encounter.frame.HAND_BACK_MS", 0)
    yield


def _click_member(app: Any, screen: Any, cid: str) -> list[str]:
    board = screen.board
    assert isinstance(board, TableBoard)
    box = next(box for member, box in board.member_boxes(screen.scene()) if member.cid == cid)
    click(app, box.center)
    assert screen.selected == cid
    return [line.text for line in screen.info_lines()[1]]


def test_a_click_on_a_foe_shows_its_traits_its_tool_explained_and_its_bare_handed_wound():
    app = make_app()
    screen = open_mode(app, mode="beats", heroes=("bruiser",), monsters=("thug",), seed=4)
    assert persons_turn(app, screen)
    text = _click_member(app, screen, "thug")
    assert "Traits: Brawn d6 \u00b7 Finesse d4 \u00b7 Wits d4" in text
    assert any(line.startswith("Bottle: rolled as a d8 for Brawn while held; its blows leave") for line in text)
    assert "Bare-handed its blows leave \u201cHeadbutted in Face\u201d" in text


def test_the_sheet_never_shows_the_die_another_seat_selected_before_the_reveal():
    app = make_app()
    seats = (Seat("Ann", ("heroes",)), Seat("Bob", ("monsters",)))
    screen = open_mode(app, mode="beats", heroes=("bruiser",), monsters=("thug",), seats=seats, seed=4)

    def ready() -> None:
        if screen.overlay == "handover":
            click(app, button(app, "I am ready").center)

    ready()
    first = screen.session.pending_seat()
    chooser = screen.current
    assert chooser is not None
    action = screen.match.legal_actions()[0]
    assert isinstance(action, Present)
    screen.act(action)
    assert screen.session.pending_seat() != first  # the other person selects next, its die still sealed
    ready()
    text = " ".join(_click_member(app, screen, chooser.cid))
    assert "*" not in text and "Traits:" in text


@pytest.mark.parametrize(("name", "tools", "emblem"), [
    ("Thug", ["Bottle"], "bottle"), ("Hound", ["Claws"], "paw"), ("Drover", ["Whip"], "whip"),
    ("Osric the Scholar", ["Lantern"], "lantern"), ("Wren the Cutpurse", ["Knife"], "dagger"),
    ("Hedge Witch", ["Charm"], "staff"), ("Tavern Brute", ["Chair"], "fist"), ("Watch Guard", ["Spear"], "spear")])
def test_a_combatant_wears_the_emblem_of_its_body_else_its_tool_else_its_calling(name: str, tools: list[str],
                                                                                 emblem: str):
    assert named_emblem(name, tools) == emblem


def test_the_table_draws_each_combatant_with_its_emblem(monkeypatch: pytest.MonkeyPatch):
    app = make_app()
    screen = open_mode(app, mode="beats", heroes=("bruiser", "cutpurse"), monsters=("hound",), seed=4)
    assert {m.cid: m.look.emblem for m in screen.scene().members} == {
        "bruiser": "staff", "cutpurse": "dagger", "hound": "paw"}
    assert {"staff", "dagger", "paw"} <= emblems_drawn(app, monkeypatch)
    assert pygame.display.get_surface() is not None
