"""The stances mode's events: what happened, in the past tense, with every die behind it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.battlefield import Square
from game.core.events import Event
from game.core.privacy import Privacy
from game.core.rolls import SumRoll


@dataclass(frozen=True)
class EncounterBegan(Event):
    """The fight was set up: who stands where."""

    privacy: ClassVar[Privacy] = Privacy.everyone(rosters=("fighters",))
    map_name: str
    fighters: tuple[tuple[str, str, str, Square], ...]  # (cid, name, side, square)


@dataclass(frozen=True)
class RoundBegan(Event):
    """A round began: every fighter has its dash and its action again; ``side`` has priority."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    round: int
    side: str


@dataclass(frozen=True)
class PriorityPassed(Event):
    """Priority went to a side."""

    ends_turn: ClassVar[bool] = True  # a side's turn at priority is over: autosaves are written
    privacy: ClassVar[Privacy] = Privacy.everyone()
    side: str
    reason: str


@dataclass(frozen=True)
class Passed(Event):
    """A side let its priority go without doing anything."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    side: str


@dataclass(frozen=True)
class RoundEnded(Event):
    """Both sides passed one after the other, or nobody had anything left to do."""

    ends_turn: ClassVar[bool] = True  # a side's turn at priority is over: autosaves are written
    privacy: ClassVar[Privacy] = Privacy.everyone()
    round: int


@dataclass(frozen=True)
class Dashed(Event):
    """A fighter dashed along a path."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Helped(Event):
    """A fighter helped an ally: the ally's next attack roll or check this round has a level of advantage."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "ally")
    cid: str
    ally: str


@dataclass(frozen=True)
class Healed(Event):
    """A heal was rolled; the hit points gained stop at the maximum less the ranks of every wound."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    ability: str
    roll: SumRoll
    gained: int
    hit_points: int
    cap: int


@dataclass(frozen=True)
class WoundsTreated(Event):
    """A medicine check lowered every untreated wound's rank; wounds that went below zero are gone."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    roll: SumRoll
    wounds: tuple[tuple[str, int, int], ...]  # (description, rank before, rank after; -1 removed)


@dataclass(frozen=True)
class EngagementEntered(Event):
    """A fighter entered an engagement against a target, which is in it too without spending its action."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    targeted_side: str


@dataclass(frozen=True)
class Joined(Event):
    """A fighter spent its action to join the engagement."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class StayedOut(Event):
    """A side let no more fighters join for now."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    side: str


@dataclass(frozen=True)
class StanceStepBegan(Event):
    """The attacks of one stance began (agility in two parts: attack first, then sidestep first)."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    stance: str
    part: str  # "" or, for agility, "attack first" / "after sidesteps"


@dataclass(frozen=True)
class NoAttack(Event):
    """A fighter of this stance could attack nobody: no one in range took a stance that it beats."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    stance: str
    reason: str


@dataclass(frozen=True)
class AttackRolled(Event):
    """An attack roll against a defence roll: damage is the difference, never below 0.

    ``defensive`` halves what remains (rounding up); ``execute`` doubled it first.
    """

    privacy: ClassVar[Privacy] = Privacy.seeing("attacker", "target")
    attacker: str
    target: str
    stance: str
    attack: SumRoll
    defence: SumRoll
    execute: bool
    defensive: bool
    damage: int


@dataclass(frozen=True)
class ContestRolled(Event):
    """Two fighters of the same stance attacked each other: contested attack rolls, the loser takes the difference."""

    privacy: ClassVar[Privacy] = Privacy.seeing("attacker", "target", "loser")
    attacker: str
    target: str
    stance: str
    attack: SumRoll
    counter: SumRoll
    loser: str | None
    execute: bool
    damage: int


@dataclass(frozen=True)
class DamageTaken(Event):
    """Damage came off a fighter's hit points (halved when it shrugged it off, its heart die falling a size)."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    amount: int
    shrugged: bool
    heart: int
    hit_points: int


@dataclass(frozen=True)
class Wounded(Event):
    """Ten or more damage at once: a wound whose rank is the damage taken."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    description: str
    rank: int


@dataclass(frozen=True)
class FellToZero(Event):
    """A fighter's hit points reached zero or fewer while it was awake."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    hit_points: int


@dataclass(frozen=True)
class KeptFighting(Event):
    """A fighter at zero hit points or fewer chose to stay awake for now."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class WentUnconscious(Event):
    """A fighter went unconscious: by choice, or because ten minutes passed at zero hit points or fewer."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    reason: str


@dataclass(frozen=True)
class Woke(Event):
    """An unconscious fighter's hit points rose above zero."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class Died(Event):
    """A fighter's hit points reached the negative of its maximum."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    hit_points: int


@dataclass(frozen=True)
class Pushed(Event):
    """A hit pushed a fighter directly away from its attacker."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "by")
    cid: str
    by: str
    path: tuple[Square, ...]


@dataclass(frozen=True)
class PushBlocked(Event):
    """A hit that was to push its target moved it not at all: something stood in the way, or it fell."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "by")
    cid: str
    by: str
    reason: str


@dataclass(frozen=True)
class Sidestepped(Event):
    """An agility fighter took its free sidestep."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str
    to: Square
    # The square it stepped from, so the log can say which way it went; named with _ to stay out of the event
    # log, which saves written before it came would otherwise no longer match.
    _origin: Square | None = None


@dataclass(frozen=True)
class StayedPut(Event):
    """An agility fighter did not sidestep."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid")
    cid: str


@dataclass(frozen=True)
class OffensiveRolled(Event):
    """A grapple or climb: an ability check contested by the creature's might or agility check."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    kind: str  # "grapple" or "climb"
    check: SumRoll
    resist: SumRoll
    success: bool


@dataclass(frozen=True)
class OffensiveFailed(Event):
    """A declared grapple or climb could not be made when its turn came after the attack rolls."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    kind: str
    reason: str


@dataclass(frozen=True)
class HoldEnded(Event):
    """A grapple or a climb ended."""

    privacy: ClassVar[Privacy] = Privacy.seeing("cid", "target")
    cid: str
    target: str
    kind: str
    reason: str


@dataclass(frozen=True)
class EngagementEnded(Event):
    """Everyone who could attack has done so; priority passes to the side first targeted."""

    ends_turn: ClassVar[bool] = True  # a side's turn at priority is over: autosaves are written
    privacy: ClassVar[Privacy] = Privacy.everyone()
    priority: str


@dataclass(frozen=True)
class EncounterEnded(Event):
    """The fight is over."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    winner: str | None
    reason: str
    rounds: int
