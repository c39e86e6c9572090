"""Saved matches: a versioned JSON file of the setup, the seed, the actions and the event log.

A save never holds pickled objects: resuming replays the actions from the seed, which gives the
same world and the same future dice. Writes are atomic (see ``userdata.atomic_write_text``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from game.core.errors import GameError, IllegalAction, MapError
from game.core.events import Event
from game.core.mapref import MapRef
from game.core.match import Match
from game.core.messages import reads_as_python
from game.core.mode import MatchSetup, Seat
from game.core.modespec import ModeSpec, UnknownMode, is_whole, spec, specs
from game.core.readfile import FileTooLarge, NotRegularFile, read_bounded
from game.core.userdata import atomic_write_text, saves_dir

SAVE_FORMAT = "rulebound-save"
# Each mode versions its own saves (``ModeSpec.save_version``) and says how it reads older ones (``migrate``).
AUTOSAVE = "autosave.json"


# A save nests about ten levels deep; far deeper is garbage, and would overflow Python's stack when the
# match is written again (json recurses), so it is refused when read.
MAX_DEPTH = 50

MAX_SAVE_BYTES = 64 * 2**20
"""No save larger than this is read: the longest match the game plays (100 rounds) saves in a few MB."""

MAX_SEED = 10**100
"""A seed has fewer digits than this number (the menu draws six): a longer one is not a seed of this game."""


class SaveError(GameError):
    """A save file that cannot be resumed; the message names the file and why."""


class MalformedSave(ValueError):
    """A part of a save that is missing or malformed; the message says which, in a player's words."""


@dataclass(frozen=True)
class SavedMatch:
    """What a save file holds, read and checked but not yet replayed."""

    path: Path
    setup: MatchSetup
    seed: int
    actions: list[tuple[str, dict[str, Any]]]
    events: list[dict[str, Any]]


def setup_to_dict(setup: MatchSetup) -> dict[str, Any]:
    """A setup as plain data; every option must already be plain data (a map is named by its path)."""
    options = dict(setup.options)
    try:
        json.dumps(options)
    except TypeError as error:
        raise ValueError(f"a match set up with non-data options cannot be saved: {error}") from None
    return {
        "mode": setup.mode,
        "seats": [{"name": s.name, "sides": list(s.sides), "computer": s.computer, "policy": s.policy}
                  for s in setup.seats],
        "options": options,
    }


def setup_from_dict(data: Any) -> MatchSetup:
    """Rebuild a setup from its plain form; MalformedSave says which part of it is wrong."""
    if not isinstance(data, dict):
        raise MalformedSave("its setup is missing")
    mode, options = data.get("mode"), data.get("options")
    if not isinstance(mode, str) or not mode:
        raise MalformedSave("its mode is not named")
    if not isinstance(options, dict):
        raise MalformedSave("its setup has no options")
    _check_options(mode, options)
    seats = _seats_from_list(data.get("seats"))
    _check_sides_played(seats, options)
    return MatchSetup(mode, seats, dict(options))


def _names(value: Any) -> TypeGuard[list[str]]:
    """Whether a value is a list of names (strings)."""
    return isinstance(value, list) and all(isinstance(name, str) for name in value)


def _whole(value: Any) -> TypeGuard[int]:
    """Whether a value is a whole number (JSON's true and false are Python bools, which are ints)."""
    return is_whole(value)


def _registered(mode: str) -> ModeSpec | None:
    """The spec of a mode this game has, or None (such a save is refused when it is set up again, naming it)."""
    try:
        return spec(mode)
    except UnknownMode:
        return None


def _check_options(mode: str, options: dict[str, Any]) -> None:
    """MalformedSave naming the first option the mode reads that is not of its kind (its spec says)."""
    found = _registered(mode)
    problem = None if found is None else found.option_problem(options)
    if problem is not None:
        raise MalformedSave(problem)


def _seats_from_list(plain: Any) -> tuple[Seat, ...]:
    """The seats of a setup: at least one, each well-formed, no two of the same name."""
    if not isinstance(plain, list) or not plain:
        raise MalformedSave("it has no seats")
    seats = tuple(_seat_from_dict(seat, number) for number, seat in enumerate(plain, 1))
    names = [seat.name for seat in seats]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise MalformedSave(f"two seats are named {twice!r}")
    return seats


def _seat_from_dict(plain: Any, number: int) -> Seat:
    """One seat: a name, the sides or combatants it plays, whether the computer plays it, and how."""
    if not isinstance(plain, dict):
        raise MalformedSave(f"seat {number} is malformed")
    name, sides, computer, policy = (plain.get(key) for key in ("name", "sides", "computer", "policy"))
    if not (isinstance(name, str) and name and _names(sides) and isinstance(computer, bool)
            and isinstance(policy, str)):
        raise MalformedSave(f"seat {number} is malformed")
    return Seat(name, tuple(sides), computer, policy)


def _check_sides_played(seats: tuple[Seat, ...], options: dict[str, Any]) -> None:
    """MalformedSave unless a seat plays each side the options name: the side itself, or one of its combatants.

    A combatant is named by its template, numbered (``wolf#2``) when the template recurs. A side whose
    templates the options leave to the map may be played through any name that belongs to no other side.
    """
    if options.get("sides"):
        sides = [(name, list(templates)) for name, templates in options["sides"]]
    else:
        sides = [(side, list(options.get(side) or [])) for side in ("heroes", "monsters") if side in options]
    played = {entry for seat in seats for entry in seat.sides}

    def belongs(entry: str, name: str, templates: list[str]) -> bool:
        return entry == name or entry.partition("#")[0] in templates

    for name, templates in sides:
        if any(belongs(entry, name, templates) for entry in played):
            continue
        strays = [e for e in played if not any(belongs(e, other, ts) for other, ts in sides)]
        if not templates and strays:
            continue
        raise MalformedSave(f"no seat plays the {name}")


def to_save(match: Match) -> dict[str, Any]:
    """The whole match as the plain data of a save file."""
    return {
        "format": SAVE_FORMAT,
        "version": spec(match.setup.mode).save_version,
        "seed": match.seed,
        "setup": setup_to_dict(match.setup),
        "actions": [[seat, action.to_dict()] for seat, action in match.actions],
        "events": match.event_log(),
    }


def saved_match(match: Match, path: Path) -> SavedMatch:
    """A match as its save would hold it, without a file (to replay it at once); ``path`` names it in messages."""
    data = to_save(match)
    return SavedMatch(path, match.setup, match.seed, [(seat, action) for seat, action in data["actions"]],
                      data["events"])


def write_save(match: Match, path: Path) -> Path:
    """Save a match to a file, atomically."""
    atomic_write_text(path, json.dumps(to_save(match), separators=(",", ":")))
    return path


def autosave_path() -> Path:
    """The file of the last match, written after every turn."""
    return saves_dir() / AUTOSAVE


def read_save(path: Path) -> SavedMatch:
    """Read and check a save file; any problem raises SaveError with one line naming the file."""
    try:
        text = read_bounded(path, MAX_SAVE_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: the save is corrupt (not text)") from None
    except NotRegularFile as error:
        raise SaveError(f"{path}: {error.strerror}, not a save file") from None
    except FileTooLarge:
        raise SaveError(f"{path}: the save is larger than {MAX_SAVE_BYTES // 2**20} MB, which no match of this "
                        "game writes") from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read: {error.strerror}") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(f"{path}: the save is corrupt (it is nested too deeply)") from None
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        # A save is one JSON object: one that stops before its closing brace was cut short, not garbled.
        if not stripped or error.pos >= len(stripped) or (stripped.startswith("{") and not stripped.endswith("}")):
            raise SaveError(f"{path}: the save is truncated (it ends early; it was not written whole)") from None
        raise SaveError(f"{path}: the save is corrupt (not valid JSON at line {error.lineno})") from None
    except ValueError:
        # Python refuses to read a whole number of more than 4,300 digits; the game never writes one.
        raise SaveError(f"{path}: the save is corrupt (it holds a number far too long to be one of the game's)"
                        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a save of this game")
    if "version" not in data:
        raise SaveError(f"{path}: the save is corrupt (no version)")
    version = data["version"]
    if not _whole(version) or version < 1:
        raise SaveError(f"{path}: the save is corrupt (its version is not a format this game wrote)")
    newest = _newest_version(data)
    if version > newest:
        raise SaveError(f"{path}: saved by a newer version of the game (save format {version}; this one reads "
                        f"up to {newest})")
    if _nested_deeper_than(data, MAX_DEPTH):
        raise SaveError(f"{path}: the save is corrupt (it is nested too deeply)")
    try:
        return _saved_from_dict(path, data, version)
    except MalformedSave as error:
        raise SaveError(f"{path}: the save is corrupt ({error})") from None


def _newest_version(data: dict[str, Any]) -> int:
    """The newest save format this game reads for the save's mode (of any mode, when the save names none it has)."""
    setup = data.get("setup")
    mode = setup.get("mode") if isinstance(setup, dict) else None
    found = _registered(mode) if isinstance(mode, str) else None
    if found is not None:
        return found.save_version
    return max((known.save_version for known in specs()), default=1)


def _nested_deeper_than(data: Any, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` deep in plain data (walked level by level, not recursed)."""
    level, depth = [data], 0
    while level:
        depth += 1
        if depth > limit:
            return True
        nested: list[Any] = []
        for value in level:
            items = value.values() if isinstance(value, dict) else value
            nested.extend(item for item in items if isinstance(item, dict | list))
        level = nested
    return False


def _saved_from_dict(path: Path, data: dict[str, Any], version: int) -> SavedMatch:
    """The parts of a save of a known version, checked; MalformedSave says which part is wrong."""
    setup = setup_from_dict(data.get("setup"))
    seed = data.get("seed")
    if not _whole(seed):
        raise MalformedSave("its seed is not a whole number")
    if not -MAX_SEED < seed < MAX_SEED:
        raise MalformedSave("its seed has over 100 digits")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise MalformedSave("its actions are not a list")
    for number, pair in enumerate(actions, 1):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], dict)):
            raise MalformedSave(f"action {number} is malformed")
    events = data.get("events")
    if not isinstance(events, list) or not all(isinstance(event, dict) for event in events):
        raise MalformedSave("its event log is not a list of events")
    events = list(events)
    found = _registered(setup.mode)
    if found is not None:
        # An older save replays as it was played: its mode says which of its older ways it keeps.
        options, events = found.migrate(version, dict(setup.options), events)
        setup = MatchSetup(setup.mode, setup.seats, options)
    return SavedMatch(path, setup, seed, [(seat, action) for seat, action in actions], events)


def describe(saved: SavedMatch) -> str:
    """A save in a few words: its mode, its map, and the round it reached or that the match is over."""
    events = [e for e in saved.events if isinstance(e, dict)]
    map_name = next((e.get("map_name") for e in events if e.get("type") == "EncounterBegan"), None)
    rounds = [e["round"] for e in events if isinstance(e.get("round"), int)]
    if any(e.get("type") == "EncounterEnded" for e in events):
        progress = "over"
    else:
        progress = f"round {max(rounds)}" if rounds else "not begun"
    return " \u00b7 ".join([saved.setup.mode, *([str(map_name)] if map_name else []), progress])


def resume(saved: SavedMatch, after: Callable[[Match, list[Event]], None] | None = None) -> Match:
    """Replay a saved match to where it stopped; the dice then roll on exactly as they would have.

    ``after`` is told of the opening events and then of each replayed action's events, so that a
    screen can rebuild what every seat learnt at that moment (a seat's log depends on what it
    could see then, not now).
    """
    named = saved.setup.options.get("map")
    path = MapRef(named).path if isinstance(named, str) else None
    if path is not None and not path.exists():
        raise SaveError(f"{saved.path}: its map {named} is gone")
    try:
        match = Match(saved.setup, saved.seed, snapshots=False)
    except MapError as error:
        raise SaveError(f"{saved.path}: its map cannot be loaded: {error}") from None
    except UnknownMode as error:
        raise SaveError(f"{saved.path}: the save cannot be set up again ({error})") from None
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"{saved.path}: the save cannot be set up again ({_why_not_set_up(error)})") from None
    if after is not None:
        after(match, list(match.events))
    for index, (seat, plain) in enumerate(saved.actions):
        try:
            events = match.apply(match.mode.action_from_dict(plain), seat)
        except IllegalAction as error:
            match.mode.close()
            raise SaveError(f"{saved.path}: action {index + 1} does not replay ({error})") from None
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            # Fields of the wrong kind or number fail wherever the rules first touch them.
            match.mode.close()
            raise SaveError(f"{saved.path}: the save is corrupt (action {index + 1} is malformed)") from None
        if after is not None:
            after(match, events)
    match.snapshots = True
    return match


def _why_not_set_up(error: Exception) -> str:
    """Why a mode refused a save's setup, in words: a KeyError holds only the unknown name, or a message."""
    if isinstance(error, KeyError) and len(error.args) == 1 and isinstance(error.args[0], str):
        name = error.args[0]
        return name if " " in name else f"it names {name!r}, which this game does not know"
    if isinstance(error, ValueError) and not reads_as_python(str(error)):
        return str(error)  # the modes word what they refuse
    return "its setup is malformed"


def check_resumes(saved: SavedMatch) -> None:
    """SaveError with one line unless the saved match sets up and replays to where it stopped; nothing is kept."""
    resume(saved).mode.close()


def save_path(name: str, folder: Path | None = None) -> Path:
    """The file a save named by a player goes to; SaveError when the name cannot be a file name."""
    cleaned = name.strip()
    if cleaned.lower().endswith(".json"):
        cleaned = cleaned[:-5].strip()
    if not cleaned:
        raise SaveError("give the save a name")
    if len(cleaned) > 60:
        raise SaveError("a save's name may be at most 60 characters long")
    bad = sorted({c for c in cleaned if not (c.isalnum() or c in " -_.,'()")})
    if bad or cleaned.startswith("."):
        shown = "".join(bad) or "."
        raise SaveError(f"a save's name cannot hold {shown!r}: use letters, digits, spaces, - and _")
    if cleaned.lower() == Path(AUTOSAVE).stem:
        raise SaveError(f"{cleaned!r} is the game's own autosave: choose another name")
    return (folder or saves_dir()) / f"{cleaned}.json"


def saved_files(folder: Path | None = None) -> list[Path]:
    """The save files in the saves folder, the newest first (temporary files of unfinished writes left out)."""
    folder = folder or saves_dir()
    found: list[tuple[float, str, Path]] = []
    try:
        for path in folder.glob("*.json"):
            if path.name.startswith("."):
                continue
            try:
                found.append((-path.stat().st_mtime, path.name, path))
            except OSError:
                continue  # removed while we looked
    except OSError:
        return []
    return [path for _, _, path in sorted(found)]


def load_match(path: Path) -> Match:
    """Read a save and replay it: the match exactly where it stopped."""
    return resume(read_save(path))


def first_difference(saved: list[dict[str, Any]], replayed: list[dict[str, Any]]) -> int | None:
    """The index of the first event that differs between two logs, or None when they are identical."""
    for index, (a, b) in enumerate(zip(saved, replayed, strict=False)):
        if a != b:
            return index
    if len(saved) != len(replayed):
        return min(len(saved), len(replayed))
    return None


class Autosaver:
    """Saves the match after every turn (and when it ends) to one file, atomically."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or autosave_path()

    def after(self, match: Match, events: list[Event]) -> bool:
        """Save when any of the events ends a turn or the match; return whether it saved."""
        if match.over or any(e.ends_turn for e in events):
            write_save(match, self.path)
            return True
        return False
