"""The state of a cards match as plain dataclasses: fighters, their cards by zone, effects, and the round's parts."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.flow import ActionTrack, ResponseWindow
from game.core.secret import SealedChoices
from game.modes.cards.content import CardsContent, Tiers
from game.modes.cards.rules import Roll

Placed = tuple[int, str]  # a face-down card: (its number, the fighter it is for)


@dataclass
class Ailment:
    """An Ailment afflicting a fighter: how much, and the rounds it has left."""

    amount: int
    rounds: int


@dataclass
class Effect:
    """An ongoing effect: what it does, on whom, from whose card, and the rounds left (None: the whole fight)."""

    kind: str  # "block", "bonus", "lure", or "focus" (a Focus played, which takes effect when the round ends)
    amount: int
    rounds: int | None
    holder: str
    owner: str
    card: str
    uid: int | None  # the card that stays face up by its owner while the effect lasts, if any


@dataclass
class Fighter:
    """A character or a monster of the match: its numbers now, and a character's cards by zone."""

    cid: str
    name: str
    template: str
    side: str
    character: bool
    tiers: Tiers
    grit: int
    max_grit: int
    fame: int  # a monster's is its Rank
    worn_choices: tuple[str, ...] = ()
    worn: str = ""
    worn_block: int = 0
    present: bool = False  # in the fight now
    gone: str = ""  # "", "stayed out", "recalled", "defeated"
    hand: list[int] = field(default_factory=list)
    faceup: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    ailments: dict[str, Ailment] = field(default_factory=dict)


@dataclass(frozen=True)
class Planned:
    """An action on the Priority track: its card (and card number, for a character's), user and target."""

    card: str
    actor: str
    target: str
    uid: int | None


@dataclass
class RollUnderWay:
    """A roll waiting for Fame rerolls: who rolled, for which action, the dice, and the answers in turn order."""

    roller: str
    card: str
    skill: str  # "action" for a monster's action die
    roll: Roll
    window: ResponseWindow[int]


@dataclass
class CardsState:
    """Everything that changes during a cards match."""

    content: CardsContent
    fighters: dict[str, Fighter]
    order: tuple[str, ...]  # every fighter in setup order: the turn order starts here at the token's holder
    cards: dict[int, str] = field(default_factory=dict)  # card number -> card id
    owner: dict[int, str] = field(default_factory=dict)
    phase: str = "join"  # join, place, reveal, monsters, resolve, over
    round: int = 0
    max_rounds: int | None = None
    token: str | None = None
    joining: list[str] = field(default_factory=list)
    sealing: SealedChoices[tuple[Placed, ...]] = field(default_factory=lambda: SealedChoices(()))
    draft: list[Placed] = field(default_factory=list)  # the cards the character now placing has put down
    face_down: dict[str, tuple[Placed, ...]] = field(default_factory=dict)
    to_reveal: list[tuple[str, int, str]] = field(default_factory=list)
    declaring: tuple[str, int, str] | None = None
    to_act: list[str] = field(default_factory=list)  # monsters still to choose their action
    targeting: tuple[str, str] | None = None  # (monster, its action's card) awaiting a target
    track: ActionTrack[Planned] = field(default_factory=ActionTrack)
    resolving: Planned | None = None
    rolling: RollUnderWay | None = None
    used_damage: set[str] = field(default_factory=set)
    effects: list[Effect] = field(default_factory=list)
    winner: str | None = None
    reason: str = ""

    def fighter(self, cid: str) -> Fighter:
        """A fighter by id."""
        return self.fighters[cid]

    def present(self) -> list[str]:
        """Every fighter in the fight now, in turn order."""
        return [cid for cid in self.turn_order() if self.fighters[cid].present]

    def turn_order(self) -> tuple[str, ...]:
        """Every fighter, the token's holder first ("acts first in turn order"), then on round the setup order."""
        if self.token is None or self.token not in self.order:
            return self.order
        at = self.order.index(self.token)
        return self.order[at:] + self.order[:at]

    def sides(self) -> list[str]:
        """The sides, in setup order."""
        return list(dict.fromkeys(self.fighters[cid].side for cid in self.order))

    def enemies_of(self, cid: str) -> list[str]:
        """The fighters in the fight on another side, in turn order."""
        side = self.fighters[cid].side
        return [other for other in self.present() if self.fighters[other].side != side]

    def allies_of(self, cid: str) -> list[str]:
        """The fighters in the fight on the same side, itself included, in turn order."""
        side = self.fighters[cid].side
        return [other for other in self.present() if self.fighters[other].side == side]

    def effects_on(self, cid: str, kind: str) -> list[Effect]:
        """The ongoing effects of a kind on a fighter."""
        return [e for e in self.effects if e.holder == cid and e.kind == kind]

    def ailment(self, cid: str, name: str) -> int:
        """How much of an Ailment afflicts a fighter."""
        found = self.fighters[cid].ailments.get(name)
        return found.amount if found is not None else 0

    def roll_bonus(self, cid: str) -> int:
        """The bonus on every die a fighter rolls: its bonus effects, less Dazzle ("Suffer -1 on rolls")."""
        return sum(e.amount for e in self.effects_on(cid, "bonus")) - self.ailment(cid, "dazzle")

    def blocks(self, cid: str) -> list[int]:
        """Every Block that applies to an attack on the fighter: its Worn gear's and its ongoing effects'."""
        worn = [self.fighters[cid].worn_block] if self.fighters[cid].worn_block else []
        return worn + [e.amount for e in self.effects_on(cid, "block")]

    def effects_on_any(self, cid: str) -> list[Effect]:
        """Every ongoing effect on a fighter."""
        return [e for e in self.effects if e.holder == cid]
