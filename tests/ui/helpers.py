"""Driving the screens headless: an app in a dummy window, posted mouse and key events, steady dice."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any, cast

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.core.battlefield import Battlefield, Square
from game.core.mode import Seat
from game.modes.grid.mode import GridMode
from game.ui.app import App
from game.ui.encounter import EncounterScreen
from game.ui.menu import MenuScreen
from game.ui.modes.grid import GridScreen
from game.ui.modes.stances import StancesScreen
from game.ui.session import EncounterChoice, Session
from game.ui.settings import Settings

ROOM = """
###########
#.........#
#H........#
#.........#
#.........#
#.........#
###########
"""


class SteadyDice:
    """Dice that roll the queued results first and then always the same number."""

    def __init__(self, steady: int = 5) -> None:
        self.steady = steady
        self.queue: list[int] = []

    def push(self, results: Iterable[int]) -> None:
        """Queue results for the next rolls."""
        self.queue.extend(results)

    def roll(self, sides: int) -> int:
        """The next queued result, or the steady one."""
        return self.queue.pop(0) if self.queue else min(self.steady, sides)


def make_app(size: tuple[int, int] = (1280, 800), scale: float = 1.0, animation: str = "off") -> App:
    """An app in the dummy window that remembers nothing."""
    return App(Settings(window=size, ui_scale=scale, animation=animation), size=size, remember=False)


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch,
                action: Callable[[], None] | None = None) -> list[tuple[str, tuple[int, int], int]]:
    """The texts the screen draws (each with its position and size) while an action runs, or one frame."""
    from game.ui import theme

    drawn: list[tuple[str, tuple[int, int], int]] = []
    real = theme.draw_text

    def record(target: pygame.Surface, text: str, pos: tuple[int, int], size: int, *args: Any,
               **kwargs: Any) -> pygame.Rect:
        drawn.append((text, pos, size))
        return real(target, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    try:
        if action is None:
            app.dirty = True
            settle(app)
        else:
            action()
    finally:
        monkeypatch.setattr(theme, "draw_text", real)
    return drawn


def open_menu(size: tuple[int, int] = (1280, 800), scale: float = 1.0) -> tuple[App, MenuScreen]:
    """The menu in a dummy window of a size and UI scale, without its balance estimate's games."""
    app = make_app(size=size, scale=scale)
    menu = MenuScreen(app)
    menu.balance.close()
    app.show(menu)
    settle(app)
    return app, menu


def open_encounter(app: App, art: str = ROOM, heroes: tuple[str, ...] = ("warrior",),
                   monsters: tuple[str, ...] = ("kobold",), places: dict[str, Square] | None = None,
                   dice: SteadyDice | None = None, hero_control: str = "person",
                   monster_control: str = "computer", seats: tuple[Seat, ...] = ()) -> GridScreen:
    """Show an encounter on a map drawn in ASCII, optionally moving combatants to chosen squares first."""
    battlefield = Battlefield.from_ascii(art)
    choice = EncounterChoice(heroes=heroes, monsters=monsters, hero_control=hero_control,
                             monster_control=monster_control, seed=3, seats=seats)
    session = Session(choice, battlefield, dice=dice or SteadyDice())
    if places:
        import esper

        from game.core.components import Position

        mode = session.match.mode
        assert isinstance(mode, GridMode)
        mode._enter()
        for cid, square in places.items():
            esper.component_for_entity(mode.state.ent(cid), Position).square = square
    screen = GridScreen(app, session, on_menu=lambda: setattr(app, "went_to_menu", True),
                         on_again=lambda: setattr(app, "played_again", True))
    app.show(screen)
    settle(app)
    return screen


def settle(app: App, steps: int = 4) -> None:
    """Let the app handle what is queued (a button press takes two steps: the click, then its event)."""
    for _ in range(steps):
        app.step(0)


def until(app: App, condition: Callable[[], bool], seconds: float = 300.0) -> bool:
    """Run the window's loop until a condition holds; the computer thinks on a thread of its own, so the bound
    is generous: a loaded machine makes the wait longer, never the test fail."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        settle(app, 1)
        pygame.time.wait(2)
    return True


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A full click at a point."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    settle(app)


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the pointer to a point."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    settle(app, 2)


def press(app: App, key: int, mod: int = 0) -> None:
    """Press and release a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    settle(app)


def button(app: App, text: str) -> pygame.Rect:
    """Where the enabled button showing a text is (its label may carry a key number in front)."""
    screen = app.screen
    assert isinstance(screen, (MenuScreen, EncounterScreen)), f"no buttons on {screen!r}"
    for element in as_buttons(screen.buttons):
        label = getattr(element, "text", "")
        plain = label.split("  ", 1)[1] if label[:1].isdigit() and "  " in label else label
        if (plain == text or plain.startswith(f"{text} ")) and getattr(element, "is_enabled", True):
            return element.rect
    raise AssertionError(f"no enabled button {text!r}; buttons: {[getattr(e, 'text', '') for e in screen.buttons]}")


def monster_turn(app: App) -> None:
    """Play the person's side until the computer's monster is to act."""
    screen = app.screen
    assert isinstance(screen, GridScreen)
    for _ in range(40):
        pending = screen.session.pending_seat()
        if pending is not None and not screen.session.is_human(pending) and screen.view.phase == "turn":
            return
        if screen.view.phase == "initiative":
            screen.roll_initiative()
        else:
            screen.end_turn()
        settle(app)
    raise AssertionError("the monster never got a turn")


def decision_kind(screen: StancesScreen) -> str:
    """The kind of decision the stances screen's view waits for (it must wait for one)."""
    decision = screen.view.decision
    assert decision is not None, "the view waits for no decision"
    return decision.kind


def as_buttons(widgets: Iterable[object]) -> list[UIButton]:
    """Widgets a screen keeps as plain objects (its ``buttons``, a group of widgets), as the buttons they are."""
    return cast(list[UIButton], list(widgets))


def dropdowns(menu: MenuScreen) -> list[UIDropDownMenu]:
    """The menu's drop-downs, which it keeps as plain objects, as the drop-downs they are."""
    return cast(list[UIDropDownMenu], list(menu.dropdowns))


def choose_option(app: App, menu: Any, current: str, text: str) -> None:
    """Open the menu's drop-down showing ``current`` with a click and click its option ``text``."""
    dropdown = next(d for d in menu.dropdowns if d.selected_option[0] == current)
    click(app, dropdown.rect.center)
    options = dropdown.menu_states["expanded"].options_selection_list
    assert options is not None, "the drop-down did not open"
    item = next(i for i in options.item_list if i["text"] == text)
    click(app, item["button_element"].rect.center)


def click_button(app: App, text: str) -> None:
    """Click the centre of a button."""
    click(app, button(app, text).center)


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """The colour drawn at a point of the window."""
    colour = app.surface.get_at(pos)
    return colour.r, colour.g, colour.b


def run_replay_command(monkeypatch, argv: list[str]) -> tuple[int, list[EncounterScreen]]:  # noqa: ANN001
    """Run ``main(argv)`` with a window loop that steps the replay screen to its end; the status and the screens."""
    from main import main

    seen: list[EncounterScreen] = []

    def run(self: App) -> int:
        screen = self.screen
        assert isinstance(screen, EncounterScreen) and screen.replay is not None
        seen.append(screen)
        while not screen.replay.finished:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
            self.step(0)
        return 0

    monkeypatch.setattr(App, "run", run)
    return main(argv), seen


def step_on_the_clock(app: App, monkeypatch: pytest.MonkeyPatch, steps: int, ms: int) -> None:
    """Run the window's loop a number of times on a clock of our own that moves ms between two steps."""
    clock = [0]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    for _ in range(steps):
        clock[0] += ms
        app.step(0)
