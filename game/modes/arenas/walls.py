"""Breaking a flimsy wall (text 002): "If the wall seems flimsy, you can try to break it; if you do, the DM will
tell you whether the rubble-strewn hole area is dense, tight, or hazardous!"

Ruling arenas-break: a character in an arena beside a flimsy wall may spend its action, in step 5, on a Brawn test
(1d10 + Brawn beats the test number, ruling arenas-test-number); on a success the wall's squares are a new arena of
the rubble kind, beside every arena they touch. Ruling arenas-rubble: the map's ``rubble`` kind, else the kind
of the three that favours the game master's side most (ties in the text's order: dense, tight, hazardous).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from game.core.events import Event
from game.modes.arenas.arenas import side_favour, touching, with_region
from game.modes.arenas.dice import roll_test, success_chance
from game.modes.arenas.events import AttributeTested, Held, WallBroken
from game.modes.arenas.plans import Plan
from game.modes.arenas.state import ArenasState, Fighter
from game.modes.arenas.words import name_of

if TYPE_CHECKING:
    from game.maps.arena_marks import FlimsyWall

BREAK_ATTRIBUTE = "brawn"
# "the DM will tell you whether the rubble-strewn hole area is dense, tight, or hazardous": the text's order breaks
# a tie in the game master's choice.
RUBBLE_ORDER = ("dense", "tight", "hazardous")


def walls_beside(st: ArenasState, arena: str) -> list[str]:
    """The flimsy walls still standing that touch an arena, in the map's order."""
    squares = set(st.arenas.squares_of(arena))
    near = {(x + dx, y + dy) for x, y in squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return [name for name, wall in st.flimsy.items() if near & wall.squares]


def break_plans(st: ArenasState, f: Fighter) -> list[Plan]:
    """A Break for every flimsy wall beside the character's arena."""
    return [Plan("break", arena=name) for name in walls_beside(st, f.arena)]


def break_chance(st: ArenasState, f: Fighter) -> Fraction:
    """The exact chance that its Brawn test breaks the wall."""
    return success_chance(_brawn(st, f))


def _brawn(st: ArenasState, f: Fighter) -> int:
    return st.character(f).brawn


def rubble_kind(st: ArenasState, wall: FlimsyWall) -> tuple[str, str]:
    """The kind of the hole's rubble and who told it: the map's, else the game master's choice (ruling
    arenas-rubble): the kind favouring the most monsters over heroes among those able to fight."""
    if wall.rubble:
        return wall.rubble, "the map"
    monsters = [_weapon_types(st, o) for o in st.fighters.values() if not o.hero and o.able]
    heroes = [_weapon_types(st, o) for o in st.fighters.values() if o.hero and o.able]
    best = max(RUBBLE_ORDER, key=lambda kind: (side_favour(kind, monsters, heroes), -RUBBLE_ORDER.index(kind)))
    return best, "the game master"


def _weapon_types(st: ArenasState, f: Fighter) -> tuple[str, ...]:
    ranged = st.ranged(f)
    return (st.weapon(f).type,) + ((ranged.type,) if ranged is not None else ())


def break_wall(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    """Step 5: the Brawn test, and on a success the wall's squares become an arena of the rubble kind."""
    wall = st.flimsy.get(p.arena)
    if wall is None:
        return [Held(f.cid, "break", f"{p.arena} is no flimsy wall standing")]
    if p.arena not in walls_beside(st, f.arena):
        return [Held(f.cid, "break", f"{p.arena} is not beside its arena")]
    if f.impeded_by is not None:
        # The Attack step: "if you were Impeded, you only can attack that opponent".
        return [Held(f.cid, "break", f"impeded, it may attack only {name_of(st, f.impeded_by)}")]
    roll = roll_test(st.dice, _brawn(st, f))
    events: list[Event] = [AttributeTested(f.cid, BREAK_ATTRIBUTE, roll.die, roll.attribute, roll.against,
                                           roll.success, f"to break {wall.name}")]
    if not roll.success:
        return events
    kind, told_by = rubble_kind(st, wall)
    del st.flimsy[wall.name]
    st.arenas = with_region(st.arenas, wall.name, kind, wall.squares)
    st.rubble += (wall.name,)
    beside = tuple(n for n in touching(st.arenas, wall.squares) if n != wall.name)
    return events + [WallBroken(f.cid, wall.name, kind, told_by, beside)]
