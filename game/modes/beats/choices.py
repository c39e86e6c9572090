"""Every choice the deciding combatant of a beats run may make now, and why any other is refused."""

from __future__ import annotations

from game.core.events import Action
from game.modes.beats.actions import (
    ARM,
    ATTACK,
    DISADVANTAGE,
    DISARM,
    HOLD,
    KICK,
    THREATS,
    THROW,
    Act,
    Allow,
    Counter,
    FirstAid,
    Onward,
    Present,
    Reroll,
    Shift,
    Substitute,
    Surrender,
    UseSpecial,
)
from game.modes.beats.run import ACT, AID, COUNTER, HEROES, PRESENT, Run
from game.modes.beats.state import IN


def choices(run: Run) -> list[Action]:
    """The actions open to whoever decides now (the heroes' seat between fights)."""
    if run.phase == AID:
        return aid_choices(run)
    cid = run.deciding()
    if cid is None:
        return []
    who = run.combatants[cid]
    if run.phase == PRESENT:
        return [Present(cid, slot) for slot in who.unused()]
    out: list[Action] = []
    if run.phase == ACT:
        out += acts(run, cid)
    elif run.phase == COUNTER:
        out += answers(run, cid)
    out += sparks(run, cid) + [UseSpecial(cid, s) for s in run.specials_left(cid)]
    return out


def acts(run: Run, cid: str) -> list[Act]:
    """What the actor may do with its beat: attack, disarm or disadvantage a foe, arm itself, kick a tool away,
    throw a tool to an ally, or something else of no effect (hold)."""
    who = run.combatants[cid]
    foes = [c for c in run.active() if run.combatants[c].side != who.side]
    allies = [c for c in run.active() if run.combatants[c].side == who.side and c != cid]
    out = [Act(cid, ATTACK, t) for t in foes] + [Act(cid, DISADVANTAGE, t) for t in foes]
    out += [Act(cid, DISARM, t, item) for t in foes for item in run.combatants[t].tools]
    out += [Act(cid, ARM, "", item) for item in run.ground]
    out += [Act(cid, KICK, "", item) for item in run.ground]
    out += [Act(cid, THROW, ally, item) for ally in allies for item in who.tools]
    return out + [Act(cid, HOLD)]


def answers(run: Run, cid: str) -> list[Action]:
    """The answers to an action under way: counter, counter with a substituted die, surrender, or let it stand."""
    out: list[Action] = []
    if run.can_counter(cid):
        out.append(Counter(cid))
    out += [Substitute(cid, slot) for slot in run.substitutes(cid)]
    declared = run.declared
    if declared is not None and declared.target == cid and declared.kind in THREATS:
        out.append(Surrender(cid))
    return out + [Allow(cid)]


def sparks(run: Run, cid: str) -> list[Action]:
    """The sparks a combatant may spend on its presented die: reroll it, or shift a point to or from a die
    not yet presented (every number stays on its die)."""
    who = run.combatants[cid]
    if who.sparks <= 0 or cid not in run.presented:
        return []
    shown = run.presented[cid]
    out: list[Action] = [Reroll(cid)]
    for other in who.unused():
        for source, dest in ((shown, other), (other, shown)):
            if who.dice[source].value > 1 and who.dice[dest].value < who.dice[dest].size:
                out.append(Shift(cid, source, dest))
    return out


def aid_choices(run: Run) -> list[Action]:
    """Between fights: each wounded hero may be tended once, by a hero that is not helpless; or go on."""
    tenders = [c for c in run.heroes if run.combatants[c].status == IN and not run.combatants[c].helpless]
    patients = [c for c in run.heroes if run.combatants[c].wounds > 0 and c not in run.tended_now]
    return [FirstAid(t, p) for p in patients for t in tenders] + [Onward()]


def side_of_decision(run: Run) -> str | None:
    """The side whose seat decides now."""
    if run.phase == AID:
        return HEROES
    cid = run.deciding()
    return None if cid is None else run.combatants[cid].side


def refusal(run: Run, action: Action) -> str:
    """Why an action that is not among the choices now is refused, in the rules' words where they give one."""
    cid = getattr(action, "cid", None)
    if cid is not None and cid != run.deciding():
        return f"it is not {cid}'s decision now"
    if isinstance(action, Present) and run.phase != PRESENT:
        return "the dice are not being selected now"
    if isinstance(action, Reroll | Shift):
        if cid is not None and cid not in run.presented:
            return "sparks are applied after dice are presented"
        return "no spark left for that" if cid is None or run.combatants[cid].sparks <= 0 else "no such shift"
    if isinstance(action, UseSpecial) and cid in run.barred:
        return "its action was countered: no more specials this beat"
    if isinstance(action, Counter | Substitute) and run.phase == COUNTER:
        if isinstance(action, Counter) and cid in run.acted:
            return "having acted, it must substitute another die or activate a special"
        return "a counter needs a die higher than the actor's"
    return "the rules do not allow that now"
