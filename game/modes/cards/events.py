"""What happens in a cards match, in the past tense, each event saying who may read it.

Every event is public but one: ``CardChosen``, which only the seat that placed the card reads (the card
is face down). A face-down card is known to the others only as ``CardPlaced``, which names no card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.events import Event
from game.core.privacy import Privacy


@dataclass(frozen=True)
class FightSetUp(Event):
    """Who may take part: (cid, name, side, template, is a character), in turn order before the token."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    fighters: tuple[tuple[str, str, str, str, bool], ...]


@dataclass(frozen=True)
class JoinedFight(Event):
    """A character joined the fight, with the one Worn gear that applies in it ("" for none)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    worn: str


@dataclass(frozen=True)
class StayedOut(Event):
    """A character chose not to join the fight: it affects nothing in it."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str


@dataclass(frozen=True)
class TokenRollOff(Event):
    """Participants tied for the most Fame rolled Finesse for the Priority token: each one's dice as read."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    rolls: tuple[tuple[str, tuple[int, ...]], ...]
    settled: bool


@dataclass(frozen=True)
class TokenTaken(Event):
    """The Priority token went to a participant: by Fame ("fame"), a roll-off ("roll-off") or a Base Attack ("base")."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    how: str
    order: tuple[str, ...]  # the turn order that follows, its holder first


@dataclass(frozen=True)
class RoundBegan(Event):
    """A round began."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    round: int
    order: tuple[str, ...]


@dataclass(frozen=True)
class HandTakenBack(Event):
    """A character with no card left in hand took its discard pile back into its hand."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    cards: int


@dataclass(frozen=True)
class CardChosen(Event):
    """A card the seat placed face down, in its own words: only that seat reads it."""

    privacy: ClassVar[Privacy] = Privacy.seat("seat", "cid")
    seat: str
    cid: str
    card: str
    target: str


@dataclass(frozen=True)
class CardPlaced(Event):
    """A character placed a card face down; nobody else learns which."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    placed: int


@dataclass(frozen=True)
class CardsSealed(Event):
    """A character is done placing cards face down this round."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    ends_turn: ClassVar[bool] = True
    cid: str
    placed: int


@dataclass(frozen=True)
class CardRevealed(Event):
    """A face-down card was turned face up: the card, its target, and where it goes on the Priority track."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    card: str
    target: str
    priority: int


@dataclass(frozen=True)
class BaseAttackDeclared(Event):
    """A revealed Base Attack's choice: attack (it goes on the track), or take the Priority token."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    attacks: bool


@dataclass(frozen=True)
class DiceRolled(Event):
    """A roll: who rolled for what, each die as it fell, the bonus every die takes and the dice as read.

    ``skill`` is "action" for a monster's action die, which "the player, not a character" rolls.
    """

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    card: str
    skill: str
    raw: tuple[int, ...]
    bonus: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class DieRerolled(Event):
    """A character spent 2 Fame to reroll one die of the roll under way."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    die: int
    was: int
    now: int
    fame: int


@dataclass(frozen=True)
class RerollDeclined(Event):
    """A character chose not to spend Fame on the roll under way."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str


@dataclass(frozen=True)
class ActionChosen(Event):
    """A monster's action, from its table by the die, and the character its runner chose as the target."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    card: str
    target: str
    priority: int


@dataclass(frozen=True)
class Lured(Event):
    """An attack on an ally of a fighter with Lure went to that fighter instead."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "meant", "target")
    cid: str
    meant: str
    target: str


@dataclass(frozen=True)
class AttackResolved(Event):
    """An attack: the dice as read, the defense to beat, hits, Accuracy, damage, Block, and Injury."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    target: str
    card: str
    values: tuple[int, ...]
    needed: int
    landed: int
    accuracy: int
    damage: int
    blocked: int
    injury: int
    grit: int


@dataclass(frozen=True)
class SupportResolved(Event):
    """A card that does not attack: whether it worked (a Spell's Wit roll of 6 or higher; gear always)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid", "target")
    cid: str
    target: str
    card: str
    worked: bool


@dataclass(frozen=True)
class EffectBegan(Event):
    """An ongoing effect began: Block, a bonus on rolls, Lure or a played Focus; ``rounds`` 0 for the whole fight."""

    privacy: ClassVar[Privacy] = Privacy.everyone("holder", "owner")
    holder: str
    owner: str
    card: str
    kind: str
    amount: int
    rounds: int


@dataclass(frozen=True)
class EffectEnded(Event):
    """An ongoing effect ran out."""

    privacy: ClassVar[Privacy] = Privacy.everyone("holder")
    holder: str
    card: str
    kind: str


@dataclass(frozen=True)
class AilmentAdded(Event):
    """An Ailment was added to what already afflicts the victim: the amount now and the rounds left."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    ailment: str
    amount: int
    rounds: int


@dataclass(frozen=True)
class AilmentsRemoved(Event):
    """Ailments were removed whole from a fighter, or ran out."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    ailments: tuple[str, ...]


@dataclass(frozen=True)
class BurnSuffered(Event):
    """Burn: "Suffer 1 Injury at the beginning of each round" (as much as the Burn's amount)."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    injury: int
    grit: int


@dataclass(frozen=True)
class ActionLost(Event):
    """An action on the track did nothing: its user left the fight, or no target was left."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    card: str
    reason: str


@dataclass(frozen=True)
class LeftFight(Event):
    """A fighter at 0 Grit left the fight: a character is Recalled, a monster defeated."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    how: str


@dataclass(frozen=True)
class RoundEnded(Event):
    """The track is empty: durations went down by 1 and the Focus cards played took effect."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    ends_turn: ClassVar[bool] = True
    round: int


@dataclass(frozen=True)
class MonsterHealed(Event):
    """A monster that defeated every character healed fully: a rematch meets it whole."""

    privacy: ClassVar[Privacy] = Privacy.everyone("cid")
    cid: str
    grit: int


@dataclass(frozen=True)
class FightEnded(Event):
    """The fight is over: the winning side (None for a draw) and why; every ongoing effect and Ailment ended."""

    privacy: ClassVar[Privacy] = Privacy.everyone()
    ends_turn: ClassVar[bool] = True
    winner: str | None
    reason: str
    rounds: int
