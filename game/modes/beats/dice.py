"""The dice of the beats mode: the die-size ladder, a combatant's three dice, and the order of presented dice.

"Roll dice as normal: three traits, three dice." A held tool gives "a d8 for that tool"; each tool serves
one trait, and that trait's die is the larger of the trait's own and the tool's d8 (ruling beats-roll).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from game.core.dice import Dice

LADDER = (4, 6, 8, 10, 12)  # die sizes, each one step above the last; a d4 is the bottom (ruling beats-ladder)
TOOL_DIE = 8  # "you can't roll a d8 for that tool"
TRAITS = ("brawn", "finesse", "wits")  # the three traits every combatant has (ruling beats-traits)


def turn_down(size: int, steps: int) -> int:
    """A die size turned down ``steps`` steps on the ladder; a d4 turned down stays a d4."""
    if size not in LADDER:
        raise ValueError(f"d{size} is not on the ladder {LADDER}")
    return LADDER[max(0, LADDER.index(size) - max(0, steps))]


def die_sizes(traits: Mapping[str, int], tool_traits: Iterable[str]) -> tuple[int, ...]:
    """The three dice, trait by trait: the trait's die, or the d8 of a held tool serving it when that is larger."""
    served = set(tool_traits)
    return tuple(max(traits[t], TOOL_DIE) if t in served else traits[t] for t in TRAITS)


def roll_dice(dice: Dice, sizes: Sequence[int], steps: int) -> tuple[tuple[int, int], ...]:
    """Roll each die turned down ``steps`` steps: (size rolled, result) per trait, in trait order."""
    out = []
    for size in sizes:
        down = turn_down(size, steps)
        out.append((down, dice.roll(down)))
    return tuple(out)


def acting_order(presented: Mapping[str, tuple[int, int]], dice: Dice,
                 rolloffs: list[tuple[str, int]] | None = None) -> tuple[str, ...]:
    """Combatants by presented die, lowest first; those tied roll their dice again until each has its place.

    ``presented`` maps each combatant to (size, value). "Starting with the lowest die presented (remember to
    reroll ties)": the reroll only orders the tied ones; the presented number stays their die for the beat
    (ruling beats-ties). Each roll-off result is appended to ``rolloffs`` for the log.
    """
    by_value: dict[int, list[str]] = {}
    for cid, (_size, value) in presented.items():
        by_value.setdefault(value, []).append(cid)
    order: list[str] = []
    for value in sorted(by_value):
        order += _settle(by_value[value], {c: presented[c][0] for c in by_value[value]}, dice, rolloffs)
    return tuple(order)


def _settle(tied: list[str], sizes: Mapping[str, int], dice: Dice,
            rolloffs: list[tuple[str, int]] | None) -> list[str]:
    """Order combatants tied on one number by rolling their dice again, the lowest first, again among new ties."""
    if len(tied) == 1:
        return list(tied)
    rolled: dict[int, list[str]] = {}
    for cid in tied:
        result = dice.roll(sizes[cid])
        if rolloffs is not None:
            rolloffs.append((cid, result))
        rolled.setdefault(result, []).append(cid)
    order: list[str] = []
    for result in sorted(rolled):
        order += _settle(rolled[result], sizes, dice, rolloffs)
    return order
