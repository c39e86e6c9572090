"""The computer's cards player: from its seat's view alone, it plays cards for their expected effect.

It never reads a hand or a face-down card of another seat: its view holds none. Each card in hand is
weighed against each fighter it could be aimed at with the rules' own chances (``rules.hit_chance``). For
the monsters, whose actions the action table picks, it chooses only where each is aimed (``ai_runner``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.events import Action
from game.modes.cards.actions import ChooseTarget, Declare, JoinFight, KeepDice, PlaceCard, Reroll, SealCards
from game.modes.cards.ai_runner import aim
from game.modes.cards.content import Card
from game.modes.cards.odds import attack_odds, support_odds
from game.modes.cards.rules import hits, support_works
from game.modes.cards.view import CardsView, FighterView

KILL = 3.0  # what taking an enemy out of the fight is worth, over its damage
AILMENT = {"burn": 1.2, "dazzle": 0.8, "slow": 0.5, "weak": 0.8}  # per amount, on an enemy
WORTH_PLAYING = -0.5  # a card worth less stays in hand; any other is played, for an empty hand takes its discards back


class CardsPlayer:
    """The tactical policy for the cards mode."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: CardsView, legal: Sequence[Action]) -> Action:
        """Pick the action worth most to the seat's side, knowing only its view."""
        pending = view.pending
        kind = pending.kind if pending is not None else ""
        me = view.member(pending.cid) if pending is not None and pending.cid else None
        if kind == "join":
            joins = [a for a in legal if isinstance(a, JoinFight)]
            return max(joins, key=lambda a: view.content.worn[a.worn].block if a.worn else 0)
        if kind == "place" and me is not None:
            return self._place(view, me, legal)
        if kind == "declare" and me is not None:
            return self._declare(view, me, legal)
        if kind == "target" and view.targeting is not None:
            return self._monster_target(view, legal)
        if kind == "reroll" and me is not None:
            return self._reroll(view, me, legal)
        return legal[self.rng.randrange(len(legal))]

    # -- placing cards ----------------------------------------------------------------------------
    def _place(self, view: CardsView, me: FighterView, legal: Sequence[Action]) -> Action:
        placed = [view.content.card(c.card) for c, _t in me.placed]
        damaging = any(card.damage for card in placed) or me.cid in view.used_damage
        best: tuple[float, Action] = (WORTH_PLAYING, SealCards())
        for action in legal:
            if isinstance(action, PlaceCard):
                card = view.content.card(next(h.card for h in me.hand if h.uid == action.card))
                worth = card_worth(view, me, card, view.member(action.target), damaging)
                worth += self.rng.random() * 0.01  # equal worths are settled by chance, not by hand order
                if worth > best[0]:
                    best = (worth, action)
        return best[1]

    def _declare(self, view: CardsView, me: FighterView, legal: Sequence[Action]) -> Action:
        """Take the token when acting first is worth more than the attack: a poor attack, and the token elsewhere."""
        assert view.declaring is not None
        target = view.member(view.declaring[1])
        attack = card_worth(view, me, view.content.card("base_attack"), target, me.cid in view.used_damage)
        holder = view.member(view.token) if view.token else None
        token_worth = 0.6 if holder is None or holder.side != me.side else 0.0
        return Declare(token_worth > attack)

    # -- the monster's runner -------------------------------------------------------------------------
    def _monster_target(self, view: CardsView, legal: Sequence[Action]) -> Action:
        """The monster's runner aims where the attack spares the monsters most (``ai_runner``)."""
        assert view.targeting is not None
        monster = view.member(view.targeting[0])
        card = view.content.card(view.targeting[1])
        options = [a.target for a in legal if isinstance(a, ChooseTarget)]
        return ChooseTarget(aim(view, monster, card, options))

    # -- Fame rerolls -----------------------------------------------------------------------------------
    def _reroll(self, view: CardsView, me: FighterView, legal: Sequence[Action]) -> Action:
        """Spend Fame only when a reroll could turn the roll's outcome the seat's way."""
        roll = view.roll
        if roll is None or roll.skill == "action":
            return KeepDice()
        roller = view.member(roll.roller)
        card = view.content.card(roll.card)
        friendly = roller.side == me.side
        open_dice = [i for i, done in enumerate(roll.rerolled) if not done]
        if card.attacks and roll.target is not None:
            needed = 3 + 2 * view.member(roll.target).tiers.of(card.defense)
            landed = hits(roll.values, needed, card.dice)
            if friendly and not landed and open_dice:
                return Reroll(min(open_dice, key=lambda i: roll.values[i]))
            if not friendly and landed and card.dice == "highest":
                over = [i for i, v in enumerate(roll.values) if v >= needed]
                if len(over) == 1 and over[0] in open_dice:
                    return Reroll(over[0])  # the one die that lands it
        elif not card.attacks and friendly and not support_works(roll.values) and open_dice:
            return Reroll(min(open_dice, key=lambda i: roll.values[i]))
        return KeepDice()


def card_worth(view: CardsView, user: FighterView, card: Card, target: FighterView, damaging: bool) -> float:
    """What a card aimed at a fighter is worth to its user's side, in Grit as the rules would likely move it."""
    if card.attacks:
        if target.side == user.side:
            return -1.0
        odds = attack_odds(view, user, card, target, damaging)
        worth = float(odds.expected_injury)
        if target.grit <= odds.likely_injury:
            worth += KILL * float(odds.chance)
        if card.ailment and not target.ailments:
            worth += AILMENT[card.ailment] * card.amount * float(odds.chance)
        return worth + 0.3 * (card.self_block + card.self_bonus) + (0.8 if card.self_cure and user.ailments else 0)
    chance = float(support_odds(user, card))
    enemies = [m for m in view.members if m.present and m.side != user.side]
    threat = 1.0 if enemies else 0.0
    rounds = 1.0 if card.lasts == "round" else 3.0
    worth = 0.0
    if card.block:
        worth += card.block * threat * rounds * (1.5 if target.grit <= target.max_grit // 2 else 1.0)
    if card.bonus:
        worth += card.bonus * 0.4 * rounds
    if card.cure:
        worth += 1.5 * len(target.ailments)
    if card.id == "lure":
        allies = [m for m in view.members if m.present and m.side == user.side and m.cid != user.cid]
        weak = [m for m in allies if m.grit * 2 < user.grit]
        worth += 0.9 if weak else 0.0
    if card.id == "focus":
        worth += 0.35
    return worth * chance
