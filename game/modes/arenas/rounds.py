"""A round of text 002: the seven steps in their order, initiative when it is needed, and the round's end."""

from __future__ import annotations

from collections.abc import Callable

from game.core.events import Event
from game.modes.arenas.choices import aim_range
from game.modes.arenas.combat import attack
from game.modes.arenas.dice import contest, roll_test
from game.modes.arenas.events import (
    ArenaChanged,
    AttributeTested,
    AwesomePaid,
    Contested,
    Defending,
    FocusBegan,
    Focused,
    Healed,
    Held,
    Impeded,
    InitiativeRolled,
    Moved,
    PlansRevealed,
    Protecting,
    RoundBegan,
    RoundEnded,
    StatusChanged,
    StepBegan,
    WoundMarked,
)
from game.modes.arenas.plans import STEPS, Plan
from game.modes.arenas.state import BLEEDING, DEAD, GM, INCAPACITATED, UP, ArenasState, Fighter
from game.modes.arenas.walls import break_wall
from game.modes.arenas.words import name_of, plan_words
from game.modes.arenas.wounds import bleed_wound, dead, incapacitated

Over = Callable[[], list[Event]]  # ends the match once a side has nobody able, returning its events


def begin_round(st: ArenasState) -> list[Event]:
    """Start the next round: arenas the map changes this round change, and the GM side declares first."""
    st.round += 1
    st.phase = "declare"
    st.declarations.clear()
    st.plans.clear()
    st.suggested.clear()
    events: list[Event] = [RoundBegan(st.round, st.gm_awesome)]
    for arena, at, kind in st.changes:
        # A possible arena not drawn in takes the kind the map gives it by then when it is (arenas-suggest).
        if at == st.round and arena in st.arenas.names and st.kind(arena) != kind:
            events.append(ArenaChanged(arena, st.kind(arena), kind))
            st.kinds[arena] = kind
    return events


def all_plans(st: ArenasState) -> dict[str, Plan]:
    """Every able character's plan this round, in the characters' order: monsters' as declared, heroes' sealed."""
    out: dict[str, Plan] = {}
    for cid in st.fighters:
        if cid in st.declarations:
            out[cid] = st.declarations[cid].plan
        elif cid in st.plans:
            out[cid] = st.plans[cid]
    return out


def play_round(st: ArenasState, over: Over) -> list[Event]:
    """Reveal the plans and play the seven steps in order, then end the round."""
    plans = all_plans(st)
    events: list[Event] = [PlansRevealed(tuple((cid, plan_words(st, p)) for cid, p in plans.items()))]
    for cid, p in plans.items():
        if p.parry == "daring" and p.foe:
            st.fighters[cid].daring_on = p.foe
    for step in range(1, 8):
        if step == 7:
            actors = [cid for cid, f in st.fighters.items() if f.focus is not None and cid in plans]
        elif step == 5:
            actors = [cid for cid, p in plans.items() if p.step == 5 or st.fighters[cid].aim is not None]
        else:
            actors = [cid for cid, p in plans.items() if p.step == step]
        actors = [cid for cid in actors if st.fighters[cid].able]
        if not actors:
            continue
        events.append(StepBegan(step, STEPS[step - 1], tuple(actors)))
        groups, rolled = initiative(st, actors, step)
        events += rolled
        for group in groups:
            ready = [cid for cid in group if st.fighters[cid].able]  # a tie acts together
            for cid in ready:
                events += act(st, st.fighters[cid], plans[cid], step, plans)
            events += over()
            if st.outcome is not None:
                return events
    return events + end_round(st) + over()


def initiative(st: ArenasState, actors: list[str], step: int) -> tuple[list[list[str]], list[Event]]:
    """The order of a step's actors: rolled only when characters of more than one side act in a step whose order
    can matter (ruling arenas-initiative); 1d10 + Awareness once a round, highest first, ties together."""
    sides = {st.fighters[cid].side for cid in actors}
    if len(sides) < 2 or step == 1:
        return [[cid] for cid in actors], []
    rolls: list[tuple[str, int, int]] = []
    for cid in actors:
        f = st.fighters[cid]
        if f.initiative is None:
            die = st.dice.roll(10)
            f.initiative = die + st.character(f).awareness
            rolls.append((cid, die, st.character(f).awareness))
    totals = sorted({st.fighters[cid].initiative or 0 for cid in actors}, reverse=True)
    groups = [[cid for cid in actors if st.fighters[cid].initiative == t] for t in totals]
    return groups, ([InitiativeRolled(step, tuple(rolls))] if rolls else [])


def act(st: ArenasState, f: Fighter, p: Plan, step: int, plans: dict[str, Plan]) -> list[Event]:
    """One character's part in a step."""
    if step == 1:
        return _defend_or_protect(st, f, p)
    if step == 2:
        if p.act == "aim":
            f.aim = p  # "shot hits during the Attack action"
            return []
        return _shoot(st, f, p)
    if step == 3:
        return _impede(st, f, p) if p.act == "impede" else _focus(st, f, p)
    if step == 4:
        return _move(st, f, p)
    if step == 5:
        if f.aim is not None:
            return _aimed(st, f, f.aim)
        if p.act == "break":
            return break_wall(st, f, p)
        return _attack(st, f, p, plans) if p.act == "attack" else _assist(st, f, p, plans)
    if step == 6:
        return _push(st, f, p)
    return _focused(st, f)


def _foe_here(st: ArenasState, f: Fighter, cid: str) -> Fighter | None:
    o = st.fighters.get(cid)
    return o if o is not None and o.able and o.arena == f.arena and o.side != f.side else None


def _defend_or_protect(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    if p.act == "defend":
        f.defending = True
        shield = st.offhand(f)
        return [Defending(f.cid, 4 if shield is not None and shield.type == "shield" else 2)]
    friend = st.fighters.get(p.target)
    if friend is None or not friend.able or friend.arena != f.arena or friend.side != f.side:
        return [Held(f.cid, "protect", f"{name_of(st, p.target)} is not a friend in its arena")]
    f.protecting = friend.cid
    return [Protecting(f.cid, friend.cid)]


def _shoot(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    target = st.fighters.get(p.target)
    distance = None if target is None else st.arenas.distance(f.arena, target.arena)
    if target is None or not target.able or distance is None or distance > 1:
        return [Held(f.cid, "shoot", f"{name_of(st, p.target)} is not in its arena or an adjacent one")]
    events, _ = attack(st, f, target, "shot", ranged=True, plan=p)
    return events


def _aimed(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    target = st.fighters.get(p.target)
    weapon = st.ranged(f)
    reach = None if weapon is None else aim_range(weapon.type, st.character(f).brawn)
    distance = None if target is None else st.arenas.distance(f.arena, target.arena)
    if target is None or not target.able or reach is None or distance is None or distance > reach:
        return [Held(f.cid, "aim", f"{name_of(st, p.target)} is out of range now")]
    events, _ = attack(st, f, target, "aimed shot", ranged=True, plan=p)
    return events


def _impede(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    target = _foe_here(st, f, p.target)
    if target is None:
        return [Held(f.cid, "impede", f"{name_of(st, p.target)} is not a foe in its arena")]
    roll = contest(st.dice, _bcd(st, f), _bcd(st, target))
    events: list[Event] = [Contested(f.cid, target.cid, "impede", roll.die, roll.attribute, roll.value, 0,
                                     roll.their_die, roll.their_attribute, roll.their_value, roll.won)]
    if roll.won:
        target.impeded_by = f.cid
        events.append(Impeded(f.cid, target.cid))
    return events


def _bcd(st: ArenasState, f: Fighter) -> tuple[int, int, int]:
    c = st.character(f)
    return c.brawn, c.cunning, c.daring


def _focus(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    f.focus = p
    f.wounded_since_focus = False
    return [FocusBegan(f.cid, p.ability, p.target or None)]


def _move(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    if f.no_move:
        return [Held(f.cid, "move", "it was pushed last round and cannot move")]
    events: list[Event] = []
    blocker_id = f.impeded_by or f.cornered_by
    blocker = None if blocker_id is None else _foe_here(st, f, blocker_id)
    if blocker is not None:
        # "If someone Impeded you, attack them; if you inflict a wound, you can move normally but cannot spend an
        # Awesome to move further."
        events, wounded = attack(st, f, blocker, "forced", plan=p)
        if not wounded or not f.able:
            return events + [Held(f.cid, "move", f"it did not wound {blocker.name}, who holds it there")]
        if p.extra:
            return events + [Held(f.cid, "move", "held back, it cannot spend an Awesome point to go further")]
    distance = st.arenas.distance(f.arena, p.arena)
    if distance == 1:
        came, f.arena = f.arena, p.arena
        return events + [Moved(f.cid, came, p.arena, "moved")]
    if distance == 2 and p.extra and st.awesome_of(f) >= 1:
        st.spend_awesome(f)
        came, f.arena = f.arena, p.arena
        return events + [Moved(f.cid, came, p.arena, "moved further (1 Awesome)")]
    return events + [Held(f.cid, "move", f"{p.arena} is not within its reach")]


def _attack(st: ArenasState, f: Fighter, p: Plan, plans: dict[str, Plan]) -> list[Event]:
    target = _foe_here(st, f, p.target)
    if target is None:
        return [Held(f.cid, "attack", f"{name_of(st, p.target)} is not a foe in its arena")]
    if f.impeded_by is not None and target.cid != f.impeded_by:
        return [Held(f.cid, "attack", f"impeded, it may attack only {name_of(st, f.impeded_by)}")]
    helpers = [h for cid, h in st.fighters.items() if h.able and h.arena == f.arena and h.side == f.side
               and plans.get(cid, Plan("wait")).act == "assist" and plans[cid].target == f.cid]
    events, _ = attack(st, f, target, "attack", plan=p, assist=len(helpers))
    return events


def _assist(st: ArenasState, f: Fighter, p: Plan, plans: dict[str, Plan]) -> list[Event]:
    ally = st.fighters.get(p.target)
    attacks = ally is not None and ally.able and ally.arena == f.arena and plans.get(ally.cid, Plan("wait")).act \
        == "attack"
    if attacks:
        return []  # its d10 goes into the ally's roll
    if p.extra and not p.foe and st.awesome_of(f) >= 1 and ally is not None and ally.able and ally.arena == f.arena:
        # "... or to protect your ally from another attack, spend 1 Awesome Point."
        st.spend_awesome(f)
        f.protecting = ally.cid
        return [AwesomePaid(f.cid if f.hero else GM, (), 1, "to protect its ally instead"),
                Protecting(f.cid, ally.cid)]
    if p.extra and st.awesome_of(f) >= 1 and _foe_here(st, f, p.foe) is not None:
        # "To shift your action to attack independently ... spend 1 Awesome Point."
        st.spend_awesome(f)
        events: list[Event] = [AwesomePaid(f.cid if f.hero else GM, (), 1, "to attack independently")]
        return events + _attack(st, f, Plan("attack", p.foe), plans)
    return [Held(f.cid, "assist", f"{name_of(st, p.target)} does not attack in its arena")]


def _push(st: ArenasState, f: Fighter, p: Plan) -> list[Event]:
    if st.arenas.distance(f.arena, p.arena) != 1:
        return [Held(f.cid, "push", f"{p.arena} is not next to its arena")]
    events: list[Event] = []
    penalty = 0
    for cid in p.targets:
        target = _foe_here(st, f, cid)
        if target is None:
            continue
        if f.impeded_by is not None and cid != f.impeded_by:
            events.append(Held(f.cid, "push", f"impeded, it may push only {name_of(st, f.impeded_by)}"))
            continue
        roll = contest(st.dice, _bcd(st, f), _bcd(st, target), penalty)
        events.append(Contested(f.cid, target.cid, "push", roll.die, roll.attribute, roll.value, penalty,
                                roll.their_die, roll.their_attribute, roll.their_value, roll.won))
        penalty += 1  # "Each target after the first reduces your roll by 1."
        if roll.won:
            came, target.arena = target.arena, p.arena
            target.pushed_now = True
            events.append(Moved(target.cid, came, p.arena, "pushed"))
    return events or [Held(f.cid, "push", "nobody it named is a foe in its arena")]


def _focused(st: ArenasState, f: Fighter) -> list[Event]:
    p = f.focus
    assert p is not None
    if f.wounded_since_focus:
        return [Focused(f.cid, p.ability, p.target or None, False)]
    ability = st.content.abilities[p.ability]
    if ability.effect == "strike":
        target = _foe_here(st, f, p.target)
        if target is None:
            return [Focused(f.cid, p.ability, p.target or None, False)]
        struck, _ = attack(st, f, target, "strike", plan=p, extra_damage=1)
        return [Focused(f.cid, p.ability, target.cid, True), *struck]
    ally = st.fighters.get(p.target)
    if ally is None or ally.arena != f.arena or ally.status == DEAD or not ally.marked:
        return [Focused(f.cid, p.ability, p.target or None, False)]
    roll = roll_test(st.dice, st.character(f).cunning)
    events: list[Event] = [Focused(f.cid, p.ability, ally.cid, True),
                           AttributeTested(f.cid, "cunning", roll.die, roll.attribute, roll.against, roll.success,
                                           "healing")]
    if roll.success:
        events += heal(st, ally, f)
    return events


def heal(st: ArenasState, ally: Fighter, healer: Fighter) -> list[Event]:
    """A successful Healing ability (ruling arenas-healing): bleeding out stops and the lowest marked wound heals;
    a character whose two highest wounds are no longer both marked is no longer incapacitated."""
    wound = min(ally.marked) if ally.marked else None
    if wound is not None:
        ally.marked.remove(wound)
    events: list[Event] = [Healed(ally.cid, healer.cid, wound)]
    if ally.status == BLEEDING:
        ally.status = INCAPACITATED
        events.append(StatusChanged(ally.cid, INCAPACITATED, "no longer bleeding out", 0))
    if ally.status == INCAPACITATED and not incapacitated(ally.wounds, ally.marked):
        ally.status = UP
        events.append(StatusChanged(ally.cid, UP, "its two highest wounds are no longer both marked", 1))
    return events


def end_round(st: ArenasState) -> list[Event]:
    """Bleeding out marks a wound; this round's marks pass to the next ("cannot move next round")."""
    events: list[Event] = []
    for f in st.fighters.values():
        if f.status == BLEEDING:
            # "must mark one additional wound each round until they benefit from ... a Healing ability"
            wound = bleed_wound(f.wounds, f.marked)
            if wound is not None:
                f.marked.append(wound)
                events.append(WoundMarked(f.cid, 0, 0, wound, "bleeding out"))
            if dead(f.wounds, f.marked):
                f.status = DEAD
                events.append(StatusChanged(f.cid, DEAD, "bled out", 0))
        f.cornered_by = f.impeded_by  # "A successfully impeded target is Cornered and cannot move next round"
        f.no_move = f.pushed_now  # "cannot Move on their next turn"
        f.impeded_by = None
        f.pushed_now = False
        f.defending = False
        f.protecting = None
        f.focus = None
        f.wounded_since_focus = False
        f.parry_used = False
        f.daring_on = None
        f.aim = None
        f.initiative = None
    events.append(RoundEnded(st.round))
    return events


