"""A combatant's sheet below the table (click it): its trait dice, each tool explained, how it wounds bare-handed,
its specials.

Everything on the beats table is public but the die a combatant selected and has not yet shown: the sheet names
no selection before the reveal (the view holds none of another seat's).
"""

from __future__ import annotations

from game.modes.beats.content import BeatsContent
from game.modes.beats.view import FighterView
from game.ui import theme
from game.ui.panels import TextLine

SHEET_COLOUR = (200, 200, 206)


def sheet_lines(content: BeatsContent, member: FighterView) -> list[TextLine]:
    """Its trait dice; each tool held with the trait it serves and the wound it gives; its bare-handed wound; its
    specials and whether each is still to use this fight."""
    kind = content.heroes.get(member.template) or content.foes.get(member.template)
    lines: list[TextLine] = []
    if kind is not None:
        lines.append(TextLine(f"Traits: Brawn d{kind.brawn} \u00b7 Finesse d{kind.finesse} \u00b7 Wits d{kind.wits}",
                              "small", SHEET_COLOUR, gap=6))
    by_name = {tool.name: tool for tool in content.tools.values()}  # the view names a tool in hand by its name
    for _item, name, trait in member.tools:
        tool = by_name.get(name)
        hurts = f"; its blows leave \u201c{tool.hurts}\u201d" if tool is not None else ""
        lines.append(TextLine(f"{name}: rolled as a d8 for {trait.title()} while held{hurts}", "small"))
    if kind is not None:
        lines.append(TextLine(f"Bare-handed its blows leave \u201c{kind.unarmed}\u201d", "small", theme.TEXT_DIM))
    for _key, name, die, left in member.specials:
        use = "still to use this fight" if left else "used this fight"
        lines.append(TextLine(f"{name}: once a fight, a d{die} added to the die it shows ({use})", "small"))
    return lines
