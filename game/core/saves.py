"""Saved matches: a versioned JSON file of the setup, the seed, the actions and the event log.

A save never holds pickled objects: resuming replays the actions from the seed, which gives the
same world and the same future dice. Writes are atomic (see ``userdata.atomic_write_text``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import GameError, IllegalAction, MapError
from game.core.events import Action, Event
from game.core.match import Match
from game.core.mode import LEGACY_BUMPS, LEGACY_TIES, MatchSetup, Seat
from game.core.userdata import atomic_write_text, saves_dir

SAVE_FORMAT = "rulebound-save"
SAVE_VERSION = 4  # 2: the party takes its spawns front first and moves walk straight (see LEGACY_TIES);
# 3: a move goes around where an unseen combatant stopped the mover earlier in its turn (see LEGACY_BUMPS);
# 4: a side's win reads "none of the <sides> is left able to fight", where older saves wrote "nobody of the"
AUTOSAVE = "autosave.json"


class SaveError(GameError):
    """A save file that cannot be resumed; the message names the file and why."""


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


def setup_from_dict(data: dict[str, Any]) -> MatchSetup:
    """Rebuild a setup from its plain form."""
    seats = tuple(Seat(str(s["name"]), tuple(s["sides"]), bool(s["computer"]), str(s["policy"]))
                  for s in data["seats"])
    return MatchSetup(str(data["mode"]), seats, dict(data["options"]))


def to_save(match: Match) -> dict[str, Any]:
    """The whole match as the plain data of a save file."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path}: the save is corrupt (not text)") from None
    except OSError as error:
        raise SaveError(f"{path}: cannot be read: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        # A save is one JSON object: one that stops before its closing brace was cut short, not garbled.
        if not stripped or error.pos >= len(stripped) or (stripped.startswith("{") and not stripped.endswith("}")):
            raise SaveError(f"{path}: the save is truncated (it ends early; it was not written whole)") from None
        raise SaveError(f"{path}: the save is corrupt (not valid JSON at line {error.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a save of this game")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{path}: the save is corrupt (no version)")
    if version > SAVE_VERSION:
        raise SaveError(f"{path}: saved by a newer version of the game (save format {version}; this one reads "
                        f"up to {SAVE_VERSION})")
    try:
        setup = setup_from_dict(data["setup"])
        # Played before rulings grid-spawn-order and grid-path-choice (format 1), or before moves remembered
        # where an unseen combatant stopped them (ruling grid-move-knowledge, format 2): they replay only
        # as they were played.
        if version < 2:
            setup = MatchSetup(setup.mode, setup.seats, {**setup.options, LEGACY_TIES: True})
        if version < 3:
            setup = MatchSetup(setup.mode, setup.seats, {**setup.options, LEGACY_BUMPS: True})
        seed = int(data["seed"])
        actions = [(str(seat), dict(action)) for seat, action in data["actions"]]
        events = list(data["events"])
        if version < 4:
            events = [_reworded(event) for event in events]
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{path}: the save is corrupt (a part of it is missing or malformed)") from None
    return SavedMatch(path, setup, seed, actions, events)


def _reworded(event: Any) -> Any:
    """An event saved before format 4 as the game words it now: only the reason a side won was worded otherwise."""
    old = "nobody of the "
    if isinstance(event, dict) and event.get("type") == "EncounterEnded":
        reason = event.get("reason")
        if isinstance(reason, str) and reason.startswith(old):
            return {**event, "reason": "none of the " + reason[len(old):]}
    return event


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
    map_path = saved.setup.options.get("map")
    if isinstance(map_path, str) and not map_path.startswith("builtin:") and not Path(map_path).exists():
        raise SaveError(f"{saved.path}: its map {map_path} is gone")
    try:
        match = Match(saved.setup, saved.seed)
    except MapError as error:
        raise SaveError(f"{saved.path}: its map cannot be loaded: {error}") from None
    except (KeyError, ValueError) as error:
        raise SaveError(f"{saved.path}: the save cannot be set up again: {error}") from None
    if after is not None:
        after(match, list(match.events))
    for index, (seat, plain) in enumerate(saved.actions):
        try:
            action: Action = match.mode.action_from_dict(plain)
            events = match.apply(action, seat)
        except (IllegalAction, KeyError, TypeError, ValueError) as error:
            _close(match)
            raise SaveError(f"{saved.path}: action {index + 1} does not replay ({error})") from None
        if after is not None:
            after(match, events)
    return match


def _close(match: Match) -> None:
    """Let go of a match that will not be played (its mode may hold a world)."""
    close = getattr(match.mode, "close", None)
    if close is not None:
        close()


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
        if match.over or any(getattr(e, "ends_turn", False) for e in events):
            write_save(match, self.path)
            return True
        return False
