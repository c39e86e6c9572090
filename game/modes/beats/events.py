"""What happens in the beats mode. The table hides nothing but the die each combatant selects before the reveal,
which the shared ``ChoiceSealed`` event never names; so every event here is for everyone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.events import Event
from game.core.privacy import Privacy

PUBLIC = Privacy.everyone()


@dataclass(frozen=True)
class FightBegan(Event):
    """A fight of the run began at a location, with these combatants and these tools lying about."""

    privacy: ClassVar[Privacy] = PUBLIC
    fight: int
    location: str
    heroes: tuple[str, ...]
    foes: tuple[str, ...]
    lying: tuple[str, ...]  # the location's tools, by item id


@dataclass(frozen=True)
class DiceRolled(Event):
    """A combatant rolled its three dice for a round: each (size, number), and the steps they were turned down."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    dice: tuple[tuple[int, int], ...]
    wound_steps: int  # its worst wound, in a fight's first round
    disadvantage_steps: int


@dataclass(frozen=True)
class DicePresented(Event):
    """Every combatant's selected die, shown together: (combatant, slot, size, number), and the acting order."""

    privacy: ClassVar[Privacy] = PUBLIC
    round: int
    beat: int
    presented: tuple[tuple[str, int, int, int], ...]
    order: tuple[str, ...]
    rolloffs: tuple[tuple[str, int], ...]  # the tie rerolls that ordered equal dice


@dataclass(frozen=True)
class SparkSpent(Event):
    """A spark was spent on a die: ``source`` rerolled (dest -1), or one point moved from ``source`` to ``dest``."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    source: int
    dest: int
    values: tuple[int, int, int]  # the three dice's numbers after it
    sparks_left: int


@dataclass(frozen=True)
class SpecialActivated(Event):
    """A special was activated: its die's roll added to the die presented this beat."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    special: str
    size: int
    roll: int
    total: int


@dataclass(frozen=True)
class ActionDeclared(Event):
    """A combatant declared its action for the beat; it takes effect unless countered or surrendered to."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    kind: str
    target: str
    item: str
    value: int


@dataclass(frozen=True)
class CounterDeclined(Event):
    """A combatant that could counter let the action stand."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    actor: str


@dataclass(frozen=True)
class Countered(Event):
    """An action was countered by a higher die: it has no effect. ``put_aside`` is the slot of a substituted die."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    actor: str
    value: int
    actor_value: int
    slot: int
    put_aside: int  # -1 when the counter used the die already presented


@dataclass(frozen=True)
class Surrendered(Event):
    """A combatant surrendered: out of the fight, its dice back, the threatened result avoided."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    actor: str


@dataclass(frozen=True)
class WoundTaken(Event):
    """An uncountered attack: the victim's next bubble (level 5 is helpless) and the wound written as a tool."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    by: str
    level: int
    wound: str
    reopened: int  # tended bubbles that came back first


@dataclass(frozen=True)
class WoundsReopened(Event):
    """A countered action was a failed exertion: the actor's tended wounds came back."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    level: int


@dataclass(frozen=True)
class ToolMoved(Event):
    """A tool changed place: disarmed to the ground, armed from it, kicked out of reach, or thrown to an ally."""

    privacy: ClassVar[Privacy] = PUBLIC
    kind: str
    cid: str  # who did it
    item: str
    to: str  # who holds it now, "ground", or "away"


@dataclass(frozen=True)
class Disadvantaged(Event):
    """A combatant's next roll will be turned down one step more."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str
    by: str
    steps: int


@dataclass(frozen=True)
class Held(Event):
    """A combatant's beat passed doing something of no effect on the others."""

    privacy: ClassVar[Privacy] = PUBLIC
    cid: str


@dataclass(frozen=True)
class BeatEnded(Event):
    """Every combatant in the fight has had its action this beat."""

    privacy: ClassVar[Privacy] = PUBLIC
    ends_turn: ClassVar[bool] = True
    round: int
    beat: int


@dataclass(frozen=True)
class FightEnded(Event):
    """A fight is over: the side left in it won."""

    privacy: ClassVar[Privacy] = PUBLIC
    ends_turn: ClassVar[bool] = True
    fight: int
    winner: str


@dataclass(frozen=True)
class FirstAidGiven(Event):
    """A first-aid contest between fights: the tender's dice against the GM's, and the patient's level after."""

    privacy: ClassVar[Privacy] = PUBLIC
    tender: str
    patient: str
    tender_dice: tuple[tuple[int, int], ...]
    gm_dice: tuple[tuple[int, int], ...]
    worked: bool
    level: int


@dataclass(frozen=True)
class RunEnded(Event):
    """The run of fights is over."""

    privacy: ClassVar[Privacy] = PUBLIC
    ends_turn: ClassVar[bool] = True
    winner: str | None
    reason: str
