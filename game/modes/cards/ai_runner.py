"""The computer running the monsters: where each monster's action is aimed, from the monsters' seat's view alone.

The action itself is the action table's (one die, the player's roll); what is left to the runner is the
character it is aimed at. Every revealed card is on the Priority track by then, so the rest of the round is
known but for the dice: the runner weighs each character by what the attack would do to it when it comes off
the track (a Lure that will draw it elsewhere, the Blocks that will be up), whether it would Recall it before
its own actions come off the track, and how much sooner the whole side would fall.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from game.modes.cards.content import DIE, SKILLS, Card
from game.modes.cards.odds import attack_odds, blocks_of, support_odds, view_bonus
from game.modes.cards.rules import SLOW_PRIORITY, accuracy, damage_dealt, defense, hit_chance, hits, injury
from game.modes.cards.view import CardsView, FighterView, TrackEntry

Outcome = dict[int, float]  # Injury -> chance
NOTHING_BEFORE = 99  # a rank no track entry reaches: the Blocks up now only


@dataclass(frozen=True)
class Prospect:
    """An attack aimed at a character, as the runner foresees it: whom it reaches and the Injury it may deal."""

    reached: str
    injury: Outcome
    recall: float  # the chance the character is Recalled by the end of this attack
    saved: float  # the damage its actions still on the track would deal the monsters
    ailment: float  # Burn still to come: Injury no Block stops


@cache
def _injuries(count: int, bonus: int, needed: int, how: str, damage: int, shift: int, weak: int,
              block: int) -> tuple[tuple[int, float], ...]:
    """Every Injury an attack can deal with its chance, each set of dice judged by the rules' own functions."""
    found: Counter[int] = Counter()
    for faces in combinations_with_replacement(range(1, DIE + 1), count):
        orders = factorial(count)
        for n in Counter(faces).values():
            orders //= factorial(n)  # the orders this set of faces falls in
        values = [face + bonus for face in faces]
        landed = hits(values, needed, how)
        extra = accuracy(values, shift) if landed and damage else 0
        dealt = damage_dealt(damage, landed, extra, weak) if landed and damage else 0
        found[injury(dealt, [block])] += orders
    total = DIE ** count
    return tuple((hurt, n / total) for hurt, n in sorted(found.items()))


def rank_of(fighter: FighterView, card: Card) -> int:
    """Where the fighter's action goes on the track: its Priority less 6 for each Slow."""
    slow = sum(a for name, a, _r in fighter.ailments if name == "slow")
    return card.priority - SLOW_PRIORITY * slow


def before(view: CardsView, entry: TrackEntry, rank: int, actor: str) -> bool:
    """Whether a track entry comes off before ``actor``'s action placed now at ``rank`` (ties in turn order)."""
    if entry.priority != rank:
        return entry.priority > rank
    order = list(view.order)
    if entry.actor not in order or actor not in order or entry.actor == actor:
        return entry.actor == actor  # an action of its own placed earlier goes first
    return order.index(entry.actor) < order.index(actor)


def reached_by(view: CardsView, target: FighterView, rank: int, actor: str) -> FighterView:
    """Whom an attack aimed at ``target`` reaches: the ally with a Lure up by then draws it."""
    for ally in (m for m in view.members if m.present and m.side == target.side and m.cid != target.cid):
        if any(e.kind == "lure" for e in ally.effects):
            return ally
        if any(t.actor == ally.cid and t.card == "lure" and before(view, t, rank, actor) for t in view.track):
            return ally
    return target


def block_then(view: CardsView, fighter: FighterView, rank: int, actor: str) -> tuple[int, int, float]:
    """The Block the fighter will have when the attack comes off: now, surely more, and a spell's that may work."""
    sure, maybe, chance = blocks_of(fighter), 0, 0.0
    for entry in view.track:
        if not before(view, entry, rank, actor):
            continue
        card = view.content.card(entry.card)
        if not card.attacks and card.block and entry.target == fighter.cid:
            works = float(support_odds(view.member(entry.actor), card))
            if works >= 1:
                sure += card.block
            else:
                maybe, chance = maybe + card.block, max(chance, works)
        elif card.attacks and card.self_block and entry.actor == fighter.cid:
            sure += card.self_block  # "that part always takes place even if the attack fails"
    return sure, maybe, chance


def injury_of(view: CardsView, user: FighterView, card: Card, target: FighterView, rank: int) -> Outcome:
    """The Injury the user's attack deals the target when it comes off the track at ``rank``."""
    sure, maybe, chance = block_then(view, target, rank, user.cid)
    weak = sum(a for name, a, _r in user.ailments if name == "weak")
    args = (user.tiers.of(card.skill), view_bonus(user), defense(target.tiers.of(card.defense)), card.dice,
            card.damage, card.accuracy, weak)
    out: Outcome = {}
    for block, share in ((sure, 1.0 - chance), (sure + maybe, chance)):
        if share > 0:
            for hurt, p in _injuries(*args, block):
                out[hurt] = out.get(hurt, 0.0) + p * share
    return out


def _add(first: Outcome, second: Outcome) -> Outcome:
    out: Outcome = {}
    for a, p in first.items():
        for b, q in second.items():
            out[a + b] = out.get(a + b, 0.0) + p * q
    return out


def mean(outcome: Outcome) -> float:
    """The expected Injury."""
    return sum(hurt * p for hurt, p in outcome.items())


def prospect(view: CardsView, monster: FighterView, card: Card, target: FighterView) -> Prospect:
    """What the monster's attack aimed at ``target`` is likely to do, the rest of the track as revealed."""
    rank = rank_of(monster, card)
    hit = reached_by(view, target, rank, monster.cid)
    ours = injury_of(view, monster, card, hit, rank)
    earlier: Outcome = {0: 1.0}  # the monsters' attacks on it that come off first
    for entry in view.track:
        other = view.member(entry.actor)
        aimed = view.content.card(entry.card)
        if other.side == monster.side and aimed.attacks and before(view, entry, rank, monster.cid) \
                and reached_by(view, view.member(entry.target), entry.priority, other.cid).cid == hit.cid:
            earlier = _add(earlier, injury_of(view, other, aimed, hit, entry.priority))
    total = _add(earlier, ours)
    recall = sum(p for hurt, p in total.items() if hurt >= hit.grit)
    saved = 0.0
    for entry in view.track:  # its own attacks that would come off after this one are lost if it is Recalled
        aimed = view.content.card(entry.card)
        if entry.actor == hit.cid and aimed.attacks and not before(view, entry, rank, monster.cid):
            foe = view.member(entry.target)
            saved += float(attack_odds(view, hit, aimed, foe, False).expected_injury)
    burn = 0.0
    if card.ailment == "burn":  # it ticks at the start of each round it has left after this one, past any Block
        burn = card.amount * (card.ailment_rounds - 1) * float(attack_odds(view, monster, card, hit, False).chance)
    return Prospect(hit.cid, ours, recall, saved, burn)


def pressure(view: CardsView, side: str, target: FighterView) -> float:
    """The Injury a round of the monsters still in the fight would deal the character, by their action tables."""
    total = 0.0
    for m in view.members:
        if not (m.present and m.side == side) or m.character:
            continue
        monster = view.content.monsters[m.template]
        for row in monster.actions:
            card = view.content.card(row.card)
            share = (row.high - row.low + 1) / DIE
            if card.attacks:
                total += mean(injury_of(view, m, card, target, NOTHING_BEFORE)) * share
                if card.ailment == "burn":
                    total += card.amount * float(attack_odds(view, m, card, target, False).chance) * share
    return max(total, 0.05)


def threat(view: CardsView, hero: FighterView, side: str) -> float:
    """What a character may deal the monsters a round: its best Skill's chance on their weakest defense, by dice."""
    foes = [m for m in view.members if m.present and m.side == side]
    weakest = min((defense(foe.tiers.of(skill)) for foe in foes for skill in SKILLS), default=0)
    return max(float(hit_chance(hero.tiers.of(skill), view_bonus(hero), weakest)) * hero.tiers.of(skill)
               for skill in SKILLS)


def worth(view: CardsView, monster: FighterView, card: Card, target: FighterView) -> float:
    """What aiming the monster's attack at ``target`` is worth to the monsters: the hero damage it spares them.

    The side falls in the order that spares the monsters most (the character whose threat per round of the
    monsters' pressure is highest first); a point of Grit taken from a character shortens the fight by its
    share of that order.
    """
    p = prospect(view, monster, card, target)
    hit = view.member(p.reached)
    heroes = [m for m in view.members if m.present and m.side == hit.side]
    rate = {h.cid: threat(view, h, monster.side) for h in heroes}
    speed = {h.cid: pressure(view, monster.side, h) for h in heroes}
    order = sorted(heroes, key=lambda h: rate[h.cid] * speed[h.cid] / max(h.grit, 1), reverse=True)
    standing = sum(rate.values())
    for h in order:  # while it stands every later one stands too
        if h.cid == hit.cid:
            break
        standing -= rate[h.cid]
    per_grit = standing / speed[hit.cid]
    gain = (mean(p.injury) + p.ailment) * per_grit
    return gain + p.recall * (p.saved + rate[hit.cid])


def aim(view: CardsView, monster: FighterView, card: Card, options: Sequence[str]) -> str:
    """The character the runner aims the monster's attack at."""
    return max(options, key=lambda cid: worth(view, monster, card, view.member(cid)))
