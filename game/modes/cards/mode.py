"""The cards mode (text 000): one object per match implementing the mode protocol."""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice
from game.core.events import Action, Event
from game.core.mode import MatchSetup, ModeBase, Outcome, Pending, Seat
from game.core.privacy import Sight, events_for_seat
from game.core.seats import controls, deciding_seat, default_seats, seat_named
from game.modes.cards import fight
from game.modes.cards.actions import (
    ChooseTarget,
    Declare,
    JoinFight,
    KeepDice,
    PlaceCard,
    Reroll,
    SealCards,
    StayOut,
    action_from_dict,
)
from game.modes.cards.content import CardsContent, load_content
from game.modes.cards.events import (
    BaseAttackDeclared,
    CardChosen,
    CardPlaced,
    CardRevealed,
    DiceRolled,
    DieRerolled,
    FightSetUp,
    JoinedFight,
    RerollDeclined,
    StayedOut,
    TokenRollOff,
    TokenTaken,
)
from game.modes.cards.leaving import settle_token
from game.modes.cards.resolve import queue_monster_action
from game.modes.cards.rules import REROLL_FAME, reroll
from game.modes.cards.setup import build_state
from game.modes.cards.state import CardsState, Planned
from game.modes.cards.view import CardsView, EffectView, FighterView, HandCard, RollView, TrackEntry

MAX_PLACED = 2  # "placing up to two cards from their hand face-down"
TELLING = (DiceRolled, TokenRollOff, CardRevealed)  # events after which nothing can be taken back


class CardsMode(ModeBase):
    """A running cards match: its state, its dice, and the protocol's methods."""

    name = "cards"
    undoable = True

    def __init__(self, setup: MatchSetup, dice: Dice, content: CardsContent | None = None) -> None:
        self.setup = setup
        self.seats: tuple[Seat, ...] = setup.seats or default_seats()
        self.content = content or load_content()
        self.dice = dice
        self.state: CardsState = build_state(self.content, dict(setup.options))

    # -- who decides --------------------------------------------------------------------------------
    def seat_of(self, cid: str) -> str:
        """The seat that decides for a fighter."""
        fighter = self.state.fighters[cid]
        return deciding_seat(self.seats, fighter.side, cid).name

    def _controls(self, seat: str, cid: str) -> bool:
        try:
            found = seat_named(self.seats, seat)
        except KeyError:
            return False
        return controls(found, self.state.fighters[cid].side, cid)

    def start(self) -> list[Event]:
        """Name the fighters, then ask the characters in turn whether they join."""
        s = self.state
        events: list[Event] = [FightSetUp(tuple((cid, f.name, f.side, f.template, f.character)
                                                for cid, f in s.fighters.items()))]
        return events + fight.advance(s, self.dice)

    def pending_seat(self) -> str | None:
        """The seat whose decision the match waits for."""
        now = fight.pending(self.state)
        return None if now is None else self.seat_of(now[1])

    # -- actions ------------------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every action the seat may take now."""
        now = fight.pending(self.state)
        if now is None or self.seat_of(now[1]) != seat:
            return []
        kind, cid = now
        s = self.state
        fighter = s.fighters[cid]
        if kind == "join":
            return [*(JoinFight(w) for w in (fighter.worn_choices or ("",))), StayOut()]
        if kind == "declare":
            return [Declare(False), Declare(True)]
        if kind == "target":
            return [ChooseTarget(t) for t in s.enemies_of(cid)]
        if kind == "reroll":
            assert s.rolling is not None
            return [*(Reroll(i) for i, done in enumerate(s.rolling.roll.rerolled) if not done), KeepDice()]
        legal: list[Action] = []
        if len(s.draft) < MAX_PLACED:
            seen: set[str] = set()
            for uid in fighter.hand:
                card = s.cards[uid]
                if card not in seen:  # two copies of a card play alike: the first stands for both
                    seen.add(card)
                    legal += [PlaceCard(uid, target) for target in self.targets(cid, card)]
        return [*legal, SealCards()]

    def targets(self, cid: str, card_id: str) -> list[str]:
        """Whom a character may aim a card at: an enemy in the fight, an ally (itself too), or itself."""
        card = self.content.card(card_id)
        s = self.state
        if card.target == "enemy":
            return s.enemies_of(cid)
        return s.allies_of(cid) if card.target == "ally" else [cid]

    def check(self, action: Action, seat: str) -> str | None:
        """Why the action may not be taken now, or None."""
        now = fight.pending(self.state)
        if now is None:
            return "the fight is over"
        if self.seat_of(now[1]) != seat:
            return f"it is not for {seat} to decide now"
        if isinstance(action, PlaceCard) and now[0] == "place":
            s = self.state
            if len(s.draft) >= MAX_PLACED:
                return f"at most {MAX_PLACED} cards are placed a round"
            if action.card not in s.fighters[now[1]].hand:
                return "that card is not in the hand"
            if action.target not in self.targets(now[1], s.cards[action.card]):
                return "that card cannot be aimed there"
            return None
        if action in self.legal_actions(seat):
            return None
        return {"join": "join the fight or stay out", "place": "place a card or say you are done",
                "declare": "the Base Attack attacks or takes the Priority token",
                "target": "choose a character in the fight", "reroll": "reroll a die not yet rerolled, or keep them"
                }[now[0]]

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Carry out a legal action and go on until the next decision."""
        s = self.state
        now = fight.pending(s)
        assert now is not None
        cid = now[1]
        fighter = s.fighters[cid]
        out: list[Event] = []
        if isinstance(action, JoinFight):
            s.joining.pop(0)
            fighter.present, fighter.worn = True, action.worn
            fighter.worn_block = self.content.worn[action.worn].block if action.worn else 0
            out.append(JoinedFight(cid, action.worn))
        elif isinstance(action, StayOut):
            s.joining.pop(0)
            fighter.gone = "stayed out"
            out.append(StayedOut(cid))
        elif isinstance(action, PlaceCard):
            fighter.hand.remove(action.card)
            s.draft.append((action.card, action.target))
            out += [CardChosen(seat, cid, s.cards[action.card], action.target), CardPlaced(cid, len(s.draft))]
            return out
        elif isinstance(action, SealCards):
            fight.seal(s, cid, out)
        elif isinstance(action, Declare):
            assert s.declaring is not None
            who, uid, target = s.declaring
            s.declaring = None
            out.append(BaseAttackDeclared(who, not action.take_token))
            if action.take_token:  # "If taking the token, they take it immediately"
                s.token = who
                fighter.discard.append(uid)
                out.append(TokenTaken(who, "base", tuple(s.present())))
            else:
                card = self.content.card(s.cards[uid])
                s.track.queue(fight.track_rank(s, who, card), who, Planned(card.id, who, target, uid))
        elif isinstance(action, ChooseTarget):
            assert s.targeting is not None
            monster, card_id = s.targeting
            s.targeting = None
            queue_monster_action(s, monster, self.content.card(card_id), action.target, out)
        elif isinstance(action, Reroll):
            rolling = s.rolling
            assert rolling is not None
            was = rolling.roll.values[action.die]
            fighter.fame -= REROLL_FAME
            reroll(rolling.roll, action.die, self.dice)
            out.append(DieRerolled(cid, action.die, was, rolling.roll.values[action.die], fighter.fame))
            rolling.window.answer(cid, action.die)
            settle_token(s, self.dice, out)  # "each time after Fame changes"
        elif isinstance(action, KeepDice):
            assert s.rolling is not None
            out.append(RerollDeclined(cid))
            s.rolling.window.pass_turn(cid)
        return out + fight.advance(s, self.dice)

    def outcome(self) -> Outcome | None:
        """The result once the fight is over."""
        s = self.state
        return Outcome(s.winner, s.reason, s.round) if s.phase == "over" else None

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """Placing, sealing and joining may be taken back while nothing was rolled or revealed."""
        if not isinstance(action, (PlaceCard, SealCards, JoinFight, StayOut)):
            return "only placing cards and joining can be taken back"
        if any(isinstance(e, TELLING) for e in events):
            return "a die was rolled or a card revealed"
        return None

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """A seat's log: every public event, and the face-down cards only it placed."""
        everyone = frozenset(self.state.fighters)
        own = frozenset(cid for cid in everyone if self._controls(seat, cid))
        return events_for_seat(events, Sight(seat, everyone, own))

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each fighter's side, template, Grit lost and whether it left the fight at 0 Grit."""
        return {cid: {"side": f.side, "template": f.template, "wounds": f.max_grit - f.grit,
                      "dead": f.gone in ("recalled", "defeated")} for cid, f in self.state.fighters.items()}

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """An action back from its saved form."""
        return action_from_dict(data)

    # -- the view -----------------------------------------------------------------------------------
    def view(self, seat: str) -> CardsView:
        """What the seat may know now: its own characters' hands and face-down cards, nobody else's."""
        s = self.state
        now = fight.pending(s)
        pending = None if now is None else Pending(now[0], self.seat_of(now[1]), now[1], s.fighters[now[1]].side)
        members = tuple(self._fighter_view(seat, cid) for cid in s.order)
        order = s.turn_order()
        queued = sorted(s.track.queued, key=lambda q: (-q.rank, order.index(q.actor), q.placed))  # as they come off
        track = tuple(TrackEntry(q.actor, q.action.card, q.action.target, q.rank) for q in queued)
        roll = None
        if s.rolling is not None:
            r = s.rolling
            target = s.resolving.target if s.resolving is not None else None
            roll = RollView(r.roller, r.card, r.skill, tuple(r.roll.raw), r.roll.bonus, tuple(r.roll.values),
                            tuple(r.roll.rerolled), r.window.next_seat(), target)
        declaring = (s.declaring[0], s.declaring[2]) if s.declaring is not None else None
        return CardsView(seat, s.round, self.outcome(), pending, members, s.phase, s.token, tuple(s.present()),
                         track, roll, declaring, s.targeting, tuple(sorted(s.used_damage)), self.content)

    def _fighter_view(self, seat: str, cid: str) -> FighterView:
        s = self.state
        f = s.fighters[cid]
        mine = self._controls(seat, cid)
        down = list(s.face_down.get(cid, ()))
        if s.phase == "place" and s.sealing.next_seat() == cid:
            down += s.draft
        hand = tuple(HandCard(uid, s.cards[uid]) for uid in f.hand) if mine else ()
        placed = tuple((HandCard(uid, s.cards[uid]), target) for uid, target in down) if mine else ()
        effects = tuple(EffectView(e.kind, e.amount, e.rounds or 0, e.card, e.owner) for e in s.effects_on_any(cid))
        return FighterView(cid, f.name, f.template, f.side, f.character, mine, f.present, f.gone, f.grit, f.max_grit,
                           f.fame, f.tiers, f.worn, f.worn_block, f.worn_choices,
                           tuple((n, a.amount, a.rounds) for n, a in f.ailments.items()), effects, len(f.hand), hand,
                           len(down), placed, tuple(s.cards[u] for u in f.faceup), len(f.discard))
