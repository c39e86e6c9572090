"""The arenas mode's events: what happened, in the past tense, with every die behind it and who may read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.events import Event
from game.core.privacy import Privacy


@dataclass(frozen=True)
class EncounterBegan(Event):
    """The fight was set up: who stands in which arena."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("fighters",))
    map_name: str
    fighters: tuple[tuple[str, str, str, str], ...]  # (cid, name, side, arena)


@dataclass(frozen=True)
class RoundBegan(Event):
    """A round began; the GM side declares first."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    round: int
    gm_awesome: int


@dataclass(frozen=True)
class ArenaChanged(Event):
    """An arena changed kind mid-fight, as the map says it does."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    arena: str
    was: str
    kind: str


@dataclass(frozen=True)
class TacticsDeclared(Event):
    """What the GM side told of a monster's tactics: ``shown`` all, only the ``step``, or nothing (secret)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    shown: str  # all, step or secret (a bluff shows as "all" of the apparent plan)
    step: int  # 0 when secret
    plan: str  # the plan told, in words ("" unless all of it is told)


@dataclass(frozen=True)
class TacticsChosen(Event):
    """The monster's true plan, read only by the GM side's seat."""

    privacy: ClassVar[Privacy] = Privacy.seat("seat", "cid")
    seat: str
    cid: str
    plan: str
    shown: str


@dataclass(frozen=True)
class AwesomePaid(Event):
    """Awesome points went from a payer to characters (none: into the bowl) for a reason."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("to",))
    payer: str  # a character, or the game master
    to: tuple[str, ...]
    points: int
    why: str


@dataclass(frozen=True)
class PlanSealed(Event):
    """A hero's plan was chosen; it stays sealed until the steps play out."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    waiting_for: tuple[str, ...]


@dataclass(frozen=True)
class PlanChosen(Event):
    """The hero's plan in words, read only by the seat that chose it."""

    privacy: ClassVar[Privacy] = Privacy.seat("seat", "cid")
    seat: str
    cid: str
    plan: str


@dataclass(frozen=True)
class PlansRevealed(Event):
    """Every plan of the round, shown as the steps begin to play out."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("plans",))
    plans: tuple[tuple[str, str], ...]  # (cid, plan in words)


@dataclass(frozen=True)
class StepBegan(Event):
    """A step of the round began, with who acts in it."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("actors",))
    step: int
    name: str
    actors: tuple[str, ...]


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """Several parties wanted to act in the same step: 1d10 + Awareness each, highest first, ties together."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("rolls",))
    step: int
    rolls: tuple[tuple[str, int, int], ...]  # (cid, die, Awareness)


@dataclass(frozen=True)
class Defending(Event):
    """A character defends: foes are -2 to hit it (-4 with a shield)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    penalty: int


@dataclass(frozen=True)
class Protecting(Event):
    """A character protects a friend in its arena: attacks on the friend this round hit it instead."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "friend")
    cid: str
    friend: str


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll: the d10s (the first the face die), the two kept, the modifiers, the number to hit."""

    privacy: ClassVar[Privacy] = Privacy.everyone("attacker", "target")
    attacker: str
    target: str
    weapon: str
    kind: str  # attack, shot, aimed shot, counter-attack, forced (to move past an impeder), strike
    dice: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    need: int
    total: int
    hit: bool
    instead_of: str = ""  # the friend a protector took the attack for


@dataclass(frozen=True)
class WoundMarked(Event):
    """A damage die (or an effect) marked a wound; ``rolled`` 0 for one no die chose."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    die: int  # sides of the damage die, 0 for none
    rolled: int
    wound: int
    why: str


@dataclass(frozen=True)
class AttributeTested(Event):
    """A test of an attribute: 1d10 + it must beat the number."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    attribute: str
    die: int
    value: int
    against: int
    success: bool
    why: str


@dataclass(frozen=True)
class Contested(Event):
    """An Impede or a Push: the best of Brawn, Cunning or Daring of each, a tie to the one tested against."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    target: str
    what: str  # impede or push
    die: int
    attribute: str
    value: int
    penalty: int
    their_die: int
    their_attribute: str
    their_value: int
    won: bool


@dataclass(frozen=True)
class Moved(Event):
    """A character went to another arena (moved, or hurled by a push)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    came_from: str
    to: str
    how: str  # moved, moved further (1 Awesome), pushed


@dataclass(frozen=True)
class Held(Event):
    """A character's action did not happen, and why."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    act: str
    why: str


@dataclass(frozen=True)
class Focused(Event):
    """A focus went off in step 7 (or was lost to a wound)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    ability: str
    target: str | None
    went_off: bool


@dataclass(frozen=True)
class Healed(Event):
    """A Healing ability stopped a character bleeding out and recovered a wound."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "healer")
    cid: str
    healer: str
    wound: int | None


@dataclass(frozen=True)
class StatusChanged(Event):
    """A character (or one minion of a group) is out, incapacitated, bleeding out or dead."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    status: str
    why: str
    members: int  # minions still standing in its group (1 for anyone else still up)


@dataclass(frozen=True)
class RoundEnded(Event):
    """The seven steps have played out."""

    ends_turn: ClassVar[bool] = True
    privacy: ClassVar[Privacy] = Privacy.everyone()
    round: int


@dataclass(frozen=True)
class EncounterEnded(Event):
    """The fight is over: a side won, or nobody did."""

    ends_turn: ClassVar[bool] = True
    privacy: ClassVar[Privacy] = Privacy.everyone()
    winner: str | None
    reason: str
    rounds: int


@dataclass(frozen=True)
class FocusBegan(Event):
    """A character announced what it focuses on in step 3; it goes off in step 7 if it is unwounded then."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    ability: str
    target: str | None


@dataclass(frozen=True)
class Impeded(Event):
    """A successful Impede: the target may Move, Attack or Push only against the impeder, and is Cornered."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    target: str


@dataclass(frozen=True)
class WallBroken(Event):
    """A flimsy wall was broken: the rubble-strewn hole is a new arena of ``kind``, beside the arenas it touches."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    wall: str
    kind: str
    told_by: str  # "the map" (its rubble property) or "the game master"
    beside: tuple[str, ...]


@dataclass(frozen=True)
class ArenaSuggested(Event):
    """A hero suggested drawing in a possible arena next to its own; the game master answers."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    arena: str
    kind: str


@dataclass(frozen=True)
class SuggestionAnswered(Event):
    """The game master drew a suggested arena in (an arena like the others from now on), or did not."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    arena: str
    kind: str
    drawn: bool
    beside: tuple[str, ...]
