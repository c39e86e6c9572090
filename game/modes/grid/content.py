"""The grid mode's content: heroes, monsters, items, actions, conditions and auras from TOML."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from game.core.content import DATA, load_entries, require, require_entries, require_within
from game.core.errors import ContentError

TRAITS = ("Endurance", "Resolve", "Speed")
SKILLS = ("Brawl", "Perception", "Presence", "Reactions", "Spellcasting", "Stealth", "Weapon")
DAMAGE_GROUPS = {
    "physical": ("slashing", "piercing", "bludgeoning"),
    "energy": ("fire", "cold", "lightning"),
    "corruption": ("poison", "necrotic"),
}
DAMAGE_TYPES = tuple(t for group in DAMAGE_GROUPS.values() for t in group)
KEYWORDS = ("Beast", "Mindless", "Drone", "Undead", "Swarm", "Amorphous", "Boss")
ROLES_WITHOUT = ("Beast", "Mindless")  # "doesn't have a role or a background" (text 003)
MODIFIER_KEYS = TRAITS + SKILLS + ("damage", "movement")

# The numbers the rules can use. Ranks run from 0 to 10 ("rank of ... must be from 0 to 10"); damage and
# condition ranks, heals, bonuses, modifiers and resistances are ranks or added to one, so they keep within a
# rank's span; a range reaches at most across the largest map (256 squares); an area or aura radius at most
# MAX_RADIUS squares. Larger numbers mean nothing more to the rules and cost time to roll or cover.
MAX_RANK = 10
MAX_REACH = 256
MAX_RADIUS = 10


def damage_group(damage_type: str) -> str:
    """The group (physical, energy, corruption) a damage type belongs to."""
    for group, types in DAMAGE_GROUPS.items():
        if damage_type in types:
            return group
    raise KeyError(damage_type)


@dataclass(frozen=True)
class DamageSpec:
    """Damage dealt: a rank to roll, a bonus to add and a damage type."""

    rank: int
    type: str
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.rank < 0:
            raise ValueError("damage rank must be 0 or more")
        if self.type not in DAMAGE_TYPES:
            raise ValueError(f"unknown damage type {self.type!r} (known: {', '.join(DAMAGE_TYPES)})")


@dataclass(frozen=True)
class ConditionDef:
    """A condition: beneficial or not, tied to a Trait, with its effects."""

    id: str
    name: str
    beneficial: bool
    trait: str
    description: str = ""
    stun: bool = False
    heal: int = 0
    automatic_damage: DamageSpec | None = None
    modifiers: dict[str, int] = field(default_factory=dict)
    resistance: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class AuraDef:
    """An aura: what it does each turn to the combatants within its radius."""

    id: str
    name: str
    radius: int
    affects: Literal["allies", "enemies", "all"]
    description: str = ""
    heal: int = 0
    automatic_damage: DamageSpec | None = None
    condition: str = ""
    condition_rank: int = 1


@dataclass(frozen=True)
class ItemDef:
    """An item that can lie in a treasure pile, be carried and be equipped."""

    id: str
    name: str
    kind: Literal["weapon", "armour", "shield", "trinket"]
    attack: Literal["", "melee", "ranged"] = ""
    hands: int = 0
    range: int = 1
    damage: DamageSpec | None = None
    unreliable: int = 0
    ranks: dict[str, int] = field(default_factory=dict)
    resistance: dict[str, int] = field(default_factory=dict)

    @property
    def slot(self) -> str:
        """Where the item is worn: hands, body or neck."""
        return {"weapon": "hands", "shield": "hands", "armour": "body", "trinket": "neck"}[self.kind]


@dataclass(frozen=True)
class ActionDef:
    """An action card: its range, targets and ``[Skill] vs [Trait]``, and its effects."""

    id: str
    name: str
    kind: Literal["attack", "heal", "buff", "aura"]
    target: Literal["enemy", "ally", "self", "square"]
    description: str = ""
    skill: str = ""
    trait: str = ""
    weapon: Literal["", "melee", "ranged"] = ""
    range: int = 1
    area: int = 0
    damage: DamageSpec | None = None
    condition: str = ""
    condition_rank: int = 1
    heal: int = 0
    aura: str = ""


@dataclass(frozen=True)
class CombatantDef:
    """A hero or monster template: ranks, keywords, gear and action cards."""

    id: str
    name: str
    traits: dict[str, int]
    actions: tuple[str, ...]
    skills: dict[str, int] = field(default_factory=dict)
    keywords: tuple[str, ...] = ()
    role: str = ""
    background: str = ""
    colour: str = ""
    items: tuple[str, ...] = ()
    equipped: tuple[str, ...] = ()
    auras: tuple[str, ...] = ()
    resistance: dict[str, int] = field(default_factory=dict)

    def rank(self, name: str) -> int:
        """The base rank of a Trait or Skill (a Skill left out is 0)."""
        return self.traits.get(name, self.skills.get(name, 0))


@dataclass(frozen=True)
class GridContent:
    """All content of the grid mode, cross-checked."""

    heroes: dict[str, CombatantDef]
    monsters: dict[str, CombatantDef]
    items: dict[str, ItemDef]
    actions: dict[str, ActionDef]
    conditions: dict[str, ConditionDef]
    auras: dict[str, AuraDef]

    def combatant(self, template: str) -> CombatantDef:
        """A hero or monster template by id."""
        if template in self.heroes:
            return self.heroes[template]
        return self.monsters[template]


def load_content(folder: Path | None = None) -> GridContent:
    """Load and validate the grid mode's content (cached for the default folder)."""
    if folder is None:
        return _default_content()
    return _load(folder)


@lru_cache(maxsize=1)
def _default_content() -> GridContent:
    return _load(DATA / "grid")


def _load(folder: Path) -> GridContent:
    """Read every file of the folder and check the references between them."""
    content = GridContent(
        heroes=load_entries(folder / "heroes.toml", CombatantDef),
        monsters=load_entries(folder / "monsters.toml", CombatantDef),
        items=load_entries(folder / "items.toml", ItemDef),
        actions=load_entries(folder / "actions.toml", ActionDef),
        conditions=load_entries(folder / "conditions.toml", ConditionDef),
        auras=load_entries(folder / "auras.toml", AuraDef),
    )
    _check(folder, content)
    return content


def _check_modifiers(where: str, name: str, values: dict[str, int], keys: tuple[str, ...]) -> None:
    for key in values:
        require(key in keys, where, f"field '{name}': unknown key '{key}' (known: {', '.join(keys)})")


def _check_resistance(where: str, values: dict[str, int]) -> None:
    keys = tuple(DAMAGE_GROUPS) + DAMAGE_TYPES
    _check_modifiers(where, "resistance", values, keys)


def _check_damage(where: str, name: str, damage: DamageSpec | None) -> None:
    if damage is not None:
        require_within(damage.rank, 0, MAX_RANK, where, f"{name}.rank")
        require_within(damage.bonus, -MAX_RANK, MAX_RANK, where, f"{name}.bonus")


def _check_numbers(where: str, name: str, values: dict[str, int]) -> None:
    for key, value in values.items():
        require_within(value, -MAX_RANK, MAX_RANK, where, f"{name}.{key}")


def _check_bounds(folder: Path, c: GridContent) -> None:
    """Every number within what the rules can use (see MAX_RANK); each message names the file, entry and field."""
    for filename, group in (("heroes.toml", c.heroes), ("monsters.toml", c.monsters)):
        require_entries(group, folder / filename)
    for cid, cond in c.conditions.items():
        where = f"{folder / 'conditions.toml'}: [{cid}]"
        require_within(cond.heal, 0, MAX_RANK, where, "heal")
        _check_damage(where, "automatic_damage", cond.automatic_damage)
        _check_numbers(where, "modifiers", cond.modifiers)
        _check_numbers(where, "resistance", cond.resistance)
    for aid, aura in c.auras.items():
        where = f"{folder / 'auras.toml'}: [{aid}]"
        require_within(aura.radius, 0, MAX_RADIUS, where, "radius")
        require_within(aura.heal, 0, MAX_RANK, where, "heal")
        require_within(aura.condition_rank, 1, MAX_RANK, where, "condition_rank")
        _check_damage(where, "automatic_damage", aura.automatic_damage)
    for iid, item in c.items.items():
        where = f"{folder / 'items.toml'}: [{iid}]"
        require_within(item.range, 1, MAX_REACH, where, "range")
        require_within(item.unreliable, 0, MAX_RANK, where, "unreliable")
        require_within(item.hands, 0, 2, where, "hands")
        _check_damage(where, "damage", item.damage)
        _check_numbers(where, "ranks", item.ranks)
        _check_numbers(where, "resistance", item.resistance)
    for aid, act in c.actions.items():
        where = f"{folder / 'actions.toml'}: [{aid}]"
        require_within(act.range, 0, MAX_REACH, where, "range")
        require_within(act.area, 0, MAX_RADIUS, where, "area")
        require_within(act.heal, 0, MAX_RANK, where, "heal")
        # The same span as an aura's condition_rank, which was already checked to be 1 or more.
        require_within(act.condition_rank, 1, MAX_RANK, where, "condition_rank")
        _check_damage(where, "damage", act.damage)
    for filename, group in (("heroes.toml", c.heroes), ("monsters.toml", c.monsters)):
        for tid, t in group.items():
            _check_numbers(f"{folder / filename}: [{tid}]", "resistance", t.resistance)


def _check(folder: Path, c: GridContent) -> None:
    """Cross-check names between files; every message names the file, entry and field."""
    _check_bounds(folder, c)
    for cid, cond in c.conditions.items():
        where = f"{folder / 'conditions.toml'}: [{cid}]"
        require(cond.trait in TRAITS, where, f"field 'trait': {cond.trait!r} is not a Trait ({', '.join(TRAITS)})")
        _check_modifiers(where, "modifiers", cond.modifiers, MODIFIER_KEYS)
        _check_resistance(where, cond.resistance)
        require(cond.heal >= 0, where, "field 'heal': must be 0 or more")
    for aid, aura in c.auras.items():
        where = f"{folder / 'auras.toml'}: [{aid}]"
        require(aura.radius >= 0, where, "field 'radius': must be 0 or more")
        require(not aura.condition or aura.condition in c.conditions, where,
                f"field 'condition': no condition named {aura.condition!r}")
        require(aura.condition_rank >= 1, where, "field 'condition_rank': must be 1 or more")
    for iid, item in c.items.items():
        where = f"{folder / 'items.toml'}: [{iid}]"
        _check_modifiers(where, "ranks", item.ranks, TRAITS + SKILLS)
        _check_resistance(where, item.resistance)
        if item.kind == "weapon":
            require(item.attack != "", where, "field 'attack': a weapon must be 'melee' or 'ranged'")
            require(item.damage is not None, where, "field 'damage': a weapon needs damage")
            require(item.hands in (1, 2), where, "field 'hands': a weapon takes 1 or 2 hands")
            require(item.range >= 1, where, "field 'range': must be 1 or more")
        require(item.unreliable >= 0, where, "field 'unreliable': must be 0 or more")
        if item.kind == "shield":
            require(item.hands == 1, where, "field 'hands': a shield takes 1 hand")
    for aid, act in c.actions.items():
        where = f"{folder / 'actions.toml'}: [{aid}]"
        if act.kind == "attack":
            require(act.skill in SKILLS, where, f"field 'skill': {act.skill!r} is not a Skill ({', '.join(SKILLS)})")
            require(act.trait in TRAITS, where, f"field 'trait': {act.trait!r} is not a Trait ({', '.join(TRAITS)})")
            require(act.target in ("enemy", "square"), where, "field 'target': an attack targets an enemy or a square")
            require(act.weapon != "" or act.damage is not None or act.condition != "", where,
                    "an attack needs a weapon, damage or a condition")
        require(not act.condition or act.condition in c.conditions, where,
                f"field 'condition': no condition named {act.condition!r}")
        if act.kind == "buff":
            require(act.condition in c.conditions and c.conditions[act.condition].beneficial, where,
                    "field 'condition': a buff applies a beneficial condition")
        if act.kind == "heal":
            require(act.heal >= 1, where, "field 'heal': a heal heals 1 or more")
        if act.kind == "aura":
            require(act.aura in c.auras, where, f"field 'aura': no aura named {act.aura!r}")
        require(act.range >= 0 and act.area >= 0, where, "fields 'range' and 'area' must be 0 or more")
    for filename, group in (("heroes.toml", c.heroes), ("monsters.toml", c.monsters)):
        for tid, t in group.items():
            _check_combatant(f"{folder / filename}: [{tid}]", t, c)
    clash = set(c.heroes) & set(c.monsters)
    if clash:
        raise ContentError(f"{folder / 'monsters.toml'}: [{sorted(clash)[0]}]: a hero has the same id")


def _check_combatant(where: str, t: CombatantDef, c: GridContent) -> None:
    for trait in TRAITS:
        require(trait in t.traits, where, f"field 'traits': missing {trait}")
    _check_modifiers(where, "traits", t.traits, TRAITS)
    _check_modifiers(where, "skills", t.skills, SKILLS)
    _check_resistance(where, t.resistance)
    for name, rank in {**t.traits, **t.skills}.items():
        require(0 <= rank <= 10, where, f"rank of {name} must be from 0 to 10")
    require(t.traits["Resolve"] >= 1, where, "field 'traits': Resolve must be 1 or more")
    for kw in t.keywords:
        require(kw in KEYWORDS, where, f"field 'keywords': unknown keyword {kw!r} (known: {', '.join(KEYWORDS)})")
    if any(kw in ROLES_WITHOUT for kw in t.keywords):
        require(not t.role and not t.background, where,
                "a Beast or Mindless combatant has no role or background (fields 'role', 'background')")
    require(len(t.actions) >= 1, where, "field 'actions': needs at least one action")
    for a in t.actions:
        require(a in c.actions, where, f"field 'actions': no action named {a!r}")
    for i in t.items:
        require(i in c.items, where, f"field 'items': no item named {i!r}")
    for i in t.equipped:
        require(i in t.items, where, f"field 'equipped': {i!r} is not among the items")
    for a in t.auras:
        require(a in c.auras, where, f"field 'auras': no aura named {a!r}")
    hands = sum(c.items[i].hands for i in t.equipped if c.items[i].slot == "hands")
    require(hands <= 2, where, "field 'equipped': more than two hands of weapons and shields")
    for slot in ("body", "neck"):
        require(sum(1 for i in t.equipped if c.items[i].slot == slot) <= 1, where,
                f"field 'equipped': more than one item worn on the {slot}")
