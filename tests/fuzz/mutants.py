"""Broken and hostile inputs made from good ones: maps, saves, data files and command lines, each from a seed."""

from __future__ import annotations

import base64
import json
import os
import random
import re
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import game.modes  # noqa: F401  (registers every mode, whose data and names the mutants use)
from game.core.modespec import specs

ROOT = Path(__file__).resolve().parents[2]
NAMES_WITH_CONTROLS = ["a\nTraceback (most recent call last):", "\x1b[2J\x1b[31mred", "nul\x00here", "\u202egnp.exe",
                       "tab\there", "\r\rcarriage", "\u2028line\u2029para", "x" * 5000]
NUMBERS = ["0", "-1", "-2147483649", "4294967296", "1e9", "NaN", "inf", "-0", "0x10", "1.5", "", " 7 ", "9" * 30,
           "9" * 5000, "\u0663", "+3", "1_000"]


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return b"\xff"
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data) + 1)]


def _insert(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\x00", b"\xff\xfe", b"<", b">", b"&", b"]]>", b"<!--", "\u202e".encode(), b"\x1b[2J",
                       bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))])
    return data[:at] + junk + data[at:]


BYTE_MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [_flip, _truncate, _insert]

# -- maps -----------------------------------------------------------------------------------------------------

_ATTRIBUTE = re.compile(rb'(\s)([a-z]+)="([^"]*)"')


def _attributes(text: bytes) -> list[re.Match[bytes]]:
    return list(_ATTRIBUTE.finditer(text))


def _set_attribute(text: bytes, rng: random.Random) -> bytes:
    found = _attributes(text)
    if not found:
        return text
    match = rng.choice(found)
    value = rng.choice(NUMBERS + NAMES_WITH_CONTROLS[:4] + ["orthogonal", "isometric", "hexagonal", "staggered",
                                                             "1", "zlib", "gzip", "zstd", "base64", "csv"])
    escaped = value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", "&#10;")
    escaped = "".join(ch if ch >= " " or ch in "\t\n" else "" for ch in escaped)
    return text[:match.start(3)] + escaped.encode() + text[match.end(3):]


def _drop_attribute(text: bytes, rng: random.Random) -> bytes:
    found = _attributes(text)
    if not found:
        return text
    match = rng.choice(found)
    return text[:match.start()] + text[match.end():]


def _map_attribute(name: bytes, values: list[str]) -> Callable[[bytes, random.Random], bytes]:
    def change(text: bytes, rng: random.Random) -> bytes:
        pattern = re.compile(rb"(<map\b[^>]*?\s" + name + rb'=")([^"]*)(")')
        value = rng.choice(values).encode()
        if pattern.search(text):
            return pattern.sub(lambda m: m.group(1) + value + m.group(3), text, count=1)
        return text.replace(b"<map ", b"<map " + name + b'="' + value + b'" ', 1)
    return change


def _tileset_source(text: bytes, rng: random.Random) -> bytes:
    target = rng.choice(["missing.tsx", ".", "/dev/zero", "/dev/urandom", "loop.tsx", "map.tmx", "../" * 40 + "etc",
                         "fifo.tsx", "\u202e.tsx", "a&#10;b.tsx"])
    if b'source="' in text and b"<tileset" in text:
        return re.sub(rb'(<tileset[^>]*?source=")([^"]*)(")', lambda m: m.group(1) + target.encode() + m.group(3),
                      text, count=1)
    return text.replace(b"<tileset ", b'<tileset source="' + target.encode() + b'" ', 1)


def _entities(text: bytes, rng: random.Random) -> bytes:
    bomb = rng.choice([
        b'<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
        b'<!DOCTYPE map [<!ENTITY x SYSTEM "file:///dev/zero">]>',
        b'<!DOCTYPE map SYSTEM "http://example.invalid/map.dtd">'])
    head, _, rest = text.partition(b"?>")
    return head + b"?>" + bomb + rest if rest else bomb + text


def _compressed_data(text: bytes, rng: random.Random) -> bytes:
    side = rng.choice([1, 2, 16, 256])
    raw = bytes(4 * side * side)
    packed = rng.choice([zlib.compress(raw), zlib.compress(raw)[:-3], b"\x78\x9c" + os.urandom(20), b"", raw])
    body = base64.b64encode(packed).decode()
    if rng.random() < 0.3:
        body = body[:-2] + "!!"
    compression = rng.choice(["zlib", "gzip", "zstd", ""])
    layer = (f'<layer name="bomb" width="{side}" height="{side}"><data encoding="base64" '
             f'compression="{compression}">{body}</data></layer>').encode()
    return text.replace(b"</map>", layer * rng.choice([1, 3, 70]) + b"</map>", 1)


def _nest_groups(text: bytes, rng: random.Random) -> bytes:
    depth = rng.choice([2, 49, 51, 3000])
    return text.replace(b"</map>", b'<group name="g">' * depth + b"</group>" * depth + b"</map>", 1)


def _many_layers(text: bytes, rng: random.Random) -> bytes:
    layer = b'<layer name="l" width="1" height="1"><data encoding="csv">1</data></layer>'
    return text.replace(b"</map>", layer * rng.choice([10, 999, 1001]) + b"</map>", 1)


def _names(text: bytes, rng: random.Random) -> bytes:
    name = rng.choice(NAMES_WITH_CONTROLS).replace("&", "&amp;").replace("\n", "&#10;").replace("\r", "&#13;")
    name = "".join(ch for ch in name if ch >= " " or ch == "\t").replace("\x00", "")
    return re.sub(rb'name="[^"]*"', b'name="' + name.encode() + b'"', text, count=rng.randint(1, 5))


def _huge_object(text: bytes, rng: random.Random) -> bytes:
    value = rng.choice(["1e308", "-1e308", "nan", "inf", "9" * 400, "-5", "0"])
    points = " ".join(f"{rng.choice(['0', value])},{value}" for _ in range(rng.choice([3, 500])))
    shape = rng.choice([f'<polygon points="{points}"/>', f'<polyline points="{points}"/>', "<ellipse/>", "<point/>"])
    obj = f'<objectgroup name="walls"><object id="9999" x="{value}" y="{value}" width="{value}" height="{value}">' \
          f"{shape}</object></objectgroup>"
    return text.replace(b"</map>", obj.encode() + b"</map>", 1)


def _encoding(text: bytes, rng: random.Random) -> bytes:
    choice = rng.randrange(3)
    if choice == 0:
        return text.replace(b'encoding="UTF-8"', b'encoding="UTF-16"', 1)
    if choice == 1:
        return text.decode("utf-8", "replace").encode("utf-16")
    return text.replace(b"name=", "name=\"\xe9\" x=".encode("latin-1"), 1)


MAP_MUTATIONS: list[Callable[[bytes, random.Random], bytes]] = [
    *BYTE_MUTATIONS, _set_attribute, _drop_attribute, _tileset_source, _entities, _compressed_data, _nest_groups,
    _many_layers, _names, _huge_object, _encoding,
    _map_attribute(b"width", NUMBERS), _map_attribute(b"height", NUMBERS), _map_attribute(b"tilewidth", NUMBERS),
    _map_attribute(b"orientation", ["isometric", "staggered", "hexagonal", "", "orthogonal\n"]),
    _map_attribute(b"infinite", ["1", "true", "2"]),
]
SPECIAL_PATHS = ["/dev/zero", "/dev/urandom", "/dev/null", "/dev/full", "/", "/proc/self/mem", "fifo.tmx",
                 "folder.tmx", "missing.tmx", "link-to-zero.tmx", "loop-link.tmx"]


def map_seeds() -> list[Path]:
    """The good maps mutants are made from: the game's own."""
    return sorted((ROOT / "maps").glob("*.tmx"))


def prepare_map_folder(folder: Path) -> Path:
    """A folder where mutant maps find their tilesets: ``folder/maps`` beside a link to the game's assets."""
    (folder / "maps").mkdir(parents=True, exist_ok=True)
    assets = folder / "assets"
    if not assets.exists():
        assets.symlink_to(ROOT / "assets")
    maps = folder / "maps"
    specials = {"fifo.tmx": lambda p: os.mkfifo(p), "fifo.tsx": lambda p: os.mkfifo(p),
                "folder.tmx": lambda p: p.mkdir(), "link-to-zero.tmx": lambda p: p.symlink_to("/dev/zero"),
                "loop-link.tmx": lambda p: p.symlink_to(p), "loop.tsx": lambda p: p.write_text(
                    '<?xml version="1.0"?><tileset name="l" tilewidth="32" tileheight="32" tilecount="1" '
                    'columns="1"><tileset source="loop.tsx"/></tileset>')}
    for name, make in specials.items():
        path = maps / name
        if not path.exists() and not path.is_symlink():
            make(path)
    return maps


def map_mutant(rng: random.Random, folder: Path) -> str:
    """The path of a mutant map written in ``folder`` (from prepare_map_folder), or of a special file."""
    if rng.random() < 0.06:
        special = rng.choice(SPECIAL_PATHS)
        return special if special.startswith("/") else str(folder / special)
    data = rng.choice(map_seeds()).read_bytes()
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = rng.choice(MAP_MUTATIONS)(data, rng)
    path = folder / "mutant.tmx"
    path.write_bytes(data)
    return str(path)

# -- saves ----------------------------------------------------------------------------------------------------


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in plain data, as a path of keys and indexes (long lists sampled)."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data[:6] + data[-3:] if len(data) > 9 else data):
            real = index if index < 6 or len(data) <= 9 else len(data) - 9 + index
            found.extend(_paths(value, (*prefix, real)))
    return found


def _replace_at(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return data


def _delete_at(data: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return {}
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]
    return data


class LongNumber:
    """A whole number written with more digits than Python reads (json.dumps cannot write one)."""

    MARK = "__long_number__"


def _odd_value(rng: random.Random) -> Any:
    return rng.choice([None, True, False, 0, -1, 2**63, -(2**63), 10**300, 1.5, float("1e308"), "", "nobody",
                       "EndTurn", [], {}, [[]], {"type": "Move"}, LongNumber.MARK, rng.choice(NAMES_WITH_CONTROLS),
                       [1, 2], [10**9, -10**9], {"type": "UseAction", "action": "fireball", "target": 123}])


DEEP_MARK = "__deep__"  # stands for lists nested deeper than json.dumps can write

def save_mutant(rng: random.Random, good: dict[str, Any], folder: Path) -> str:
    """The path of a mutant of the good save ``good`` written in ``folder``."""
    data = json.loads(json.dumps(good))
    kind = rng.randrange(10)
    text: str | None = None
    deep = 0
    if kind <= 3:
        for _ in range(rng.randint(1, 3)):
            data = _replace_at(data, rng.choice(_paths(data)), _odd_value(rng))
    elif kind == 4:
        places = [p for p in _paths(data) if p]
        data = _delete_at(data, rng.choice(places)) if places else {}
    elif kind == 5:
        deep = rng.choice([40, 60, 5000, 200_000])
        data = _replace_at(data, rng.choice(_paths(data)), DEEP_MARK)
    elif kind == 6 and isinstance(data, dict):
        data["version"] = rng.choice([0, -1, 6, 99, "5", 5.0, None, 10**20, True])
    elif kind == 7 and isinstance(data, dict):
        seats = data.get("setup", {}).get("seats", [])
        for seat in seats:
            seat["name"] = rng.choice(NAMES_WITH_CONTROLS)
        for pair in data.get("actions", []):
            if seats and rng.random() < 0.5:
                pair[0] = seats[0]["name"]
    elif kind == 8 and isinstance(data, dict):
        actions = data.get("actions", [])
        fields: list[dict[str, Any]] = [{}, {"to": [rng.randint(-5, 300), 3]}, {"side": "dragons"},
                                        {"action": "fireball", "target": "nobody"}, {"item": "\x1b[2J"},
                                        {"to": "north"}]
        kinds = ["Move", "UseAction", "EndTurn", "Retreat", "RollInitiative", "Equip", "Frobnicate"]
        extra = [rng.choice(["heroes", "monsters", "nobody"]), {"type": rng.choice(kinds), **rng.choice(fields)}]
        actions.insert(rng.randrange(len(actions) + 1), extra)
    text = json.dumps(data, separators=(",", ":"), allow_nan=True) if text is None else text
    text = text.replace(f'"{LongNumber.MARK}"', "9" * 5000)
    if kind == 5:
        text = text.replace(f'"{DEEP_MARK}"', "[" * deep + "1" + "]" * deep)
    raw = text.encode("utf-8", "surrogatepass")
    if kind == 9 or rng.random() < 0.1:
        raw = rng.choice(BYTE_MUTATIONS)(raw, rng)
    path = folder / "mutant.json"
    path.write_bytes(raw)
    return str(path)

# -- data files -----------------------------------------------------------------------------------------------


_TOML_VALUE = re.compile(r"^(\s*[A-Za-z_]+\s*=\s*)(.+)$", re.MULTILINE)


def data_mutant(rng: random.Random, base: Path, folder: Path) -> tuple[str, Path]:
    """A mode's data folder copied into ``folder`` with one file broken: (mode, folder)."""
    mode = rng.choice(sorted(spec.name for spec in specs() if spec.content_from is not None))
    target = folder / mode
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(base / mode, target)
    path = rng.choice(sorted(target.glob("*.toml")))
    text = path.read_text()
    kind = rng.randrange(7)
    if kind <= 2:
        lines = list(_TOML_VALUE.finditer(text))
        for match in rng.sample(lines, min(len(lines), rng.randint(1, 3))):
            value = rng.choice(["1000", "600", "-1", "-1000000000", "1000000000000000000", "1e9", "-1e9", "nan",
                                "inf", '"x"', "[]", "{}", "true", "0", "9" * 5000, '"\\u001b[2J"', '"a\\nb"'])
            text = text.replace(match.group(0), match.group(1) + value, 1)
        path.write_text(text)
    elif kind == 3:
        path.write_text("")
    elif kind == 4:
        path.write_text("x = " + "[" * rng.choice([100, 100_000]) + "]" * rng.choice([100, 100_000]) + "\n")
    elif kind == 5:
        path.write_bytes(text.encode("utf-8") + b"\n# \xff\xfe\n" if rng.random() < 0.5 else text.encode("utf-16"))
    else:
        path.write_bytes(rng.choice(BYTE_MUTATIONS)(text.encode(), rng))
    return mode, target

# -- command lines --------------------------------------------------------------------------------------------


def command_line(rng: random.Random, paths: dict[str, str]) -> list[str]:
    """Odd arguments for the commands that run headless: check-map, replay --check, simulate and odds."""
    odd_text = rng.choice(NAMES_WITH_CONTROLS + NUMBERS + ["--", "-", "--help=x", "=", "builtin:", "builtin:nope"])
    any_path = rng.choice([*paths.values(), *SPECIAL_PATHS[:5], odd_text])
    command = rng.choice(["check-map", "replay", "simulate", "odds", "frobnicate", "", "-x", odd_text])
    if command == "check-map":
        args = [command, any_path] + rng.sample(["--json", "--picture", "--bogus", odd_text], rng.randint(0, 2))
    elif command == "replay":
        args = [command, "--check", any_path] + rng.sample(["--speed", odd_text, "--speed=0"], rng.randint(0, 2))
    elif command == "simulate":
        # Only small valid counts of games: a valid large one is a long run, not a hostile input.
        games = ["0", "-1", "1", "1000001", "9" * 30, "9" * 5000, "\u0663", "+2", " 2 ", "1e3", "0x10"]
        options = {"--games": games, "--seed": NUMBERS,
                   "--map": [any_path, "builtin:hall", "builtin:nope"], "--heroes": ["", "warrior,,x", odd_text],
                   "--monsters": ["", "wolf," * 200, odd_text], "--rivals": ["warrior", odd_text],
                   "--hero-ai": ["random", "nope", odd_text], "--max-rounds": ["0", "-5", "3", "9" * 5000],
                   "--jobs": ["0", "1", "-1", "99", odd_text],
                   "--mode": [*sorted(spec.name for spec in specs()), "dice", odd_text],
                   "--difficulty": ["easy", odd_text]}
        args = [command, "--games", rng.choice(["1", "0", "x"])]
        for name in rng.sample(sorted(options), rng.randint(1, 4)):
            args += [name, rng.choice(options[name])]
    elif command == "odds":
        args = [command, "--skill", rng.choice(NUMBERS), "--trait", rng.choice(NUMBERS)]
        args += rng.sample(["--json", "--skill-modifier", rng.choice(NUMBERS)], rng.randint(0, 2))
    else:
        args = [command, odd_text] if command else [odd_text]
    if rng.random() < 0.1:
        args.insert(rng.randrange(len(args) + 1), rng.choice(["--json", "-h", "--", "--x=" + odd_text]))
    args = [arg for arg in args if "\x00" not in arg]
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help")):
        args = ["--help", *args]  # the game reads any other leading option as `play`, which opens a window
    return args
