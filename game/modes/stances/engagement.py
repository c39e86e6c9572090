"""Engagements (text 001): joining, secret stances, attacks in stance order, sidesteps, pushes and offensive actions.

The resolution runs by itself until somebody has to decide something (a stance, whom to attack,
a sidestep, whether to shrug off damage or go unconscious); ``waiting`` says who, and the mode
feeds the decision back in. The engagement's parts are the shared turn structures of
``game.core.flow`` (see ``Engagement``): a response window for joining, sealed choices for the
stances and each stance's declarations, a track of the steps, and a queue of decisions about damage.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.battlefield import Square
from game.core.components import Position, get, square_of
from game.core.events import Action, Event
from game.core.flow import Pending, ResponseWindow
from game.core.secret import SealedChoices
from game.modes.stances.actions import Attack, Climb, Forgo, Grapple, SidestepFirst
from game.modes.stances.attacks import ability_check, attack_roll, damage_after_defence, defence_roll
from game.modes.stances.components import AbilityDice, Holds, Kit, RoundUse
from game.modes.stances.damage import can_shrug_off, take_damage
from game.modes.stances.events import (
    AttackRolled,
    ContestRolled,
    EngagementEnded,
    EngagementEntered,
    FellToZero,
    Joined,
    NoAttack,
    OffensiveFailed,
    OffensiveRolled,
    StanceStepBegan,
)
from game.modes.stances.kit import adjacent, free_hands, in_reach, size_rank, weapon_of
from game.modes.stances.moves import push, sidestep_squares
from game.modes.stances.state import BEATS, STEPS, Engagement, Hit, StancesState, is_dead, is_up, who

OrderKey = Callable[[str], tuple[int, int]]
"""Sorts fighters for sealed choices: by the seat deciding for them, then by joining order."""

ATTACK_STAGES = {
    "cunning": ("cunning", ""),
    "agility": ("agility", "attack first"),
    "agility-after": ("agility", "after sidesteps"),
    "might": ("might", ""),
}


# -- stances ------------------------------------------------------------------------------------


def may_attack(stance: str, target_stance: str | None) -> bool:
    """Whether a fighter of ``stance`` may attack one of ``target_stance``: a stance it beats, or the same stance.

    "Everyone may attack one other character that their stance beats ... All stances beat
    defensive stance", and two fighters of one stance may attack each other. Ruling
    stances-no-stance: a fighter without a stance (unconscious) can be attacked by every stance.
    """
    if target_stance is None or target_stance in ("defensive", stance):
        return True
    return BEATS.get(stance) == target_stance


def directly_beats(stance: str, target_stance: str | None) -> bool:
    """Whether ``stance`` beats ``target_stance`` outright: "both choosing the same stance does not" count."""
    return target_stance is not None and (target_stance == "defensive" or BEATS.get(stance) == target_stance)


def stance_of(engagement: Engagement, state: StancesState, cid: str) -> str | None:
    """A participant's revealed stance, or None once it cannot fight (unconscious) or never chose one."""
    return engagement.revealed.get(cid) if is_up(state.ent(cid)) else None


# -- entering and joining -----------------------------------------------------------------------


def engage_targets(state: StancesState, ent: int) -> list[int]:
    """Enemies, alive, within range of the fighter's weapon and in its sight."""
    side = who(ent).side
    return [other for other, f in state.combatants()
            if f.side != side and not is_dead(other) and in_reach(state, ent, other)]


def start(state: StancesState, initiator: int, target: int) -> list[Event]:
    """The initiator spends its action to enter an engagement; the target is in it without spending one."""
    get(initiator, RoundUse).acted = True
    a, t = who(initiator), who(target)
    # The initiator's side is asked first whether more of it join, then the sides take turns.
    state.engagement = Engagement(a.cid, t.cid, a.side, t.side, [a.cid, t.cid], ResponseWindow((a.side, t.side)))
    return [EngagementEntered(a.cid, t.cid, t.side)]


def may_join(state: StancesState, ent: int) -> str | None:
    """Why a fighter may not join the engagement now, or None.

    Ruling stances-join: joining costs the fighter's action and needs an enemy already in the
    engagement within range of its weapon ("since you can attack the orc too").
    """
    e = state.engagement
    assert e is not None
    f = who(ent)
    if f.cid in e.participants:
        return f"{f.name} is already in the engagement"
    if not is_up(ent):
        return f"{f.name} cannot fight"
    if get(ent, RoundUse).acted:
        return f"{f.name} has no action left this round"
    if not any(who(state.ent(c)).side != f.side and in_reach(state, ent, state.ent(c)) for c in e.participants):
        return f"no enemy in the engagement is within {f.name}'s reach"
    return None


def join(state: StancesState, ent: int) -> list[Event]:
    """The fighter spends its action to join; the other side may answer."""
    e = state.engagement
    assert e is not None
    get(ent, RoundUse).acted = True
    f = who(ent)
    e.participants.append(f.cid)
    e.joining.answer(f.side, f.cid)  # the other side is asked next, and both must decline again in a row
    e.passed_seats.clear()
    return [Joined(f.cid)]


def joiners(state: StancesState, side: str) -> list[int]:
    """The fighters of a side that may join now."""
    return [ent for ent, f in state.combatants() if f.side == side and may_join(state, ent) is None]


# -- what a fighter may declare when its stance's turn comes ------------------------------------


def declarations(state: StancesState, ent: int, stance: str, part: str) -> list[Attack | Grapple | Climb |
                                                                                SidestepFirst | Forgo]:
    """Every declaration open to the fighter now: attacks, grapples, climbs, the agility sidestep first, or none.

    Empty when the fighter can do nothing at all this stance.
    """
    e = state.engagement
    assert e is not None
    me = who(ent)
    if me.cid in e.out_of_reach:
        return []
    weapon = weapon_of(state, ent)
    execute = [a for a in get(ent, Kit).abilities
               if state.content.abilities[a].effect == "execute" and get(ent, Kit).uses.get(a, 0) > 0]
    out: list[Attack | Grapple | Climb | SidestepFirst | Forgo] = []
    offensive: list[Attack | Grapple | Climb | SidestepFirst | Forgo] = []
    for cid in e.participants:
        target = state.ent(cid)
        if who(target).side == me.side or is_dead(target) or cid in e.out_of_reach:
            continue
        theirs = stance_of(e, state, cid)
        if may_attack(stance, theirs) and in_reach(state, ent, target):
            for pushing in ((False, True) if weapon.push else (False,)):
                for executing in ((False, True) if execute else (False,)):
                    out.append(Attack(me.cid, cid, pushing, executing))
        if directly_beats(stance, theirs) and adjacent(ent, target):
            for hands in (1, 2):
                if check_grapple(state, ent, target, hands) is None:
                    offensive.append(Grapple(me.cid, cid, hands))
            if check_climb(state, ent, target) is None:
                offensive.append(Climb(me.cid, cid))
    out += offensive
    if part == "attack first" and (sidestep_squares(state, ent) if state.legacy_rules
                                   else _squares_to_attack_from(state, ent)):
        out.append(SidestepFirst(me.cid))
    if out and part == "after sidesteps" and me.cid in e.stepped and not state.legacy_rules:
        # Ruling stances-sidestep-attack: the free sidestep comes "right before or after you make your
        # attack"; one who sidestepped first attacks (or grapples or climbs) now if it can.
        return out
    return [*out, Forgo(me.cid)] if out else []


def _beyond_everyones_reach(state: StancesState, ent: int) -> bool:
    """Whether a pushed fighter reaches no enemy in the engagement and no such enemy reaches it.

    Ruling stances-out-of-reach: "the target might not be in range of anyone any more, and would be
    unable to attack or be attacked during the subsequent turns for the remaining stances".
    """
    e = state.engagement
    assert e is not None
    side = who(ent).side
    for cid in e.participants:
        other = state.ent(cid)
        if who(other).side != side and not is_dead(other) and (in_reach(state, ent, other) or
                                                               in_reach(state, other, ent)):
            return False
    return True


def _squares_to_attack_from(state: StancesState, ent: int) -> list[Square]:
    """The sidestep squares from which the fighter could attack, grapple or climb (ruling stances-sidestep-attack)."""
    position = get(ent, Position)
    here = position.square
    stance = ATTACK_STAGES["agility-after"]
    found = []
    try:
        for square in sidestep_squares(state, ent):
            position.square = square
            if declarations(state, ent, *stance):
                found.append(square)
    finally:
        position.square = here
    return found


def sidestep_choices(state: StancesState, ent: int) -> list[Square]:
    """Where the fighter may take its free sidestep now.

    One that chose to sidestep first may step only where it can then attack (ruling
    stances-sidestep-attack); matches of the fifth save format and older let it step anywhere.
    """
    e = state.engagement
    if e is not None and who(ent).cid in e.holders and not state.legacy_rules:
        return _squares_to_attack_from(state, ent)
    return sidestep_squares(state, ent)


def sidestepped(state: StancesState, cid: str) -> None:
    """Remember that a fighter that chose to sidestep first has moved: it must attack if it can."""
    e = state.engagement
    if e is not None and cid in e.holders:
        e.stepped.append(cid)


def check_grapple(state: StancesState, ent: int, target: int, hands: int) -> str | None:
    """Why the fighter cannot grapple the target with that many hands, or None.

    "at least one hand must be free ... A creature can only be grappled by one creature at a
    time, and can only grapple one creature at a time."
    """
    if hands not in (1, 2):
        return "a grapple takes one or two hands"
    if free_hands(state, ent) < hands:
        return f"{who(ent).name} has {free_hands(state, ent)} free hands"
    if get(ent, Holds).grappling is not None:
        return f"{who(ent).name} is already grappling a creature"
    if get(target, Holds).grappled_by is not None:
        return f"{who(target).name} is already grappled"
    if not is_up(target):
        return f"{who(target).name} cannot fight"
    if not adjacent(ent, target):
        return f"{who(target).name} is not adjacent"
    return None


def check_climb(state: StancesState, ent: int, target: int) -> str | None:
    """Why the fighter cannot climb onto the target, or None (ruling stances-climb: only onto a larger creature)."""
    if size_rank(state, target) <= size_rank(state, ent):
        return f"{who(target).name} is not larger than {who(ent).name}"
    if get(ent, Holds).climbing is not None:
        return f"{who(ent).name} is already climbing a creature"
    if not is_up(target):
        return f"{who(target).name} cannot fight"
    if not adjacent(ent, target):
        return f"{who(target).name} is not adjacent"
    return None


# -- running the engagement ---------------------------------------------------------------------


def waiting(state: StancesState) -> tuple[str, str] | None:
    """The decision the engagement waits for: (kind, fighter id or side), or None when it needs none now."""
    e = state.engagement
    if e is None or state.outcome is not None:
        return None
    now = e.decisions.current
    if now is not None:
        return (now.kind, now.seat)
    if not e.joining.closed:
        side = e.joining.next_seat()
        assert side is not None
        return ("join", side)
    stage = e.stage
    if stage == "stances" and e.stances is not None:
        nxt = e.stances.next_seat()
        return None if nxt is None else ("stance", nxt)
    if stage in ATTACK_STAGES and e.declaring is not None and not e.resolving:
        nxt = e.declaring.next_seat()
        return None if nxt is None else ("declare", nxt)
    if stage == "sidestep" and e.movers:
        return ("sidestep", next_mover(state))
    return None


def next_mover(state: StancesState) -> str:
    """The agility fighter whose sidestep comes next: the sides alternate, the side first engaged starting."""
    e = state.engagement
    assert e is not None
    for cid in e.movers:
        if who(state.ent(cid)).side == e.move_side:
            return cid
    return e.movers[0]


def advance(state: StancesState, order_key: OrderKey, join_open: Callable[[str], bool],
            ended: Callable[[], list[Event]]) -> list[Event]:
    """Run the engagement on until a decision is needed or it ends.

    ``join_open(side)`` says whether a seat of the side may still decide to join; ``ended()``
    ends the match when a side is left with nobody able to fight, returning its events.
    """
    events: list[Event] = []
    while (e := state.engagement) is not None and state.outcome is None:
        if e.decisions:
            return events
        if e.hits:
            target = e.hits[0].target
            if can_shrug_off(state.ent(target)):
                e.decisions.add(Pending(target, "damage"))
                return events
            events += deliver(state, e.hits.pop(0), shrug=False)
            continue
        if not e.joining.closed:
            if _ask_to_join(state, e, order_key, join_open):
                return events
            continue
        assert e.stances is not None
        if not e.stances.revealed:
            if not e.stances.complete:
                return events
            chosen, revealed = e.stances.reveal()
            e.revealed = {cid: chosen.get(cid) for cid in e.participants}
            events.append(revealed)
            for step in STEPS:
                e.steps.queue_at(step, e.targeted_side, step)
            continue
        stage = e.stage
        if stage in ATTACK_STAGES:
            more, wait = _attack_step(state, e, order_key, ended)
            events += more
            if wait:
                return events
            continue
        if stage == "sidestep":
            e.movers = [c for c in e.movers if is_up(state.ent(c)) and sidestep_squares(state, state.ent(c))]
            if e.movers:
                return events
            e.steps.pop()
            continue
        assert stage == "offensive", f"unknown engagement stage {stage!r}"
        return events + _end(state, e, ended)
    return events


def _ask_to_join(state: StancesState, e: Engagement, order_key: OrderKey, join_open: Callable[[str], bool]) -> bool:
    """Whether the side asked may still join; if not, it declines, and once both have in a row the stances come."""
    side = e.joining.next_seat()
    assert side is not None
    if join_open(side):
        return True
    e.joining.pass_turn(side)
    e.passed_seats.clear()
    if e.joining.closed:
        up = sorted((c for c in e.participants if is_up(state.ent(c))), key=order_key)
        e.stances = SealedChoices(tuple(up))
    return False


def _attack_step(state: StancesState, e: Engagement, order_key: OrderKey,
                 ended: Callable[[], list[Event]]) -> tuple[list[Event], bool]:
    """Run one stance's step on: open its declarations, roll them once revealed, then push.

    Returns the events and whether the step now waits for declarations.
    """
    stage = e.stage
    events: list[Event] = []
    if not e.resolving:
        if e.declaring is None:
            events += _open_declarations(state, order_key)
            if e.declaring is None and stage == "agility-after" and e.early:
                # Nobody attacks after sidestepping: the attacks made before moving are rolled now.
                events += _roll_attacks(state, "agility", e.early)
                e.early = []
                e.resolving = True
                return events, False
            if e.declaring is None:
                e.steps.pop()
                return events, False
        if not e.declaring.complete:
            return events, True
        choices, revealed = e.declaring.reveal()
        events.append(revealed)
        e.declared = tuple(choices.items())
        events += _roll_declarations(state, choices)
        e.resolving = True
        return events, False
    for target, attacker, origin, squares in e.pushes:
        if not is_dead(state.ent(target)):
            events += push(state, state.ent(target), attacker, origin, squares)
            if not state.legacy_rules and _beyond_everyones_reach(state, state.ent(target)):
                e.out_of_reach.append(target)
    e.pushes.clear()
    e.declaring = None
    e.resolving = False
    if stage == "agility":
        e.move_side = e.targeted_side  # "starting with whichever side was originally engaged with"
    e.steps.pop()
    return events + ended(), False


def _end(state: StancesState, e: Engagement, ended: Callable[[], list[Event]]) -> list[Event]:
    """The last step: the offensive actions take effect, and the engagement ends."""
    events = _resolve_offensives(state)
    e.steps.pop()
    state.engagement = None
    # "Priority passes to side that was targeted when the engagement first started"
    state.priority = e.targeted_side
    state.passes = 0
    state.passed_seats.clear()
    events.append(EngagementEnded(e.targeted_side))
    return events + ended()


def _open_declarations(state: StancesState, order_key: OrderKey) -> list[Event]:
    """Ask every fighter of the stage's stance that can do something; say so of those that can do nothing."""
    e = state.engagement
    assert e is not None
    stance, part = ATTACK_STAGES[e.stage]
    actors = [c for c in e.participants if is_up(state.ent(c)) and e.revealed.get(c) == stance
              and (e.stage != "agility-after" or c in e.holders)]
    if not actors:
        return []
    events: list[Event] = [StanceStepBegan(stance, part)]
    able = []
    for cid in actors:
        if declarations(state, state.ent(cid), stance, part):
            able.append(cid)
        else:
            events.append(NoAttack(cid, stance, "nobody in reach took a stance that it beats"))
    if able:
        e.declaring = SealedChoices(tuple(sorted(able, key=order_key)))
    return events


def _roll_declarations(state: StancesState, choices: dict[str, Action]) -> list[Event]:
    """Roll every attack of the stance as though all happened at once; queue the damage and the pushes.

    "Although attacks of the same stance may not literally happen simultaneously, treat them as
    though they did": every roll is made before any damage is taken, so a fighter killed or
    pushed by another of the same stance still makes its own attack. Agility is one stance: when
    some of its fighters sidestep first, its attacks made before moving wait for those made after the
    sidesteps, and all are rolled together (ruling stances-agility-together); matches of the fifth
    save format and older dealt the first ones' damage before the sidesteps (LEGACY_STANCES_RULES).
    """
    e = state.engagement
    assert e is not None
    stance, _ = ATTACK_STAGES[e.stage]
    attacks: list[tuple[Action, Square | None]] = []
    for cid, action in choices.items():
        ent = state.ent(cid)
        if e.stage == "agility" and not isinstance(action, Forgo):
            e.movers.append(cid)
        if isinstance(action, SidestepFirst):
            e.holders.append(cid)
            continue
        if isinstance(action, (Grapple, Climb)):
            e.offensives.append(action)
            continue
        if not isinstance(action, Attack):
            continue
        if action.execute:
            _spend_execute(state, ent)
        attacks.append((action, square_of(ent)))
    if state.legacy_rules:
        return _roll_attacks(state, stance, attacks)
    if e.stage == "agility" and e.holders:
        e.early = attacks  # rolled with the attacks made after the sidesteps
        return []
    if e.stage == "agility-after":
        attacks, e.early = e.early + attacks, []
    return _roll_attacks(state, stance, attacks)


def _roll_attacks(state: StancesState, stance: str, declared: list[tuple[Action, Square | None]]) -> list[Event]:
    """Roll the attacks of one stance, in the order declared, two fighters attacking each other as a contest."""
    events: list[Event] = []
    attacks = {a.cid: a for a, _ in declared if isinstance(a, Attack)}
    origins = {a.cid: origin for a, origin in declared if isinstance(a, Attack)}
    contested: set[str] = set()
    for action, _origin in declared:
        assert isinstance(action, Attack)
        cid = action.cid
        ent = state.ent(cid)
        if cid in contested:
            continue
        target = state.ent(action.target)
        back = attacks.get(action.target)
        if back is not None and back.target == cid:
            # "if you are attacking someone who is attacking you back with the same stance, make
            # contested attack rolls rather than two separate attack and defense rolls"
            contested.add(action.target)
            mine = attack_roll(state, ent, stance, target, stance)
            theirs = attack_roll(state, target, stance, ent, stance)
            if mine.result == theirs.result:
                events.append(ContestRolled(cid, action.target, stance, mine, theirs, None, False, 0))
                continue
            won, winner = (action, cid) if mine.result > theirs.result else (back, action.target)
            loser = action.target if winner == cid else cid
            damage = damage_after_defence(max(mine.result, theirs.result), min(mine.result, theirs.result),
                                          won.execute, False)
            events.append(ContestRolled(cid, action.target, stance, mine, theirs, loser, won.execute, damage))
            _queue_hit(state, winner, loser, damage, won.push, origins[winner])
            continue
        e = state.engagement
        assert e is not None
        theirs_stance = stance_of(e, state, action.target)
        attack = attack_roll(state, ent, stance, target, theirs_stance)
        defence = defence_roll(state, target, stance)
        defensive = theirs_stance == "defensive"
        damage = damage_after_defence(attack.result, defence.result, action.execute, defensive)
        events.append(AttackRolled(cid, action.target, stance, attack, defence, action.execute, defensive, damage))
        _queue_hit(state, cid, action.target, damage, action.push, origins[cid])
    return events


def _spend_execute(state: StancesState, ent: int) -> None:
    kit = get(ent, Kit)
    for ability in kit.abilities:
        if state.content.abilities[ability].effect == "execute" and kit.uses.get(ability, 0) > 0:
            kit.uses[ability] -= 1
            return


def _queue_hit(state: StancesState, attacker: str, target: str, damage: int, pushing: bool,
               origin: Square | None) -> None:
    """Queue a hit's damage; a push goes straight away from ``origin``, where the attacker struck from."""
    e = state.engagement
    assert e is not None
    if damage <= 0:
        return
    a = state.ent(attacker)
    weapon = weapon_of(state, a)
    e.hits.append(Hit(target, damage, attacker, weapon.kind, weapon.push if pushing else 0, origin))


def deliver(state: StancesState, hit: Hit, shrug: bool) -> list[Event]:
    """Deal one hit's damage; remember its push; a fighter it brings to zero or fewer chooses next."""
    e = state.engagement
    assert e is not None
    ent = state.ent(hit.target)
    events = take_damage(state, ent, hit.amount, hit.kind, shrug)
    if hit.push and hit.origin is not None and not is_dead(ent):
        e.pushes.append((hit.target, hit.attacker, hit.origin, hit.push))
    if any(isinstance(ev, FellToZero) for ev in events):
        e.decisions.interrupt(Pending(hit.target, "fall"))  # before any other hit is dealt
    return events


def _resolve_offensives(state: StancesState) -> list[Event]:
    """Grapples and climbs: "the effects of the offensive action occur after all attack rolls have been made"."""
    e = state.engagement
    assert e is not None
    events: list[Event] = []
    for action in e.offensives:
        ent, target = state.ent(action.cid), state.ent(action.target)  # type: ignore[attr-defined]
        if isinstance(action, Grapple):
            reason = None if is_up(ent) else f"{who(ent).name} cannot fight"
            reason = reason or check_grapple(state, ent, target, action.hands)
            if reason is not None:
                events.append(OffensiveFailed(action.cid, action.target, "grapple", reason))
                continue
            # "If either creature is larger, it gets a level of advantage on their roll for each
            # level of size difference." "If grappling with only one hand, halve your grapple
            # ability check, rounding up."
            gap = size_rank(state, ent) - size_rank(state, target)
            check = ability_check(state, ent, "might", f"{who(ent).name} grapples", max(0, gap), action.hands == 1,
                                  against=target)
            resist = ability_check(state, target, resisting_ability(target), f"{who(target).name} resists",
                                   max(0, -gap), resisting=True)
            success = check.result > resist.result  # "If you roll higher, the creature is grappled."
            events.append(OffensiveRolled(action.cid, action.target, "grapple", check, resist, success))
            if success:
                mine, theirs = get(ent, Holds), get(target, Holds)
                mine.grappling, mine.grapple_hands, theirs.grappled_by = action.target, action.hands, action.cid
        elif isinstance(action, Climb):
            reason = None if is_up(ent) else f"{who(ent).name} cannot fight"
            reason = reason or check_climb(state, ent, target)
            if reason is not None:
                events.append(OffensiveFailed(action.cid, action.target, "climb", reason))
                continue
            check = ability_check(state, ent, "agility", f"{who(ent).name} climbs", against=target)
            resist = ability_check(state, target, resisting_ability(target), f"{who(target).name} shakes",
                                   resisting=True)
            success = check.result > resist.result
            events.append(OffensiveRolled(action.cid, action.target, "climb", check, resist, success))
            if success:
                get(ent, Holds).climbing = action.target
    e.offensives.clear()
    return events


def resisting_ability(ent: int) -> str:
    """The creature's "own might or agility": ruling stances-resist, the larger die (agility on a tie)."""
    dice = get(ent, AbilityDice)
    return "might" if dice.might > dice.agility else "agility"
