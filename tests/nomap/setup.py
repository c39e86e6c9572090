"""Hand signs at the screen: what the menu, the session and the encounter screen need (a test registers it)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.battlefield import Battlefield
from game.core.errors import MapError
from game.core.events import Event
from game.ui.eventtext import LogContext, LogLine
from game.ui.modes import ScreenMode, register_screen_mode
from game.ui.session import EncounterChoice
from tests.core.sealed_mode import RoundScored
from tests.nomap.screen import HandsScreen
from tests.nomap.spec import NAME

HAND = ("hand", "Hand")  # what each side fields: one hand that shows the signs


def _no_map(path: str = "") -> Battlefield:
    raise MapError(f"{path or 'builtin'}: hand signs are played without a map")


def _log_lines(events: Sequence[Event], context: LogContext) -> list[LogLine]:
    """Only the scores are logged: a sealed sign is nobody's business until the reveal, and then the score says it."""
    return [LogLine("Points: " + ", ".join(f"{seat} {p}" for seat, p in e.points))
            for e in events if isinstance(e, RoundScored)]


def _options(choice: EncounterChoice, content: object) -> dict[str, object]:
    return {}


def registration() -> ScreenMode:
    """How the screen plays hand signs."""
    return ScreenMode(
        NAME, needs_map=False, built_in_map="", built_in_spec="", built_in_where="the table",
        # Each side is one hand, so that the menu's seats column gives each side to a person or the computer.
        heroes=lambda: [HAND], monsters=lambda: [HAND], screen=HandsScreen, default_heroes=(HAND[0],),
        default_monsters=(HAND[0],),
        built_in=_no_map, load_map=_no_map, hero_note=lambda hero: "", hero_colour=lambda hero, party: (0, 0, 0),
        monster_big=lambda monster: False, monsters_for=lambda battlefield: [], parties=False, levels=False,
        content=lambda: None, options=_options, members_at_start=lambda events: [],
        battlefield_of=lambda match: None, members=lambda view: view.members,
        readable=lambda match, seat, events: events, spectator_view=lambda match, seat: match.mode.view(seat),
        log_context=lambda _content, names, own, known: LogContext(names, own, known), log_lines=_log_lines,
        close=lambda match: None)


def register_screen() -> str:
    """Register hand signs with the screen (the one line a real mode writes in game/ui/modes/__init__.py)."""
    register_screen_mode(NAME, registration)
    return NAME
