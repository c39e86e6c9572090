"""The menu's "Find an even fight": monsters added or taken away one at a time until the estimate is even."""

from __future__ import annotations

from typing import Any

from game.ui.app import App
from game.ui.estimate import EncounterKey
from game.ui.menu import MenuScreen
from tests.ui.helpers import click_button, make_app, settle


class ScriptedBalance:
    """An estimate that knows its answer at once, from the number of monsters (or not at all)."""

    def __init__(self, rates: dict[int, float], refused: tuple[int, ...] = (), room: int | None = None) -> None:
        self.rates = rates
        self.room_left = room  # the most monsters the map holds (None: not known)
        self.refused = refused  # monster counts that cannot be estimated at all
        self.key: EncounterKey | None = None
        self.asked: list[int] = []

    def want(self, key: EncounterKey | None, now: int) -> None:
        if key != self.key and key is not None:
            self.asked.append(len(key[3]))
        self.key = key

    def update(self, now: int) -> bool:
        return False

    def busy(self) -> bool:
        return False

    def room(self) -> int | None:
        return self.room_left

    def progress(self) -> float:
        return 1.0

    def report(self) -> dict[str, Any] | None:
        if self.key is None or len(self.key[3]) not in self.rates:
            return None
        return {"hero_win_rate": self.rates[len(self.key[3])]}

    def failed(self) -> bool:
        return self.key is not None and len(self.key[3]) in self.refused

    def text(self) -> str:
        report = self.report()
        return f"Heroes win about {round(report['hero_win_rate'] * 100)} %" if report else "Estimating\u2026"

    def close(self) -> None:
        pass


def _menu(rates: dict[int, float], monsters: list[str], refused: tuple[int, ...] = (),
          room: int | None = None) -> tuple[App, MenuScreen, ScriptedBalance]:
    app = make_app()
    menu = MenuScreen(app)
    menu.balance.close()
    menu.balance = ScriptedBalance(rates, refused, room)  # type: ignore[assignment]
    menu.monsters = list(monsters)
    app.show(menu)
    settle(app)
    return app, menu, menu.balance  # type: ignore[return-value]


def test_an_easy_fight_gets_one_more_of_its_most_numerous_monster_until_it_is_even() -> None:
    app, menu, balance = _menu({3: 0.95, 4: 0.80, 5: 0.55}, ["skeleton", "goblin_archer", "goblin_archer"])
    assert menu.search_button is not None
    assert menu.search_button.is_enabled and menu.search_button.text == "Find an even fight"
    click_button(app, "Find an even fight")
    settle(app, 6)
    assert menu.monsters == ["skeleton"] + ["goblin_archer"] * 4
    assert balance.asked[-3:] == [3, 4, 5]
    assert menu.search.note(menu.estimate_key()) == "An even fight with 5 monsters, found in 3 estimates."
    assert not menu.search_button.is_enabled  # even now: nothing more to search


def test_a_fight_one_monster_tips_over_ends_on_the_closer_of_the_two() -> None:
    app, menu, balance = _menu({3: 0.70, 4: 0.10}, ["kobold"] * 3)
    click_button(app, "Find an even fight")
    settle(app, 6)
    assert menu.monsters == ["kobold"] * 3
    assert menu.search.note(menu.estimate_key()).startswith("No count is even; the closest tried (3 monsters, "
                                                             "heroes win about 70 %)")


def test_an_even_fight_offers_no_search() -> None:
    app, menu, _ = _menu({2: 0.5}, ["kobold", "kobold"])
    assert menu.search_button is not None
    assert not menu.search_button.is_enabled


def test_changing_the_encounter_stops_the_search() -> None:
    app, menu, balance = _menu({2: 0.9}, ["kobold", "kobold"])  # the next count has no estimate yet
    assert menu.search_button is not None
    click_button(app, "Find an even fight")
    settle(app, 2)
    assert menu.search.running() and menu.monsters == ["kobold"] * 3
    assert menu.search_button.text == "Stop the search"
    menu._change_monster("kobold", -1)
    settle(app, 2)
    assert not menu.search.running() and menu.monsters == ["kobold"] * 2
    assert menu.search.note(menu.estimate_key()) == "Search stopped: the encounter was changed."
    assert menu.search_button.text == "Find an even fight"


def test_the_stop_button_ends_the_search_where_it_is() -> None:
    app, menu, balance = _menu({2: 0.9}, ["kobold", "kobold"])
    click_button(app, "Find an even fight")
    settle(app, 2)
    click_button(app, "Stop the search")
    settle(app, 2)
    assert not menu.search.running() and menu.monsters == ["kobold"] * 3
    assert menu.search.note(menu.estimate_key()) == "Search stopped."


def test_monsters_that_cannot_be_estimated_stop_the_search_with_a_note() -> None:
    app, menu, _ = _menu({2: 0.9}, ["kobold", "kobold"], refused=(3,))
    click_button(app, "Find an even fight")
    settle(app, 3)
    assert not menu.search.running() and menu.monsters == ["kobold"] * 3
    assert menu.search.note(menu.estimate_key()) == "Search stopped: there is no estimate for these monsters."


def test_the_search_adds_no_more_monsters_than_the_map_has_room_for() -> None:
    app, menu, balance = _menu({2: 0.95, 3: 0.9, 4: 0.85, 5: 0.8}, ["kobold", "kobold"], room=3)
    click_button(app, "Find an even fight")
    settle(app, 6)
    assert balance.asked[-2:] == [2, 3] and menu.monsters == ["kobold"] * 3
    assert menu.search.note(menu.estimate_key()).startswith("No count is even; the closest tried (3 monsters")
