"""The cards mode's registration with the screen: its fighters for the menu, its setup, names, log and board."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.battlefield import Battlefield
from game.core.errors import GameError, MapError
from game.core.events import Event
from game.core.match import Match
from game.modes.cards.content import CardsContent, load_content
from game.modes.cards.events import FightSetUp
from game.modes.cards.mode import CardsMode
from game.modes.cards.setup import DEFAULT_HEROES, DEFAULT_MONSTERS
from game.ui.eventtext import LogContext, LogLine
from game.ui.modes import ScreenMode
from game.ui.modes.cards.screen import SIDE_COLOURS, CardsScreen
from game.ui.modes.cards.words import log_lines
from game.ui.session import EncounterChoice

RIVALS = "rivals"


def _no_map(path: str = "") -> Battlefield:
    raise MapError(f"{path or 'builtin'}: the cards mode is played without a map")


def cards_options(choice: EncounterChoice, content: CardsContent) -> dict[str, object]:
    """The sides: heroes against monsters, or against a second party (GameError naming an unknown fighter)."""
    for name in (*choice.heroes, *choice.rivals):
        if name not in content.characters:
            raise GameError(f"unknown character {name!r} in the cards mode")
    for name in choice.monsters:
        if name not in content.monsters:
            raise GameError(f"unknown monster {name!r} in the cards mode")
    if choice.rivals:
        return {"sides": [["heroes", list(choice.heroes)], [RIVALS, list(choice.rivals)]]}
    return {"heroes": list(choice.heroes), "monsters": list(choice.monsters or DEFAULT_MONSTERS)}


def members_at_start(events: Sequence[Event]) -> list[tuple[str, str, str]]:
    """Every fighter's id, name and side, as the fight's first event gives them."""
    return [(cid, name, side) for event in events if isinstance(event, FightSetUp)
            for cid, name, side, _template, _character in event.fighters]


def _mode(match: Match) -> CardsMode:
    assert isinstance(match.mode, CardsMode), f"a {match.setup.mode} match is not a cards match"
    return match.mode


def registration() -> ScreenMode:
    """How the screen plays the cards mode."""
    content = load_content()

    def hero_note(hero: str) -> str:
        tiers = content.characters[hero].tiers
        best = max(("might", "finesse", "wit", "spirit"), key=tiers.of)
        return f"{best.title()} {tiers.of(best)}, Grit {content.characters[hero].grit}"

    def hero_colour(hero: str, party: Sequence[str]) -> tuple[int, int, int]:
        index = list(party).index(hero) if hero in party else 0
        return SIDE_COLOURS[index % len(SIDE_COLOURS)]

    def lines(events: Sequence[Event], ctx: LogContext) -> list[LogLine]:
        return log_lines(events, ctx, content)

    return ScreenMode(
        "cards", needs_map=False, built_in_map="", built_in_spec="", built_in_where="the table",
        heroes=lambda: [(k, v.name) for k, v in content.characters.items()],
        monsters=lambda: [(k, v.name) for k, v in content.monsters.items()], screen=CardsScreen,
        default_heroes=DEFAULT_HEROES, default_monsters=DEFAULT_MONSTERS, built_in=_no_map, load_map=_no_map,
        hero_note=hero_note, hero_colour=hero_colour, monster_big=lambda monster: content.monsters[monster].rank >= 4,
        monsters_for=lambda battlefield: list(DEFAULT_MONSTERS), parties=True,
        levels=False,  # the cards policy has one level of play for every difficulty
        content=lambda: content, options=cards_options, members_at_start=members_at_start,
        battlefield_of=lambda match: None, members=lambda view: view.members,
        # A seat reads what the rules let it: the face-down cards it placed, never another seat's.
        readable=lambda match, seat, events: _mode(match).events_for(seat, events),
        spectator_view=lambda match, seat: _mode(match).spectator_view(seat),
        log_context=lambda _content, names, own, known: LogContext(names, own, known),
        log_lines=lines, close=lambda match: _mode(match).close(),
        about="There is no map: the fight is played across a table. Each round everyone places action cards from "
              "a secret hand face down; they are turned up in reverse turn order and resolve down the Priority "
              "track.")


def register_screen() -> str:
    """Register the cards mode with the screen, as its line in game/ui/modes/__init__.py does (for tests)."""
    from game.ui.modes import register_screen_mode

    register_screen_mode("cards", registration)
    return "cards"
