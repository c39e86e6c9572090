"""A character's sheet below the map (click it): each weapon with its type explained, its armour and abilities.

Text 002 hides nothing on the battlefield but plans: every seat may know a character's weapons, armour, abilities
and wounds. Its sealed plan, and a monster's secret or bluffed tactics, stay out.
"""

from __future__ import annotations

from game.modes.arenas.arenas import FAVOURED
from game.modes.arenas.content import ATTACK_DICE, ArenasContent, Weapon
from game.modes.arenas.view import FighterView
from game.ui import theme
from game.ui.panels import TextLine

SHEET_COLOUR = (200, 200, 206)
ABILITY_NOTES = {"heal": "a Focus: if still unwounded in step 7, a Cunning test heals an ally's lowest marked wound",
                 "strike": "a Focus: if still unwounded in step 7, an attack that rolls one more damage die"}


def favoured_in(weapon_type: str) -> str:
    """Where a weapon's type is at +2 to attack: "Tight arenas", or "" for none."""
    kinds = [kind for kind, types in FAVOURED.items() if weapon_type in types]
    if not kinds:
        return ""
    where = " and ".join(f"{kind.title()} arenas" for kind in kinds)
    return f"+2 at targets in {where}" if kinds == ["open"] else f"+2 to attack in {where}"


def weapon_words(weapon: Weapon, use: str) -> str:
    """A weapon as its sheet tells it: "Long bow (shoot): long bow, 2d10 to hit, damage d6, +2 at targets in Open
    arenas"."""
    parts = [weapon.type.replace("_", " ")]
    if weapon.type != "shield":
        parts.append(f"{ATTACK_DICE[weapon.type]}d10 to hit")
    if weapon.damage:
        parts.append("damage " + " + ".join(f"d{die}" for die in weapon.damage))
    if weapon.parrying:
        parts.append("parrying")
    favoured = favoured_in(weapon.type)
    if favoured:
        parts.append(favoured)
    return f"{weapon.name} ({use}): {', '.join(parts)}"


def sheet_lines(content: ArenasContent, f: FighterView) -> list[TextLine]:
    """The weapons in hand, each type explained; the armour; the abilities; a group's minions."""
    c = content.character(f.template)
    lines = [TextLine("Weapons", "small", theme.TEXT_DIM, gap=6)]
    for key, use in ((c.weapon, "melee"), (c.ranged, "shoot or throw"), (c.offhand, "other hand")):
        if key and key in content.weapons:
            lines.append(TextLine(weapon_words(content.weapons[key], use), "small", SHEET_COLOUR))
    if c.armour and c.armour in content.armour:
        armour = content.armour[c.armour]
        lines.append(TextLine(f"{armour.name}: +{armour.bonus} to the number an attack on it needs", "small"))
    for key in c.abilities:
        ability = content.abilities.get(key)
        if ability is not None:
            lines.append(TextLine(f"{ability.name}: {ABILITY_NOTES[ability.effect]}", "small"))
    if c.minions > 1:
        lines.append(TextLine(f"A group of {c.minions} minions acting and rolling as one; {f.members} still "
                              "standing", "small", theme.TEXT_DIM))
    return lines
