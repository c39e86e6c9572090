"""The cards mode in words: what a card does, and each event as a log line with every die behind it."""

from __future__ import annotations

from collections.abc import Iterable

from game.core.events import Event
from game.modes.cards import events as ev
from game.modes.cards.content import Card, CardsContent, load_content
from game.ui.eventtext import LogContext, LogLine, signed

SKILL = {"might": "Might", "finesse": "Finesse", "wit": "Wit", "spirit": "Spirit", "action": "its action die"}
AILMENT = {"burn": "Burn", "dazzle": "Dazzle", "slow": "Slow", "weak": "Weak"}
KIND = {"block": "Block", "bonus": "on rolls", "lure": "Lure", "focus": "Focus (at the round's end)"}


def lasting(card: Card) -> str:
    """How long an ongoing effect of the card lasts."""
    return "1 round" if card.lasts == "round" else "the fight"


def card_does(card: Card) -> str:
    """What a card does, said from its numbers: its roll, defense, damage, Ailment, effects."""
    parts: list[str] = []
    if card.attacks:
        dice = "each die" if card.dice == "each" else "highest die"
        parts.append(f"{SKILL[card.skill]} against {SKILL[card.defense]} defense ({dice})")
        if card.damage:
            parts.append(f"{card.damage} damage" + (f", Accuracy on {8 + card.accuracy}+" if card.accuracy else ""))
        if card.ailment:
            parts.append(f"{AILMENT[card.ailment]} {card.amount} for {card.ailment_rounds} rounds")
        own = [f"Block {card.self_block}"] * bool(card.self_block) + [f"+{card.self_bonus} on rolls"] * bool(
            card.self_bonus) + ["your Ailments removed"] * card.self_cure
        if own:
            parts.append("you, even on a miss: " + ", ".join(own) + (f" for {lasting(card)}"
                                                                   if card.self_block or card.self_bonus else ""))
    else:
        if card.kind == "spell":
            parts.append("Wit roll of 6+")
        if card.block:
            parts.append(f"Block {card.block} for {lasting(card)}")
        if card.bonus:
            parts.append(f"+{card.bonus} on rolls for {lasting(card)}")
        if card.cure:
            parts.append("removes every Ailment")
        if card.id == "lure":
            parts.append("enemy attacks on your allies come to you for 1 round")
        if card.id == "focus":
            parts.append("+1 on your rolls next round")
    return "; ".join(parts)


def card_line(card: Card) -> str:
    """A card's name, kind and Priority, then what it does."""
    kind = {"base": "base attack", "spell": "spell", "gear": "gear", "basic": "basic"}[card.kind]
    return f"{card.name} ({kind}, Priority {card.priority}): {card_does(card)}"


def dice_words(raw: Iterable[int], bonus: int, values: Iterable[int]) -> str:
    """Each die as it fell, and with the bonus or penalty every die takes, as read."""
    fell = ", ".join(str(v) for v in raw)
    return fell if not bonus else f"{fell} ({signed(bonus)} each: {', '.join(str(v) for v in values)})"


def log_lines(events: Iterable[Event], ctx: LogContext, content: CardsContent | None = None) -> list[LogLine]:
    """The events a seat may read, in the cards mode's words."""
    content = content or load_content()
    out: list[LogLine] = []
    for event in events:
        line = _line(event, ctx, content)
        if line is not None:
            out.append(line)
    return out


def _card(content: CardsContent, key: str) -> str:
    return content.cards[key].name if key in content.cards else key


def _line(e: Event, ctx: LogContext, content: CardsContent) -> LogLine | None:
    n = ctx.name
    match e:
        case ev.FightSetUp():
            sides: dict[str, list[str]] = {}
            for _cid, name, side, _template, _character in e.fighters:
                sides.setdefault(side, []).append(name)
            return LogLine("The fight: " + " against ".join(", ".join(names) for names in sides.values()),
                           kind="turn")
        case ev.JoinedFight():
            worn = f" wearing {content.worn[e.worn].name}" if e.worn in content.worn else ""
            return LogLine(f"{n(e.cid)} joins the fight{worn}")
        case ev.StayedOut():
            return LogLine(f"{n(e.cid)} stays out of the fight", kind="dim")
        case ev.TokenRollOff():
            rolls = "; ".join(f"{n(cid)} {', '.join(map(str, dice))}" for cid, dice in e.rolls)
            return LogLine(f"Finesse roll-off for the Priority token: {rolls}"
                           + ("" if e.settled else " (a full tie: rolled again)"))
        case ev.TokenTaken():
            how = {"fame": "the most Fame", "roll-off": "the roll-off", "base": "its Base Attack"}[e.how]
            return LogLine(f"{n(e.cid)} takes the Priority token ({how}); turn order: "
                           + ", ".join(n(c) for c in e.order), kind="turn")
        case ev.RoundBegan():
            return LogLine(f"Round {e.round}", kind="round")
        case ev.HandTakenBack():
            return LogLine(f"{n(e.cid)} takes {e.cards} discarded cards back into hand")
        case ev.CardChosen():
            return LogLine(f"{n(e.cid)} places {_card(content, e.card)} face down, aimed at {n(e.target)} (only "
                           f"{e.seat} knows)", kind="dim")
        case ev.CardPlaced():
            return LogLine(f"{n(e.cid)} places a card face down", kind="dim")
        case ev.CardsSealed():
            return LogLine(f"{n(e.cid)} is done: {e.placed} card{'s' if e.placed != 1 else ''} face down")
        case ev.CardRevealed():
            return LogLine(f"{n(e.cid)} reveals {_card(content, e.card)} at {n(e.target)}, Priority {e.priority}")
        case ev.BaseAttackDeclared():
            return LogLine(f"{n(e.cid)}'s Base Attack " + ("attacks" if e.attacks else "takes the Priority token"))
        case ev.DiceRolled():
            if e.skill == "action":
                return LogLine(f"{n(e.cid)}'s runner rolls its action die: {e.raw[0]}")
            return LogLine(f"{n(e.cid)} rolls {SKILL[e.skill]} for {_card(content, e.card)}: "
                           f"{dice_words(e.raw, e.bonus, e.values)}")
        case ev.DieRerolled():
            return LogLine(f"{n(e.cid)} spends 2 Fame ({e.fame} left) to reroll die {e.die + 1}: {e.was} to {e.now}")
        case ev.RerollDeclined():
            return LogLine(f"{n(e.cid)} keeps the dice", kind="dim")
        case ev.ActionChosen():
            return LogLine(f"{n(e.cid)} will use {_card(content, e.card)} at {n(e.target)}, Priority {e.priority}")
        case ev.Lured():
            return LogLine(f"{n(e.target)}'s Lure draws {n(e.cid)}'s attack away from {n(e.meant)}")
        case ev.AttackResolved():
            return _attack(e, ctx, content)
        case ev.SupportResolved():
            worked = "works" if e.worked else "fails (the Wit roll did not reach 6)"
            return LogLine(f"{n(e.cid)}'s {_card(content, e.card)} on {n(e.target)} {worked}")
        case ev.EffectBegan():
            rounds = "for the fight" if e.rounds == 0 else f"for {e.rounds} round{'s' if e.rounds != 1 else ''}"
            what = f"Block {e.amount}" if e.kind == "block" else f"+{e.amount} on rolls" if e.kind == "bonus" \
                else KIND.get(e.kind, e.kind)
            return LogLine(f"{n(e.holder)} gains {what} {rounds} ({_card(content, e.card)})", kind="dim")
        case ev.EffectEnded():
            return LogLine(f"{_card(content, e.card)} on {n(e.holder)} ends", kind="dim")
        case ev.AilmentAdded():
            return LogLine(f"{n(e.cid)} suffers {AILMENT[e.ailment]} {e.amount} ({e.rounds} rounds)", kind="damage")
        case ev.AilmentsRemoved():
            return LogLine(f"{n(e.cid)} is rid of " + ", ".join(AILMENT[a] for a in e.ailments), kind="dim")
        case ev.BurnSuffered():
            return LogLine(f"Burn: {n(e.cid)} suffers {e.injury} Injury (Grit {e.grit})", kind="damage")
        case ev.ActionLost():
            return LogLine(f"{n(e.cid)}'s {_card(content, e.card)} does nothing: {e.reason}", kind="dim")
        case ev.LeftFight():
            word = "is Recalled" if e.how == "recalled" else "is defeated"
            return LogLine(f"{n(e.cid)} is at 0 Grit and {word}", kind="death")
        case ev.RoundEnded():
            return LogLine(f"The track is empty: round {e.round} ends", kind="dim")
        case ev.MonsterHealed():
            return LogLine(f"{n(e.cid)} heals fully (Grit {e.grit})", kind="heal")
        case ev.FightEnded():
            head = f"The {e.winner} win" if e.winner else "A draw"
            return LogLine(f"{head}: {e.reason}", kind="turn")
    return None


def _attack(e: ev.AttackResolved, ctx: LogContext, content: CardsContent) -> LogLine:
    n = ctx.name
    name = _card(content, e.card)
    dice = ", ".join(map(str, e.values))
    if not e.landed:
        return LogLine(f"{n(e.cid)}'s {name} misses {n(e.target)}: {dice} against defense {e.needed}",
                       (f"dice as read: {dice}", f"defense {e.needed}: no die reaches it"), kind="miss")
    details = [f"dice as read: {dice}", f"defense {e.needed}: {e.landed} hit{'s' if e.landed > 1 else ''}"]
    if e.accuracy:
        details.append(f"Accuracy: +{e.accuracy} damage")
    details.append(f"damage {e.damage}, Block {e.blocked}: {e.injury} Injury, Grit now {e.grit}")
    return LogLine(f"{n(e.cid)}'s {name} hits {n(e.target)}: {e.injury} Injury (Grit {e.grit})", tuple(details),
                   kind="hit")
