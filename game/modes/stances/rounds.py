"""Rounds and priority: what a fighter may do when its side has priority, and how a round begins and ends.

Ruling stances-round: in a round every fighter has one dash and one action. The sides take
turns with priority; a side with priority has one fighter dash, enter an engagement, help, use
an ability that is not instant or treat wounds, or it passes. Priority then passes to the other
side (after an engagement, to the side that was targeted). The round ends when both sides pass
one after the other.
"""

from __future__ import annotations

from game.core.components import get, square_of
from game.core.events import Action, Event
from game.core.geometry import can_step, distance, neighbours
from game.core.rolls import roll_sum
from game.modes.stances.actions import Dash, Engage, Help, TreatWounds, UseAbility
from game.modes.stances.attacks import ability_check
from game.modes.stances.components import AbilityDice, Holds, Kit, RoundUse, Vitals
from game.modes.stances.damage import fall_after_ten_minutes, heal, wake_if_healed
from game.modes.stances.engagement import engage_targets, start
from game.modes.stances.events import Healed, Helped, RoundBegan, WoundsTreated
from game.modes.stances.kit import adjacent, heal_cap, in_reach
from game.modes.stances.moves import check_dash, dash, dash_reach
from game.modes.stances.state import StancesState, is_dead, is_up, who

MEDICINE = "medicine"


def begin_round(state: StancesState) -> list[Event]:
    """Every fighter gets its dash and action back; priority goes to the side whose turn it is to start.

    Ruling stances-who-starts: the side named to start the fight has priority first in round 1
    ("You initiate a fight"); after that the sides take turns starting a round.
    """
    state.round += 1
    if state.round > 1:
        state.round_side = state.other(state.round_side)
    else:
        state.round_side = state.first_side
    state.priority = state.round_side
    state.passes = 0
    state.passed_seats.clear()
    for ent, _ in state.combatants():
        use = get(ent, RoundUse)
        use.moved = use.acted = False
        use.helped = 0  # Help lasts for the round it was given in
    return [RoundBegan(state.round, state.priority), *fall_after_ten_minutes(state)]


def help_targets(state: StancesState, ent: int) -> list[int]:
    """Allies, awake, that the fighter could help: within its weapon's reach (ruling stances-help)."""
    side = who(ent).side
    return [a for a, f in state.combatants() if a != ent and f.side == side and is_up(a) and in_reach(state, ent, a)]


def heal_targets(state: StancesState, ent: int, ability: str) -> list[int]:
    """Living allies (itself included) within the heal's range and in sight."""
    reach = state.content.abilities[ability].range
    here = square_of(ent)
    assert here is not None
    side = who(ent).side
    out = []
    for other, f in state.combatants():
        there = square_of(other)
        if f.side == side and there is not None and distance(here, there) <= reach and state.sight.can_see(here,
                                                                                                             there):
            out.append(other)
    return out


def treat_targets(state: StancesState, ent: int) -> list[int]:
    """Itself and adjacent living allies with an untreated wound, for a fighter with the medicine skill."""
    if MEDICINE not in get(ent, AbilityDice).skills:
        return []
    side = who(ent).side
    return [o for o, f in state.combatants() if f.side == side and not is_dead(o) and (o == ent or adjacent(ent, o))
            and any(not w.treated for w in get(o, Vitals).wounds)]


def priority_options(state: StancesState, ent: int) -> list[Action]:
    """Everything the fighter may do with its side's priority, in a fixed order."""
    if not is_up(ent):
        return []
    cid = who(ent).cid
    use = get(ent, RoundUse)
    out: list[Action] = []
    if not use.moved and get(ent, Holds).grappled_by is None:
        here = square_of(ent)
        out += [Dash(cid, sq) for sq in sorted(dash_reach(state, ent).costs, key=lambda s: (s[1], s[0]))
                if sq != here]
    if not use.acted:
        out += [Engage(cid, who(t).cid) for t in engage_targets(state, ent)]
        out += [Help(cid, who(a).cid) for a in help_targets(state, ent)]
        kit = get(ent, Kit)
        for ability in kit.abilities:
            definition = state.content.abilities[ability]
            if definition.instant or kit.uses.get(ability, 0) <= 0:
                continue
            out += [UseAbility(cid, ability, who(t).cid) for t in heal_targets(state, ent, ability)]
        out += [TreatWounds(cid, who(t).cid) for t in treat_targets(state, ent)]
    return out


def has_priority_option(state: StancesState, ent: int) -> bool:
    """Whether the fighter could do anything at all with its side's priority (quicker than listing it all)."""
    if not is_up(ent):
        return False
    use = get(ent, RoundUse)
    if not use.moved and get(ent, Holds).grappled_by is None:
        here = square_of(ent)
        occupied = state.occupied()
        speed = get(ent, Kit).speed
        bf = state.battlefield
        if here is not None and any(sq not in occupied and can_step(bf, here, sq)
                                    and (2 if sq in bf.obstructed else 1) <= speed for sq in neighbours(here)):
            return True
    if use.acted:
        return False
    return bool(engage_targets(state, ent) or help_targets(state, ent) or treat_targets(state, ent)) or any(
        not state.content.abilities[a].instant and get(ent, Kit).uses.get(a, 0) > 0 and heal_targets(state, ent, a)
        for a in get(ent, Kit).abilities)


def check_priority_action(state: StancesState, ent: int, action: Action) -> str | None:
    """Why the fighter may not take the action with its side's priority, or None."""
    name = who(ent).name
    if not is_up(ent):
        return f"{name} cannot act"
    if isinstance(action, Dash):
        return check_dash(state, ent, tuple(action.to))  # type: ignore[arg-type]
    if get(ent, RoundUse).acted:
        return f"{name} has no action left this round"
    if isinstance(action, Engage):
        target = state.by_cid.get(action.target)
        if target is None or target not in engage_targets(state, ent):
            return f"{action.target} is not an enemy within {name}'s reach"
        return None
    if isinstance(action, Help):
        ally = state.by_cid.get(action.ally)
        if ally is None or ally not in help_targets(state, ent):
            return f"{action.ally} is not an awake ally within {name}'s reach"
        return None
    if isinstance(action, UseAbility):
        kit = get(ent, Kit)
        if action.ability not in kit.abilities:
            return f"{name} has no ability {action.ability}"
        if state.content.abilities[action.ability].instant:
            return f"{action.ability} is instant: it is used with an attack"
        if kit.uses.get(action.ability, 0) <= 0:
            return f"{name} has no use of {action.ability} left"
        target = state.by_cid.get(action.target)
        if target is None or target not in heal_targets(state, ent, action.ability):
            return f"{action.target} is not a living ally within reach of {action.ability}"
        return None
    if isinstance(action, TreatWounds):
        if MEDICINE not in get(ent, AbilityDice).skills:
            return f"{name} has no medicine skill"
        target = state.by_cid.get(action.target)
        if target is None or target not in treat_targets(state, ent):
            return f"{action.target} is not {name} or an adjacent ally with an untreated wound"
        return None
    return f"{type(action).__name__} is not something to do with priority"


def apply_priority_action(state: StancesState, ent: int, action: Action) -> list[Event]:
    """Carry out a checked priority action."""
    if isinstance(action, Dash):
        return dash(state, ent, tuple(action.to))  # type: ignore[arg-type]
    if isinstance(action, Engage):
        return start(state, ent, state.ent(action.target))  # spends the action
    get(ent, RoundUse).acted = True
    cid = who(ent).cid
    if isinstance(action, Help):
        get(state.ent(action.ally), RoundUse).helped += 1
        return [Helped(cid, action.ally)]
    if isinstance(action, UseAbility):
        return use_heal(state, ent, action.ability, state.ent(action.target))
    if isinstance(action, TreatWounds):
        return treat_wounds(state, ent, state.ent(action.target))
    raise AssertionError(f"unchecked action {action!r}")


def use_heal(state: StancesState, ent: int, ability: str, target: int) -> list[Event]:
    """Roll the heal's die; the target gains that many hit points, up to its wounds' cap."""
    definition = state.content.abilities[ability]
    get(ent, Kit).uses[ability] -= 1
    roll = roll_sum(state.dice, [(definition.name, definition.die)], f"{who(ent).name} heals")
    gained = heal(state, target, roll.result)
    vitals = get(target, Vitals)
    events: list[Event] = [Healed(who(ent).cid, who(target).cid, ability, roll, gained, vitals.hit_points,
                                  heal_cap(target))]
    return events + wake_if_healed(target)


def treat_wounds(state: StancesState, ent: int, target: int) -> list[Event]:
    """A medicine check lowers the rank of every untreated wound by its result.

    "If this would reduce a wound's rank below zero, remove the wound completely. If you are
    treating your own wounds, you have disadvantage. ... once a wound has been treated it cannot
    be treated again."
    """
    roll = ability_check(state, ent, MEDICINE, f"{who(ent).name} treats wounds", -1 if ent == target else 0)
    vitals = get(target, Vitals)
    changes = []
    kept = []
    for wound in vitals.wounds:
        if wound.treated:
            kept.append(wound)
            continue
        after = wound.rank - roll.result
        changes.append((wound.description, wound.rank, after if after >= 0 else -1))
        if after >= 0:
            wound.rank = after
            wound.treated = True
            kept.append(wound)
    vitals.wounds = kept
    return [WoundsTreated(who(ent).cid, who(target).cid, roll, tuple(changes))]
