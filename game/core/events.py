"""Actions in, events out: the base types every mode's actions and events derive from."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.privacy import Privacy, check_declaration


def _plain(value: Any) -> Any:
    """Turn dataclasses, tuples and frozensets into JSON-ready values, keeping order stable."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name.startswith("_"):
                continue
            out[f.name] = _plain(getattr(value, f.name))
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class Action:
    """Something a seat asks the match to do: an imperative noun (Move, Attack, EndTurn)."""

    # A choice made in secret, hidden from the other seats until it is revealed (a sealed stance, a card placed
    # face down, a presented die): in hot-seat the screen is handed over before a person makes one.
    secret: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        """The action as plain data, for saves and replays."""
        return _plain(self)


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened, in the past tense, with every die and modifier behind it."""

    # A turn (or the match) is over after this event: autosaves are written then.
    ends_turn: ClassVar[bool] = False
    # Whom the event is about and who may read it; every event class declares it (game.core.privacy).
    privacy: ClassVar[Privacy]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse, when the class is made, an event that does not say who may read it."""
        super().__init_subclass__(**kwargs)
        names = {name for klass in cls.__mro__ for name in vars(klass).get("__annotations__", {})}
        check_declaration(cls, names)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data, for the log, replays and comparisons."""
        return _plain(self)


def to_plain(value: Any) -> Any:
    """Any dataclass, tuple or mapping of them as plain JSON-ready data."""
    return _plain(value)


def action_from_plain(types: Mapping[str, type[Action]], data: dict[str, Any]) -> Action:
    """Rebuild an action of one of ``types`` (by class name) from ``Action.to_dict()``; lists become tuples."""
    kind: Any = data.get("type")  # any JSON value; only a key of ``types`` gets past the check below
    if not isinstance(kind, str) or kind not in types:
        raise ValueError("an unknown action")
    cls = types[kind]
    fields = {k: _tuples(v) for k, v in data.items() if k != "type"}
    hints = typing.get_type_hints(cls)
    for name, value in fields.items():
        # A save from other hands may hold any JSON value: each field must be of the kind the action declares.
        if name not in hints or not _fits(hints[name], value):
            raise ValueError(f"a {kind} whose field {name} is malformed")
    return cls(**fields)


def _tuples(value: Any) -> Any:
    """A JSON value with its lists made tuples, as actions hold them."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


def _fits(hint: Any, value: Any) -> bool:
    """Whether a plain value is of the type an action field declares (the types actions use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None) or hint is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_fits(arg, value) for arg in args)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(args[0], item) for item in value)
        return len(args) == len(value) and all(_fits(arg, item) for arg, item in zip(args, value, strict=True))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a type this check does not know: the rules check the value
