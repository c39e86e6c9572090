"""How fighters leave a cards fight and how it ends: Injury, Recall at 0 Grit, the Priority token, the end."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event
from game.modes.cards.events import (
    AilmentsRemoved,
    EffectEnded,
    FightEnded,
    LeftFight,
    MonsterHealed,
    TokenRollOff,
    TokenTaken,
)
from game.modes.cards.rules import roll_pool, rolloff_order
from game.modes.cards.state import CardsState


def settle_token(s: CardsState, dice: Dice, out: list[Event], force: bool = False) -> None:
    """Give the Priority token to the participant with the most Fame (a monster's is its Rank), ties rolled off."""
    present = s.present()
    if not present:
        return
    top = max(s.fighters[cid].fame for cid in present)
    tied = [cid for cid in present if s.fighters[cid].fame == top]
    how = "fame"
    while len(tied) > 1:
        how = "roll-off"
        rolls = {cid: roll_pool(dice, s.fighters[cid].tiers.of("finesse"), s.roll_bonus(cid)).values for cid in tied}
        ranked = rolloff_order(rolls)
        out.append(TokenRollOff(tuple((cid, tuple(rolls[cid])) for cid in tied), ranked is not None))
        if ranked is None:
            best = max(sorted(v, reverse=True) for v in rolls.values())
            tied = [cid for cid in tied if sorted(rolls[cid], reverse=True) == best]  # "rerolling if needed on a tie"
        else:
            tied = ranked[:1]
    if force or tied[0] != s.token or how == "roll-off":
        s.token = tied[0]
        out.append(TokenTaken(s.token, how, tuple(s.present())))




def discard_ended_cards(s: CardsState) -> None:
    """Face-up cards whose every effect has ended go to their owner's discard pile."""
    kept = {e.uid for e in s.effects if e.uid is not None}
    for fighter in s.fighters.values():
        for uid in [u for u in fighter.faceup if u not in kept]:
            fighter.faceup.remove(uid)
            fighter.discard.append(uid)







def injure(s: CardsState, cid: str, amount: int) -> int:
    """Lower a fighter's Grit by an Injury, never below 0; the Injury it took."""
    fighter = s.fighters[cid]
    taken = min(amount, fighter.grit)
    fighter.grit -= taken
    return taken


def leave(s: CardsState, dice: Dice, cid: str, out: list[Event]) -> None:
    """A fighter at 0 Grit leaves the fight: its actions come off the track, its effects and Ailments end."""
    fighter = s.fighters[cid]
    fighter.present = False
    fighter.gone = "recalled" if fighter.character else "defeated"
    out.append(LeftFight(cid, fighter.gone))
    for entry in s.track.withdraw(cid):
        if entry.action.uid is not None:
            fighter.discard.append(entry.action.uid)
    s.effects = [e for e in s.effects if e.holder != cid]
    fighter.ailments.clear()
    discard_ended_cards(s)
    s.to_act = [m for m in s.to_act if m != cid]
    if s.token == cid and any(s.fighters[c].present for c in s.order):
        settle_token(s, dice, out)


def check_end(s: CardsState, out: list[Event]) -> bool:
    """End the fight once a side has nobody in it with 1 Grit or more; whether it is over."""
    if s.phase == "over":
        return True
    standing = {side: any(f.present and f.grit >= 1 for f in s.fighters.values() if f.side == side)
                for side in s.sides()}
    left = [side for side, ok in standing.items() if ok]
    if len(left) > 1:
        return False
    if not left:
        end_fight(s, out, None, "every side is down")
    else:
        beaten = " or the ".join(side for side in standing if side != left[0])
        end_fight(s, out, left[0], f"none of the {beaten} has Grit left in the fight")
    return True


def end_fight(s: CardsState, out: list[Event], winner: str | None, reason: str) -> None:
    """The fight is over: a monster side that beat every character heals fully, and every effect ends."""
    s.phase, s.winner, s.reason = "over", winner, reason
    if winner is not None and not any(f.character for f in s.fighters.values() if f.side == winner):
        for fighter in s.fighters.values():
            if fighter.side == winner and not fighter.character and fighter.grit < fighter.max_grit:
                fighter.grit = fighter.max_grit
                out.append(MonsterHealed(fighter.cid, fighter.grit))
    for effect in s.effects:
        out.append(EffectEnded(effect.holder, effect.card, effect.kind))
    s.effects = []
    for fighter in s.fighters.values():
        if fighter.ailments:
            out.append(AilmentsRemoved(fighter.cid, tuple(fighter.ailments)))
            fighter.ailments.clear()
    for entry in s.track.queued:
        if entry.action.uid is not None:
            s.fighters[entry.actor].discard.append(entry.action.uid)
    s.track.queued.clear()
    if s.resolving is not None and s.resolving.uid is not None:
        s.fighters[s.resolving.actor].discard.append(s.resolving.uid)
    s.resolving, s.rolling, s.targeting, s.declaring = None, None, None, None
    discard_ended_cards(s)
    out.append(FightEnded(winner, reason, s.round))
