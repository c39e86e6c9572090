"""Content is data: TOML files under assets/data, read into dataclasses and validated on load.

Every mistake is reported as one line naming the file, the entry and the field.
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from game.core.bundled import ASSETS
from game.core.errors import ContentError
from game.core.messages import quoted
from game.core.readfile import FileTooLarge, NotRegularFile, read_bounded

T = TypeVar("T")
DATA = ASSETS / "data"

MAX_DATA_BYTES = 4 * 2**20
"""No data file larger than this is read; the game's own are a few KB."""


def read_toml(path: Path) -> dict[str, Any]:
    """Read a TOML file, turning a missing, unreadable or malformed file into a ContentError."""
    try:
        text = read_bounded(path, MAX_DATA_BYTES).decode("utf-8")
        return tomllib.loads(text)
    except FileNotFoundError:
        raise ContentError(f"{path}: file not found") from None
    except NotRegularFile as error:
        raise ContentError(f"{path}: {error.strerror}, not a data file") from None
    except FileTooLarge:
        raise ContentError(f"{path}: larger than {MAX_DATA_BYTES // 2**20} MB, which no data file is") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not UTF-8 text, as TOML must be") from None
    except RecursionError:
        raise ContentError(f"{path}: its arrays or tables are nested too deeply") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: not valid TOML: {error}") from None
    except ValueError:
        # tomllib reads numbers with int(), which refuses more than 4,300 digits.
        raise ContentError(f"{path}: it holds a number far too long to be one of the game's") from None
    except OSError as error:
        raise ContentError(f"{path}: cannot be read: {error.strerror}") from None


def entry_key(name: str) -> str:
    """A name as entry ids spell it, so "Goblin Archer", "goblin-archer" and "GOBLIN_ARCHER" all find goblin_archer."""
    return "_".join(name.lower().replace("-", " ").replace("_", " ").split())


def spellings(ids: Iterable[str], shown: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each id by its plain spelling (see entry_key), and by that of its shown name when given; an id wins a clash."""
    found = {entry_key(name): key for key, name in (shown or {}).items()}
    found.update({entry_key(key): key for key in ids})
    return found


def load_entries(path: Path, schema: type[T]) -> dict[str, T]:
    """Read every top-level table of a TOML file as one entry of the dataclass ``schema``.

    The table's name becomes the entry's ``id`` field when the schema has one.
    """
    data = read_toml(path)
    hints = typing.get_type_hints(schema)
    entries: dict[str, T] = {}
    for entry_id, table in data.items():
        where = f"{path}: [{entry_id}]"
        if not isinstance(table, dict):
            raise ContentError(f"{where}: expected a table of fields, found {_kind(table)}")
        entries[entry_id] = _build(schema, hints, dict(table), entry_id, where)
    return entries


def _build(schema: type[T], hints: dict[str, Any], table: dict[str, Any], entry_id: str, where: str) -> T:
    """Make one dataclass from one table, checking every field's presence and type."""
    fields = {f.name: f for f in dataclasses.fields(schema) if f.init}  # type: ignore[arg-type]
    if "id" in fields:
        table.setdefault("id", entry_id)
    unknown = sorted(set(table) - set(fields))
    if unknown:
        raise ContentError(f"{where}: unknown field '{unknown[0]}' (known: {', '.join(sorted(fields))})")
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in table:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ContentError(f"{where}: missing field '{name}'")
            continue
        values[name] = _coerce(hints[name], table[name], f"{where} field '{name}'")
    try:
        return schema(**values)
    except (ValueError, TypeError) as error:
        raise ContentError(f"{where}: {error}") from None


def _coerce(hint: Any, value: Any, where: str) -> Any:
    """Check a value against a type hint, converting lists to tuples and dicts to dicts."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _coerce(arg, value, where)
            except ContentError as error:
                errors.append(str(error))
        raise ContentError(errors[0] if errors else f"{where}: unexpected value")
    if origin is typing.Literal:
        if value not in args:
            raise ContentError(f"{where}: {value!r} is not one of {', '.join(repr(a) for a in args)}")
        return value
    if origin in (tuple, list):
        if not isinstance(value, list):
            raise ContentError(f"{where}: expected a list, found {_kind(value)}")
        item = args[0] if args else Any
        return tuple(_coerce(item, v, f"{where}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise ContentError(f"{where}: expected a table, found {_kind(value)}")
        key_hint, value_hint = args if args else (str, Any)
        return {_coerce(key_hint, k, where): _coerce(value_hint, v, f"{where}.{k}") for k, v in value.items()}
    if hint is Any:
        return value
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise ContentError(f"{where}: expected a table, found {_kind(value)}")
        # A dataclass hint is the class itself, never an instance (which is_dataclass would also accept).
        return _build(typing.cast("type[Any]", hint), typing.get_type_hints(hint), dict(value), "", where)
    if hint is bool:
        if not isinstance(value, bool):
            raise ContentError(f"{where}: expected true or false, found {_kind(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ContentError(f"{where}: expected a whole number, found {_kind(value)}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ContentError(f"{where}: expected a number, found {_kind(value)}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ContentError(f"{where}: expected text, found {_kind(value)}")
        return value
    raise ContentError(f"{where}: cannot check a value of type {hint!r}")


def _kind(value: Any) -> str:
    """A player-readable name for a TOML value's type."""
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__) + (f" ({quoted(value)})" if not isinstance(
                value, (list, dict)) else "")


def require_within(value: int, low: int, high: int, where: str, field: str) -> None:
    """A ContentError naming the field unless ``low <= value <= high``: the range of numbers the rules can use."""
    if not low <= value <= high:
        raise ContentError(f"{where}: field '{field}' must be from {low} to {high}, not {quoted(value)}")


def require_entries(entries: Mapping[str, Any], path: Path) -> None:
    """A ContentError unless a file holds at least one entry (a match needs a hero and a monster to set up)."""
    if not entries:
        raise ContentError(f"{path}: holds no entry; at least one is needed")


def require(condition: bool, where: str, message: str) -> None:
    """Raise a ContentError naming the place when a cross-check fails."""
    if not condition:
        raise ContentError(f"{where}: {message}")
