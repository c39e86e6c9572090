"""The chances the hand shows and the computer weighs: by the rules' own functions, from a seat's view."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.modes.cards.content import Card
from game.modes.cards.rules import SECOND_DAMAGE_PENALTY, defense, hit_chance, support_chance
from game.modes.cards.view import CardsView, FighterView


@dataclass(frozen=True)
class AttackOdds:
    """An attack's prospects against one target: the defense, the exact chance to beat it, likely Injury."""

    needed: int
    dice: int
    bonus: int
    chance: Fraction
    expected_injury: Fraction
    likely_injury: int


def view_bonus(fighter: FighterView) -> int:
    """The bonus on every die the fighter rolls, as its view shows its effects and Dazzle."""
    bonus = sum(e.amount for e in fighter.effects if e.kind == "bonus")
    return bonus - sum(amount for name, amount, _r in fighter.ailments if name == "dazzle")


def blocks_of(fighter: FighterView) -> int:
    """All the Block that applies to an attack on the fighter: Worn gear and ongoing effects."""
    return fighter.worn_block + sum(e.amount for e in fighter.effects if e.kind == "block")


def attack_odds(view: CardsView, user: FighterView, card: Card, target: FighterView, damaging: bool) -> AttackOdds:
    """The exact chance the card's attack lands on the target (before Fame), and the Injury to expect."""
    needed = defense(target.tiers.of(card.defense))
    dice = user.tiers.of(card.skill)
    bonus = view_bonus(user) - (SECOND_DAMAGE_PENALTY if damaging and card.damage and user.character else 0)
    chance = hit_chance(dice, bonus, needed, card.dice)
    weak = sum(a for name, a, _r in user.ailments if name == "weak")
    likely = max(0, card.damage - weak - blocks_of(target)) if card.damage else 0
    return AttackOdds(needed, dice, bonus, chance, chance * likely, likely)


def support_odds(user: FighterView, card: Card) -> Fraction:
    """The chance a card that does not attack works: a Spell's Wit roll of 6, or always for gear and the rest."""
    if card.kind != "spell":
        return Fraction(1)
    return support_chance(user.tiers.of("wit"), view_bonus(user))
