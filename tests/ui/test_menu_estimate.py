"""The menu's balance estimate: simulate's games for the chosen encounter, played while the menu keeps answering."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.players.balance import BalanceRequest, game_seed, make_plan, play_many, summarise
from game.ui import estimate
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.estimate import BalanceEstimate, EncounterKey, verdict
from game.ui.menu import MenuScreen
from tests.ui.helpers import click_button, make_app, settle


def wait_for(app, condition, seconds: float = 120) -> None:  # noqa: ANN001
    """Run the window's loop until a condition holds."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "gave up waiting"
        app.step(15)


@contextmanager
def small_menu(games: int = 4) -> Iterator[tuple[App, MenuScreen]]:
    """The menu estimating two heroes against two monsters in ``games`` games; its workers stop after."""
    app = make_app()
    menu = MenuScreen(app)
    menu.heroes = ["warrior", "ranger"]
    menu.monsters = ["kobold", "giant_rat"]
    menu.balance = BalanceEstimate(games=games)
    app.show(menu)
    try:
        yield app, menu
    finally:
        menu.close()


def test_the_menu_shows_simulates_estimate_for_the_chosen_encounter() -> None:
    with small_menu() as (app, menu):
        wait_for(app, lambda: "games played" in menu.balance.text())
        assert menu.busy()
        frames = app.frames
        wait_for(app, lambda: menu.balance.report() is not None)
        assert app.frames > frames  # the progress was drawn as the games came in
        plan = make_plan(BalanceRequest(heroes="warrior,ranger", monsters="kobold,giant_rat", games=4))
        expected = summarise(play_many(plan, [game_seed(estimate.SEED, i) for i in range(4)]))
        assert menu.balance.report() == expected
        rate = round(expected["hero_win_rate"] * 100)
        assert menu.balance.text().startswith(f"Heroes win about {rate}\u00a0% (95\u00a0% interval ")
        assert not menu.busy()


def test_the_estimate_knows_how_many_monsters_the_chosen_map_has_room_for() -> None:
    with small_menu() as (app, menu):
        assert menu.balance.room() is None  # nothing planned yet
        wait_for(app, lambda: menu.balance.report() is not None)
        # The Ruined Hall: 18 x 9 squares less its walls and pillars, less the two heroes.
        plan = make_plan(BalanceRequest(heroes="warrior,ranger", monsters="kobold,giant_rat", games=4))
        assert menu.balance.room() == plan["room"] == len(plan["battlefield"].playable) - 2


def test_the_menu_answers_while_the_games_are_played() -> None:
    with small_menu(games=40) as (app, menu):
        wait_for(app, lambda: "games played" in menu.balance.text())
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1366, h=768, size=(1366, 768)))
        settle(app, 1)
        assert app.surface.get_size() == (1366, 768)
        assert menu.balance.report() is None


def test_changing_the_encounter_starts_the_estimate_again(monkeypatch) -> None:  # noqa: ANN001
    with small_menu(games=40) as (app, menu):
        wait_for(app, lambda: "games played" in menu.balance.text())
        first = menu.balance._estimate
        assert first is not None
        # The new games wait for the choice to settle; held here, as a loaded machine may take that long a frame.
        monkeypatch.setattr(estimate, "SETTLE_MS", 10**9)
        click_button(app, "Kess \u00b7 rogue")
        assert menu.heroes == ["warrior", "ranger", "rogue"]
        settle(app, 1)
        assert menu.balance.text() == "Estimating\u2026"
        assert all(task.cancelled() or task.running() or task.done() for _, task in first._tasks)
        assert any(task.cancelled() for _, task in first._tasks)
        monkeypatch.setattr(estimate, "SETTLE_MS", 0)
        wait_for(app, lambda: menu.balance._estimate is not None)
        assert menu.balance._estimate is not first


def test_two_hero_parties_get_simulates_estimate_of_the_first_partys_chance() -> None:
    with small_menu() as (app, menu):
        menu._set_battle("Hero party against hero party")
        menu.rivals = ["mage", "cleric"]
        key = menu.estimate_key()
        assert (key.heroes, key.monsters, key.rivals) == (("warrior", "ranger"), (), ("mage", "cleric"))
        wait_for(app, lambda: menu.balance.report() is not None)
        plan = make_plan(BalanceRequest(heroes="warrior,ranger", rivals="mage,cleric", games=4))
        expected = summarise(play_many(plan, [game_seed(estimate.SEED, i) for i in range(4)]), "rivals")
        assert menu.balance.report() == expected and "rival_wins" in expected
        rate = round(expected["hero_win_rate"] * 100)
        text = menu.balance.text()
        assert text.startswith(f"The first party wins about {rate}\u00a0% (95\u00a0% interval ")
        assert text.endswith(" " + verdict(expected["hero_win_rate"], "rivals"))


def test_the_finished_estimate_ends_with_its_verdict() -> None:
    with small_menu() as (app, menu):
        wait_for(app, lambda: menu.balance.report() is not None)
        report = menu.balance.report()
        assert report is not None
        assert menu.balance.text().endswith(" " + verdict(report["hero_win_rate"]))


def test_going_back_to_an_encounter_already_estimated_shows_its_estimate_at_once() -> None:
    with small_menu() as (app, menu):
        wait_for(app, lambda: menu.balance.report() is not None)
        first = menu.balance.report()
        menu._change_monster("kobold", 1)
        settle(app, 1)
        assert menu.balance.report() is None and menu.busy()
        menu._change_monster("kobold", -1)
        settle(app, 1)
        assert menu.balance.report() == first and not menu.busy()
        assert menu.balance.text().startswith("Heroes win about")


def test_an_estimate_finished_before_an_encounter_shows_at_once_in_the_menu_after_it(monkeypatch) -> None:
    monkeypatch.setattr(estimate, "GAMES", 4)  # the menu's own estimate, in a few games
    app = make_app()
    menu = MenuScreen(app)
    menu.heroes = ["warrior", "ranger"]
    menu.monsters = ["kobold", "giant_rat"]
    app.show(menu)
    try:
        wait_for(app, lambda: menu.balance.report() is not None)
        first, room = menu.balance.report(), menu.balance.room()
        click_button(app, "Start the encounter")
        encounter = app.screen
        assert isinstance(encounter, EncounterScreen)
        encounter.on_menu()
        again = app.screen
        assert isinstance(again, MenuScreen) and again is not menu
        settle(app, 1)
        assert again.balance.report() == first and again.balance.room() == room and not again.busy()
        assert again.balance.text().startswith("Heroes win about")
    finally:
        if isinstance(app.screen, MenuScreen):
            app.screen.close()
        menu.close()


def test_an_encounter_that_cannot_be_played_has_failed_rather_than_being_busy() -> None:
    balance = BalanceEstimate(games=2)
    try:
        balance.want(EncounterKey("grid", "", ("warrior",), ("no_such_monster",), "tactical-normal", "tactical-normal"),
                     0)
        assert not balance.failed()  # not tried yet: the choice may still change
        balance.update(estimate.SETTLE_MS)
        assert balance.failed() and not balance.busy() and balance.text().startswith("No estimate:")
    finally:
        balance.close()


def test_a_long_estimate_shows_the_heroes_chance_so_far_once_a_third_of_its_games_are_played() -> None:
    from tests.players.test_balance import HeldPool

    pool = HeldPool()
    balance = BalanceEstimate(games=15, pool_factory=lambda: pool)  # type: ignore[arg-type,return-value]
    balance.want(EncounterKey("grid", "", ("warrior",), ("kobold",), "tactical", "tactical"), 0)
    balance.update(estimate.SETTLE_MS)
    pool.run(1)  # four games of fifteen: too few to say anything yet
    assert balance.text() == "Estimating\u2026 4 of 15 games played"
    pool.run(1)
    assert balance._estimate is not None
    so_far = balance._estimate.so_far()
    assert so_far is not None
    rate = round(so_far["hero_win_rate"] * 100)
    # Said as a first guess, with how many games it rests on; the estimate itself follows at the end.
    assert balance.text() == f"Heroes win about {rate}\u00a0% so far: 8 of 15 games played\u2026"
    pool.run(2)
    report = balance.report()
    assert report is not None
    assert balance.text().startswith(f"Heroes win about {round(report['hero_win_rate'] * 100)}\u00a0% (95")
