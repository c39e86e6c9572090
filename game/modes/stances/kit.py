"""What a fighter brings to a roll or a grapple: its weapon's reach, armour, free hands, size and dice."""

from __future__ import annotations

from game.core.components import get, square_of
from game.core.geometry import distance
from game.modes.stances.components import AbilityDice, Holds, Kit, Vitals
from game.modes.stances.content import SIZES, Armour, Weapon
from game.modes.stances.state import StancesState


def weapon_of(state: StancesState, ent: int) -> Weapon:
    """The fighter's weapon."""
    return state.content.weapons[get(ent, Kit).weapon]


def armour_of(state: StancesState, ent: int) -> list[Armour]:
    """Everything the fighter wears or carries for defence."""
    return [state.content.armour[a] for a in get(ent, Kit).armour]


def free_hands(state: StancesState, ent: int) -> int:
    """Hands holding neither the weapon, a shield, nor a grappled creature."""
    kit = get(ent, Kit)
    held = weapon_of(state, ent).hands + sum(a.hands for a in armour_of(state, ent))
    return max(0, kit.hands - held - get(ent, Holds).grapple_hands)


def size_rank(state: StancesState, ent: int) -> int:
    """The fighter's size as a step on the scale tiny, small, medium, large, huge, gargantuan."""
    return SIZES.index(get(ent, Kit).size)


def ability_die(ent: int, stance: str) -> int:
    """The die of the ability that goes with a stance (cunning, agility or might)."""
    return int(getattr(get(ent, AbilityDice), stance))


def in_reach(state: StancesState, attacker: int, target: int) -> bool:
    """Whether the target stands within range of the attacker's weapon and in its sight.

    Ruling stances-range: range counts squares as 8-way moves, and walls that block sight block
    an attack too.
    """
    a, b = square_of(attacker), square_of(target)
    if a is None or b is None:
        return False
    return distance(a, b) <= weapon_of(state, attacker).range and state.sight.can_see(a, b)


def adjacent(a: int, b: int) -> bool:
    """Whether two fighters stand on neighbouring squares."""
    sa, sb = square_of(a), square_of(b)
    return sa is not None and sb is not None and distance(sa, sb) == 1


def wound_ranks(ent: int) -> int:
    """The ranks of every wound added up."""
    return sum(w.rank for w in get(ent, Vitals).wounds)


def heal_cap(ent: int) -> int:
    """The most hit points healing can bring: "your normal maximum minus the sum of the ranks of all your wounds"."""
    return get(ent, Vitals).maximum - wound_ranks(ent)
