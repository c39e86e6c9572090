"""What the hand and the reroll prompt say of chances: the rules' own functions over the seat's view."""

from __future__ import annotations

from fractions import Fraction

from game.modes.cards.content import DIE
from game.modes.cards.odds import attack_odds, support_odds
from game.modes.cards.rules import defense, hits, modified, support_works
from game.modes.cards.view import CardsView, FighterView, RollView


def percent(chance: Fraction) -> str:
    """A chance as a whole percentage, and exactly when that is not whole (7/12 is "58% (7/12)")."""
    whole = chance * 100
    shown = f"{round(float(whole))}%"
    return shown if whole.denominator == 1 else f"{shown} ({chance.numerator}/{chance.denominator})"


def aim_words(view: CardsView, user: FighterView, card_id: str, target: FighterView) -> str:
    """What a card aimed at a fighter may do: its exact chance against that fighter's defense, or to work."""
    card = view.content.card(card_id)
    if card.attacks:
        odds = attack_odds(view, user, card, target, user.cid in view.used_damage)
        return f"{percent(odds.chance)} to beat defense {odds.needed}, about {odds.likely_injury} Injury on a hit"
    if card.kind == "spell":
        return f"{percent(support_odds(user, card))} to roll Wit 6+"
    return "no roll: it works"


def reroll_words(view: CardsView, roll: RollView, die: int) -> str:
    """What rerolling one die could change: the exact chance that the roll then succeeds."""
    card = view.content.card(roll.card) if roll.card else None
    if card is None:
        return "any row of the table again"

    def succeeds(values: list[int]) -> bool:
        if card.attacks and roll.target is not None:
            needed = defense(view.member(roll.target).tiers.of(card.defense))
            return hits(values, needed, card.dice) > 0
        return support_works(values)

    count = 0
    for face in range(1, DIE + 1):
        raw = list(roll.raw)
        raw[die] = face
        count += succeeds(modified(raw, roll.bonus))
    return f"then {percent(Fraction(count, DIE))} that it succeeds"


def roll_succeeds(view: CardsView, roll: RollView) -> bool | None:
    """Whether the roll as it stands succeeds (None for the action die, which has no success)."""
    if not roll.card:
        return None
    card = view.content.card(roll.card)
    if card.attacks and roll.target is not None:
        return hits(roll.values, defense(view.member(roll.target).tiers.of(card.defense)), card.dice) > 0
    return support_works(roll.values)
