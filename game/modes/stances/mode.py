"""The stances mode (text 001): one object per match implementing the mode protocol."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, cast

import esper

from game.core.battlefield import Battlefield, Square
from game.core.components import Position, get, square_of
from game.core.dice import Dice
from game.core.ending import last_side_standing, round_limit_reason
from game.core.events import Action, Event
from game.core.fov import SightMap
from game.core.mapref import resolve_map
from game.core.mode import MatchSetup, ModeBase, Outcome, Seat
from game.core.placement import place_sides
from game.core.privacy import Sight, events_for_seat
from game.core.seats import HEROES, MONSTERS, controls, deciding_seat, default_seats, not_deciding, seat_named
from game.core.world import MatchWorld
from game.modes.stances import engagement as eng
from game.modes.stances.actions import (
    DECLARATIONS,
    ChooseStance,
    Dash,
    Engage,
    GoUnconscious,
    Help,
    Join,
    KeepFighting,
    Pass,
    ShrugOff,
    Sidestep,
    StayOut,
    StayPut,
    TakeDamage,
    TreatWounds,
    UseAbility,
    action_from_dict,
)
from game.modes.stances.components import AbilityDice, Fighter, Holds, Kit, RoundUse, Vitals
from game.modes.stances.content import StancesContent, load_content
from game.modes.stances.damage import go_unconscious
from game.modes.stances.events import (
    EncounterBegan,
    EncounterEnded,
    KeptFighting,
    Passed,
    PriorityPassed,
    RoundEnded,
    StayedOut,
    StayedPut,
)
from game.modes.stances.moves import sides_can_meet, sidestep, sidestep_squares
from game.modes.stances.rounds import (
    apply_priority_action,
    begin_round,
    check_priority_action,
    has_priority_option,
    priority_options,
)
from game.modes.stances.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS
from game.modes.stances.spec import LEGACY_PUSHES, LEGACY_STANCES_RULES, LEGACY_TIES
from game.modes.stances.state import STANCES, StancesState, is_up, who
from game.modes.stances.view import Decision, StancesView, make_view

PRIORITY_ACTIONS = (Dash, Engage, Help, UseAbility, TreatWounds, Pass)


class StancesMode(ModeBase):
    """A running stances match: its own esper world, its state, and the protocol's methods."""

    name = "stances"
    undoable = True

    def __init__(self, setup: MatchSetup, dice: Dice, content: StancesContent | None = None) -> None:
        self.setup = setup
        self.seats: tuple[Seat, ...] = setup.seats or default_seats()
        self.content = content or load_content()
        battlefield = setup.options.get("battlefield")
        if battlefield is None:
            battlefield = resolve_map(str(setup.options.get("map", BUILTIN)), "stances")
        if not isinstance(battlefield, Battlefield):
            raise ValueError("the stances mode needs a 'map' (or a 'battlefield') option")
        self.world = MatchWorld("stances")
        self.state = StancesState(self.content, battlefield, dice, SightMap(battlefield))
        self.state.max_rounds = setup.options.get("max_rounds")
        self.state.legacy_ties = bool(setup.options.get(LEGACY_TIES))
        self.state.legacy_pushes = bool(setup.options.get(LEGACY_PUSHES))
        self.state.legacy_rules = bool(setup.options.get(LEGACY_STANCES_RULES))
        first = setup.options.get("first", HEROES)
        if first not in (HEROES, MONSTERS):
            raise ValueError(f"'first' must be {HEROES} or {MONSTERS}, not {first!r}")
        self.state.first_side = first
        self._deciders: dict[str, Seat] = {}

    def close(self) -> None:
        """Drop this match's esper world."""
        self.world.close()

    # -- setting up ------------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Place both sides and begin the first round."""
        self.world.enter()
        bf = self.state.battlefield
        heroes = list(self.setup.options.get("heroes") or DEFAULT_HEROES)
        monsters = list(self.setup.options.get("monsters") or [])
        if not monsters:
            monsters = [s.monster for s in bf.monster_spawns if s.monster in self.content.monsters]
        monsters = monsters or list(DEFAULT_MONSTERS)
        for template in heroes + monsters:
            self.content.fighter(template)  # an unknown fighter is refused before anything is placed
        placed = place_sides(bf, [(HEROES, len(heroes)), (MONSTERS, len(monsters))],
                             front_first=not self.state.legacy_ties)
        for side, templates in ((HEROES, heroes), (MONSTERS, monsters)):
            counts = Counter(templates)
            seen: Counter[str] = Counter()
            for template, square in zip(templates, placed[side], strict=True):
                seen[template] += 1
                self._create(template, side, square, counts[template], seen[template])
        listing = tuple((f.cid, f.name, f.side, square_of(ent)) for ent, f in self.state.combatants())
        events: list[Event] = [EncounterBegan(bf.name, listing)]  # type: ignore[arg-type]
        events += begin_round(self.state)
        return events + self._advance()

    def _create(self, template: str, side: str, square: Square, count: int, number: int) -> None:
        t = self.content.fighter(template)
        cid = template if count == 1 else f"{template}#{number}"
        name = t.name if count == 1 else f"{t.name} {number}"
        fighter = Fighter(cid, template, name, side, template in self.content.heroes)
        uses = {a: self.content.abilities[a].uses for a in t.abilities}
        ent = esper.create_entity(
            fighter, Position(square), Vitals(t.hit_points, t.hit_points, t.heart),
            AbilityDice(t.cunning, t.agility, t.might, dict(t.skills)),
            Kit(t.weapon, t.armour, t.size, t.speed, t.hands, t.abilities, uses), RoundUse(), Holds(),
        )
        self.state.add(ent, fighter)

    # -- whose decision --------------------------------------------------------------------------
    def _members(self, side: str) -> list[str]:
        return [f.cid for _, f in self.state.combatants() if f.side == side]

    def seat_of(self, cid: str) -> Seat:
        """The seat that decides for a fighter."""
        seat = self._deciders.get(cid)
        if seat is None:
            f = who(self.state.ent(cid))
            seat = self._deciders[cid] = deciding_seat(self.seats, f.side, cid, self._members(f.side))
        return seat

    def _order_key(self, cid: str) -> tuple[int, int]:
        """Sealed choices are asked seat by seat, so a person hands the screen over once per reveal."""
        return self.seats.index(self.seat_of(cid)), list(self.state.by_cid).index(cid)

    def _seats_of_side(self, side: str) -> list[Seat]:
        """The seats, in order, that decide for any fighter of the side."""
        deciders = {self.seat_of(cid).name for cid in self._members(side)}
        return [s for s in self.seats if s.name in deciders]

    def _priority_seat(self, side: str) -> Seat | None:
        """The seat to decide with the side's priority: the first that has not passed and has something to do."""
        for seat in self._seats_of_side(side):
            if seat.name in self.state.passed_seats:
                continue
            for ent, f in self.state.combatants():
                if f.side == side and self.seat_of(f.cid) == seat and has_priority_option(self.state, ent):
                    return seat
        return None

    def _join_seat(self, side: str) -> Seat | None:
        """The seat to decide whether more of the side join: the first that has not stayed out and has a joiner."""
        e = self.state.engagement
        assert e is not None
        for seat in self._seats_of_side(side):
            if seat.name in e.passed_seats:
                continue
            if any(self.seat_of(who(ent).cid) == seat for ent in eng.joiners(self.state, side)):
                return seat
        return None

    def _decision(self) -> tuple[str, str] | None:
        """What the match waits for: (kind, fighter id or side)."""
        if self.state.outcome is not None:
            return None
        waiting = eng.waiting(self.state)
        if waiting is not None:
            return waiting
        if self.state.engagement is None:
            return ("priority", self.state.priority)
        return None

    def pending_seat(self) -> str | None:
        """The seat whose decision the match waits for."""
        self.world.enter()
        decision = self._decision()
        if decision is None:
            return None
        kind, key = decision
        if kind == "priority":
            seat = self._priority_seat(key)
        elif kind == "join":
            seat = self._join_seat(key)
        else:
            seat = self.seat_of(key)
        return None if seat is None else seat.name

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every legal action for the seat now, in a fixed order."""
        if self.pending_seat() != seat:
            return []
        decision = self._decision()
        assert decision is not None
        kind, key = decision
        st = self.state
        me = seat_named(self.seats, seat)
        if kind == "priority":
            out: list[Action] = []
            for ent, f in st.combatants():
                if f.side == key and self.seat_of(f.cid) == me:
                    out += priority_options(st, ent)
            return out + [Pass()]
        if kind == "join":
            return [Join(who(ent).cid) for ent in eng.joiners(st, key) if self.seat_of(who(ent).cid) == me] + \
                [StayOut()]
        if kind == "stance":
            return [ChooseStance(key, stance) for stance in STANCES]
        if kind == "declare":
            stance, part = eng.ATTACK_STAGES[st.engagement.stage]  # type: ignore[union-attr]
            return list(eng.declarations(st, st.ent(key), stance, part))
        if kind == "sidestep":
            return [Sidestep(key, sq) for sq in eng.sidestep_choices(st, st.ent(key))] + [StayPut(key)]
        if kind == "damage":
            return [ShrugOff(key), TakeDamage(key)]
        if kind == "fall":
            return [GoUnconscious(key), KeepFighting(key)]
        raise AssertionError(kind)

    # -- checking and applying -------------------------------------------------------------------
    def check(self, action: Action, seat: str) -> str | None:
        """Why the action is illegal for the seat now, or None; never changes anything."""
        if self.state.outcome is not None:
            return "the fight has ended"
        if self.pending_seat() != seat:
            return not_deciding(seat)
        decision = self._decision()
        assert decision is not None
        kind, key = decision
        st = self.state
        cid = getattr(action, "cid", None)
        if cid is not None and cid not in st.by_cid:
            return f"there is no fighter {cid}"
        if st.engagement is not None and isinstance(action, PRIORITY_ACTIONS):
            if isinstance(action, UseAbility):
                return "an engagement has started: nobody can use abilities that aren't instant now"
            return f"an engagement is under way: {type(action).__name__} waits until it ends"
        if kind == "priority":
            if isinstance(action, Pass):
                return None
            if cid is None:
                return f"{type(action).__name__} is not something to do with priority"
            f = who(st.ent(cid))
            if f.side != key or self.seat_of(cid).name != seat:
                return f"{seat} does not decide for {f.name} now"
            return check_priority_action(st, st.ent(cid), action)
        if kind == "join":
            if isinstance(action, StayOut):
                return None
            if not isinstance(action, Join):
                return "an engagement has started: fighters may join it or stay out"
            f = who(st.ent(action.cid))
            if f.side != key or self.seat_of(action.cid).name != seat:
                return f"{seat} does not decide for {f.name} now"
            return eng.may_join(st, st.ent(action.cid))
        if cid != key:
            return f"the match waits for a decision about {key}"
        if kind == "stance":
            if not isinstance(action, ChooseStance):
                return "stances are being chosen"
            return None if action.stance in STANCES else f"choose one of {', '.join(STANCES)}"
        if kind == "declare":
            if not isinstance(action, DECLARATIONS):
                return "attacks are being declared"
            return None if action in self.legal_actions(seat) else self._why_not_declare(action)
        if kind == "sidestep":
            if isinstance(action, StayPut):
                return None
            if not isinstance(action, Sidestep):
                return "agility fighters are sidestepping"
            to = tuple(action.to)
            if to in eng.sidestep_choices(st, st.ent(key)):
                return None
            if to in sidestep_squares(st, st.ent(key)):
                return f"{key} sidestepped first and could attack nobody from {to}"
            return f"{to} is not an open square next to {key}"
        if kind == "damage":
            return None if isinstance(action, (ShrugOff, TakeDamage)) else "shrug off the damage or take it"
        if kind == "fall":
            return None if isinstance(action, (GoUnconscious, KeepFighting)) else "go unconscious or keep fighting"
        raise AssertionError(kind)

    def _why_not_declare(self, action: Action) -> str:
        st = self.state
        e = st.engagement
        assert e is not None
        target = getattr(action, "target", None)
        if target is not None:
            if target not in e.participants:
                return f"{target} is not in the engagement"
            theirs = eng.stance_of(e, st, target)
            stance = e.revealed.get(action.cid)  # type: ignore[attr-defined]
            if not eng.may_attack(stance or "", theirs):
                return f"{stance} does not beat {theirs}"
        return f"{type(action).__name__} is not open to {action.cid} now"  # type: ignore[attr-defined]

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Carry out a checked action, then run the match on to the next decision."""
        self.world.enter()
        kind, key = self._decision()  # type: ignore[misc]
        st = self.state
        e = st.engagement
        events: list[Event] = []
        if kind == "priority":
            if isinstance(action, Pass):
                st.passed_seats.add(seat)
            else:
                events += apply_priority_action(st, st.ent(action.cid), action)  # type: ignore[attr-defined]
                if not isinstance(action, Engage):
                    events += self._pass_priority(f"{key} acted")
        elif kind == "join":
            assert e is not None
            if isinstance(action, Join):
                events += eng.join(st, st.ent(action.cid))
            else:
                e.passed_seats.add(seat)
                events.append(StayedOut(key))
        elif kind == "stance":
            assert e is not None and e.stances is not None
            events.append(e.stances.seal(key, action.stance))  # type: ignore[attr-defined]
        elif kind == "declare":
            assert e is not None and e.declaring is not None
            events.append(dataclasses.replace(e.declaring.seal(key, action), _what="declaration"))
        elif kind == "sidestep":
            assert e is not None
            ent = st.ent(key)
            e.movers.remove(key)
            e.move_side = st.other(who(ent).side)
            # tuple() of a Square is typed as a tuple of any length: the cast keeps it a Square.
            if isinstance(action, Sidestep):
                eng.sidestepped(st, key)
            events += sidestep(st, ent, cast(Square, tuple(action.to))) if isinstance(action, Sidestep) \
                else [StayedPut(key)]
        elif kind == "damage":
            assert e is not None
            e.decisions.resolve(key, kind)
            events += eng.deliver(st, e.hits.pop(0), shrug=isinstance(action, ShrugOff))
        elif kind == "fall":
            assert e is not None
            e.decisions.resolve(key, kind)
            if isinstance(action, GoUnconscious):
                events += go_unconscious(st, st.ent(key), "chose to go unconscious")
            else:
                events.append(KeptFighting(key))
        return events + self._advance()

    def _pass_priority(self, reason: str) -> list[Event]:
        st = self.state
        st.passes = 0
        st.passed_seats.clear()
        st.priority = st.other(st.priority)
        return [PriorityPassed(st.priority, reason)]

    def _advance(self) -> list[Event]:
        """Run the match on until a seat has to decide something, or it ends."""
        st = self.state
        events: list[Event] = []
        fresh_round = False
        while st.outcome is None:
            if st.engagement is not None:
                events += eng.advance(st, self._order_key, lambda side: self._join_seat(side) is not None,
                                      self._end_if_over)
                if st.engagement is not None or st.outcome is not None:
                    return events
                continue
            if self._priority_seat(st.priority) is not None:
                return events
            if fresh_round and self._priority_seat(st.other(st.priority)) is None:
                # Ruling stances-stuck: when a new round gives nobody anything to do, the fight cannot go on.
                return events + self._finish(None, "nobody can do anything more")
            events.append(Passed(st.priority))
            st.passes += 1
            st.passed_seats.clear()
            if st.passes >= 2:
                events.append(RoundEnded(st.round))
                if st.max_rounds is not None and st.round >= st.max_rounds:
                    return events + self._finish(None, round_limit_reason(st.max_rounds))
                events += begin_round(st)
                events += self._end_if_over()
                anything_to_do = self._priority_seat(st.priority) is not None or \
                    self._priority_seat(st.other(st.priority)) is not None  # else ruling stances-stuck
                if st.outcome is None and not st.legacy_rules and anything_to_do and not sides_can_meet(st):
                    # Ruling stances-apart: sides that can never come within reach of each other cannot fight.
                    return events + self._finish(None, "neither side can reach the other")
                fresh_round = True
                continue
            st.priority = st.other(st.priority)
            events.append(PriorityPassed(st.priority, "the other side passed"))
        return events

    def _end_if_over(self) -> list[Event]:
        """End the fight once a side has nobody left able to fight (awake and alive)."""
        st = self.state
        if st.outcome is not None:
            return []
        able = {HEROES: False, MONSTERS: False}
        for ent, f in st.combatants():
            if is_up(ent):
                able[f.side] = True
        ended = last_side_standing(able)
        return [] if ended is None else self._finish(*ended)

    def _finish(self, winner: str | None, reason: str) -> list[Event]:
        st = self.state
        st.outcome = Outcome(winner, reason, st.round)
        return [EncounterEnded(winner, reason, st.round)]

    # -- reading ---------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The result once the fight has ended."""
        return self.state.outcome

    def view(self, seat: str) -> StancesView:
        """What one seat may know now."""
        return make_view(self.state, seat_named(self.seats, seat), self._decision_view())

    def spectator_view(self, name: str = "spectator") -> StancesView:
        """What a spectator of every side may know now (replays): what the rules make public, and no more.

        Every fighter is in it, as in every seat's view, but the spectator decides for none: a
        sealed stance or declaration shows only that it was made until all are revealed together.
        """
        return make_view(self.state, Seat(name, ()), self._decision_view())

    def _decision_view(self) -> Decision | None:
        """The decision the match waits for, as every view shows it."""
        self.world.enter()
        pending = self.pending_seat()
        decision = None
        waiting = self._decision()
        if waiting is not None:
            kind, key = waiting
            side = key if kind in ("priority", "join") else None
            cid = None if side is not None else key
            amount = None
            if kind == "damage" and self.state.engagement is not None:
                amount = self.state.engagement.hits[0].amount
            decision = Decision(kind, pending, cid, side, amount)
        return decision

    def controlled_by(self, seat: str) -> list[str]:
        """The fighters a seat decides for."""
        me = seat_named(self.seats, seat)
        return [f.cid for _, f in self.state.combatants() if controls(me, f.side, f.cid)]

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """The events a seat may read in its log, as each event class declares (game.core.privacy).

        Every fighter is in every seat's view, so a seat reads every event; a sealed stance or
        declaration stays out of the events themselves until the reveal.
        """
        known = frozenset(f.cid for _, f in self.state.combatants())
        return events_for_seat(events, Sight(seat, known, frozenset(self.controlled_by(seat))))

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """Why an applied action may not be taken back: only a dash can be, as it rolls nothing and hides nothing."""
        return None if isinstance(action, Dash) else f"{type(action).__name__} cannot be taken back: only a dash can"

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each fighter's side, template, wounds and whether it died, for match statistics."""
        out = {}
        for ent, f in self.state.combatants():
            vitals = get(ent, Vitals)
            out[f.cid] = {"side": f.side, "template": f.template, "wounds": len(vitals.wounds),
                          "dead": vitals.state == "dead"}
        return out

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Rebuild an action from its plain form."""
        return action_from_dict(data)

