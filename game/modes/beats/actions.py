"""What a seat may ask in the beats mode: present a die, act, counter, spend sparks and specials, first aid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.events import Action, action_from_plain

# The actions a beat's actor may take; "You may describe just about anything": Hold is that, with no effect.
ATTACK, DISARM, DISADVANTAGE = "attack", "disarm", "disadvantage"
ARM, KICK, THROW, HOLD = "arm", "kick", "throw", "hold"
THREATS = (ATTACK, DISARM, DISADVANTAGE)  # the actions aimed at another, which it may surrender instead of
KINDS = (ATTACK, DISARM, DISADVANTAGE, ARM, KICK, THROW, HOLD)


@dataclass(frozen=True)
class Present(Action):
    """Select one of a combatant's unused dice, in secret, for this beat."""

    secret: ClassVar[bool] = True

    cid: str
    slot: int


@dataclass(frozen=True)
class Act(Action):
    """A combatant's action this beat: its kind, its target (a combatant) and the tool it concerns, if any."""

    cid: str
    kind: str
    target: str = ""
    item: str = ""


@dataclass(frozen=True)
class Counter(Action):
    """Counter the action under way with the die presented this beat (higher than the actor's)."""

    cid: str


@dataclass(frozen=True)
class Substitute(Action):
    """Counter, having already acted, with another unused die; the presented one is put aside for a later beat."""

    cid: str
    slot: int


@dataclass(frozen=True)
class Allow(Action):
    """Let the action under way stand."""

    cid: str


@dataclass(frozen=True)
class Surrender(Action):
    """Instead of countering, leave the fight at once and avoid what the action threatened."""

    cid: str


@dataclass(frozen=True)
class Reroll(Action):
    """Spend a spark: roll the die presented this beat again."""

    cid: str


@dataclass(frozen=True)
class Shift(Action):
    """Spend a spark: move one point from one die to another, one of them the die presented this beat."""

    cid: str
    source: int
    dest: int


@dataclass(frozen=True)
class UseSpecial(Action):
    """Activate a special: roll its die and add it to the die presented this beat."""

    cid: str
    special: str


@dataclass(frozen=True)
class FirstAid(Action):
    """Between fights, one hero tends another's wounds (a contest)."""

    tender: str
    patient: str


@dataclass(frozen=True)
class Onward(Action):
    """Between fights, go on to the next fight."""


ACTIONS: dict[str, type[Action]] = {cls.__name__: cls for cls in (
    Present, Act, Counter, Substitute, Allow, Surrender, Reroll, Shift, UseSpecial, FirstAid, Onward)}


def action_from_dict(data: dict[str, Any]) -> Action:
    """An action of the beats mode back from its saved form; ValueError for anything else."""
    return action_from_plain(ACTIONS, data)
