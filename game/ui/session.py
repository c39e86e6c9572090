"""An encounter being played at this screen: the match, who decides for each seat, and the names."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.errors import GameError, MapError
from game.core.events import Action, Event
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.modes.grid import events as ev
from game.modes.grid.content import GridContent, load_content
from game.modes.grid.skirmish import DEFAULT_HEROES, DEFAULT_MONSTERS, skirmish_battlefield
from game.players.base import Player, make_policy, policy_names

ROOT = Path(__file__).resolve().parents[2]
MAPS_DIR = ROOT / "maps"
BUILT_IN = ""  # the map choice that means the built-in ruined hall
BUILT_IN_NAME = "Ruined Hall (built in)"
MAX_ROUNDS = 100


def bundled_maps() -> list[Path]:
    """The maps shipped with the game."""
    return sorted(MAPS_DIR.glob("*.tmx"))


def computer_policy(side: str) -> str:
    """The policy the computer plays a side with: the tactical one once it exists, else random."""
    names = policy_names()
    return "tactical" if "tactical" in names else "random"


def load_battlefield(map_path: str, content: GridContent | None = None) -> Battlefield:
    """The built-in hall for "", else the Tiled map at the path; MapError with one line when it cannot be played."""
    if map_path == BUILT_IN:
        return skirmish_battlefield()
    path = Path(map_path).expanduser()
    if path.suffix.lower() != ".tmx":
        raise MapError(f"{map_path}: not a Tiled map (.tmx)")
    if not path.is_file():
        raise MapError(f"{map_path}: no such map file")
    from game.maps import load_map

    content = content or load_content()
    return load_map(path, monsters=set(content.monsters), items=set(content.items))


def map_title(battlefield: Battlefield) -> str:
    """The name a player reads for a map."""
    return battlefield.name.replace("_", " ").title() if battlefield.name == battlefield.name.lower() \
        else battlefield.name


def default_monsters(battlefield: Battlefield, content: GridContent) -> list[str]:
    """The monsters the map's spawns name, or a mixed band when it names none."""
    named = [s.monster for s in battlefield.monster_spawns if s.monster and s.monster in content.monsters]
    return named or list(DEFAULT_MONSTERS)


@dataclass(frozen=True)
class EncounterChoice:
    """What the menu (or a command) chose: mode, map, party, monsters, who controls each side, seed."""

    map_path: str = BUILT_IN
    heroes: tuple[str, ...] = DEFAULT_HEROES
    monsters: tuple[str, ...] = ()
    hero_control: str = "person"
    monster_control: str = "computer"
    seed: int = 1
    mode: str = "grid"
    max_rounds: int = MAX_ROUNDS


class Session:
    """One match played at this screen, with a computer player for each seat that the computer controls."""

    def __init__(self, choice: EncounterChoice, battlefield: Battlefield | None = None,
                 dice: Dice | None = None, content: GridContent | None = None) -> None:
        if choice.mode != "grid":
            raise GameError(f"the {choice.mode} mode cannot be played at the screen yet")
        self.choice = choice
        self.content = content or load_content()
        self.battlefield = battlefield or load_battlefield(choice.map_path, self.content)
        if not choice.heroes:
            raise GameError("choose at least one hero")
        monsters = list(choice.monsters) or default_monsters(self.battlefield, self.content)
        for name in choice.heroes:
            if name not in self.content.heroes:
                raise GameError(f"unknown hero {name!r}")
        for name in monsters:
            if name not in self.content.monsters:
                raise GameError(f"unknown monster {name!r}")
        self.policies = {"heroes": computer_policy("heroes"), "monsters": computer_policy("monsters")}
        seats = (
            Seat("heroes", ("heroes",), choice.hero_control == "computer", self.policies["heroes"]),
            Seat("monsters", ("monsters",), choice.monster_control == "computer", self.policies["monsters"]),
        )
        self.seats = {seat.name: seat for seat in seats}
        setup = MatchSetup("grid", seats, {"battlefield": self.battlefield, "heroes": list(choice.heroes),
                                            "monsters": monsters, "max_rounds": choice.max_rounds})
        try:
            self.match = Match(setup, choice.seed, dice)
        except ValueError as error:
            # The map has too little room for the chosen party: one line for the player.
            raise GameError(f"{self.battlefield.source or self.battlefield.name}: {error}") from None
        self.players: dict[str, Player] = {
            seat.name: make_policy(seat.policy, choice.seed * 2 + i + 1)
            for i, seat in enumerate(seats) if seat.computer
        }
        self.names: dict[str, str] = {}
        self.sides: dict[str, str] = {}
        for event in self.match.events:
            if isinstance(event, ev.EncounterBegan):
                for cid, name, side, _square in event.combatants:
                    self.names[cid] = name
                    self.sides[cid] = side
        self._planned: tuple[int, Action] | None = None

    # -- who decides -----------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[str]:
        """The seats a person at this screen plays, in seat order."""
        return [name for name, seat in self.seats.items() if not seat.computer]

    def is_human(self, seat: str | None) -> bool:
        """Whether a person decides for the seat."""
        return seat is not None and not self.seats[seat].computer

    def pending_seat(self) -> str | None:
        """Whose decision the match waits for."""
        return self.match.pending_seat()

    def policy_label(self, seat: str) -> str:
        """How the menu and the screen name the computer's play for a seat."""
        return self.seats[seat].policy

    # -- acting ----------------------------------------------------------------------------------
    def reason(self, action: Action) -> str | None:
        """Why the pending seat may not take the action now, or None."""
        seat = self.pending_seat()
        if seat is None:
            return "the encounter has ended"
        return self.match.mode.check(action, seat)

    def apply(self, action: Action) -> list[Event]:
        """Apply an action for the pending seat (IllegalAction with the rules' reason if it is not allowed)."""
        self._planned = None
        return self.match.apply(action)

    def planned_action(self) -> Action | None:
        """What the computer will do for the pending seat, chosen once per decision so it can be shown first."""
        seat = self.pending_seat()
        if seat is None or seat not in self.players:
            return None
        step = len(self.match.actions)
        if self._planned is None or self._planned[0] != step:
            legal = self.match.legal_actions(seat)
            self._planned = (step, self.players[seat].choose(self.match.view(seat), legal))
        return self._planned[1]

    def close(self) -> None:
        """Drop the match's world."""
        close = getattr(self.match.mode, "close", None)
        if close is not None:
            close()
