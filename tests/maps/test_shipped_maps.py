"""The maps shipped in maps/, read with pytmx alone: their shape, spawns, treasure, names and open routes."""

from __future__ import annotations

import functools
import math
from collections import deque
from pathlib import Path

import pytest
import pytmx

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
TILESET = ROOT / "assets" / "tiles" / "terrain.tsx"

MONSTERS = {"wolf", "giant_rat", "skeleton", "zombie", "ghoul", "kobold", "goblin_archer", "orc_brute", "cultist",
            "ooze", "bandit", "necromancer"}
ITEMS = {"longsword", "shortbow", "dagger", "warhammer", "blunderbuss", "leather_armour", "chain_mail", "shield",
         "staff", "amulet_of_warding"}
WALL_LAYERS = {"walls", "wall", "collision", "collisions", "obstacles"}
WALL_FLAGS = ("wall", "collides", "collision", "collidable", "solid", "blocked", "block", "obstacle")
ARENA_KINDS = {"tight", "hazardous", "open", "dense", "neutral"}

Square = tuple[int, int]


@functools.cache
def load(path: Path) -> pytmx.TiledMap:
    """Read a map with pytmx, without images."""
    return pytmx.TiledMap(str(path))


def kind(obj: pytmx.TiledObject) -> str:
    """An object's type, whether Tiled wrote it as type or class."""
    return str(getattr(obj, "type", None) or getattr(obj, "class", None) or "").lower()


def objects_of(tmx: pytmx.TiledMap, wanted: str) -> list[pytmx.TiledObject]:
    """Every object of one type."""
    return [obj for obj in tmx.objects if kind(obj) == wanted]


def squares_of(tmx: pytmx.TiledMap, obj: pytmx.TiledObject) -> list[Square]:
    """The squares an object marks: one for a point, every covered square for a rectangle."""
    tw, th = tmx.tilewidth, tmx.tileheight
    if not obj.width or not obj.height:
        return [(int(obj.x // tw), int(obj.y // th))]
    x0, y0 = int(obj.x // tw), int(obj.y // th)
    x1, y1 = math.ceil((obj.x + obj.width) / tw), math.ceil((obj.y + obj.height) / th)
    return [(x, y) for y in range(y0, y1) for x in range(x0, x1)]


def flag(props: dict | None, name: str) -> bool:
    """Whether a tile property is set to true (names match without regard to case)."""
    if not props:
        return False
    for key, value in props.items():
        if key.lower() == name and (value is True or str(value).lower() == "true"):
            return True
    return False


@functools.cache
def terrain(path: Path) -> tuple[frozenset[Square], frozenset[Square], frozenset[Square]]:
    """The map's squares, the squares that block movement (walls, impassable) and the obstructed ones."""
    tmx = load(path)
    squares: set[Square] = set()
    blocked: set[Square] = set()
    obstructed: set[Square] = set()
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        name = (layer.name or "").lower()
        for x, y, gid in layer.iter_data():
            if not gid:
                continue
            squares.add((x, y))
            props = tmx.get_tile_properties_by_gid(gid)
            if name in WALL_LAYERS or any(flag(props, f) for f in WALL_FLAGS) or flag(props, "impassable"):
                blocked.add((x, y))
            if name in ("obstructed", "difficult") or flag(props, "obstructed"):
                obstructed.add((x, y))
    return frozenset(squares), frozenset(blocked), frozenset(obstructed)


def spawn_squares(path: Path) -> list[tuple[str, Square]]:
    """Every square where a hero or monster starts, labelled by its object type."""
    tmx = load(path)
    return [(kind(obj), sq) for obj in tmx.objects if kind(obj) in ("hero_spawn", "monster_spawn")
            for sq in squares_of(tmx, obj)]


def reachable(path: Path, start: Square) -> set[Square]:
    """Squares reachable from start by orthogonal steps (so no corner is ever cut) over open squares."""
    squares, blocked, _ = terrain(path)
    open_squares = squares - blocked
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in open_squares and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def ids(path: Path) -> str:
    """Test ids: the map's file name."""
    return path.name


def test_the_five_maps_are_shipped() -> None:
    """A crypt, a forest, a village, a bridge and an arena."""
    names = {p.stem for p in MAPS}
    assert {"crypt", "forest", "village", "bridge", "arena"} <= names


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_map_is_orthogonal_finite_and_sized_between_20x15_and_60x40(path: Path) -> None:
    """Orthogonal, not infinite, and neither too small nor too large."""
    tmx = load(path)
    assert tmx.orientation == "orthogonal"
    assert str(getattr(tmx, "infinite", 0)).lower() in ("0", "false")  # pytmx keeps the attribute's text
    assert 20 <= tmx.width <= 60 and 15 <= tmx.height <= 40


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_map_uses_the_shared_external_tileset(path: Path) -> None:
    """Every map draws with assets/tiles/terrain.tsx and names itself."""
    text = path.read_text(encoding="utf-8")
    assert 'source="../assets/tiles/terrain.tsx"' in text
    tmx = load(path)
    assert tmx.properties.get("title")
    assert tmx.properties.get("description")
    layer_names = {layer.name for layer in tmx.layers}
    assert {"ground", "walls", "objects"} <= layer_names


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_map_has_four_hero_spawns_six_monster_spawns_and_three_treasure(path: Path) -> None:
    """Enough starting squares for a full party and a proper fight, and loot to fight over."""
    tmx = load(path)
    heroes = [sq for obj in objects_of(tmx, "hero_spawn") for sq in squares_of(tmx, obj)]
    monsters = [sq for obj in objects_of(tmx, "monster_spawn") for sq in squares_of(tmx, obj)]
    assert len(heroes) >= 4
    assert len(monsters) >= 6
    assert len(objects_of(tmx, "treasure")) >= 3


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_every_named_monster_and_item_is_one_the_game_knows(path: Path) -> None:
    """Monster spawns name known monsters; treasure names known items."""
    tmx = load(path)
    for obj in objects_of(tmx, "monster_spawn"):
        assert obj.properties.get("monster") in MONSTERS, obj.name
    for obj in objects_of(tmx, "treasure"):
        assert obj.properties.get("item") in ITEMS, obj.name


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_spawns_and_treasure_lie_on_open_unobstructed_squares(path: Path) -> None:
    """Nobody starts in a wall, in deep water or in a thicket, and no two share a square."""
    tmx = load(path)
    squares, blocked, obstructed = terrain(path)
    marked = [sq for obj in tmx.objects if kind(obj) in ("hero_spawn", "monster_spawn", "treasure")
              for sq in squares_of(tmx, obj)]
    for sq in marked:
        assert sq in squares and sq not in blocked and sq not in obstructed, sq
    spawns = [sq for _, sq in spawn_squares(path)]
    assert len(spawns) == len(set(spawns))


@pytest.mark.parametrize("path", MAPS, ids=ids)
def test_all_spawns_and_treasure_are_mutually_reachable(path: Path) -> None:
    """Every hero can walk to every monster and every piece of treasure."""
    tmx = load(path)
    spawns = spawn_squares(path)
    region = reachable(path, spawns[0][1])
    for what, sq in spawns:
        assert sq in region, f"{what} at {sq} is cut off"
    for obj in objects_of(tmx, "treasure"):
        for sq in squares_of(tmx, obj):
            assert sq in region, f"treasure {obj.name} at {sq} is cut off"


def test_arena_map_has_regions_of_every_kind_covering_it() -> None:
    """The arena map's arena objects include all five kinds and cover the whole map without overlapping."""
    path = ROOT / "maps" / "arena.tmx"
    tmx = load(path)
    arenas = objects_of(tmx, "arena")
    assert {str(a.properties.get("kind")).lower() for a in arenas} == ARENA_KINDS
    covered: list[Square] = [sq for a in arenas for sq in squares_of(tmx, a)]
    assert len(covered) == len(set(covered))
    assert set(covered) == {(x, y) for x in range(tmx.width) for y in range(tmx.height)}


def test_tileset_names_every_tile_and_no_tile_is_both_wall_and_obstructed() -> None:
    """Each tile has a name; flags that contradict each other never appear together."""
    tmx = load(MAPS[0])
    for gid in range(1, tmx.maxgid):
        props = tmx.get_tile_properties_by_gid(gid) or {}
        assert props.get("name"), gid
        assert not (flag(props, "wall") and flag(props, "obstructed")), gid
        assert not (flag(props, "wall") and flag(props, "impassable")), gid
    assert TILESET.exists() and (TILESET.parent / "terrain.png").exists()
