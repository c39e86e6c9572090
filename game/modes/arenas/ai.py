"""The computer's arenas player: reads only its seat's view (declarations as told, its own chances to hit)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.core.events import Action
from game.modes.arenas.arenas import side_favour
from game.modes.arenas.plans import Choose, Declare, DrawIn, Plan, Suggest
from game.modes.arenas.view import ArenasView, FighterView

FAVOURED = {"tight": ("light",), "hazardous": ("reach",), "dense": ("heavy", "very_heavy")}
SECRECY_RESERVE = 1  # keep a point of the bowl back for a monster that needs it more


class ArenasPlayer:
    """Attacks the most hurt foe it has the best chance to hit, shoots from afar, closes in otherwise (through a
    flimsy wall when that is shorter), heals the bleeding, and on the GM side keeps an attack secret when the bowl
    can pay for it; it never bluffs. It suggests a possible arena that favours the heroes, and as the game master
    draws one in only when it favours the monsters (ruling arenas-suggest-computer)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions from what the seat's view shows."""
        if isinstance(view, ArenasView) and legal and isinstance(legal[0], DrawIn):
            drawn = _favour_monsters(view, legal[0].arena) > 0
            return next((a for a in legal if isinstance(a, DrawIn) and a.drawn == drawn), legal[0])
        if not isinstance(view, ArenasView) or view.pending is None or view.pending.cid is None:
            return legal[self.rng.randrange(len(legal))]
        for a in legal:
            if isinstance(a, Suggest) and _favour_monsters(view, a.arena) < 0:
                return a
        me = view.fighter(view.pending.cid)
        assert me is not None
        plans = [(a, _plan(a)) for a in legal if isinstance(a, (Choose, Declare))]
        honest = [(a, p) for a, p in plans if not (isinstance(a, Declare) and a.shown in ("bluff", "step"))]
        best = max(honest, key=lambda ap: (self._score(view, me, ap[1]), self.rng.random()))[1]
        if isinstance(legal[0], Declare):
            shown = "secret" if best.act in ("attack", "shoot", "aim") and view.gm_awesome > SECRECY_RESERVE \
                else "all"
            for a, p in plans:
                if p == best and isinstance(a, Declare) and a.shown == shown:
                    return a
        return next(a for a, p in plans if p == best)

    def _score(self, view: ArenasView, me: FighterView, p: Plan) -> float:
        foes = [f for f in view.fighters if f.side != me.side and f.able]
        if p.parry == "daring" or p.parry == "lowest":
            return -1.0  # keep the plan list plain; +2 is always the better use against one foe
        chance = view.chance(p)
        if p.act in ("attack", "shoot", "aim") and chance is not None:
            target = view.fighter(p.target)
            hurt = 0 if target is None else len(target.marked) / max(1, target.wounds)
            bonus = 0.2 if p.parry == "plus2" else 0.0
            return 10 * float(chance) + 3 * hurt + bonus + (0.5 if p.act == "shoot" else 0.0)
        if p.act == "focus":
            target = view.fighter(p.target)
            if target is not None and target.side == me.side:
                return 12.0 if target.status in ("bleeding", "incapacitated") else 2.0 + len(target.marked)
            return 6.0
        if p.act == "move":
            here = [f for f in foes if f.arena == me.arena]
            if here and not me.ranged:
                return -5.0
            goals = _after_moves(view, foes)
            ahead = _nearest(view, p.arena, goals)
            if ahead >= _nearest(view, me.arena, goals):
                # No nearer to where the foes will stand once their told moves are made: a foe coming this way is
                # met here, not passed on the way (chasing each other's arenas would swap them round after round).
                return 0.5 + _favour(view, me, p.arena)
            return 5.0 - ahead - (1.0 if p.extra else 0.0) + _favour(view, me, p.arena)
        if p.act == "break":
            wall = next((w for w in view.walls if w.name == p.arena), None)
            beyond = [a for a in (wall.beside if wall else ()) if a != me.arena]
            if not beyond or [f for f in foes if f.arena == me.arena]:
                return -1.0
            # Worth it when the hole is a shorter way to the foes than walking, allowing for the roll and the round.
            return 5.0 - 1.0 - min(_nearest(view, a, foes) for a in beyond) - 1.5
        if p.act == "assist":
            # Its own side's plans made before this one: help only an ally it knows will attack.
            attacking = any(cid == p.target and words.startswith("attack") for cid, words in view.own_plans)
            return (4.0 if not p.extra else 3.0) if attacking else 0.5
        if p.act == "defend":
            return 1.0 + (2.0 if me.marked and len(me.marked) >= me.wounds - 2 else 0.0)
        return 0.0


def _plan(action: Choose | Declare) -> Plan:
    return action.plan


def _after_moves(view: ArenasView, foes: list[FighterView]) -> set[str]:
    """The arenas the foes will stand in after the Move step: where the game master told a move to, else where
    they are (a seat knows only the moves told to all)."""
    names = sorted((a.name for a in view.arenas), key=len, reverse=True)  # "Yard" must not match "Sand Yard"
    told = {t.cid: t.plan for t in view.told if t.shown == "all" and t.plan.startswith("move to ")}
    goals = set()
    for foe in foes:
        plan = told.get(foe.cid, "")
        goals.add(next((n for n in names if plan.startswith(f"move to {n}")), foe.arena))
    return goals


def _nearest(view: ArenasView, arena: str, foes: list[FighterView] | set[str]) -> float:
    """How many arenas from ``arena`` to the nearest foe, or nearest of the arenas named (by the arenas' neighbours
    in the view)."""
    goals = foes if isinstance(foes, set) else {f.arena for f in foes}
    seen = {arena: 0}
    todo = [arena]
    while todo:
        at = todo.pop(0)
        if at in goals:
            return float(seen[at])
        place = view.arena(at)
        for nxt in place.neighbours if place is not None else ():
            if nxt not in seen:
                seen[nxt] = seen[at] + 1
                todo.append(nxt)
    return 99.0


def _favour(view: ArenasView, me: FighterView, arena: str) -> float:
    place = view.arena(arena)
    return 0.5 if place is not None and me.weapon_type in FAVOURED.get(place.kind, ()) else 0.0


def _favour_monsters(view: ArenasView, arena: str) -> int:
    """How many more able monsters than heroes a possible arena's kind gives its +2."""
    place = next((a for a in view.possible if a.name == arena), None)
    if place is None:
        return 0
    able = [f for f in view.fighters if f.able]
    return side_favour(place.kind, [f.weapon_types for f in able if not f.hero],
                       [f.weapon_types for f in able if f.hero])
