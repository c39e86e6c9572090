"""Exact previews of an action from a seat's view: who it reaches, the chance to hit, the damage and a wound.

The screen's hover preview and the computer's choices call these; they use the same odds
function, the same modifiers and the same tests of sight as the rules, read only from what the
view shows.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from game.core import odds
from game.core.battlefield import Square
from game.core.fov import SightMap
from game.core.geometry import distance
from game.core.pools import Modifier
from game.modes.grid.components import DEAD
from game.modes.grid.content import ActionDef, DamageSpec, GridContent, ItemDef, damage_group
from game.modes.grid.view import CombatantView, GridView

UNRELIABLE_FAILS_AT = 10
DAMAGE_LIMIT = 40  # damage rolls are summed exactly up to here; the rest counts as one large hit


@dataclass(frozen=True)
class AttackPreview:
    """What an attack on one target is likely to do, with every modifier named."""

    p_hit: float
    p_weapon_works: float
    attack_rank: int
    attack_modifiers: tuple[Modifier, ...]
    defence_rank: int
    defence_modifiers: tuple[Modifier, ...]
    damage_min: int
    damage_max: int | None  # None: unbounded, because a 10 explodes
    expected_damage: float
    p_wound: float = 0.0  # the chance that a hit wounds the target (kills it, for a Drone)
    drone: bool = False

    @property
    def p_success(self) -> float:
        """The chance that the weapon works and the attack hits."""
        return self.p_hit * self.p_weapon_works


@lru_cache(maxsize=1 << 16)
def hit_chances(damage_rank: int, offset: int, damage_now: int, endurance: int, endurance_mod: int,
                drone: bool) -> tuple[float, float]:
    """(P(damage gets through), P(a wound, or death for a Drone)) of one hit (text 003, "Dealing Damage")."""
    through = 0.0
    wound = 0.0
    for value, p in enumerate(odds.distribution(damage_rank, DAMAGE_LIMIT)):
        amount = value + offset
        if amount <= 0 or p == 0.0:
            continue
        through += p
        if drone:
            wound += p  # "they die as soon as they take any damage"
        else:
            # "if the result is less than their current Damage score ... increase their Wounds score by 1"
            wound += p * odds.p_below(endurance, damage_now + amount, endurance_mod)
    return through, wound


def p_shaken_off(trait_rank: int, trait_modifier: int, condition_rank: int) -> float:
    """The chance that a harmful condition is reduced to 0 at the end of a turn (ruling grid-condition-check).

    "the combatant rolls their Trait vs the Conditon's rank": the rank is rolled as dice and the Trait
    roll must beat it, as conditions.check_conditions rolls it.
    """
    return odds.p_beats(trait_rank, condition_rank, trait_modifier)


def rank_of(content: GridContent, c: CombatantView, name: str) -> tuple[int, tuple[Modifier, ...]]:
    """A combatant's rank as its template and visible gear make it, with the gear's changes."""
    base = content.combatant(c.template).rank(name)
    changes = tuple(
        Modifier(content.items[i].ranks[name], content.items[i].name)
        for i in c.equipped if content.items[i].ranks.get(name)
    )
    return max(0, base + sum(m.amount for m in changes)), changes


def roll_modifiers(content: GridContent, c: CombatantView, key: str) -> tuple[Modifier, ...]:
    """Bonuses and penalties the combatant's visible conditions put on a roll of ``key``."""
    out = []
    for condition, _rank in c.conditions:
        definition = content.conditions[condition]
        if definition.modifiers.get(key):
            out.append(Modifier(definition.modifiers[key], definition.name))
    return tuple(out)


def resistance_of(content: GridContent, template_resistance: dict[str, int], c: CombatantView,
                  damage_type: str) -> int:
    """Total resistance against a damage type from the template, visible gear and conditions."""
    keys = (damage_type, damage_group(damage_type))
    total = sum(template_resistance.get(k, 0) for k in keys)
    total += sum(content.items[i].resistance.get(k, 0) for i in c.equipped for k in keys)
    total += sum(content.conditions[cond].resistance.get(k, 0) for cond, _ in c.conditions for k in keys)
    return total


def damage_of(action: ActionDef, weapon: ItemDef | None) -> DamageSpec | None:
    """The damage an action deals: its weapon's for a weapon action."""
    return weapon.damage if weapon is not None else action.damage


def attack_preview(
    content: GridContent, attacker: CombatantView, target: CombatantView, action_id: str, weapon_id: str | None = None
) -> AttackPreview:
    """The exact chance that an attack hits the target, and the damage it would do on a hit."""
    action = content.actions[action_id]
    weapon = content.items[weapon_id] if weapon_id else None
    a_rank, _ = rank_of(content, attacker, action.skill)
    a_mods = roll_modifiers(content, attacker, action.skill)
    d_rank, _ = rank_of(content, target, action.trait)
    d_mods = roll_modifiers(content, target, action.trait)
    p_hit = odds.p_beats(a_rank, d_rank, sum(m.amount for m in a_mods), sum(m.amount for m in d_mods))
    works = odds.p_unreliable_works(weapon.unreliable) if weapon is not None and weapon.unreliable else 1.0
    spec = damage_of(action, weapon)
    if spec is None:
        return AttackPreview(p_hit, works, a_rank, a_mods, d_rank, d_mods, 0, 0, 0.0)
    bonus = spec.bonus + sum(m.amount for m in roll_modifiers(content, attacker, "damage"))
    resist = resistance_of(content, content.combatant(target.template).resistance, target, spec.type)
    offset = bonus - resist
    low = max(0, (0 if spec.rank == 0 else 1) + offset)
    endurance, _ = rank_of(content, target, "Endurance")
    endurance_mod = sum(m.amount for m in roll_modifiers(content, target, "Endurance"))
    drone = "Drone" in target.keywords
    _, wound = hit_chances(spec.rank, offset, target.damage, endurance, endurance_mod, drone)
    return AttackPreview(p_hit, works, a_rank, a_mods, d_rank, d_mods, low, None,
                         odds.expected_positive_part(spec.rank, offset), wound, drone)


def in_sight_of_square(view: GridView, centre: Square) -> AbstractSet[Square]:
    """The squares in sight of a square: lines of sight are the map's, so the view's map gives the rules' answer."""
    # A SightMap shares what it casts with every other one of the same map, the rules' own included.
    return SightMap(view.battlefield).visible_from(centre)


def area_squares(view: GridView, centre: Square, radius: int) -> frozenset[Square]:
    """The squares an area on a square reaches that the current combatant sees: within its radius, in sight of it."""
    around = in_sight_of_square(view, centre)
    return frozenset(sq for sq in view.visible if distance(sq, centre) <= radius and sq in around)


def caught_in_area(view: GridView, centre: Square, radius: int) -> list[CombatantView]:
    """Whom an area attack of the view's current combatant on a square rolls against, in the rules' order.

    The same test as ``attacks.targets_in_area`` (ruling grid-area): "every combatant within its
    radius of the chosen square, in sight of that square and seen by the attacker, friend or foe
    (the attacker included)". The current combatant sees what is in ``view.visible`` but for the
    enemies whose Hidden beats its Senses, which the view names.
    """
    attacker = view.combatant(view.current) if view.current else None
    if attacker is None or not attacker.controlled:
        return []  # only the seat's own combatant's sight is in its view
    around = in_sight_of_square(view, centre)
    return [c for c in view.combatants
            if c.square is not None and c.state != DEAD and distance(c.square, centre) <= radius
            and c.square in around and _seen_by_current(view, attacker, c)]


def _seen_by_current(view: GridView, attacker: CombatantView, c: CombatantView) -> bool:
    """visibility.can_see for the current combatant, from its view: itself, or in its sight and not Hidden from it."""
    return c.cid == attacker.cid or (c.square in view.visible and c.cid not in view.hidden_from_current)
