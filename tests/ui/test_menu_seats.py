"""The menu's players: one to four people named at the screen, each side or single hero given to one of them."""

import pygame
import pytest

from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.grid.skirmish import BUILTIN
from game.ui.encounter import EncounterScreen
from game.ui.menu import COMPUTER_SEAT, MenuScreen
from game.ui.session import member_ids
from game.ui.settings import load_settings
from tests.ui.helpers import click, make_app, settle


def _menu() -> tuple:
    app = make_app()
    app.remember = True
    menu = MenuScreen(app)
    app.show(menu)
    settle(app)
    return app, menu


def _more_people(app, menu) -> None:
    """Click the "+" beside People."""
    plus = next(b for b in menu.buttons if (b.tool_tip_text or "").startswith("One more person"))
    click(app, plus.rect.center)


def test_by_default_one_person_plays_the_heroes_against_the_computer():
    app, menu = _menu()
    seats = menu.seats()
    assert [s.name for s in seats] == ["Player 1", COMPUTER_SEAT]
    assert seats[0].sides == ("heroes",) and not seats[0].computer
    assert seats[1].sides == ("monsters",) and seats[1].computer


def test_names_typed_at_the_screen_name_the_seats_and_the_hand_over():
    app, menu = _menu()
    _more_people(app, menu)
    assert len(menu.name_entries) == 2
    for index, name in enumerate(("Ann", "Bo")):
        entry = menu.name_entries[index]
        click(app, entry.rect.center)
        entry.set_text("")
        for char in name:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            settle(app, 2)
    assert menu.person_names() == ["Ann", "Bo"]
    menu.control["monsters"] = "person:1"
    assert [(s.name, s.sides) for s in menu.seats()] == [("Ann", ("heroes",)), ("Bo", ("monsters",))]
    assert load_settings().people == ["Ann", "Bo"]
    menu.start()
    screen = app.screen
    assert isinstance(screen, EncounterScreen)
    assert screen.overlay == "handover" and screen.handover_person() == "Ann"


def test_a_single_hero_can_be_given_to_another_person():
    app, menu = _menu()
    menu._people(1)
    menu.heroes = ["warrior", "mage"]
    menu._set_owner(("heroes:mage",), "Player 2")
    seats = {s.name: s for s in menu.seats()}
    assert seats["Player 1"].sides == ("warrior",) and seats["Player 2"].sides == ("mage",)
    assert seats[COMPUTER_SEAT].sides == ("monsters",)
    # Giving the whole party back to one person names the side again (so that person may retreat it).
    menu._set_owner(("heroes:warrior", "heroes:mage"), "Player 1")
    assert [s.sides for s in menu.seats() if s.name == "Player 1"] == [("heroes",)]


def test_two_hero_parties_fight_each_other_with_a_person_each():
    app, menu = _menu()
    menu._people(1)
    menu._set_battle("Hero party against hero party")
    menu.heroes = ["warrior", "mage"]
    menu.rivals = ["warrior", "rogue"]
    seats = menu.seats()
    assert [(s.name, s.sides, s.computer) for s in seats] == [("Player 1", ("heroes",), False),
                                                             ("Player 2", ("rivals",), False)]
    menu.start()
    screen = app.screen
    assert isinstance(screen, EncounterScreen)
    sides = {c.cid: c.side for c in screen.session.match.mode.view("Player 1").combatants}
    assert sides["warrior#1"] == "heroes" and screen.session.sides["warrior#2"] == "rivals"


def test_the_menu_names_combatants_as_the_mode_does():
    sides = [["heroes", ["warrior", "mage", "warrior"]], ["rivals", ["warrior", "rogue"]]]
    match = Match(MatchSetup("grid", (Seat("Ann", ("heroes", "rivals")),), {"map": BUILTIN, "sides": sides}), 1)
    made = [[cid for cid, _, side, _ in match.events[0].combatants if side == name] for name, _ in sides]
    assert member_ids([(name, templates) for name, templates in sides]) == made


@pytest.mark.parametrize("setup, message", [
    (lambda m: (m._people(1), m._rename(1, "Player 1")),
     "two seats are both named 'Player 1': give each player their own name"),
    (lambda m: m._people(1), "Player 2 plays nothing: give them a side or a hero, or fewer people"),
], ids=["two people of one name", "a person with nothing to play"])
def test_seats_that_cannot_play_are_refused_in_red(setup, message):
    app, menu = _menu()
    setup(menu)
    menu.control["monsters"] = "computer"
    click(app, next(b for b in menu.buttons if b.text == "Start the encounter").rect.center)
    assert isinstance(app.screen, MenuScreen) and menu.error == message


def test_at_most_four_people_and_at_least_one():
    app, menu = _menu()
    for _ in range(6):
        menu._people(1)
    assert len(menu.people) == 4
    for _ in range(6):
        menu._people(-1)
    assert len(menu.people) == 1


def test_giving_everything_to_the_computer_lets_the_people_watch():
    app, menu = _menu()
    menu._set_owner(("heroes:" + menu.heroes[0],) + tuple(f"heroes:{h}" for h in menu.heroes[1:]), COMPUTER_SEAT)
    seats = menu.seats()
    assert [(s.name, s.computer) for s in seats] == [(COMPUTER_SEAT, True)]
    assert seats[0].sides == ("heroes", "monsters")
    menu.start()
    screen = app.screen
    assert isinstance(screen, EncounterScreen) and screen.overlay is None
    assert {c.cid for c in screen.view.combatants} == set(screen.session.names)


def test_a_name_field_clicked_again_takes_the_typing_after_another_was_edited():
    app, menu = _menu()
    _more_people(app, menu)

    def type_into(index: int, text: str) -> None:
        click(app, menu.name_entries[index].rect.center)
        for char in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            settle(app, 2)

    type_into(0, "A")
    type_into(1, "B")
    type_into(0, "C")
    assert menu.person_names() == ["Player 1AC", "Player 2B"]


def _spawn_dots(app, menu, monkeypatch) -> int:  # noqa: ANN001
    """How many spawn dots (red for heroes, black for monsters) the menu's map picture draws in one frame."""
    drawn: list[tuple] = []
    real = pygame.draw.circle

    def record(surface, colour, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append(tuple(colour)[:3])
        return real(surface, colour, *args, **kwargs)

    monkeypatch.setattr(pygame.draw, "circle", record)
    app.dirty = True
    settle(app)
    monkeypatch.setattr(pygame.draw, "circle", real)
    return sum(1 for colour in drawn if colour in ((192, 57, 43), (10, 10, 10)))


def test_the_maps_picture_hides_the_spawns_while_people_at_the_screen_play_against_each_other(monkeypatch):
    from tests.ui.helpers import drawn_texts

    app, menu = _menu()
    spawns = len(menu.battlefield.hero_spawns) + len(menu.battlefield.monster_spawns)
    assert spawns and _spawn_dots(app, menu, monkeypatch) == spawns  # one person against the computer
    _more_people(app, menu)
    menu.control["heroes:" + menu.heroes[0]] = "person:1"  # two people, both on the heroes' side: nothing to hide
    menu.control["monsters"] = "computer"
    assert not menu.rivals_at_screen() and _spawn_dots(app, menu, monkeypatch) == spawns
    menu.control["monsters"] = "person:1"
    menu._rebuild()
    assert menu.rivals_at_screen() and _spawn_dots(app, menu, monkeypatch) == 0
    assert any("spawns not shown" in text for text, _pos, _size in drawn_texts(app, monkeypatch))
