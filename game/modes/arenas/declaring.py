"""The GM side's declarations (text 002): "The DM always declares NPC tactics before the PCs decide what they will
do", all of a monster's plan, only the part of the round it will use, nothing for an Awesome point paid into the
bowl, or apparent tactics changed by paying Awesome points to the heroes affected."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from game.core.events import Event
from game.modes.arenas.events import AwesomePaid, TacticsChosen, TacticsDeclared
from game.modes.arenas.plans import SHOWN, STEP_OF, Act, Declaration, Declare, Plan, declare
from game.modes.arenas.state import GM, ArenasState, Fighter
from game.modes.arenas.words import plan_words

SECRECY = 1  # "the DM may put Awesome Points in the bowl to pay for secrecy": one a monster
# The acts a bluff may show, one for each step a monster can be seen to use.
BLUFFS = ("defend", "shoot", "impede", "move", "attack", "push")


def affected(st: ArenasState, monster: Fighter) -> list[Fighter]:
    """The heroes a monster's changed tactics affect (ruling arenas-bluff): the able heroes in its arena or one
    next to it, each paid one Awesome point."""
    near = set(st.arenas.within(monster.arena, 1))
    return [f for f in st.fighters.values() if f.hero and f.able and f.arena in near]


def declarations_for(st: ArenasState, f: Fighter, plans: list[Plan]) -> Iterator[Declare]:
    """Every declaration the GM side may make of a monster (its ``plans``): each shown all, by its step, secret or
    bluffed."""
    bluff_cost = len(affected(st, f))
    for plan in plans:
        yield declare(f.cid, plan, "all")
        yield declare(f.cid, plan, "step")
        if st.gm_awesome >= SECRECY:
            yield declare(f.cid, plan, "secret")
        if bluff_cost and st.gm_awesome >= bluff_cost:
            for act in BLUFFS:
                if STEP_OF[act] != plan.step:
                    yield declare(f.cid, plan, "bluff", act)


def check_declare(st: ArenasState, f: Fighter, action: Declare, plans: list[Plan]) -> str | None:
    """Why a declaration of one of the monster's ``plans`` cannot be made now, or None."""
    if action.shown not in SHOWN:
        return f"a declaration shows {', '.join(SHOWN)}, not {action.shown!r}"
    if action.plan not in plans:
        return f"{plan_words(st, action.plan)} is not open to {f.name}"
    if action.shown == "secret" and st.gm_awesome < SECRECY:
        return "keeping tactics secret costs an Awesome point the game master does not have"
    if action.shown == "bluff":
        if action.apparent not in BLUFFS or STEP_OF[action.apparent] == action.plan.step:
            return "a changed tactic must show another part of the round"
        cost = len(affected(st, f))
        if cost == 0:
            return "no hero is near enough to be misled"
        if st.gm_awesome < cost:
            return f"changing {f.name}'s apparent tactics costs {cost} Awesome points"
    elif action.apparent:
        return "only a changed tactic shows an apparent one"
    return None


def declare_events(st: ArenasState, f: Fighter, action: Declare, seat: str) -> list[Event]:
    """Record a declaration, pay for it, and tell what it shows."""
    plan = action.plan
    apparent = Plan(cast(Act, action.apparent)) if action.shown == "bluff" else None
    declaration = Declaration(plan, action.shown, apparent)
    st.declarations[f.cid] = declaration
    events: list[Event] = [TacticsChosen(seat, f.cid, plan_words(st, plan), action.shown)]
    if action.shown == "secret":
        st.gm_awesome -= SECRECY
        events.append(AwesomePaid(GM, (), SECRECY, f"to keep {f.name}'s tactics secret"))
        events.append(TacticsDeclared(f.cid, "secret", 0, ""))
    elif action.shown == "bluff":
        heroes = affected(st, f)
        st.gm_awesome -= len(heroes)
        for h in heroes:
            h.awesome += 1
        events.append(AwesomePaid(GM, tuple(h.cid for h in heroes), len(heroes),
                                  f"to change {f.name}'s apparent tactics"))
        assert apparent is not None
        events.append(TacticsDeclared(f.cid, "step", apparent.step, ""))
    elif action.shown == "step":
        events.append(TacticsDeclared(f.cid, "step", plan.step, ""))
    else:
        events.append(TacticsDeclared(f.cid, "all", plan.step, plan_words(st, plan)))
    return events
