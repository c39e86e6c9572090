"""What one seat may know of a cards match: everything on the table, but no other seat's hand or face-down card."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.mode import Outcome, Pending
from game.modes.cards.content import CardsContent, Tiers


@dataclass(frozen=True)
class HandCard:
    """A card in a hand (or placed face down) that the seat may see: its number in the match and its id."""

    uid: int
    card: str


@dataclass(frozen=True)
class EffectView:
    """An ongoing effect on a fighter: ``rounds`` 0 for the whole fight."""

    kind: str
    amount: int
    rounds: int
    card: str
    owner: str


@dataclass(frozen=True)
class FighterView:
    """One fighter as the seat knows it; ``hand`` and ``placed`` are empty unless the seat decides for it."""

    cid: str
    name: str
    template: str
    side: str
    character: bool
    controlled: bool
    present: bool
    gone: str
    grit: int
    max_grit: int
    fame: int
    tiers: Tiers
    worn: str
    worn_block: int
    worn_choices: tuple[str, ...]
    ailments: tuple[tuple[str, int, int], ...]  # (Ailment, amount, rounds left)
    effects: tuple[EffectView, ...]
    hand_size: int
    hand: tuple[HandCard, ...]
    face_down: int  # how many cards it has face down now
    placed: tuple[tuple[HandCard, str], ...]  # its own face-down cards and their targets (its seat only)
    faceup: tuple[str, ...]
    discards: int
    square: None = None

    @property
    def state(self) -> str:
        """"up" while in the fight, else how it left: "stayed out", "recalled" or "defeated" ("" before joining)."""
        return "up" if self.present else self.gone or "waiting"


@dataclass(frozen=True)
class TrackEntry:
    """An action on the Priority track: every one there has been revealed or chosen in the open."""

    actor: str
    card: str
    target: str
    priority: int


@dataclass(frozen=True)
class RollView:
    """The roll waiting for Fame rerolls: its dice as fallen and as read, which were rerolled, who answers next."""

    roller: str
    card: str
    skill: str
    raw: tuple[int, ...]
    bonus: int
    values: tuple[int, ...]
    rerolled: tuple[bool, ...]
    answering: str | None
    target: str | None  # whom the action is aimed at, for an attack: what a reroll could change


@dataclass(frozen=True)
class CardsView:
    """What one seat may know now."""

    seat: str
    round: int
    outcome: Outcome | None
    pending: Pending | None
    members: tuple[FighterView, ...]
    phase: str
    token: str | None
    order: tuple[str, ...]  # the turn order, the token's holder first, of those in the fight
    track: tuple[TrackEntry, ...]  # in the order the actions will come off it
    roll: RollView | None
    declaring: tuple[str, str] | None  # (character, target) of a revealed Base Attack awaiting its choice
    targeting: tuple[str, str] | None  # (monster, its action's card) awaiting a target
    used_damage: tuple[str, ...]  # who has used a damaging action this round
    content: CardsContent

    def member(self, cid: str) -> FighterView:
        """A fighter by id."""
        return next(m for m in self.members if m.cid == cid)
