"""The battlefield: pure data about squares, read from a map and shared by every mode."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.objectives import DEFEAT_ALL

Square = tuple[int, int]
"""A square as (column, row), (0, 0) at the top left."""


@dataclass(frozen=True)
class Spawn:
    """A square where a combatant of one side starts; a monster spawn may name its monster."""

    square: Square
    side: str  # "heroes" or "monsters"
    monster: str | None = None


@dataclass(frozen=True)
class Treasure:
    """A pile of treasure: one item lying on one square."""

    square: Square
    item: str


@dataclass(frozen=True)
class MapTool:
    """A tool lying on one square for anyone to arm themselves with (a Tiled object of type ``tool``).

    ``name`` is the tool's words as the map writes them; ``tool`` the mode's own tool of that name, if any;
    ``trait`` and ``hurts`` what the map says of it ("" where it says nothing: the mode's own tool's hold).
    """

    square: Square
    name: str
    tool: str = ""
    trait: str = ""
    hurts: str = ""


@dataclass(frozen=True)
class Arena:
    """A named region of the map for the arenas mode, and the squares it covers."""

    name: str
    kind: str  # tight, hazardous, open, dense or neutral
    squares: frozenset[Square]


@dataclass(frozen=True)
class Battlefield:
    """Everything the rules need to know about a map; no images, no pygame.

    ``squares`` are the squares that belong to the battlefield (a tile on some visible
    tile layer); ``walls`` block movement and sight, ``opaque`` squares block sight only,
    ``impassable`` squares (deep water, chasms) block movement only, and ``obstructed``
    squares cost one more movement point to enter.

    ``object_terrain`` are the squares of ``walls``, ``impassable``, ``obstructed`` or ``opaque``
    that are so only because of a Tiled object (a shape, or a tile object's tile), not because of
    any tile on a tile layer there: the tiles drawn on them do not show that terrain, so a screen
    that draws tiles should mark them.
    """

    width: int
    height: int
    squares: frozenset[Square]
    walls: frozenset[Square] = frozenset()
    obstructed: frozenset[Square] = frozenset()
    opaque: frozenset[Square] = frozenset()
    impassable: frozenset[Square] = frozenset()
    hero_spawns: tuple[Spawn, ...] = ()
    monster_spawns: tuple[Spawn, ...] = ()
    treasure: tuple[Treasure, ...] = ()
    arenas: tuple[Arena, ...] = ()
    warnings: tuple[str, ...] = ()
    name: str = "battlefield"
    source: str | None = None
    tile_width: int = 32
    tile_height: int = 32
    layers: tuple[str, ...] = ()  # the map file's layers as "name (kind)", for summaries
    object_terrain: frozenset[Square] = frozenset()
    intro: str = ""  # a line of story the menu shows before the fight (the map's "intro" property)
    objective: str = DEFEAT_ALL  # what the heroes set out to do (game.core.objectives)
    tools: tuple[MapTool, ...] = ()  # tools lying about, for a mode whose fighters arm themselves (beats)
    _open: frozenset[Square] = field(init=False, repr=False, compare=False)
    _sight_blockers: frozenset[Square] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_open", self.squares - self.walls - self.impassable)
        object.__setattr__(self, "_sight_blockers", self.walls | self.opaque)

    @property
    def playable(self) -> frozenset[Square]:
        """Squares a combatant can stand on: on the map, not a wall, not impassable."""
        return self._open

    def in_bounds(self, square: Square) -> bool:
        """Whether the square lies inside the map's rectangle."""
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def is_open(self, square: Square) -> bool:
        """Whether a combatant could stand on the square (ignoring other combatants)."""
        return square in self._open

    def blocks_sight(self, square: Square) -> bool:
        """Whether sight stops at this square: walls and opaque squares (not obstructed ones)."""
        return square in self._sight_blockers

    def picture(self) -> list[str]:
        """The battlefield drawn as ``from_ascii`` reads it, one line per row (spaces at the end left off).

        A square shows its most telling mark: a spawn, then treasure, then its terrain.
        """
        heroes = {spawn.square for spawn in self.hero_spawns}
        monsters = {spawn.square for spawn in self.monster_spawns}
        treasure = {pile.square for pile in self.treasure}
        marks = ((heroes, "H"), (monsters, "M"), (treasure, "$"), (self.walls, "#"), (self.impassable, "~"),
                 (self.obstructed, ","), (self.opaque, "o"), (self.squares, "."))
        rows = ("".join(next((mark for squares, mark in marks if (x, y) in squares), " ") for x in range(self.width))
                for y in range(self.height))
        return [row.rstrip() for row in rows]

    @classmethod
    def from_ascii(cls, art: str, name: str = "ascii", items: dict[Square, str] | None = None) -> Battlefield:
        """Build a battlefield from ASCII art, for tests and built-in maps.

        ``.`` floor, ``#`` wall, ``,`` obstructed, ``o`` opaque, space off the map,
        ``~`` impassable, ``H`` hero spawn, ``M`` monster spawn, ``$`` treasure (item from ``items`` or "dagger").
        """
        lines = [line for line in art.strip("\n").splitlines()]
        height = len(lines)
        width = max((len(line) for line in lines), default=0)
        squares, walls, obstructed, opaque, impassable = set(), set(), set(), set(), set()
        heroes, monsters, treasure = [], [], []
        for y, line in enumerate(lines):
            for x, ch in enumerate(line):
                sq = (x, y)
                if ch == " ":
                    continue
                squares.add(sq)
                if ch == "#":
                    walls.add(sq)
                elif ch == ",":
                    obstructed.add(sq)
                elif ch == "o":
                    opaque.add(sq)
                elif ch == "~":
                    impassable.add(sq)
                elif ch == "H":
                    heroes.append(Spawn(sq, "heroes"))
                elif ch == "M":
                    monsters.append(Spawn(sq, "monsters"))
                elif ch == "$":
                    treasure.append(Treasure(sq, (items or {}).get(sq, "dagger")))
                elif ch != ".":
                    raise ValueError(f"unknown map character {ch!r} at {sq}")
        return cls(
            width, height, frozenset(squares), frozenset(walls), frozenset(obstructed), frozenset(opaque),
            frozenset(impassable), tuple(heroes), tuple(monsters), tuple(treasure), name=name,
        )


def shown_map_name(name: str) -> str:
    """A map's name as a player reads it: a file name such as "old_crypt" becomes "Old Crypt", a title stays."""
    return name.replace("_", " ").title() if name == name.lower() else name
