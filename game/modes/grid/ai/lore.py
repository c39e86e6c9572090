"""What the tactical policy knows of a combatant from its token and the game's data: ranks, uses, worth.

Everything here is read from a ``CombatantView`` (template, worn gear, visible conditions) and
the static content, so an enemy is judged by what the screen would show of it and nothing more.
Results are remembered per template, gear and conditions: a match asks the same questions
thousands of times.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.core import odds
from game.modes.grid.content import DAMAGE_TYPES, MODIFIER_KEYS, SKILLS, TRAITS, GridContent, ItemDef
from game.modes.grid.preview import p_shaken_off, rank_of, resistance_of, roll_modifiers
from game.modes.grid.view import CombatantView

ABLE = frozenset(("standing", "prone"))
ATTACK_SKILLS = ("Weapon", "Brawl", "Spellcasting")
# Heroes carry their class in "role"; the policy plays each like the monster role it resembles.
HERO_ROLES = {"warrior": "brute", "ranger": "archer", "mage": "caster", "cleric": "support", "rogue": "skirmisher"}
MONSTER_ROLES = ("brute", "skirmisher", "archer", "caster", "support")
RUSHER = "rusher"  # Beasts and Mindless monsters: no role, they close in and bite
TYPICAL_DEFENCE = 2  # the defence rank a combatant's worth is measured against


@dataclass(frozen=True, slots=True)
class Use:
    """One way a combatant can use one of its action cards, with the numbers behind it."""

    action: str
    weapon: str | None
    kind: str  # attack, heal, buff, aura
    target: str  # enemy, ally, self, square
    skill: str
    trait: str
    reach: int
    area: int
    damage_rank: int  # -1 when the use deals no damage
    damage_type: str
    damage_bonus: int
    p_works: float  # an Unreliable weapon may fail before the roll
    condition: str
    condition_rank: int
    heal: int
    aura: str


@dataclass(frozen=True, slots=True)
class Build:
    """A combatant's numbers as its template, worn gear and visible conditions make them."""

    ranks: dict[str, int]
    mods: dict[str, int]
    resist: dict[str, int]
    uses: tuple[Use, ...]
    drone: bool
    undead: bool
    worth: float
    role: str
    stunned: bool

    def rank(self, name: str) -> int:
        """A Trait or Skill rank with gear."""
        return self.ranks.get(name, 0)

    def mod(self, key: str) -> int:
        """The sum of visible condition modifiers on a roll (or on damage, or movement)."""
        return self.mods.get(key, 0)


class Lore:
    """Builds of combatants and facts about content, remembered for the whole match."""

    def __init__(self, content: GridContent) -> None:
        self.content = content
        self._builds: dict[tuple[str, tuple[str, ...], tuple[str, ...]], Build] = {}
        # The same builds by the token's template, gear and conditions with their ranks, as they come: a
        # lookup without sorting condition names. Several of these keys may lead to one build.
        self._by_token: dict[tuple[str, tuple[str, ...], tuple[tuple[str, int], ...]], Build] = {}
        # Danger by distance and the chance to see through Hide, kept by the planner: (table, seen, radius) by
        # (build identity, mover), and the table weighted by (that key, weight). Two shapes: tuple[Any, ...].
        self.tables: dict[tuple[object, ...], tuple[Any, ...]] = {}
        # Worths of actions between builds made here, kept by the planner and values.known_attack_value. They
        # are keyed by the builds' identities: every build made or boosted here lives as long as the Lore, so no
        # identity is reused while it is remembered.
        self.values: dict[tuple[object, ...], float] = {}
        # Builds with one more beneficial condition, by the build's identity and the condition: see values.boosted.
        self.boosts: dict[tuple[int, str], Build] = {}
        # Chances by distance that a movement roll (rank, modifier) takes an enemy within reach, kept by the planner.
        self.walks: dict[tuple[int, int, int], tuple[float, ...]] = {}

    @staticmethod
    def key(c: CombatantView) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """What a combatant's build depends on: template, worn gear, the conditions it bears."""
        return c.template, c.equipped, tuple(sorted({name for name, _ in c.conditions}))

    def build(self, c: CombatantView) -> Build:
        """The numbers of a combatant as its token shows it."""
        token = (c.template, c.equipped, c.conditions)
        found = self._by_token.get(token)
        if found is None:
            key = self.key(c)
            found = self._builds.get(key)
            if found is None:
                found = self._builds[key] = self._make(c)
            self._by_token[token] = found
        return found

    def build_wearing(self, c: CombatantView, equipped: tuple[str, ...]) -> Build:
        """The numbers of a combatant as it would be with other gear on (its view copied only when not yet known)."""
        found = self._by_token.get((c.template, equipped, c.conditions))
        if found is None:
            found = self.build(dataclasses.replace(c, equipped=equipped))
        return found

    def _make(self, c: CombatantView) -> Build:
        content = self.content
        template = content.combatant(c.template)
        ranks = {name: rank_of(content, c, name)[0] for name in TRAITS + SKILLS}
        mods = {key: sum(m.amount for m in roll_modifiers(content, c, key)) for key in MODIFIER_KEYS}
        resist = {kind: resistance_of(content, template.resistance, c, kind) for kind in DAMAGE_TYPES}
        uses = tuple(self._uses(template.actions, c.equipped))
        keywords = set(template.keywords)
        role = self._role(template.role, keywords, uses, c.hero)
        stunned = any(content.conditions[name].stun for name, _ in c.conditions)
        worth = self._worth(ranks, mods, uses, keywords)
        return Build(ranks, mods, resist, uses, "Drone" in keywords, "Undead" in keywords, worth, role, stunned)

    def _uses(self, actions: tuple[str, ...], equipped: tuple[str, ...]) -> list[Use]:
        """Every action card with every equipped weapon it can be made with, as the rules allow."""
        content = self.content
        out = []
        weapons: list[ItemDef | None]  # the weapons an action can be made with, or [None] if it takes none
        for action_id in dict.fromkeys(actions):
            action = content.actions[action_id]
            if action.weapon:
                weapons = [content.items[i] for i in dict.fromkeys(equipped)
                           if content.items[i].kind == "weapon" and content.items[i].attack == action.weapon]
                if not weapons:
                    continue
            else:
                weapons = [None]
            for weapon in weapons:
                spec = weapon.damage if weapon is not None else action.damage
                works = odds.p_unreliable_works(weapon.unreliable) if weapon is not None and weapon.unreliable else 1.0
                out.append(Use(
                    action=action_id, weapon=weapon.id if weapon is not None else None, kind=action.kind,
                    target=action.target, skill=action.skill, trait=action.trait,
                    reach=weapon.range if weapon is not None else action.range, area=action.area,
                    damage_rank=spec.rank if spec is not None else -1, damage_type=spec.type if spec else "",
                    damage_bonus=spec.bonus if spec is not None else 0, p_works=works,
                    condition=action.condition, condition_rank=action.condition_rank, heal=action.heal,
                    aura=action.aura))
        return out

    @staticmethod
    def _role(role: str, keywords: set[str], uses: tuple[Use, ...], hero: bool) -> str:
        """How the policy plays the combatant: its data's role, else what its actions suggest."""
        if "Beast" in keywords or "Mindless" in keywords:
            return RUSHER
        if hero and role in HERO_ROLES:
            return HERO_ROLES[role]
        if role in MONSTER_ROLES:
            return role
        if any(u.kind in ("heal", "buff") for u in uses):
            return "support"
        if any(u.kind == "attack" and u.reach >= 4 for u in uses):
            return "caster" if any(u.skill == "Spellcasting" for u in uses) else "archer"
        return "brute"

    def _worth(self, ranks: dict[str, int], mods: dict[str, int], uses: tuple[Use, ...], keywords: set[str]) -> float:
        """How much a combatant matters: the harm its best attack does each turn, more for healers and bosses."""
        best = 0.0
        for u in uses:
            if u.kind != "attack":
                continue
            hit = odds.p_beats(ranks.get(u.skill, 0), TYPICAL_DEFENCE, mods.get(u.skill, 0)) * u.p_works
            harm = odds.expected_positive_part(u.damage_rank, u.damage_bonus + mods.get("damage", 0) - 1) \
                if u.damage_rank >= 0 else 0.0
            if u.condition:
                harm += 1.5
            if u.area:
                harm *= 1.5
            best = max(best, hit * harm)
        if any(u.kind in ("heal", "buff", "aura") for u in uses):
            best += 0.6
        worth = 0.5 + best
        if "Boss" in keywords:
            worth *= 1.5
        return worth

    def condition_turns(self, target: Build, condition: str, rank: int) -> float:
        """About how many of the target's turns a condition of this rank lasts (text 003's end-of-turn check)."""
        definition = self.content.conditions[condition]
        if definition.beneficial:
            return float(rank)
        # "the combatant rolls their Trait vs the Conditon's rank": the odds the rule rolls.
        holds = 1.0 - p_shaken_off(target.rank(definition.trait), target.mod(definition.trait), rank)
        return 1.0 + (rank - 1) * holds
