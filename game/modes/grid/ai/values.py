"""What an action is worth: exact hit chances, the chance of a wound, and what a wound or a condition costs its victim.

Values are in one unit, the "worth" of a combatant (about the harm it does in a turn), so a heal,
a buff and an attack can be weighed against each other and against the danger of a square.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.core import odds
from game.modes.grid.ai.lore import ABLE, ATTACK_SKILLS, Build, Lore, Use
from game.modes.grid.content import damage_group
from game.modes.grid.preview import hit_chances
from game.modes.grid.view import CombatantView

KNOCKOUT = 1.0  # a wound that takes a combatant out of the fight is worth all of it
FINISH_UNCONSCIOUS = 0.3  # killing a fallen enemy whose allies can heal stops them from waking it
UNAIDED = 0.05  # the chance a fallen combatant no healer reaches fights again this encounter
BLIND_WOUND = 0.45  # what any wound is worth to a policy that does not weigh focus fire
NO_HEALS = (0, 0)  # a target that heals nothing by itself at the start of its turn, standing or fallen
SOON = 0.5  # taking out or stunning an enemy before its turn this round also spares what that turn would do


def wound_value(target: CombatantView, build: Build, focus: bool, revive: float = FINISH_UNCONSCIOUS,
                soon: bool = False, follow: tuple[float, ...] = (), heals: tuple[int, int] = NO_HEALS) -> float:
    """What one more wound on the target is worth to its enemies (``revive``: the chance a fallen one comes back).

    ``soon``: the target's turn is still to come this round, so taking it out now also spares that turn.
    ``follow``: the chance that each ally who strikes before the target's next turn wounds it.
    ``heals``: the wounds the target heals by itself at the start of its next turn, standing or fallen.
    """
    if target.state in ABLE:
        knockout = build.worth * (KNOCKOUT + SOON if soon else KNOCKOUT)
        if build.drone:
            return knockout
        if not focus:
            return build.worth * BLIND_WOUND
        left = target.resolve - target.wounds
        if follow or heals != NO_HEALS:
            return weighed_wound_value(target, build.worth * 0.9 / max(1, left), knockout, follow, heals)
        return knockout if left <= 1 else build.worth * 0.9 / left
    if target.state == "unconscious":
        # A fallen combatant that heals a wound at the start of its turn wakes then ("If you are Unconscious and
        # your Wounds score is reduced to below your Resolve rank, you immediately regain consciousness").
        return build.worth * (KNOCKOUT if heals[1] else revive)
    return 0.0


def weighed_wound_value(target: CombatantView, wound: float, knockout: float, follow: tuple[float, ...],
                        heals: tuple[int, int]) -> float:
    """wound_value weighed over what happens before the target's next turn: the allies who follow up, and the
    ``heals`` = (standing, fallen) wounds it heals by itself at the start of that turn.

    What the wound adds is weighed for each number of wounds the allies who follow up make: a wound that
    lets them take the target out before its turn is worth a knockout; a wound the heal takes back is
    worth nothing, unless the target had wounds of its own for the heal to take instead; a knockout it
    would wake from is worth a wound; a wound that kills a target that would wake is worth a knockout.
    """
    standing, fallen = heals
    left = target.resolve - target.wounds
    value = 0.0
    for others, chance in enumerate(exactly(follow)):
        total = others + 1
        if total < left:
            gain = wound if others + target.wounds >= standing else 0.0
        elif total == left:
            gain = wound if fallen else knockout
        else:
            # Past its Resolve: dead, where it would have woken. A wound that takes the target out by itself
            # (one left) counts as the knockout, whatever follows.
            gain = knockout if fallen or left <= 1 else wound
        value += chance * gain
    return value


def exactly(chances: tuple[float, ...]) -> list[float]:
    """By count: the chance that exactly that many of independent events with these chances happen."""
    # ways[k]: the chance that exactly k of the events so far happened.
    ways = [1.0] + [0.0] * len(chances)
    for n, p in enumerate(chances, 1):
        for k in range(n, 0, -1):
            ways[k] = ways[k] * (1.0 - p) + ways[k - 1] * p
        ways[0] *= 1.0 - p
    return ways


def at_least(chances: tuple[float, ...], count: int) -> float:
    """The chance that at least ``count`` of independent events with these chances happen."""
    if count <= 0:
        return 1.0
    if count > len(chances):
        return 0.0
    return sum(exactly(chances)[count:])


def revive_chance(build: Build, healers: bool) -> float:
    """How likely a fallen combatant is to fight again: an Undead rising on its own, or a heal from an ally."""
    if build.undead:
        # Ruling grid-undead: an Unconscious Undead rises on a Resolve roll of 8 or more, each turn.
        return min(1.0, 1.5 * odds.p_at_least(build.rank("Resolve"), 8, build.mod("Resolve")))
    return FINISH_UNCONSCIOUS if healers else UNAIDED


def condition_value(lore: Lore, target: CombatantView, build: Build, condition: str, rank: int, focus: bool,
                    revive: float = FINISH_UNCONSCIOUS, soon: bool = False) -> float:
    """What putting a harmful condition on an enemy is worth (nothing if it already has it at that rank)."""
    if target.state not in ABLE or not condition:
        return 0.0
    for name, held in target.conditions:
        if name == condition and held >= rank:
            return 0.0  # ruling grid-condition-stack: the same condition does not stack
    definition = lore.content.conditions[condition]
    turns = lore.condition_turns(build, condition, rank)
    value = 0.0
    if definition.stun:
        value += build.worth * (0.8 + SOON if soon else 0.8)
    if definition.automatic_damage is not None:
        spec = definition.automatic_damage
        _, wound = hit_chances(spec.rank, spec.bonus - build.resist.get(spec.type, 0), target.damage,
                               build.rank("Endurance"), build.mod("Endurance"), build.drone)
        value += turns * wound * wound_value(target, build, focus, revive)
    for key, amount in definition.modifiers.items():
        if amount >= 0:
            continue
        if key in ATTACK_SKILLS or key == "damage":
            value += build.worth * 0.05 * -amount * turns
        elif key == "movement":
            value += 0.02 * -amount * turns
        else:
            value += build.worth * 0.04 * -amount * turns
    for amount in definition.resistance.values():
        if amount < 0:
            value += build.worth * 0.03 * -amount * turns
    return value


def hit_chance(attacker: Build, use: Use, build: Build, exact: bool) -> float:
    """The chance that one attack hits (and, for an attack that may fail to work, works)."""
    if exact:
        return odds.p_beats(attacker.rank(use.skill), build.rank(use.trait), attacker.mod(use.skill),
                            build.mod(use.trait)) * use.p_works
    # A plain policy only compares its own rank with the defence rank, the way a person counts dice.
    return min(0.9, max(0.1, 0.5 + 0.1 * (attacker.rank(use.skill) - build.rank(use.trait))))


def damage_chances(attacker: Build, use: Use, target: CombatantView, build: Build) -> tuple[float, float]:
    """(P(damage gets through), P(a wound)) of one hit of an attack that deals damage."""
    offset = use.damage_bonus + attacker.mod("damage") - build.resist.get(use.damage_type, 0)
    return hit_chances(use.damage_rank, offset, target.damage, build.rank("Endurance"), build.mod("Endurance"),
                       build.drone)


def wound_chance(attacker: Build, use: Use, target: CombatantView, build: Build) -> float:
    """The exact chance that one attack wounds the target."""
    if use.damage_rank < 0:
        return 0.0
    return hit_chance(attacker, use, build, True) * damage_chances(attacker, use, target, build)[1]


def attack_value(lore: Lore, attacker: Build, use: Use, target: CombatantView, build: Build, exact: bool,
                 focus: bool, revive: float = FINISH_UNCONSCIOUS, soon: bool = False,
                 follow: tuple[float, ...] = (), heals: tuple[int, int] = NO_HEALS) -> float:
    """The expected worth of one attack on one target: hit, wound, condition, all with exact odds."""
    p_hit = hit_chance(attacker, use, build, exact)
    if p_hit <= 0.0:
        return 0.0
    value = 0.0
    if use.damage_rank >= 0:
        through, wound = damage_chances(attacker, use, target, build)
        # Damage that makes no wound still fills the Damage score, making the next wound likelier.
        value += (wound * wound_value(target, build, focus, revive, soon, follow, heals)
                  + (through - wound) * 0.04 * build.worth)
    if use.condition:
        value += condition_value(lore, target, build, use.condition, use.condition_rank, focus, revive, soon)
    return p_hit * value


def known_attack_value(lore: Lore, attacker: Build, use: Use, target: CombatantView, build: Build, exact: bool,
                       focus: bool, revive: float = FINISH_UNCONSCIOUS, soon: bool = False,
                       follow: tuple[float, ...] = (), heals: tuple[int, int] = NO_HEALS) -> float:
    """attack_value, remembered by the Lore: both builds must be kept by it (``lore.build``, ``known_boosted``).

    The use must belong to one of them.
    """
    # Everything attack_value reads of the target besides its build: its state, scores and conditions.
    key = (id(attacker), id(use), id(build), target.state, target.damage, target.wounds, target.resolve,
           target.conditions, exact, focus, revive, soon, follow, heals)
    values = lore.values
    found = values.get(key)
    if found is None:
        found = values[key] = attack_value(lore, attacker, use, target, build, exact, focus, revive, soon, follow,
                                           heals)
    return found


def heal_value(ally: CombatantView, build: Build, amount: int) -> float:
    """What healing an ally's wounds is worth: most when it wakes an Unconscious ally."""
    if ally.wounds <= 0 or amount <= 0 or ally.state == "dead":
        return 0.0
    if ally.state == "unconscious":
        # "If you are Unconscious and your Wounds score is reduced to below your Resolve rank, you immediately
        # regain consciousness"
        return build.worth * 0.9 if ally.wounds - amount < ally.resolve else 0.0
    left = ally.resolve - ally.wounds
    return build.worth * (0.45 if left <= 1 else 0.2) * min(amount, ally.wounds)


def boosted(lore: Lore, build: Build, condition: str) -> Build:
    """The build as it would be with one more condition: its modifiers and resistances added."""
    definition = lore.content.conditions[condition]
    mods = dict(build.mods)
    for key, amount in definition.modifiers.items():
        mods[key] = mods.get(key, 0) + amount
    resist = {kind: value + sum(definition.resistance.get(k, 0) for k in (kind, damage_group(kind)))
              for kind, value in build.resist.items()}
    return dataclasses.replace(build, mods=mods, resist=resist)


def known_boosted(lore: Lore, build: Build, condition: str) -> Build:
    """boosted, remembered by the Lore (which keeps the result as long as itself): the build must come from it."""
    key = (id(build), condition)
    found = lore.boosts.get(key)
    if found is None:
        found = lore.boosts[key] = boosted(lore, build, condition)
    return found


def buff_turns(rank: int, held: int, own: bool) -> int:
    """How many more of the bearer's turns a beneficial condition of ``rank`` helps than the ``held`` one would.

    "If the Condition is beneficial, its rank is reduced by 1" at the end of each of the bearer's turns
    (text 003), so a rank lasts that many of its turns. On the caster itself the first of them is the turn
    the casting spends, and drops a rank at its end: only the turns after it count.
    """
    rank = min(rank, 3)
    if own:
        return max(0, rank - 1 - max(0, held - 1))
    return max(0, rank - held)


def buff_value(lore: Lore, ally: CombatantView, build: Build, condition: str, rank: int,
               enemies: Sequence[tuple[CombatantView, Build]], exact: bool, focus: bool, own: bool = False) -> float:
    """What a beneficial condition on an ally (``own``: on the caster) is worth: its attacks and its defence.

    Every build given must come from ``lore.build``: the attacks weighed are remembered by the Lore.
    """
    if ally.state not in ABLE:
        return 0.0
    held = max((r for name, r in ally.conditions if name == condition), default=0)
    turns = float(buff_turns(rank, held, own))
    if not turns:
        return 0.0
    definition = lore.content.conditions[condition]
    better = known_boosted(lore, build, condition)
    value = 0.0
    if enemies:
        # The best attack the ally could make on a nearby enemy, with and without the condition.
        gain = 0.0
        for enemy, enemy_build in enemies[:3]:
            for use in build.uses:
                if use.kind == "attack" and use.target == "enemy":
                    before = known_attack_value(lore, build, use, enemy, enemy_build, exact, focus)
                    after = known_attack_value(lore, better, use, enemy, enemy_build, exact, focus)
                    gain = max(gain, after - before)
        value += gain * turns
        # What the enemies near it would do to it, with and without the condition.
        for _, enemy_build in enemies:
            harm = max((known_attack_value(lore, enemy_build, u, ally, build, exact, focus)
                        for u in enemy_build.uses if u.kind == "attack"), default=0.0)
            spared = max((known_attack_value(lore, enemy_build, u, ally, better, exact, focus)
                          for u in enemy_build.uses if u.kind == "attack"), default=0.0)
            value += max(0.0, harm - spared) * turns
    elif definition.modifiers.get("movement", 0) > 0:
        value += 0.02 * definition.modifiers["movement"] * turns  # closing in sooner
    if definition.heal and ally.wounds > 0:
        value += build.worth * 0.2 * turns
    return value


def wearing(lore: Lore, equipped: tuple[str, ...], item_id: str) -> tuple[str, ...] | None:
    """What has to come off to wear the item (hands hold two, body and neck one each); None if it cannot be worn."""
    items = lore.content.items
    item = items[item_id]
    if item.slot != "hands":
        return tuple(i for i in equipped if items[i].slot == item.slot)
    held = [i for i in equipped if items[i].slot == "hands"]
    hands = sum(items[i].hands for i in held)
    off: list[str] = []
    for other in held:  # free hands, first held first
        if hands + item.hands <= 2:
            break
        off.append(other)
        hands -= items[other].hands
    return tuple(off) if hands + item.hands <= 2 else None


def longest_reach(build: Build) -> int:
    """How far the combatant's furthest attack reaches."""
    return max((u.reach for u in build.uses if u.kind == "attack"), default=0)


def gear_gain(lore: Lore, me: CombatantView, mine: Build, item_id: str) -> tuple[float, tuple[str, ...]]:
    """What wearing an item would add to a combatant, and what it must take off for it (0.0 if it cannot wear it).

    Its best attack through its worth; its defence through the damage it resists and the ranks
    that keep it standing (Endurance, Resolve, Reactions); Speed for the squares it walks.
    """
    off = wearing(lore, me.equipped, item_id)
    if off is None:
        return 0.0, ()
    kept = tuple(i for i in me.equipped if i not in off) + (item_id,)
    better = lore.build_wearing(me, kept)
    if mine.role in ("archer", "caster") and longest_reach(better) < longest_reach(mine):
        return 0.0, off  # those who fight from afar keep their reach, whatever hits harder up close
    resisted = sum(better.resist.values()) - sum(mine.resist.values())
    sturdier = sum(better.rank(t) - mine.rank(t) for t in ("Endurance", "Resolve", "Reactions"))
    faster = better.rank("Speed") - mine.rank("Speed")
    gain = better.worth - mine.worth + mine.worth * (
        0.1 * resisted / max(1, len(mine.resist)) + 0.05 * sturdier + 0.03 * faster)
    return gain, off
