"""Using an action card: attacks as [Skill] vs [Trait], heals, buffs and auras (text 003)."""

from __future__ import annotations

import esper

from game.core.battlefield import Square
from game.core.components import get, square_of
from game.core.events import Event
from game.core.geometry import distance
from game.core.pools import roll_pool
from game.modes.grid import stats
from game.modes.grid.components import AuraState, Gear, TurnScores
from game.modes.grid.conditions import apply_condition
from game.modes.grid.content import ActionDef, ItemDef
from game.modes.grid.events import ActionUsed, AttackRolled, AuraRaised, WeaponFailed
from game.modes.grid.state import GridState, cid_of, is_dead, side_of
from game.modes.grid.visibility import can_see, sight_of
from game.modes.grid.wounds import deal_damage, heal

UNRELIABLE_FAILS_AT = 10  # "if the result is 10 or over, the weapon has not worked"


def weapons_for(state: GridState, ent: int, action: ActionDef) -> list[ItemDef]:
    """The equipped weapons an action can be made with (all of them for a weapon action)."""
    if not action.weapon:
        return []
    return [
        state.content.items[i] for i in dict.fromkeys(get(ent, Gear).equipped)
        if state.content.items[i].kind == "weapon" and state.content.items[i].attack == action.weapon
    ]


def action_range(action: ActionDef, weapon: ItemDef | None) -> int:
    """How far the action reaches: the weapon's range for a weapon action."""
    return weapon.range if weapon is not None else action.range


def choose_weapon(state: GridState, ent: int, action: ActionDef, weapon: str | None) -> ItemDef | None | str:
    """The weapon an action uses, or a reason string when none fits."""
    if not action.weapon:
        return None if weapon is None else "this action uses no weapon"
    options = weapons_for(state, ent, action)
    if not options:
        return f"needs an equipped {action.weapon} weapon"
    if weapon is None:
        return options[0]
    for item in options:
        if item.id == weapon:
            return item
    return f"{weapon} is not an equipped {action.weapon} weapon"


def check_use(
    state: GridState, ent: int, action_id: str, target: str | None, square: Square | None, weapon: str | None
) -> str | None:
    """Why the combatant cannot use this action on this target now, or None."""
    from game.modes.grid.components import Traits

    if action_id not in get(ent, Traits).actions:
        return f"has no action {action_id}"
    if get(ent, TurnScores).acted:
        return "already took an action this turn"
    action = state.content.actions[action_id]
    chosen = choose_weapon(state, ent, action, weapon)
    if isinstance(chosen, str):
        return chosen
    reach = action_range(action, chosen)
    here = square_of(ent)
    assert here is not None
    if action.target == "self":
        return None if target in (None, cid_of(ent)) and square is None else "this action targets only its user"
    if action.target == "square":
        if square is None:
            return "choose a square"
        if target is not None:
            return "this action targets a square, not a combatant"
        if distance(here, square) > reach:
            return f"out of range ({reach})"
        if square not in sight_of(state, ent) or state.battlefield.blocks_sight(square):
            return "cannot see that square"
        return None
    if target is None or target not in state.by_cid:
        return "choose a target"
    if square is not None:
        return "this action targets a combatant, not a square"
    other = state.ent(target)
    if is_dead(other) or square_of(other) is None:
        return "the target is dead"
    if action.target == "enemy" and side_of(other) == side_of(ent):
        return "the target is not an enemy"
    if action.target == "ally" and side_of(other) != side_of(ent):
        return "the target is not an ally"
    if not can_see(state, ent, other):
        # "Enemies whose Hidden score beats your Senses score can't be seen, and so can't be attacked."
        return "cannot see the target"
    if distance(here, square_of(other)) > reach:  # type: ignore[arg-type]
        return f"out of range ({reach})"
    return None


def targets_in_area(state: GridState, ent: int, centre: Square, radius: int) -> list[int]:
    """Combatants caught by an area: within the radius of the square, in sight of it and of the user."""
    around = state.sight.visible_from(centre)
    caught = []
    for other, _ in state.combatants():
        sq = square_of(other)
        if sq is None or distance(sq, centre) > radius or sq not in around:
            continue
        if can_see(state, ent, other):
            caught.append(other)
    return caught


def use_action(
    state: GridState, ent: int, action_id: str, target: str | None, square: Square | None, weapon: str | None
) -> list[Event]:
    """Carry out a checked action card; the turn's action is then spent."""
    action = state.content.actions[action_id]
    chosen = choose_weapon(state, ent, action, weapon)
    assert not isinstance(chosen, str)
    get(ent, TurnScores).acted = True
    cid = cid_of(ent)
    events: list[Event] = [ActionUsed(cid, action_id, target, square, chosen.id if chosen else None)]
    if action.kind == "aura":
        return events + raise_aura(state, ent, action.aura)
    if action.target == "self":
        targets = [ent]
    elif action.target == "square":
        assert square is not None
        targets = targets_in_area(state, ent, square, action.area)
    else:
        assert target is not None
        targets = [state.ent(target)]
    if action.kind == "heal":
        for t in targets:
            events += heal(state, t, action.heal, action.name)
        return events
    if action.kind == "buff":
        for t in targets:
            events += apply_condition(state, t, action.condition, action.condition_rank, action.name)
        return events
    return events + attack(state, ent, action, chosen, targets)


def attack(state: GridState, ent: int, action: ActionDef, weapon: ItemDef | None, targets: list[int]) -> list[Event]:
    """An Unreliable weapon may fail first; then Skill against each target's Trait, a tie missing."""
    events: list[Event] = []
    cid = cid_of(ent)
    if weapon is not None and weapon.unreliable > 0:
        check = roll_pool(state.dice, weapon.unreliable, "Unreliable")
        if check.result >= UNRELIABLE_FAILS_AT:
            return [WeaponFailed(cid, weapon.id, check, UNRELIABLE_FAILS_AT)]
    damage = weapon.damage if weapon is not None else action.damage
    bonuses = stats.condition_modifiers(state, ent, "damage")
    for t in targets:
        if is_dead(t):
            continue
        attack_roll = stats.roll(state, ent, action.skill)
        defence_roll = stats.roll(state, t, action.trait)
        hit = attack_roll.result > defence_roll.result  # "if your roll beats your target's roll, you hit"
        events.append(AttackRolled(cid, cid_of(t), action.id, attack_roll, defence_roll, hit))
        if not hit:
            continue
        if damage is not None:
            events += deal_damage(state, t, damage, bonuses)
        if action.condition and not is_dead(t):
            events += apply_condition(state, t, action.condition, action.condition_rank, action.name)
    return events


def raise_aura(state: GridState, ent: int, aura_id: str) -> list[Event]:
    """The user begins to bear an aura; bearing it again changes nothing."""
    if any(a.bearer == ent and a.aura == aura_id for _, a in esper.get_component(AuraState)):
        return []
    esper.create_entity(AuraState(ent, aura_id, "action"))
    return [AuraRaised(cid_of(ent), aura_id, state.content.auras[aura_id].radius)]
