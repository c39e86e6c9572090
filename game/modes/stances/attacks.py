"""Attack rolls, defence rolls, contested rolls and ability checks (text 001, "Attacking")."""

from __future__ import annotations

from game.core.components import get
from game.core.pools import Modifier
from game.core.rolls import SumRoll, roll_sum
from game.modes.stances.components import AbilityDice, Holds, RoundUse, Vitals
from game.modes.stances.kit import ability_die, armour_of, weapon_of
from game.modes.stances.state import StancesState, who


def advantage_on(state: StancesState, ent: int, target: int | None) -> int:
    """Levels of advantage on the fighter's next attack roll or check: Help, and climbing onto the target."""
    levels = get(ent, RoundUse).helped
    if target is not None and get(ent, Holds).climbing == who(target).cid:
        levels += 1  # ruling stances-climb: a climber's attacks on the creature it rides have advantage
    return levels


def spend_help(ent: int) -> None:
    """Help lasts for one attack roll or check."""
    get(ent, RoundUse).helped = 0


def attack_roll(state: StancesState, ent: int, stance: str, target: int, target_stance: str | None) -> SumRoll:
    """Heart die + the ability die of the stance + weapon die, and the might bonus against a cunning defender.

    "whenever you attack a creature defending with the cunning stance, you trigger your weapon's
    might stance bonus"
    """
    weapon = weapon_of(state, ent)
    mods = []
    if stance == "might" and target_stance == "cunning" and weapon.might_bonus:
        mods.append(Modifier(weapon.might_bonus, f"{weapon.name} might bonus"))
    parts = [("heart", get(ent, Vitals).heart), (stance, ability_die(ent, stance)), (weapon.name, weapon.die)]
    roll = roll_sum(state.dice, parts, f"{who(ent).name} attacks", mods, advantage_on(state, ent, target))
    spend_help(ent)
    return roll


def defence_roll(state: StancesState, ent: int, stance: str) -> SumRoll:
    """Heart die + the ability die "corresponding to the stance you chose" (the attacker's) + armour bonuses."""
    mods = [Modifier(a.bonus, a.name) for a in armour_of(state, ent) if a.bonus]
    parts = [("heart", get(ent, Vitals).heart), (stance, ability_die(ent, stance))]
    return roll_sum(state.dice, parts, f"{who(ent).name} defends", mods)


def ability_check(state: StancesState, ent: int, ability: str, label: str, advantage: int = 0,
                  halve: bool = False, against: int | None = None, resisting: bool = False) -> SumRoll:
    """Heart die + one ability (or skill) die: "they should not use any additional dice ... or bonuses from armor".

    Ruling stances-check-advantage: a check "still receive[s] advantage or disadvantage as though" it
    were an attack or defence roll. One made in an attack's place against ``against`` takes what an
    attack roll on it would (Help, and climbing onto it); one ``resisting`` takes what a defence roll
    would, so no Help. Matches of the fifth save format and older gave every check Help and no more.
    """
    dice = get(ent, AbilityDice)
    sides = dice.skills[ability] if ability in dice.skills else ability_die(ent, ability)
    if state.legacy_rules:
        levels = advantage + get(ent, RoundUse).helped
    elif resisting:
        levels = advantage
    else:
        levels = advantage + advantage_on(state, ent, against)
    roll = roll_sum(state.dice, [("heart", get(ent, Vitals).heart), (ability, sides)], label,
                    advantage=levels, halve=halve)
    if state.legacy_rules or not resisting:
        spend_help(ent)
    return roll


def damage_after_defence(attack: int, defence: int, execute: bool, defensive: bool) -> int:
    """The attack roll minus the defence roll (never below 0), doubled by Execute, halved rounding up when defensive.

    Ruling stances-execute: Execute doubles the attack's damage; the defensive stance then halves
    what remains ("After subtracting your defense from an attack, halve the remaining damage,
    rounding up").
    """
    damage = max(0, attack - defence)
    if execute:
        damage *= 2
    if defensive:
        damage = -(-damage // 2)
    return damage
