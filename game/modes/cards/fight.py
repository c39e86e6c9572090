"""The course of a cards fight: joining, the Priority token, rounds of face-down cards, reveals and the track.

``advance`` carries the fight on by itself until a seat must decide (``pending``) or the fight is over.
Every step is a plain function of the state and the dice; decisions come in through ``game.modes.cards.mode``.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.ending import round_limit_reason
from game.core.events import Event
from game.core.flow import reverse_order
from game.core.secret import SealedChoices
from game.modes.cards.events import (
    AilmentsRemoved,
    BurnSuffered,
    CardRevealed,
    CardsSealed,
    DiceRolled,
    EffectBegan,
    EffectEnded,
    HandTakenBack,
    RoundBegan,
    RoundEnded,
)
from game.modes.cards.leaving import check_end, discard_ended_cards, end_fight, injure, leave, settle_token
from game.modes.cards.resolve import finish_roll, start_action, track_rank, window_after
from game.modes.cards.rules import REROLL_FAME, Roll
from game.modes.cards.state import CardsState, Planned, RollUnderWay

BASE_ATTACK = "base_attack"


def pending(s: CardsState) -> tuple[str, str] | None:
    """The decision the fight waits for: (kind, the character or monster it is for), or None."""
    if s.phase == "over":
        return None
    if s.rolling is not None:
        who = s.rolling.window.next_seat()
        return ("reroll", who) if who is not None and can_reroll(s, who) else None
    if s.phase == "join" and s.joining:
        return "join", s.joining[0]
    if s.phase == "place":
        who = s.sealing.next_seat()
        if who is not None and (s.fighters[who].hand or s.draft):
            return "place", who
    if s.phase == "reveal" and s.declaring is not None:
        return "declare", s.declaring[0]
    if s.phase == "monsters" and s.targeting is not None:
        return "target", s.targeting[0]
    return None


def can_reroll(s: CardsState, cid: str) -> bool:
    """Whether a character may answer the roll under way with a reroll: in the fight, 2 Fame, a die left."""
    fighter = s.fighters[cid]
    return (s.rolling is not None and fighter.present and fighter.character and fighter.fame >= REROLL_FAME
            and s.rolling.roll.can_reroll())


def advance(s: CardsState, dice: Dice) -> list[Event]:
    """Carry the fight on until a decision is awaited or it is over."""
    out: list[Event] = []
    while s.phase != "over" and pending(s) is None:
        _step(s, dice, out)
    return out


def _step(s: CardsState, dice: Dice, out: list[Event]) -> None:
    """One thing the fight does by itself."""
    if s.rolling is not None:
        window = s.rolling.window
        who = window.next_seat()
        if who is not None and not s.rolling.roll.can_reroll():
            window.close()  # "or until all the dice have been rerolled"
        elif who is not None:
            window.pass_turn(who)  # a character without 2 Fame to spend has nothing to decide
        else:
            finish_roll(s, dice, out)
            if s.targeting is None and s.rolling is None and s.phase != "over":
                check_end(s, out)
    elif s.phase == "join":
        begin_fight(s, dice, out)
    elif s.phase == "round":
        start_round(s, dice, out)
    elif s.phase == "place":
        who = s.sealing.next_seat()
        if who is None:
            begin_reveal(s)
        else:
            seal(s, who, out)  # nothing in hand: it places no card
    elif s.phase == "reveal":
        if s.to_reveal:
            reveal_next(s, out)
        else:
            s.phase = "monsters"
            s.to_act = [cid for cid in s.present() if not s.fighters[cid].character]
    elif s.phase == "monsters":
        if s.to_act:
            monster_action_roll(s, dice, s.to_act.pop(0), out)
        else:
            s.phase = "resolve"
    elif s.phase == "resolve":
        if len(s.track):
            start_action(s, dice, s.track.pop(s.turn_order()).action, out)
            check_end(s, out)
        else:
            end_round(s, dice, out)


# -- joining and the token -------------------------------------------------------------------------


def begin_fight(s: CardsState, dice: Dice, out: list[Event]) -> None:
    """Everyone who joined is in: "As the fight begins ... the participant with the highest Fame gains the token"."""
    if check_end(s, out):
        return
    settle_token(s, dice, out, force=True)
    s.phase = "round"


# -- a round ------------------------------------------------------------------------------------------


def start_round(s: CardsState, dice: Dice, out: list[Event]) -> None:
    """A new round: Burn hurts, an empty hand takes its discards back, and the characters place cards."""
    if s.max_rounds is not None and s.round >= s.max_rounds:
        end_fight(s, out, None, round_limit_reason(s.max_rounds))
        return
    s.round += 1
    s.used_damage.clear()
    out.append(RoundBegan(s.round, tuple(s.present())))
    for cid in s.present():
        burn = s.ailment(cid, "burn")
        if burn:  # "Burn: Suffer 1 Injury at the beginning of each round" (as much as the Burn's amount)
            hurt = injure(s, cid, burn)
            out.append(BurnSuffered(cid, hurt, s.fighters[cid].grit))
            if s.fighters[cid].grit == 0:
                leave(s, dice, cid, out)
    if check_end(s, out):
        return
    for cid in s.present():
        fighter = s.fighters[cid]
        if fighter.character and not fighter.hand and fighter.discard:
            fighter.hand, fighter.discard = fighter.discard, []
            out.append(HandTakenBack(cid, len(fighter.hand)))
    characters = [cid for cid in s.present() if s.fighters[cid].character]
    s.sealing = SealedChoices(reverse_order(characters))  # "in reverse turn order"
    s.draft, s.face_down = [], {}
    s.phase = "place"


def seal(s: CardsState, cid: str, out: list[Event]) -> None:
    """The character placing cards is done: its face-down cards wait for the reveal."""
    s.sealing.seal(cid, tuple(s.draft))
    s.face_down[cid] = tuple(s.draft)
    out.append(CardsSealed(cid, len(s.draft)))
    s.draft = []


def begin_reveal(s: CardsState) -> None:
    """Every card is placed: they are turned face up in reverse turn order, each character's one by one."""
    s.to_reveal = [(cid, uid, target) for cid in s.sealing.seats for uid, target in s.face_down.get(cid, ())]
    s.phase = "reveal"


def reveal_next(s: CardsState, out: list[Event]) -> None:
    """Turn the next face-down card up; a Base Attack waits for its user to declare, the rest go on the track."""
    cid, uid, target = s.to_reveal.pop(0)
    s.face_down[cid] = tuple(p for p in s.face_down[cid] if p[0] != uid)
    card = s.content.card(s.cards[uid])
    rank = track_rank(s, cid, card)
    out.append(CardRevealed(cid, card.id, target, rank))
    if card.id == BASE_ATTACK:
        s.declaring = (cid, uid, target)
    else:
        s.track.queue(rank, cid, Planned(card.id, cid, target, uid))


def monster_action_roll(s: CardsState, dice: Dice, cid: str, out: list[Event]) -> None:
    """A monster's runner rolls one die on its action table: the player's roll, which no card affects."""
    roll = Roll([dice.roll(12)])
    out.append(DiceRolled(cid, "", "action", tuple(roll.raw), 0, tuple(roll.values)))
    s.rolling = RollUnderWay(cid, "", "action", roll, window_after(s, cid))


def end_round(s: CardsState, dice: Dice, out: list[Event]) -> None:
    """The track is empty: durations go down by 1, the ended are discarded, each Focus played takes effect."""
    for effect in list(s.effects):
        if effect.rounds is not None and effect.kind != "focus":
            effect.rounds -= 1
            if effect.rounds <= 0:
                s.effects.remove(effect)
                out.append(EffectEnded(effect.holder, effect.card, effect.kind))
    for cid in s.present():
        fighter = s.fighters[cid]
        for name in list(fighter.ailments):
            fighter.ailments[name].rounds -= 1
        ended = tuple(name for name, a in fighter.ailments.items() if a.rounds <= 0)
        for name in ended:
            del fighter.ailments[name]
        if ended:
            out.append(AilmentsRemoved(cid, ended))
    discard_ended_cards(s)
    for effect in s.effects:
        if effect.kind == "focus":  # "complete the effect of any Focus card played": +1 on rolls next round
            effect.kind, effect.amount, effect.rounds = "bonus", 1, 1
            out.append(EffectBegan(effect.holder, effect.owner, effect.card, "bonus", 1, 1))
    out.append(RoundEnded(s.round))
    s.phase = "round"


