"""Resolving the actions on the Priority track: attacks, support cards, Lure, Focus; and the monsters' choices."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event
from game.core.flow import ResponseWindow, order_after
from game.modes.cards.content import Card
from game.modes.cards.events import (
    ActionChosen,
    ActionLost,
    AilmentAdded,
    AilmentsRemoved,
    AttackResolved,
    DiceRolled,
    EffectBegan,
    Lured,
    SupportResolved,
)
from game.modes.cards.leaving import discard_ended_cards, injure, leave
from game.modes.cards.rules import (
    SECOND_DAMAGE_PENALTY,
    SLOW_PRIORITY,
    Roll,
    accuracy,
    damage_dealt,
    defense,
    hits,
    injury,
    roll_pool,
    support_works,
)
from game.modes.cards.state import Ailment, CardsState, Effect, Planned, RollUnderWay

LURE, FOCUS = "lure", "focus"


def track_rank(s: CardsState, cid: str, card: Card) -> int:
    """Where an action goes on the Priority track: its card's Priority, less 6 for each Slow on its user."""
    return card.priority - SLOW_PRIORITY * s.ailment(cid, "slow")


def window_after(s: CardsState, roller: str) -> ResponseWindow[int]:
    """The Fame rerolls after a roll: "beginning with the one in turn order after the roller"."""
    order = tuple(cid for cid in order_after(s.turn_order(), roller)
                  if s.fighters[cid].character and s.fighters[cid].present)
    return ResponseWindow(order, closed=not order)


def queue_monster_action(s: CardsState, cid: str, card: Card, target: str, out: list[Event]) -> None:
    """Put a monster's chosen action on the track."""
    rank = track_rank(s, cid, card)
    out.append(ActionChosen(cid, card.id, target, rank))
    s.track.queue(rank, cid, Planned(card.id, cid, target, None))


def attack_bonus(s: CardsState, cid: str, card: Card) -> int:
    """The bonus on every die of an attack: the fighter's, and -2 on a character's second damaging action."""
    bonus = s.roll_bonus(cid)
    if s.fighters[cid].character and card.damage and cid in s.used_damage:
        bonus -= SECOND_DAMAGE_PENALTY
    return bonus


def aimed_at(s: CardsState, planned: Planned, out: list[Event]) -> str | None:
    """Whom an action reaches now: its target, another enemy if that one left, a Lure's user; None if nobody."""
    card = s.content.card(planned.card)
    if card.target == "self":
        return planned.actor
    if card.target == "ally":
        allies = s.allies_of(planned.actor)
        return planned.target if planned.target in allies else planned.actor
    enemies = s.enemies_of(planned.actor)
    if not enemies:
        return None
    target = planned.target if planned.target in enemies else enemies[0]
    lurers = [cid for cid in s.allies_of(target) if cid != target and s.effects_on(cid, LURE)]
    if lurers:
        out.append(Lured(planned.actor, target, lurers[0]))
        target = lurers[0]
    return target


def start_action(s: CardsState, dice: Dice, planned: Planned, out: list[Event]) -> None:
    """Take an action off the track: an attack or a support spell rolls (and waits for rerolls); gear acts at once."""
    card = s.content.card(planned.card)
    target = aimed_at(s, planned, out)
    if target is None:
        out.append(ActionLost(planned.actor, card.id, "no enemy is left in the fight"))
        put_away(s, planned, made_effect=False)
        return
    planned = Planned(planned.card, planned.actor, target, planned.uid)
    s.resolving = planned
    if card.attacks:
        bonus = attack_bonus(s, planned.actor, card)
        if s.fighters[planned.actor].character and card.damage:
            s.used_damage.add(planned.actor)
        skill = card.skill
    elif card.kind == "spell":
        bonus, skill = s.roll_bonus(planned.actor), "wit"  # "When using a Spell that does not attack, roll Wit"
    else:
        s.resolving = None
        apply_support(s, planned, True, out)  # "Gear cards that do not attack do not require any roll"
        return
    roll = roll_pool(dice, s.fighters[planned.actor].tiers.of(skill), bonus)
    out.append(DiceRolled(planned.actor, card.id, skill, tuple(roll.raw), roll.bonus, tuple(roll.values)))
    s.rolling = RollUnderWay(planned.actor, card.id, skill, roll, window_after(s, planned.actor))


def finish_roll(s: CardsState, dice: Dice, out: list[Event]) -> None:
    """Every character has declined to reroll (or every die was): the roll's results are determined."""
    rolling = s.rolling
    assert rolling is not None
    s.rolling = None
    if rolling.skill == "action":
        monster = s.content.monsters[s.fighters[rolling.roller].template]
        card = s.content.card(monster.action(rolling.roll.raw[0]))
        enemies = s.enemies_of(rolling.roller)
        if not card.attacks:
            queue_monster_action(s, rolling.roller, card, rolling.roller, out)
        elif len(enemies) == 1:
            queue_monster_action(s, rolling.roller, card, enemies[0], out)
        else:
            s.targeting = (rolling.roller, card.id)  # its runner chooses the character it is aimed at
        return
    planned = s.resolving
    assert planned is not None
    s.resolving = None
    card = s.content.card(planned.card)
    if card.attacks:
        resolve_attack(s, dice, planned, rolling.roll, out)
    else:
        apply_support(s, planned, support_works(rolling.roll.values), out)


def resolve_attack(s: CardsState, dice: Dice, planned: Planned, roll: Roll, out: list[Event]) -> None:
    """An attack's results: it affects the target only on the defense or higher; the attacker's benefit always."""
    card = s.content.card(planned.card)
    attacker, target = s.fighters[planned.actor], s.fighters[planned.target]
    values = roll.values
    needed = defense(target.tiers.of(card.defense))
    landed = hits(values, needed, card.dice)
    extra = accuracy(values, card.accuracy) if landed and card.damage else 0
    damage = damage_dealt(card.damage, landed, extra, s.ailment(attacker.cid, "weak")) if landed and card.damage else 0
    blocks = s.blocks(target.cid) if landed else []
    hurt = injure(s, target.cid, injury(damage, blocks))
    out.append(AttackResolved(attacker.cid, target.cid, card.id, tuple(values), needed, landed, extra, damage,
                              min(damage, sum(blocks)), hurt, target.grit))
    if landed and card.ailment:
        add_ailment(s, target.cid, card.ailment, card.amount, card.ailment_rounds, out)
    # "that part always takes place even if the attack fails"
    rounds = 1 if card.lasts == "round" else None
    if card.self_block:
        begin(s, Effect("block", card.self_block, rounds, attacker.cid, attacker.cid, card.id, None), out)
    if card.self_bonus:
        begin(s, Effect("bonus", card.self_bonus, rounds, attacker.cid, attacker.cid, card.id, None), out)
    if card.self_cure:
        cure(s, attacker.cid, out)  # "When removing an Ailment from yourself ... that effect works even if ..."
    put_away(s, planned, made_effect=False)
    if target.grit == 0 and target.present:
        leave(s, dice, target.cid, out)


def apply_support(s: CardsState, planned: Planned, worked: bool, out: list[Event]) -> None:
    """A card that does not attack: its ongoing effect on the target (Block, bonus, Lure, Focus), or a cure."""
    card = s.content.card(planned.card)
    out.append(SupportResolved(planned.actor, planned.target, card.id, worked))
    made = False
    if worked:
        rounds = 1 if card.lasts == "round" else None
        for kind, amount in (("block", card.block), ("bonus", card.bonus)):
            if amount:
                begin(s, Effect(kind, amount, rounds, planned.target, planned.actor, card.id, planned.uid), out)
                made = True
        if card.id in (LURE, FOCUS):
            # Lure lasts the round; a Focus waits for the round's end, when it becomes +1 on rolls.
            begin(s, Effect(card.id, 0, 1 if card.id == LURE else None, planned.target, planned.actor, card.id,
                            planned.uid), out)
            made = True
        if card.cure:
            cure(s, planned.target, out)
    put_away(s, planned, made_effect=made)


def begin(s: CardsState, effect: Effect, out: list[Event]) -> None:
    """Start an ongoing effect."""
    s.effects.append(effect)
    out.append(EffectBegan(effect.holder, effect.owner, effect.card, effect.kind, effect.amount, effect.rounds or 0))


def cure(s: CardsState, cid: str, out: list[Event]) -> None:
    """Remove every Ailment from a fighter, each whole ("fully removed as a single ongoing effect")."""
    fighter = s.fighters[cid]
    if fighter.ailments:
        out.append(AilmentsRemoved(cid, tuple(fighter.ailments)))
        fighter.ailments.clear()


def add_ailment(s: CardsState, cid: str, name: str, amount: int, rounds: int, out: list[Event]) -> None:
    """"When causing an Ailment, it is added to any amount already afflicting the victim"."""
    fighter = s.fighters[cid]
    if not fighter.present:
        return
    found = fighter.ailments.setdefault(name, Ailment(0, 0))
    found.amount += amount
    found.rounds = max(found.rounds, rounds)
    out.append(AilmentAdded(cid, name, found.amount, found.rounds))


def put_away(s: CardsState, planned: Planned, made_effect: bool) -> None:
    """A resolved card: face up by its owner while its ongoing effect lasts, else to its discard pile."""
    if planned.uid is None:
        return
    owner = s.fighters[s.owner[planned.uid]]
    (owner.faceup if made_effect else owner.discard).append(planned.uid)
    discard_ended_cards(s)
