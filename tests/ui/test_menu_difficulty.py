"""The computer's level (easy, normal, hard): chosen in the menu, remembered, played, saved and named on the screen."""

from __future__ import annotations

import pytest

from game.core.battlefield import Battlefield
from game.core.mode import MatchSetup, Seat
from game.players.base import ByView
from game.ui import estimate
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.estimate import BalanceEstimate
from game.ui.menu import COMPUTER_SEAT, MenuScreen
from game.ui.modes.grid import GridScreen
from game.ui.session import EncounterChoice, Session, choice_from_setup, computer_policy
from game.ui.settings import load_settings
from main import main
from tests.ui.helpers import ROOM, SteadyDice, choose_option, dropdowns, make_app, monster_turn, settle


def open_menu(app: App, choice: EncounterChoice | None = None) -> MenuScreen:
    menu = MenuScreen(app, choice)
    app.show(menu)
    settle(app)
    return menu


def test_the_computer_plays_at_the_level_chosen_in_the_menu(app: App) -> None:
    menu = open_menu(app)
    assert menu.difficulty == "normal"
    choose_option(app, menu, "normal", "hard")
    assert menu.difficulty == "hard"
    assert load_settings().difficulty == "hard"
    menu.start()
    screen = app.screen
    assert isinstance(screen, EncounterScreen)
    computer = screen.session.players[COMPUTER_SEAT]
    assert isinstance(computer, ByView) and (computer.name, computer.level) == ("tactical", "hard")
    # The seats that saves write say so too: a resumed match goes on at the same level.
    assert [seat.policy for seat in screen.session.match.setup.seats if seat.computer] == ["tactical-hard"]


def test_the_menu_opens_at_the_level_last_chosen(app: App) -> None:
    choose_option(app, open_menu(app), "normal", "easy")
    again = open_menu(app)
    assert again.difficulty == "easy"
    assert [seat.policy for seat in again.seats() if seat.computer] == ["tactical-easy"]


def test_play_again_keeps_the_level_the_match_was_played_at() -> None:
    seats = (Seat("Player 1", ("heroes",)), Seat(COMPUTER_SEAT, ("monsters",), True, "tactical-easy"))
    choice = choice_from_setup(MatchSetup("grid", seats, {"map": "builtin:hall", "heroes": ["warrior"],
                                                           "monsters": ["kobold"]}), seed=4)
    assert choice.difficulty == "easy"
    session = Session(choice, Battlefield.from_ascii(ROOM), dice=SteadyDice())
    computer = session.players[COMPUTER_SEAT]
    assert isinstance(computer, ByView) and (computer.name, computer.level) == ("tactical", "easy")


def test_the_screen_says_at_which_level_the_computer_plays() -> None:
    app = make_app()
    choice = EncounterChoice(heroes=("warrior",), monsters=("kobold",), seed=3, difficulty="hard")
    session = Session(choice, Battlefield.from_ascii(ROOM), dice=SteadyDice())
    screen = GridScreen(app, session, on_menu=lambda: None, on_again=lambda: None)
    app.show(screen)
    settle(app)
    monster_turn(app)
    screen._rebuild()
    texts = [line.text for note in screen.right.notes for line in note.lines]
    assert "The computer plays this side at the hard level. Press Go (Space) to let it act." in texts


def test_the_estimate_plays_each_side_at_the_level_it_will_face(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    plans: list[dict] = []

    class Recorded:
        """An estimate that notes what it was asked to play and plays nothing."""

        def __init__(self, plan, games, seed, pool) -> None:  # noqa: ANN001
            plans.append(plan)

        def cancel(self) -> None:
            pass

        def error(self) -> None:
            return None

        def report(self) -> None:
            return None

        def played(self) -> int:
            return 0

    monkeypatch.setattr(estimate, "Estimate", Recorded)
    menu = open_menu(app)
    choose_option(app, menu, "normal", "hard")
    key = menu.estimate_key()
    # A person plays the heroes: stood in for at normal.
    assert (key.hero_ai, key.monster_ai) == ("tactical", "tactical-hard")
    balance = BalanceEstimate(games=2, pool_factory=lambda: None)  # type: ignore[arg-type,return-value]
    balance.want(menu.estimate_key(), 0)
    balance.update(estimate.SETTLE_MS)
    assert (plans[-1]["hero_ai"], plans[-1]["monster_ai"]) == ("tactical-normal", "tactical-hard")
    menu.control["monsters"] = "person:0"
    for hero in menu.heroes:
        menu.control[f"heroes:{hero}"] = "computer"
    key = menu.estimate_key()
    assert (key.hero_ai, key.monster_ai) == ("tactical-hard", "tactical")


def test_the_stances_mode_offers_no_level(app: App) -> None:
    menu = open_menu(app)
    choose_option(app, menu, "grid", "stances")
    assert not any(d.selected_option[0] in ("easy", "normal", "hard") for d in dropdowns(menu))


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(Exception, match="unknown difficulty 'brutal'"):
        computer_policy("brutal")


def test_play_difficulty_starts_the_encounter_at_that_level(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []
    monkeypatch.setattr(App, "run", lambda self: shown.append(self.screen) or 0)  # type: ignore[func-returns-value]
    assert main(["play", "--start", "--difficulty", "easy", "--size", "1280x800"]) == 0
    screen = shown[0]
    assert isinstance(screen, EncounterScreen)
    computer = screen.session.players[COMPUTER_SEAT]
    assert isinstance(computer, ByView) and (computer.name, computer.level) == ("tactical", "easy")


def test_play_refuses_an_unknown_level_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--difficulty", "brutal"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--difficulty" in err and "'brutal'" in err and err.count("\n") == 1
