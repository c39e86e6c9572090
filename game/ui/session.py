"""An encounter being played at this screen, in any mode the screen registers: the match, who decides for each seat,
each seat's log, saves.

What differs between modes (their content, the options a choice sets up, the names in the opening
events, the log's words) comes from the mode's registration in ``game.ui.modes``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.battlefield import Battlefield, shown_map_name
from game.core.bundled import MAPS
from game.core.dice import Dice
from game.core.errors import GameError, IllegalAction, MapError
from game.core.events import Action, Event
from game.core.match import Match
from game.core.mode import MatchSetup, Seat
from game.core.saves import Autosaver, SavedMatch, SaveError, check_resumes, read_save, resume, write_save
from game.core.secret import ChoiceSealed, ChoicesRevealed
from game.core.seeds import computer_seed
from game.players.balance import DIFFICULTIES
from game.players.base import Player, make_policy, policy_names, reseed
from game.ui.eventtext import LogLine
from game.ui.modes import DEFAULT_MODE, ScreenMode, screen_mode

MAPS_DIR = MAPS
BUILT_IN = ""  # the map choice that means the mode's own built-in map
MAX_ROUNDS = 100
HEROES, MONSTERS, RIVALS = "heroes", "monsters", "rivals"  # the sides the screen sets up
TACTICAL = "tactical"  # the computer's policy; "tactical-easy" and "tactical-hard" are its other levels
DEFAULT_LEVEL = "normal"


def bundled_maps() -> list[Path]:
    """The maps shipped with the game."""
    return sorted(MAPS_DIR.glob("*.tmx"))


def computer_policy(difficulty: str = DEFAULT_LEVEL) -> str:
    """The policy the computer plays its seats with: the tactical policy at the chosen level."""
    if difficulty not in DIFFICULTIES:
        raise GameError(f"unknown difficulty {difficulty!r} (levels: {', '.join(DIFFICULTIES)})")
    return TACTICAL if difficulty == DEFAULT_LEVEL else f"{TACTICAL}-{difficulty}"


def difficulty_of(policy: str) -> str | None:
    """The level a computer seat's policy plays at; None for a policy without levels (a baseline)."""
    if policy == TACTICAL:
        return DEFAULT_LEVEL
    level = policy.removeprefix(f"{TACTICAL}-")
    return level if policy.startswith(f"{TACTICAL}-") and level in DIFFICULTIES else None


def check_map_path(map_path: str) -> None:
    """MapError with one line when a map choice is not "" (the built-in hall) or an existing .tmx file."""
    if map_path == BUILT_IN:
        return
    path = Path(map_path).expanduser()
    if path.suffix.lower() != ".tmx":
        raise MapError(f"{map_path}: not a Tiled map (.tmx)")
    if not path.is_file():
        raise MapError(f"{map_path}: no such map file")


def load_battlefield(map_path: str) -> Battlefield:
    """The first mode's built-in map for "", else the Tiled map at the path; MapError with one line when it cannot be
    played."""
    battlefield = screen_mode(DEFAULT_MODE).battlefield(map_path)
    assert battlefield is not None, "the first mode plays on a map"
    return battlefield


def map_title(battlefield: Battlefield) -> str:
    """The name a player reads for a map."""
    return shown_map_name(battlefield.name)


def member_ids(sides: list[tuple[str, list[str]]]) -> list[list[str]]:
    """The combatant ids a mode gives each side's templates: the template, numbered when it recurs."""
    counts = Counter(t for _, templates in sides for t in templates)
    seen: Counter[str] = Counter()
    out: list[list[str]] = []
    for _, templates in sides:
        ids = []
        for template in templates:
            seen[template] += 1
            ids.append(template if counts[template] == 1 else f"{template}#{seen[template]}")
        out.append(ids)
    return out


@dataclass(frozen=True)
class EncounterChoice:
    """What the menu (or a command) chose: mode, map, sides, who plays what, seed.

    ``seats`` name who plays what (whole sides or single heroes by id); when empty, the two
    sides get one seat each, named after the side, played as ``hero_control`` and
    ``monster_control`` say. With ``rivals`` a second hero party fights instead of monsters.
    ``difficulty`` is how well the computer plays its seats (easy, normal or hard).
    """

    map_path: str = BUILT_IN
    heroes: tuple[str, ...] = field(default_factory=lambda: screen_mode(DEFAULT_MODE).default_heroes)
    monsters: tuple[str, ...] = ()
    hero_control: str = "person"
    monster_control: str = "computer"
    seed: int = 1
    mode: str = DEFAULT_MODE
    max_rounds: int = MAX_ROUNDS
    rivals: tuple[str, ...] = ()
    seats: tuple[Seat, ...] = ()
    difficulty: str = DEFAULT_LEVEL

    def with_seed(self, seed: int) -> EncounterChoice:
        """The same encounter with other dice."""
        return EncounterChoice(**{**self.__dict__, "seed": seed})


def choice_from_setup(setup: MatchSetup, seed: int) -> EncounterChoice:
    """The choice a saved match was set up from, so that "play again" and the menu can start from it."""
    options = setup.options
    spec = str(options.get("map", "builtin:"))
    map_path = BUILT_IN if spec.startswith("builtin:") else spec
    sides = [(str(name), tuple(templates)) for name, templates in options.get("sides") or ()]
    if sides:
        heroes, rivals, monsters = sides[0][1], sides[1][1] if len(sides) > 1 else (), ()
    else:
        heroes, rivals, monsters = tuple(options.get("heroes") or ()), (), tuple(options.get("monsters") or ())
    # The computer's level is the one its seats were set up to play at.
    levels = [difficulty_of(seat.policy) for seat in setup.seats if seat.computer]
    difficulty = next((level for level in levels if level is not None), DEFAULT_LEVEL)
    return EncounterChoice(map_path, heroes, monsters, seed=seed, mode=setup.mode,
                           max_rounds=int(options.get("max_rounds") or MAX_ROUNDS), rivals=rivals, seats=setup.seats,
                           difficulty=difficulty)


def keep_unreadable(path: Path) -> Path | None:
    """Move a save that cannot be resumed out of the way (renamed, never overwritten); where it went, if it moved."""
    if not path.exists():
        return None
    try:
        # Replayed, not only read: a save whose map is gone or whose actions no longer replay is as lost to
        # the player as a garbled one. A match played to its end replays in about 0.05 s, the longest (100
        # rounds of single steps, 4,300 actions) in about 0.4 s: cheap next to starting a match.
        check_resumes(read_save(path))
        return None
    except SaveError:
        pass
    for n in range(1, 1000):
        aside = path.with_name(f"{path.stem}.unreadable-{n}{path.suffix}")
        if not aside.exists():
            try:
                os.replace(path, aside)
            except OSError:
                return None
            return aside
    return None


def _registered(saved: SavedMatch, shown: str) -> ScreenMode:
    """The registration of a saved match's mode (SaveError with one line for a mode the screen does not play)."""
    try:
        return screen_mode(saved.setup.mode)
    except KeyError:
        tail = "; replay --check replays it" if shown == "shown" else ""
        raise SaveError(f"{saved.path}: the {saved.setup.mode} mode cannot be {shown} at the screen yet{tail}") \
            from None


class Session:
    """One match played at this screen: computer players for the computer's seats, a log for every seat, saves."""

    _pending_logs: bool  # set by resume() alone: the logs wait for the match to be attached

    def __init__(self, choice: EncounterChoice, battlefield: Battlefield | None = None,
                 dice: Dice | None = None, content: Any = None, autosave: Path | None = None) -> None:
        """Set up a new match; a ``battlefield`` given here is one not read from a file, and cannot be saved."""
        try:
            registered = screen_mode(choice.mode)
        except KeyError:
            raise GameError(f"the {choice.mode} mode cannot be played at the screen yet") from None
        self.choice = choice
        self.registered = registered
        self.content = content or registered.content()
        chosen = registered.options(choice, self.content)  # the sides, each fighter checked against the content
        seats = self._seats(choice)
        options: dict[str, object] = {"max_rounds": choice.max_rounds}
        if battlefield is not None:
            options["battlefield"] = battlefield
            where = battlefield.source or battlefield.name
        elif registered.needs_map or (registered.takes_map and choice.map_path != BUILT_IN):
            # The mode reads the map from its path: a save then names the map rather than holding it.
            check_map_path(choice.map_path)
            options["map"] = registered.built_in_spec if choice.map_path == BUILT_IN else \
                str(Path(choice.map_path).expanduser().resolve())  # resumable from anywhere
            where = choice.map_path or registered.built_in_where
        else:
            where = f"the {choice.mode} mode"
        options.update(chosen)
        try:
            match = Match(MatchSetup(choice.mode, seats, options), choice.seed, dice)
        except (ValueError, KeyError) as error:
            # The map has too little room for the chosen sides: one line for the player.
            raise GameError(f"{where}: {str(error).strip(chr(39))}") from None
        self._attach(match, autosave)
        self._log(list(match.events))
        self._keep_old_autosave()
        if self.autosaver is not None:  # the new match takes the last one's place under Continue at once
            self._write_autosave()

    @classmethod
    def resume(cls, saved: SavedMatch, content: Any = None, autosave: Path | None = None) -> Session:
        """The saved match exactly where it stopped, every seat's log rebuilt as it was learnt; SaveError if not."""
        session = cls.__new__(cls)
        session.registered = _registered(saved, "played")
        session.choice = choice_from_setup(saved.setup, saved.seed)
        session.content = content or session.registered.content()
        session.logs = {}
        session._pending_logs = True

        def learnt(match: Match, events: list[Event]) -> None:
            # The match works out what each seat remembers as its actions are applied again; the computer's
            # players keep nothing between decisions, so they are asked only the decisions still to come.
            if session._pending_logs:
                session._attach(match, autosave)
                session._pending_logs = False
            session._log(events)

        resume(saved, learnt)
        session._autosaved = len(session.match.actions)
        session._keep_old_autosave(saved.path)
        return session

    @classmethod
    def for_replay(cls, saved: SavedMatch, spectator: str, content: Any = None) -> Session:
        """A saved match set up again at its start, to be stepped through with ``apply``.

        Every seat is the computer's (nobody decides at the screen); ``spectator`` names one more
        view and log, those of someone watching every side (the mode's ``spectator_view``).
        """
        session = cls.__new__(cls)
        session.registered = _registered(saved, "shown")
        session.choice = choice_from_setup(saved.setup, saved.seed)
        session.content = content or session.registered.content()
        setup = saved.setup
        seats = tuple(Seat(seat.name, seat.sides, True, seat.policy) for seat in setup.seats)
        try:
            match = Match(MatchSetup(setup.mode, seats, dict(setup.options)), saved.seed)
        except MapError as error:
            raise SaveError(f"{saved.path}: its map cannot be loaded: {error}") from None
        except (KeyError, ValueError) as error:
            raise SaveError(f"{saved.path}: the save cannot be set up again: {error}") from None
        session._attach(match, None, spectator)
        session._log(list(match.events))
        return session

    def _seats(self, choice: EncounterChoice) -> tuple[Seat, ...]:
        """The seats as chosen, computer seats playing the computer's policy; names must differ."""
        if not choice.seats:
            second = RIVALS if choice.rivals else MONSTERS
            policy = computer_policy(choice.difficulty)
            return (Seat(HEROES, (HEROES,), choice.hero_control == "computer", policy),
                    Seat(second, (second,), choice.monster_control == "computer", policy))
        names = [seat.name for seat in choice.seats]
        twice = [name for name, n in Counter(names).items() if n > 1]
        if twice:
            raise GameError(f"two seats are both named {twice[0]!r}: give each player their own name")
        if any(not seat.sides for seat in choice.seats):
            empty = next(seat.name for seat in choice.seats if not seat.sides)
            raise GameError(f"{empty} plays nothing: give them a side or a hero, or fewer people")
        return tuple(Seat(s.name, s.sides, s.computer, computer_policy(choice.difficulty) if s.computer else s.policy)
                     for s in choice.seats)

    def _attach(self, match: Match, autosave: Path | None, spectator: str | None = None) -> None:
        """Take over a running match: its seats, the computer's players and the names of its combatants."""
        self.match = match
        self.spectator = spectator
        self.seats = {seat.name: seat for seat in match.setup.seats}
        known = policy_names()
        # A save may name a policy this version lacks: the computer then plays its usual one.
        policies = {seat.name: seat.policy if seat.policy in known else computer_policy()
                    for seat in match.setup.seats if seat.computer}
        self.players: dict[str, Player] = {
            seat.name: make_policy(policies[seat.name], computer_seed(match.seed, i))
            for i, seat in enumerate(match.setup.seats) if seat.computer
        }
        self.names: dict[str, str] = {}
        self.sides: dict[str, str] = {}
        for cid, name, side in self.registered.members_at_start(match.events):
            self.names[cid] = name
            self.sides[cid] = side
        self.battlefield: Battlefield | None = self.registered.battlefield_of(match)
        # Only logs the screen can show are kept: the people's, or in a replay (a spectator given)
        # every seat's; with nobody at the screen, the first seat's, which the screen then shows.
        people = [name for name, seat in self.seats.items() if not seat.computer]
        shown = [*self.seats, spectator] if spectator else people or list(self.seats)[:1]
        self.logs: dict[str, list[list[LogLine]]] = {seat: [] for seat in shown}
        self.autosaver = Autosaver(autosave) if autosave is not None and self.can_save else None
        self.autosave_note = ""
        self._autosaved = 0
        # The computer's decision for the pending seat: (actions so far, its answer, worked out on another thread).
        self._planned: tuple[int, Future[Action]] | None = None
        self._thinker: ThreadPoolExecutor | None = None

    def _keep_old_autosave(self, resumed: Path | None = None) -> None:
        """An autosave that cannot be resumed is kept under another name before this match's first autosave
        replaces it (one this match was just resumed from can be)."""
        if self.autosaver is None or resumed == self.autosaver.path:
            return
        aside = keep_unreadable(self.autosaver.path)
        if aside is not None:
            self.autosave_note = f"The last autosave could not be resumed; it is kept as {aside.name}"

    # -- who decides -----------------------------------------------------------------------------
    @property
    def human_seats(self) -> list[str]:
        """The seats a person at this screen plays, in seat order."""
        return [name for name, seat in self.seats.items() if not seat.computer]

    def is_human(self, seat: str | None) -> bool:
        """Whether a person decides for the seat."""
        return seat is not None and seat in self.seats and not self.seats[seat].computer

    def pending_seat(self) -> str | None:
        """Whose decision the match waits for."""
        return self.match.pending_seat()

    def policy_label(self, seat: str) -> str:
        """How the screen names the computer's play for a seat: its level, or the baseline it plays."""
        policy = self.seats[seat].policy
        level = difficulty_of(policy)
        return f"at the {level} level" if level is not None else f"with the {policy} baseline"

    def place_name(self) -> str:
        """Where the match is played, as a player reads it: the map's name, or the mode's for a mode without a map."""
        return map_title(self.battlefield) if self.battlefield is not None else self.registered.name.title()

    def side_names(self) -> list[str]:
        """The sides in the order the match set them up."""
        return list(dict.fromkeys(self.sides.values()))

    # -- each seat's log -------------------------------------------------------------------------
    def _log(self, events: list[Event]) -> None:
        """Add what every seat may read of new events, written with what it knows now."""
        registered = self.registered
        for seat in self.logs:
            if seat == self.spectator:
                view, readable = self.view(seat), list(events)  # watching every side, one reads everything
            else:
                view = self.match.view(seat)
                readable = registered.readable(self.match, seat, list(events))
            members = registered.members(view)
            ctx = registered.log_context(self.content, self.names, frozenset(c.cid for c in members if c.controlled),
                                         frozenset(c.cid for c in members))
            self.logs[seat].append(registered.log_lines(readable, ctx))

    def last_seen(self, view: Any) -> Mapping[str, tuple[Any, int]]:
        """Each enemy a seat's view remembers and does not show now, as last seen and the round of it (the match
        works it out from what the seat saw; a mode whose views hide nobody remembers nobody)."""
        return self.registered.last_seen(view)

    def choosing_in_secret(self, seat: str) -> bool:
        """Whether a seat's decision now may be a choice hidden from the others (a sealed stance, a card placed
        face down): the person makes it behind a hand-over, with nobody else looking."""
        return any(type(action).secret for action in self.match.legal_actions(seat))

    def view(self, seat: str) -> Any:
        """What a seat (or the replay's spectator of every side) may know now."""
        if seat == self.spectator:
            return self.registered.spectator_view(self.match, seat)
        return self.match.view(seat)

    def log_for(self, seat: str) -> list[LogLine]:
        """Every line of a seat's log, oldest first."""
        return [line for chunk in self.logs.get(seat, []) for line in chunk]

    # -- acting ----------------------------------------------------------------------------------
    def reason(self, action: Action) -> str | None:
        """Why the pending seat may not take the action now, or None."""
        seat = self.pending_seat()
        if seat is None:
            return "the encounter has ended"
        return self.match.mode.check(action, seat)

    def apply(self, action: Action, seat: str | None = None) -> list[Event]:
        """Apply an action for the pending seat (IllegalAction with the rules' reason if it is not allowed)."""
        self._planned = None
        events = self.match.apply(action, seat)
        self._log(events)
        self._autosave(events)
        return events

    def undo_reason(self, seat: str | None = None) -> str | None:
        """Why the last action cannot be taken back now (by ``seat``, a person, else the pending seat), or None."""
        return self.match.undo_reason(seat)

    def undo(self, seat: str | None = None) -> None:
        """Take back the last move (IllegalAction saying why when it cannot be)."""
        reason = self.undo_reason(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.match.undo(seat)
        self._planned = None
        for chunks in self.logs.values():
            chunks.pop()

    def _thought(self) -> Future[Action] | None:
        """The computer's decision for the pending seat, begun in the background the first time it is asked for."""
        seat = self.pending_seat()
        if seat is None or seat not in self.players:
            return None
        step = len(self.match.actions)
        if self._planned is None or self._planned[0] != step:
            # The policy reads only the view and the listed actions, both made here: the worker never
            # touches the match, and one decision at a time keeps the policy's own dice in order.
            legal = self.match.legal_actions(seat)
            view = self.match.view(seat)
            if self._thinker is None:
                self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
            player = self.players[seat]
            reseed(player, self.match.seed, seat, step)
            self._planned = (step, self._thinker.submit(player.choose, view, legal))
        return self._planned[1]

    def decision_ready(self) -> bool:
        """Whether the computer's decision is known (starting it if needed), so planned_action returns at once."""
        thought = self._thought()
        return thought is None or thought.done()

    def planned_action(self) -> Action | None:
        """What the computer will do for the pending seat, chosen once per decision (waits for it if need be)."""
        thought = self._thought()
        return None if thought is None else thought.result()

    # -- saves -----------------------------------------------------------------------------------
    @property
    def can_save(self) -> bool:
        """Whether the match can be written to a file: its map must be named by a path, not held."""
        return "battlefield" not in self.match.setup.options

    def save(self, path: Path) -> Path:
        """Write the match to a file, atomically (GameError with one line when it cannot be written)."""
        if not self.can_save:
            raise GameError("this encounter's map is not a file, so the encounter cannot be saved")
        try:
            return write_save(self.match, path)
        except OSError as error:
            raise GameError(f"{path}: cannot be written: {error.strerror or error}") from None

    def _autosave(self, events: list[Event]) -> None:
        """After every turn, and after every action that seals or reveals a secret choice: a match resumed after the
        game was killed must never let a seat choose again what others have seen, or choose against what it has
        seen. A failed write is said once and never stops the game."""
        if self.autosaver is None:
            return
        try:
            saved = self.autosaver.after(self.match, events)
        except OSError as error:
            self.autosave_note = f"Autosave failed: {self.autosaver.path}: {error.strerror or error}"
            return
        if saved:
            self._autosaved = len(self.match.actions)
            self.autosave_note = ""
        elif any(isinstance(e, (ChoiceSealed, ChoicesRevealed)) for e in events) and self._write_autosave():
            self.autosave_note = ""

    def autosave_now(self) -> None:
        """Save what happened since the last autosave (when the window closes mid-turn)."""
        if self.autosaver is not None and len(self.match.actions) != self._autosaved:
            self._write_autosave()

    def _write_autosave(self) -> bool:
        """Write the autosave now; whether it was written (a failed write is said once and never stops the game)."""
        assert self.autosaver is not None
        try:
            write_save(self.match, self.autosaver.path)
        except OSError as error:
            self.autosave_note = f"Autosave failed: {self.autosaver.path}: {error.strerror or error}"
            return False
        self._autosaved = len(self.match.actions)
        return True

    def close(self) -> None:
        """Save the last moves and drop the match's world."""
        self.autosave_now()
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)
        self.registered.close(self.match)
