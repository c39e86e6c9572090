"""Who fights in a cards match: the sides from the setup's options, each fighter's numbers and starting hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.seats import HEROES, MONSTERS
from game.modes.cards.content import BASIC, CardsContent
from game.modes.cards.state import CardsState, Fighter

DEFAULT_HEROES = ("knight", "mage")
DEFAULT_MONSTERS = ("stone_drake", "ogre")
STARTING_HAND = ("base_attack", "base_attack", "lure", "balance", "focus")  # "2 Base Attack, 1 Lure, 1 Balance, ..."
assert set(STARTING_HAND) == set(BASIC)


def sides_of(options: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The sides and their fighters' ids: ``sides`` as given, else the heroes against the monsters."""
    sides = options.get("sides")
    if sides:
        return [(str(name), list(members)) for name, members in sides]
    heroes = list(options.get("heroes") or DEFAULT_HEROES)
    monsters = list(options.get("monsters") or DEFAULT_MONSTERS)
    return [(HEROES, heroes), (MONSTERS, monsters)]


def build_state(content: CardsContent, options: dict[str, Any]) -> CardsState:
    """The fighters of the setup, in setup order, each character with its starting hand numbered card by card."""
    fighters: dict[str, Fighter] = {}
    cards: dict[int, str] = {}
    owner: dict[int, str] = {}
    sides = sides_of(options)
    counts = Counter(t for _side, members in sides for t in members)
    seen: Counter[str] = Counter()
    for side, members in sides:
        for template in members:
            if not content.is_fighter(template):
                raise ValueError(f"no character or monster {template!r} in the cards mode")
            seen[template] += 1
            many = counts[template] > 1
            cid = f"{template}_{seen[template]}" if many else template
            name = content.name_of(template) + (f" {seen[template]}" if many else "")
            if template in content.characters:
                hero = content.characters[template]
                fighter = Fighter(cid, name, template, side, True, hero.tiers, hero.grit, hero.grit, hero.fame,
                                  hero.worn)
                for card in (*STARTING_HAND, *hero.deck):
                    uid = len(cards) + 1
                    cards[uid], owner[uid] = card, cid
                    fighter.hand.append(uid)
            else:
                monster = content.monsters[template]
                fighter = Fighter(cid, name, template, side, False, monster.tiers, monster.grit, monster.grit,
                                  monster.rank, present=True)
            fighters[cid] = fighter
    state = CardsState(content, fighters, tuple(fighters), cards, owner)
    # "each player with their character in the same zone, in turn order, may choose to join": no map, one zone.
    state.joining = [cid for cid in state.order if fighters[cid].character]
    limit = options.get("max_rounds")
    state.max_rounds = limit if isinstance(limit, int) else None
    return state
