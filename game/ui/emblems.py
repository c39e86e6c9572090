"""The emblem on a token, which says what a combatant is: its weapon, a skull for the Undead, a paw for Beasts.

The images are drawn by ``tools/emblemart.py`` into ``assets/emblems``; which one a combatant wears
is chosen here from what every seat may know of it (its keywords and the weapon in its hands).
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core.bundled import ASSETS

FOLDER = ASSETS / "emblems"
EMBLEMS = ("sword", "dagger", "axe", "hammer", "spear", "bow", "staff", "gun", "skull", "paw", "drop", "flame",
           "fist", "sling", "whip", "lantern", "bottle", "spider", "wing")
# What a body is, before what it holds: a skeleton with a sword is first of all Undead.
KEYWORD_EMBLEMS = (("undead", "skull"), ("beast", "paw"), ("amorphous", "drop"))
# Words in a weapon's name, and the emblem of its kind (the first word found wins: a "shortbow" is a bow).
WEAPON_WORDS = (("bow", "bow"), ("sword", "sword"), ("dagger", "dagger"), ("knife", "dagger"), ("axe", "axe"),
                ("hammer", "hammer"), ("mace", "hammer"), ("club", "hammer"), ("spear", "spear"),
                ("staff", "staff"), ("wand", "staff"), ("blunderbuss", "gun"), ("pistol", "gun"),
                ("musket", "gun"), ("bite", "paw"), ("fang", "paw"), ("claw", "paw"), ("jaws", "paw"),
                ("fist", "fist"), ("bare hands", "fist"), ("maul", "hammer"), ("glaive", "spear"),
                ("halberd", "spear"), ("javelin", "spear"), ("sling", "sling"), ("whip", "whip"),
                ("lantern", "lantern"), ("bottle", "bottle"))
# For modes whose data name no keywords: the words of a name that say what a body is ("Giant Rat": a paw), and,
# after its weapons, the words that say what it does ("Brannoc the Knight": a sword).
BODY_WORDS = (("skeleton", "skull"), ("zombie", "skull"), ("ghoul", "skull"), ("lich", "skull"),
              ("spider", "spider"), ("drake", "wing"), ("dragon", "wing"), ("wyvern", "wing"), ("bat", "wing"),
              ("rat", "paw"), ("wolf", "paw"), ("hound", "paw"), ("bear", "paw"), ("dog", "paw"),
              ("ooze", "drop"), ("slime", "drop"))
ROLE_WORDS = (("knight", "sword"), ("duel", "sword"), ("ranger", "bow"), ("archer", "bow"), ("mage", "staff"),
              ("wizard", "staff"), ("scholar", "staff"), ("witch", "staff"), ("shaman", "flame"),
              ("priest", "hammer"), ("cleric", "hammer"), ("ogre", "hammer"), ("rogue", "dagger"),
              ("cutpurse", "dagger"), ("thief", "dagger"))

_IMAGES: dict[str, pygame.Surface | None] = {}
_TINTED: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}


def emblem_for(keywords: Iterable[str], weapons: Iterable[str], caster: bool = False) -> str:
    """The emblem of a combatant: of its keywords; else for one who fights with spells its staff, or a flame;
    else of the first weapon named; else a fist."""
    words = {k.lower() for k in keywords}
    for keyword, emblem in KEYWORD_EMBLEMS:
        if keyword in words:
            return emblem
    kinds = [kind for kind in (weapon_emblem(w) for w in weapons) if kind is not None]
    if caster:
        return "staff" if "staff" in kinds else "flame"
    return kinds[0] if kinds else "fist"


def named_emblem(name: str, weapons: Iterable[str]) -> str:
    """The emblem of one whose data name no keywords: what its name says its body is; else of its first weapon
    known; else what its name says it does; else a fist."""
    words = set(name.lower().replace("-", " ").split())
    body = next((emblem for word, emblem in BODY_WORDS if word in words), None)
    if body is not None:
        return body
    kinds = [kind for kind in (weapon_emblem(w) for w in weapons) if kind is not None]
    if kinds:
        return kinds[0]
    return next((emblem for word, emblem in ROLE_WORDS if any(w.startswith(word) for w in words)), "fist")


def weapon_emblem(name: str) -> str | None:
    """The emblem of a weapon's kind, from its name ("Shortbow": bow), or None for a name it does not know."""
    lowered = name.lower()
    return next((emblem for word, emblem in WEAPON_WORDS if word in lowered), None)


def emblem_image(name: str) -> pygame.Surface | None:
    """The emblem's light silhouette (None when its file is missing or unreadable: the token goes without)."""
    if name not in _IMAGES:
        try:
            _IMAGES[name] = pygame.image.load(str(FOLDER / f"{name}.png")) if name in EMBLEMS else None
        except (pygame.error, OSError):
            _IMAGES[name] = None
    return _IMAGES[name]


def tinted_emblem(name: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface | None:
    """The emblem at a size in pixels, in a colour (cached)."""
    key = (name, size, colour)
    cached = _TINTED.get(key)
    if cached is None:
        image = emblem_image(name)
        if image is None:
            return None
        cached = pygame.transform.smoothscale(image, (size, size))
        cached.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if len(_TINTED) > 400:
            _TINTED.clear()
        _TINTED[key] = cached
    return cached
