"""A stances match at this screen."""

from __future__ import annotations

from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.errors import GameError, MapError
from game.core.events import Event
from game.core.match import Match
from game.core.mode import MatchSetup
from game.modes.stances import events as sev
from game.modes.stances.content import StancesContent, load_content
from game.modes.stances.skirmish import BUILTIN
from game.ui.eventtext import LogContext
from game.ui.modes.stances.log import (
    log_lines,
)
from game.ui.session import BUILT_IN, EncounterChoice, Session, check_map_path


def load_stances_map(map_path: str) -> Battlefield:
    """A Tiled map for the stances mode (MapError with one line when it cannot be played)."""
    check_map_path(map_path)
    from game.modes.stances.skirmish import battlefield_for

    # The stances mode's own fighters: a spawn naming a grid monster is warned about and names none.
    return battlefield_for(str(Path(map_path).expanduser()))


class StancesSession(Session):
    """A stances match at this screen: heroes against monsters, a log for every person, the computer's players."""

    mode = "stances"

    def __init__(self, choice: EncounterChoice, battlefield: Battlefield | None = None,
                 dice: Dice | None = None, content: StancesContent | None = None,
                 autosave: Path | None = None) -> None:
        """Set up a new stances match, autosaved after every pass of priority to ``autosave`` if given."""
        self.choice = choice
        self.content = content or load_content()  # type: ignore[assignment]
        if choice.rivals:
            raise GameError("the stances mode sets heroes against monsters, not two parties")
        if not choice.heroes:
            raise GameError("choose at least one hero")
        for name in choice.heroes:
            if name not in self.content.heroes:
                raise GameError(f"unknown hero {name!r} in the stances mode")
        for name in choice.monsters:
            if name not in self.content.monsters:
                raise GameError(f"unknown monster {name!r} in the stances mode")
        options: dict[str, object] = {"max_rounds": choice.max_rounds, "heroes": list(choice.heroes),
                                      "monsters": list(choice.monsters)}
        if battlefield is not None:
            options["battlefield"] = battlefield
            where = battlefield.source or battlefield.name
        elif choice.map_path == BUILT_IN:
            options["map"] = BUILTIN
            where = "the built-in crossing"
        else:
            check_map_path(choice.map_path)
            options["map"] = str(Path(choice.map_path).expanduser().resolve())
            where = choice.map_path
        try:
            match = Match(MatchSetup("stances", self._seats(choice), options), choice.seed, dice)
        except MapError:
            raise
        except (ValueError, KeyError) as error:
            raise GameError(f"{where}: {str(error).strip(chr(39))}") from None
        self._attach(match, autosave)
        self._log(list(match.events))
        self._keep_old_autosave()

    @staticmethod
    def load_content() -> StancesContent:
        """The stances mode's heroes, monsters, weapons and armour."""
        return load_content()

    def _attach(self, match: Match, autosave: Path | None, spectator: str | None = None) -> None:
        """Take over the match; the fighters' names come from the stances mode's first event."""
        super()._attach(match, autosave, spectator)
        for event in match.events:
            if isinstance(event, sev.EncounterBegan):
                for cid, name, side, _square in event.fighters:
                    self.names[cid] = name
                    self.sides[cid] = side

    def _log(self, events: list[Event]) -> None:
        """Add what every seat (or a replay's spectator) may read of new events: a sealed choice says who chose."""
        for seat in self.logs:
            view = self.view(seat)
            ctx = LogContext(self.content, self.names, frozenset(f.cid for f in view.fighters if f.controlled),
                             frozenset(f.cid for f in view.fighters))
            self.logs[seat].append(log_lines(events, ctx))
