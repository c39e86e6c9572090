"""The grid mode's events: what happened, in the past tense, with every die behind it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.battlefield import Square
from game.core.events import Event
from game.core.pools import Modifier, PoolRoll
from game.core.privacy import UNSEEN as UNSEEN  # a combatant a seat cannot see, as its log names it
from game.core.privacy import Privacy


@dataclass(frozen=True)
class EncounterBegan(Event):
    """The encounter was set up: who stands where."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("combatants",))
    map_name: str
    combatants: tuple[tuple[str, str, str, Square], ...]  # (cid, name, side, square)


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """A round began and every combatant's place in it was rolled."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("rolls", "order"))
    round: int
    rolls: tuple[tuple[str, PoolRoll], ...]
    order: tuple[str, ...]


@dataclass(frozen=True)
class TurnStarted(Event):
    """A combatant's turn began."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")  # the turn of someone out of sight is read without its name
    cid: str
    round: int


@dataclass(frozen=True)
class MovementPointsSet(Event):
    """Speed was rolled to set movement points (with any movement modifiers)."""

    privacy: ClassVar[Privacy] = Privacy.owners("cid")  # a private score
    cid: str
    roll: PoolRoll
    points: int


@dataclass(frozen=True)
class SensesSet(Event):
    """Perception was rolled to set Senses, and Hidden was reset to 0."""

    privacy: ClassVar[Privacy] = Privacy.owners("cid")  # a private score
    cid: str
    roll: PoolRoll
    senses: int


@dataclass(frozen=True)
class ResolveRolled(Event):
    """An Unconscious combatant rolled Resolve at the start of its turn."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    roll: PoolRoll
    died: bool
    reanimated: bool


@dataclass(frozen=True)
class TurnSkipped(Event):
    """A combatant could do nothing this turn (Stunned or Unconscious)."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    reason: str


@dataclass(frozen=True)
class Moved(Event):
    """A combatant moved along a path and spent movement points."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    path: tuple[Square, ...]
    costs: tuple[int, ...]
    movement_left: int


@dataclass(frozen=True)
class MoveStopped(Event):
    """A move ended before its destination, and why."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    square: Square
    reason: str


@dataclass(frozen=True)
class StoodUp(Event):
    """A Prone combatant stood up."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    cost: int
    movement_left: int


@dataclass(frozen=True)
class Inspired(Event):
    """A combatant rolled Presence to free its allies from Stunned."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    roll: PoolRoll
    needed: int
    success: bool
    freed: tuple[str, ...]
    movement_left: int


@dataclass(frozen=True)
class Scanned(Event):
    """A combatant rolled Perception and added it to its Senses."""

    privacy: ClassVar[Privacy] = Privacy.owners("cid")  # a private score
    cid: str
    roll: PoolRoll
    senses: int
    movement_left: int


@dataclass(frozen=True)
class Hid(Event):
    """A combatant rolled Stealth and added it to its Hidden score."""

    privacy: ClassVar[Privacy] = Privacy.owners("cid")  # a private score
    cid: str
    roll: PoolRoll
    hidden: int
    movement_left: int


@dataclass(frozen=True)
class PickedUp(Event):
    """A combatant picked up an item from a pile."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    item: str
    square: Square
    movement_left: int


@dataclass(frozen=True)
class Equipped(Event):
    """A combatant equipped a carried item."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    item: str
    movement_left: int


@dataclass(frozen=True)
class Unequipped(Event):
    """A combatant unequipped an item."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    item: str
    movement_left: int


@dataclass(frozen=True)
class Dropped(Event):
    """A combatant dropped an item on its square."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    item: str
    square: Square


@dataclass(frozen=True)
class ActionUsed(Event):
    """A combatant used an action card."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    action: str
    target: str | None
    square: Square | None
    weapon: str | None


@dataclass(frozen=True)
class WeaponFailed(Event):
    """An Unreliable weapon's roll came up 10 or over: the attack ended unsuccessfully."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    weapon: str
    roll: PoolRoll
    fails_at: int


@dataclass(frozen=True)
class AttackRolled(Event):
    """The attacker's Skill roll against the target's Trait roll; only a higher result hits."""

    privacy: ClassVar[Privacy] = Privacy.seeing("attacker", "target")
    attacker: str
    target: str
    action: str
    attack: PoolRoll
    defence: PoolRoll
    hit: bool


@dataclass(frozen=True)
class DamageRolled(Event):
    """Damage rank rolled plus bonuses, minus the target's resistance."""

    privacy: ClassVar[Privacy] = Privacy.seeing("target")
    target: str
    roll: PoolRoll
    damage_type: str
    resistance: tuple[Modifier, ...]
    amount: int


@dataclass(frozen=True)
class DamageTaken(Event):
    """Damage was added to the target's Damage score."""

    privacy: ClassVar[Privacy] = Privacy.seeing("target")
    target: str
    amount: int
    damage: int


@dataclass(frozen=True)
class EnduranceRolled(Event):
    """The target rolled Endurance against its Damage score; less than it makes a wound."""

    privacy: ClassVar[Privacy] = Privacy.seeing("target")
    target: str
    roll: PoolRoll
    damage: int
    wounded: bool


@dataclass(frozen=True)
class Wounded(Event):
    """Damage became a wound: Damage back to 0, Wounds up by one."""

    privacy: ClassVar[Privacy] = Privacy.seeing("target")
    target: str
    wounds: int
    resolve: int


@dataclass(frozen=True)
class FellUnconscious(Event):
    """Wounds reached Resolve."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class Died(Event):
    """A combatant died, and why."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    reason: str


@dataclass(frozen=True)
class Healed(Event):
    """Wounds were healed."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    amount: int
    wounds: int
    source: str


@dataclass(frozen=True)
class Woke(Event):
    """An Unconscious combatant's Wounds fell below Resolve: it woke, Prone."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class Reanimated(Event):
    """An Undead rose again from Unconscious, Prone."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    wounds: int


@dataclass(frozen=True)
class ConditionApplied(Event):
    """A condition was applied, or its rank raised."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    condition: str
    rank: int
    source: str


@dataclass(frozen=True)
class ConditionChecked(Event):
    """At the end of a turn a condition was checked: beneficial ones fade, others are resisted."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    condition: str
    roll: PoolRoll | None
    rank_before: int
    rank: int
    removed: bool


@dataclass(frozen=True)
class ConditionResisted(ConditionChecked):
    """A harmful condition was checked: the bearer's Trait roll (``roll``) against a roll of its rank (``against``)."""

    against: PoolRoll | None = None


@dataclass(frozen=True)
class ConditionRemoved(Event):
    """A condition was removed by something other than its end-of-turn check."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    condition: str
    source: str


@dataclass(frozen=True)
class AuraRaised(Event):
    """A combatant began to bear an aura."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    aura: str
    radius: int


@dataclass(frozen=True)
class AuraEnded(Event):
    """An aura ended because its bearer can no longer keep it up."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    aura: str


@dataclass(frozen=True)
class TurnEnded(Event):
    """A combatant's turn ended."""

    ends_turn: ClassVar[bool] = True
    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class Retreated(Event):
    """A side retreated from the encounter."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    side: str


@dataclass(frozen=True)
class EncounterEnded(Event):
    """The encounter ended: the winning side (None for a draw), why, and after how many rounds."""

    ends_turn: ClassVar[bool] = True
    privacy: ClassVar[Privacy] = Privacy.everyone()
    winner: str | None
    reason: str
    rounds: int


@dataclass(frozen=True)
class SeenActing(Event):
    """What one seat saw of an act it may not read whole: a combatant it saw as the act began hid or scanned (the
    score stays private) or moved out of its sight (where to stays unknown).

    Made for that seat's log from the match's own events (game.modes.grid.watching); never one of the match's.
    """

    privacy: ClassVar[Privacy] = Privacy.seat("seat", "cid")
    seat: str
    cid: str
    act: str  # "hide", "scan" or "move"
    lost: bool  # the seat no longer sees the combatant
