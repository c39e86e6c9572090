"""A fighter's sheet below the table (click it): its defenses, its Block, what ails it, and for a monster its action
table.

Only what every seat may know goes in: the Tiers, the Worn gear and the ongoing cards on the table, a monster's
bestiary entry (its Rank and the cards its die may bring up). A character's hand, its face-down cards and their
targets belong to its seat: an enemy's sheet counts them and names none.
"""

from __future__ import annotations

from game.modes.cards.content import CardsContent
from game.modes.cards.rules import defense
from game.modes.cards.view import FighterView
from game.ui import theme
from game.ui.modes.cards.words import AILMENT, KIND, SKILL, card_line
from game.ui.panels import TextLine

SHEET_COLOUR = (200, 200, 206)
# Text 000's Ailments, in its words.
AILMENT_NOTES = {"burn": "Suffer 1 Injury at the beginning of each round.", "dazzle": "Suffer -1 on rolls.",
                 "slow": "Suffer -6 Priority.", "weak": "Deal -1 damage."}


def sheet_lines(content: CardsContent, who: FighterView) -> list[TextLine]:
    """The defenses, the Worn gear, each Ailment explained and each ongoing effect; a monster's action table; a
    character's Fame and how many cards it holds, never which."""
    skills = ("might", "finesse", "wit", "spirit")
    lines = [TextLine("Defense (3 + 2 x Tier): " + ", ".join(f"{SKILL[s]} {defense(who.tiers.of(s))}"
                                                            for s in skills), "small", SHEET_COLOUR)]
    if who.worn:
        lines.append(TextLine(f"Worn: {content.worn[who.worn].name}, Block {who.worn_block} against every attack",
                              "small", SHEET_COLOUR))
    for name, amount, rounds in who.ailments:
        lines.append(TextLine(f"{AILMENT[name]} {amount} ({rounds} rounds left): {AILMENT_NOTES[name]}", "small",
                              theme.BAD))
    for e in who.effects:
        what = f"{KIND.get(e.kind, e.kind)} {e.amount}" if e.kind == "block" else (
            f"+{e.amount} {KIND[e.kind]}" if e.kind == "bonus" else KIND.get(e.kind, e.kind))
        lasts = f"{e.rounds} round{'s' if e.rounds != 1 else ''} left" if e.rounds else "the whole fight"
        lines.append(TextLine(f"{what} from {content.card(e.card).name} ({lasts})", "small", theme.GOOD))
    if who.character:
        lines.append(TextLine(f"Fame {who.fame} \u00b7 {who.hand_size} cards in hand \u00b7 {who.face_down} face down",
                              "small", theme.TEXT_DIM, gap=6))
        return lines
    monster = content.monsters.get(who.template)
    if monster is not None:
        lines.append(TextLine(f"Rank {monster.rank} \u00b7 its runner rolls a d12 on its action table:", "small",
                              theme.TEXT_DIM, gap=6))
        for action in monster.actions:
            rolls = f"{action.low}" if action.low == action.high else f"{action.low}-{action.high}"
            lines.append(TextLine(f"{rolls}: {card_line(content.card(action.card))}", "small"))
    return lines
