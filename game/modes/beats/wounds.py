"""Wounds of the beats mode: checking bubbles off, wounds as tools, first aid and tended wounds opening again."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.dice import Dice
from game.modes.beats.dice import TOOL_DIE, roll_dice
from game.modes.beats.state import HELPLESS, Combatant, WoundTool


def wound_name(hurts: str) -> str:
    """The wound as it is written among the tools: "Wound: Shivved in Gut"."""
    return f"Wound: {hurts}"


def reopen(victim: Combatant) -> int:
    """Tended wounds come back ("will add that wound bubble right back"); how many bubbles did."""
    back = victim.tended
    victim.wounds = min(HELPLESS, victim.wounds + back)
    victim.tended = 0
    return back


def gain_wound(victim: Combatant, hurts: str) -> tuple[int, int]:
    """An uncountered attack: tended bubbles come back, then the next bubble is checked (or helpless after four).

    Returns (bubbles reopened, the level now). The wound is written down as a tool at its severity.
    """
    back = reopen(victim)
    victim.wounds = min(HELPLESS, victim.wounds + 1)
    if victim.wounds < HELPLESS:
        victim.wound_tools.append(WoundTool(wound_name(hurts), victim.wounds))
    return back, victim.wounds


def first_aid(tender_sizes: Sequence[int], tender_steps: int, elements: int, patient: Combatant,
              dice: Dice) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], bool]:
    """A first-aid contest: the tender's three dice against the location's Elements and a d8 per wound tool.

    "a normal contest": each side's highest die counts, and the tender must beat the GM's (ruling
    beats-first-aid). On success "you erase the highest bubble in your wound box, but not the wound tool".
    Returns the tender's dice, the GM's dice and whether the aid worked.
    """
    mine = roll_dice(dice, tender_sizes, tender_steps)
    theirs = tuple((size, dice.roll(size)) for size in (elements, *([TOOL_DIE] * len(patient.wound_tools))))
    worked = max(v for _s, v in mine) > max(v for _s, v in theirs)
    if worked and patient.wounds > 0:
        patient.wounds -= 1
        patient.tended += 1
    return mine, theirs, worked
