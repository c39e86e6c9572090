"""A combatant's sheet in the panel below the map: its keywords explained, its weapons, what it resists.

Only what every seat may know goes in: the keywords of its kind, the gear in its hands and on its
body, and what its kind and that gear resist. What it carries, its action cards and its scores of
the turn (Movement, Senses, Hidden) belong to the seat that controls it, and stay out of an enemy's.
"""

from __future__ import annotations

from game.modes.grid.content import GridContent
from game.modes.grid.view import CombatantView
from game.ui import theme
from game.ui.modes.grid.turn import KEYWORD_NOTES
from game.ui.panels import TextLine

SHEET_COLOUR = (200, 200, 206)


def weapon_words(content: GridContent, item_id: str) -> str:
    """A weapon as its sheet tells it: "Shortbow: ranged, range 8, damage 2 piercing"."""
    item = content.items[item_id]
    parts: list[str] = [item.attack or "melee"]
    if item.attack == "ranged" or item.range > 1:
        parts.append(f"range {item.range}")
    if item.damage is not None:
        bonus = f"+{item.damage.bonus}" if item.damage.bonus > 0 else ""
        parts.append(f"damage {item.damage.rank}{bonus} {item.damage.type}")
    if item.unreliable:
        parts.append(f"unreliable {item.unreliable}")
    if item.hands > 1:
        parts.append(f"{item.hands} hands")
    return f"{item.name}: {', '.join(parts)}"


def resistances(content: GridContent, c: CombatantView) -> dict[str, int]:
    """What the combatant resists by damage type or group, as the rules add it up (``preview.resistance_of``): its
    kind's, its worn gear's and its conditions'; below 0 it is vulnerable."""
    sources = [content.combatant(c.template).resistance]
    sources += [content.items[i].resistance for i in c.equipped if i in content.items]
    sources += [content.conditions[name].resistance for name, _rank in c.conditions if name in content.conditions]
    total: dict[str, int] = {}
    for source in sources:
        for kind, value in source.items():
            total[kind] = total.get(kind, 0) + value
    return {kind: value for kind, value in total.items() if value}


def sheet_lines(content: GridContent, c: CombatantView) -> list[TextLine]:
    """The keywords explained, the weapons in hand and what it resists, as lines for the information panel."""
    lines = [TextLine(KEYWORD_NOTES.get(keyword, keyword), "small", SHEET_COLOUR) for keyword in c.keywords]
    weapons = [i for i in c.equipped if i in content.items and content.items[i].kind == "weapon"]
    if weapons:
        lines.append(TextLine("Weapons", "small", theme.TEXT_DIM, gap=6))
        lines += [TextLine(weapon_words(content, i), "small") for i in weapons]
    resist = resistances(content, c)
    resists = [f"{kind} {value}" for kind, value in sorted(resist.items()) if value > 0]
    weak = [f"{kind} {-value}" for kind, value in sorted(resist.items()) if value < 0]
    if resists:
        lines.append(TextLine(f"Resists (damage taken less): {', '.join(resists)}", "small", gap=6))
    if weak:
        lines.append(TextLine(f"Vulnerable (damage taken more): {', '.join(weak)}", "small", theme.BAD))
    return lines
