"""The arenas mode (text 002): one object per match implementing the mode protocol."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from game.core.battlefield import Battlefield, Square
from game.core.dice import Dice
from game.core.ending import last_side_standing, round_limit_reason
from game.core.events import Action, Event
from game.core.mapref import resolve_map
from game.core.mode import MatchSetup, ModeBase, Outcome, Pending, Seat
from game.core.placement import place_sides
from game.core.privacy import Sight, events_for_seat
from game.core.seats import HEROES, MONSTERS, controls, deciding_seat, default_seats, not_deciding, seat_named
from game.modes.arenas.arenas import arena_map
from game.modes.arenas.changes import changes_of, marks_of
from game.modes.arenas.choices import options
from game.modes.arenas.combat import terms
from game.modes.arenas.content import ArenasContent, load_content
from game.modes.arenas.declaring import check_declare, declarations_for, declare_events
from game.modes.arenas.dice import hit_chance
from game.modes.arenas.events import EncounterBegan, EncounterEnded, PlanChosen, PlanSealed, PlansRevealed
from game.modes.arenas.plans import Choose, Declare, DrawIn, Plan, Suggest, action_from_dict, choose
from game.modes.arenas.rounds import begin_round, play_round
from game.modes.arenas.skirmish import BUILTIN, DEFAULT_HEROES, DEFAULT_MONSTERS
from game.modes.arenas.state import ArenasState, Fighter
from game.modes.arenas.suggestions import answer, kind_now, room, suggest, suggestible
from game.modes.arenas.tokens import token_squares
from game.modes.arenas.view import ArenasView, ArenaView, FighterView, Told, WallView, favour_words
from game.modes.arenas.walls import break_chance, walls_beside
from game.modes.arenas.words import plan_words

GM_AWESOME = "gm_awesome"
DEFAULT_GM_AWESOME = 3  # ruling arenas-awesome: the GM side's bowl starts with 3 Awesome points
# Ruling arenas-turn-limit: "Sixty rounds make one 'turn'"; a fight still going after a turn is a draw.
TURN = 60


class ArenasMode(ModeBase):
    """A running arenas match: its state, its seats and the protocol's methods."""

    name = "arenas"
    undoable = True

    def __init__(self, setup: MatchSetup, dice: Dice, content: ArenasContent | None = None) -> None:
        self.setup = setup
        self.seats: tuple[Seat, ...] = setup.seats or default_seats()
        content = content or load_content()
        battlefield = setup.options.get("battlefield")
        if battlefield is None:
            battlefield = resolve_map(str(setup.options.get("map", BUILTIN)), "arenas")
        if not isinstance(battlefield, Battlefield):
            raise ValueError("the arenas mode needs a 'map' (or a 'battlefield') option")
        marks = marks_of(battlefield)
        self.state = ArenasState(content, battlefield, arena_map(battlefield, marks.possible), dice)
        self.state.changes = changes_of(battlefield)
        self.state.flimsy = {wall.name: wall for wall in marks.flimsy}
        self.state.possible = {a.name: (a.kind, tuple(sorted((s for s in a.squares if battlefield.is_open(s)),
                                                              key=lambda s: (s[1], s[0]))))
                               for a in battlefield.arenas if a.name in marks.possible}
        self.state.max_rounds = setup.options.get("max_rounds")
        self.state.gm_awesome = int(setup.options.get(GM_AWESOME, DEFAULT_GM_AWESOME))
        self._deciders: dict[str, Seat] = {}
        self._options: dict[str, list[Plan]] = {}  # each character's plans, until the next action changes them
        self._views: dict[str, ArenasView] = {}

    # -- setting up ------------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Place both sides in their arenas and begin the first round."""
        st = self.state
        heroes = list(self.setup.options.get("heroes") or DEFAULT_HEROES)
        monsters = list(self.setup.options.get("monsters") or [])
        if not monsters:
            monsters = [s.monster for s in st.battlefield.monster_spawns if s.monster in st.content.monsters]
        monsters = monsters or list(DEFAULT_MONSTERS)
        for template in heroes + monsters:
            st.content.character(template)  # an unknown one is refused before anything is placed
        placed = place_sides(st.battlefield, [(HEROES, len(heroes)), (MONSTERS, len(monsters))])
        for side, templates in ((HEROES, heroes), (MONSTERS, monsters)):
            counts = Counter(templates)
            seen: Counter[str] = Counter()
            for template, square in zip(templates, placed[side], strict=True):
                seen[template] += 1
                self._create(template, side, square, counts[template], seen[template])
        listing = tuple((f.cid, f.name, f.side, f.arena) for f in st.fighters.values())
        events: list[Event] = [EncounterBegan(st.battlefield.name, listing)]
        events += begin_round(st)
        return events + self._advance()

    def _create(self, template: str, side: str, square: Square, count: int, number: int) -> None:
        st = self.state
        c = st.content.character(template)
        cid = template if count == 1 else f"{template}#{number}"
        name = c.name if count == 1 else f"{c.name} {number}"
        st.fighters[cid] = Fighter(cid, name, template, side, template in st.content.heroes,
                                   st.arenas.nearest(square), c.wounds, members=c.minions,
                                   awesome=c.awesome if template in st.content.heroes else 0)

    # -- whose decision --------------------------------------------------------------------------
    def seat_of(self, cid: str) -> Seat:
        """The seat that decides for a character."""
        seat = self._deciders.get(cid)
        if seat is None:
            f = self.state.fighters[cid]
            members = [o.cid for o in self.state.fighters.values() if o.side == f.side]
            seat = self._deciders[cid] = deciding_seat(self.seats, f.side, cid, members)
        return seat

    def _waiting(self) -> str | None:
        """The character whose plan the match waits for: monsters declare first, then heroes choose."""
        st = self.state
        if st.outcome is not None:
            return None
        if st.asking is not None:
            return self._gm_cid()
        if st.phase == "declare":
            return next((cid for cid, f in st.fighters.items()
                         if not f.hero and f.able and cid not in st.declarations), None)
        heroes = [cid for cid, f in st.fighters.items() if f.hero and f.able and cid not in st.plans]
        heroes.sort(key=lambda cid: (self.seats.index(self.seat_of(cid)), list(st.fighters).index(cid)))
        return heroes[0] if heroes else None

    def _gm_cid(self) -> str:
        """A monster whose seat answers for the game master (the first able one)."""
        monsters = [cid for cid, f in self.state.fighters.items() if not f.hero]
        return next((cid for cid in monsters if self.state.fighters[cid].able), monsters[0])

    def pending_seat(self) -> str | None:
        """The seat whose decision the match waits for."""
        cid = self._waiting()
        return None if cid is None else self.seat_of(cid).name

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every legal action for the seat now."""
        cid = self._waiting()
        if cid is None or self.seat_of(cid).name != seat:
            return []
        st = self.state
        if st.asking is not None:
            return [DrawIn(st.asking[1], True), DrawIn(st.asking[1], False)]
        f = st.fighters[cid]
        if st.phase == "declare":
            return list(declarations_for(st, f, self._plans(f)))
        return [choose(cid, p) for p in self._plans(f)] + [Suggest(cid, a) for a in suggestible(st, f)]

    def _plans(self, f: Fighter) -> list[Plan]:
        found = self._options.get(f.cid)
        if found is None:
            found = self._options[f.cid] = options(self.state, f)
        return found

    def check(self, action: Action, seat: str) -> str | None:
        """Why the action is illegal for the seat now, or None."""
        st = self.state
        if st.outcome is not None:
            return "the fight has ended"
        cid = self._waiting()
        if cid is None or self.seat_of(cid).name != seat:
            return not_deciding(seat)
        if st.asking is not None:
            if not isinstance(action, DrawIn) or action.arena != st.asking[1]:
                return f"the game master answers {st.fighters[st.asking[0]].name}'s suggestion first"
            return None
        if isinstance(action, DrawIn):
            return "nobody has suggested an arena to draw in"
        if isinstance(action, Suggest):
            if action.cid != cid:
                return f"the match waits for {st.fighters[cid].name}'s plan"
            return None if action.arena in suggestible(st, st.fighters[cid]) else \
                f"{action.arena} is no possible arena {st.fighters[cid].name} may suggest now"
        if not isinstance(action, (Declare, Choose)):
            return "plans are being made"
        if action.cid != cid:
            return f"the match waits for {st.fighters[cid].name}'s plan"
        try:
            plan = action.plan
        except ValueError as error:
            return str(error)
        if st.phase == "declare":
            if not isinstance(action, Declare):
                return "the game-master side declares its tactics first"
            return check_declare(st, st.fighters[cid], action, self._plans(st.fighters[cid]))
        if not isinstance(action, Choose):
            return "the heroes are choosing their plans"
        return None if plan in self._plans(st.fighters[cid]) else f"{plan_words(st, plan)} is not open to {cid}"

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Carry out a checked action, then run the match on to the next decision."""
        st = self.state
        self._options.clear()
        self._views.clear()
        events: list[Event] = []
        if isinstance(action, Suggest):
            events += suggest(st, st.fighters[action.cid], action.arena)
        elif isinstance(action, DrawIn):
            events += answer(st, action.drawn)
        elif isinstance(action, Declare):
            events += declare_events(st, st.fighters[action.cid], action, seat)
        elif isinstance(action, Choose):
            st.plans[action.cid] = action.plan
            events.append(PlanChosen(seat, action.cid, plan_words(st, action.plan)))
            waiting = tuple(cid for cid, f in st.fighters.items() if f.hero and f.able and cid not in st.plans)
            events.append(PlanSealed(action.cid, waiting))
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """Run the match on until a seat has to decide something, or it ends."""
        st = self.state
        events: list[Event] = []
        while st.outcome is None:
            if self._waiting() is not None:
                return events
            if st.phase == "declare":
                st.phase = "choose"
                continue
            events += play_round(st, self._end_if_over)
            if st.outcome is not None:
                break
            limit = st.max_rounds if st.max_rounds is not None else TURN
            if st.round >= limit:
                reason = round_limit_reason(limit) if st.max_rounds is not None else \
                    f"no side won within a turn ({TURN} rounds)"
                return events + self._finish(None, reason)
            events += begin_round(st)
        return events

    def _end_if_over(self) -> list[Event]:
        """End the fight once a side has nobody left able to fight."""
        st = self.state
        if st.outcome is not None:
            return []
        able = {HEROES: False, MONSTERS: False}
        for f in st.fighters.values():
            if f.able:
                able[f.side] = True
        ended = last_side_standing(able)
        return [] if ended is None else self._finish(*ended)

    def _finish(self, winner: str | None, reason: str) -> list[Event]:
        st = self.state
        st.outcome = Outcome(winner, reason, st.round)
        st.phase = "over"
        return [EncounterEnded(winner, reason, st.round)]

    # -- reading ---------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The result once the fight has ended."""
        return self.state.outcome

    def view(self, seat: str) -> ArenasView:
        """What one seat may know now."""
        return self._view(seat_named(self.seats, seat))

    def spectator_view(self, name: str = "spectator") -> ArenasView:
        """What someone watching may know: what the rules make public, and no sealed or secret plan."""
        return self._view(Seat(name, ()))

    def _view(self, seat: Seat) -> ArenasView:
        key = f"{seat.name}:{seat.sides}"
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = self._make_view(seat)
        return found

    def _make_view(self, seat: Seat) -> ArenasView:
        st = self.state
        squares = token_squares(st)
        own = {cid for cid, f in st.fighters.items() if controls(seat, f.side, cid) or self._decides(seat, cid)}
        fighters = tuple(self._fighter_view(f, squares.get(f.cid), f.cid in own) for f in st.fighters.values())
        arenas = tuple(ArenaView(name, st.kind(name), favour_words(st.kind(name)), st.arenas.squares[i],
                                 tuple(st.arenas.names[j] for j in sorted(st.arenas.neighbours[i])),
                                 name in st.rubble)
                       for i, name in enumerate(st.arenas.names))
        told = []
        for cid, d in st.declarations.items():
            shown = d.told()
            if shown is None:
                told.append(Told(cid, "secret", 0, ""))
            elif d.shown == "step" or d.shown == "bluff":
                told.append(Told(cid, "step", shown.step, ""))
            else:
                told.append(Told(cid, "all", shown.step, plan_words(st, shown)))
        mine = [(cid, plan_words(st, p)) for cid, p in st.plans.items() if cid in own]
        mine += [(cid, plan_words(st, d.plan)) for cid, d in st.declarations.items() if cid in own]
        chosen = tuple(st.plans) + tuple(st.declarations)
        waiting = self._waiting()
        decision = None
        chances: tuple[tuple[Plan, Fraction], ...] = ()
        if waiting is not None and st.asking is not None:
            decision = Pending("suggestion", self.seat_of(waiting).name, None, st.fighters[waiting].side)
        elif waiting is not None:
            decider = self.seat_of(waiting).name
            decision = Pending(st.phase, decider, waiting, st.fighters[waiting].side)
            if decider == seat.name:
                chances = self._chances(st.fighters[waiting])
        return ArenasView(seat.name, st.round, st.phase, st.battlefield, fighters, arenas, st.gm_awesome,
                          tuple(told), tuple(mine), chosen, chances, decision, st.outcome, *self._map_marks())

    def _map_marks(self) -> tuple[tuple[WallView, ...], tuple[ArenaView, ...], tuple[str, str] | None]:
        """The flimsy walls standing, the possible arenas not drawn in, and the suggestion being answered."""
        st = self.state
        walls = tuple(WallView(name, tuple(sorted(w.squares, key=lambda s: (s[1], s[0]))), w.rubble,
                               tuple(a for a in st.arenas.names if name in walls_beside(st, a)))
                      for name, w in st.flimsy.items())
        kinds = {name: kind_now(st, name, kind) for name, (kind, _) in st.possible.items()}
        possible = tuple(ArenaView(name, kinds[name], favour_words(kinds[name]), room(st, name), ())
                         for name in st.possible)
        return walls, possible, st.asking

    def _decides(self, seat: Seat, cid: str) -> bool:
        return bool(seat.sides) and self.seat_of(cid).name == seat.name

    def _chances(self, f: Fighter) -> tuple[tuple[Plan, Fraction], ...]:
        """The exact chance to hit of every attack open to a character, from the terms the resolver rolls with, and
        of breaking each flimsy wall it may try."""
        st = self.state
        out = []
        for p in self._plans(f):
            if p.act == "break":
                out.append((p, break_chance(st, f)))
                continue
            target = st.fighters.get(p.target)
            if p.act not in ("attack", "shoot", "aim") or target is None:
                continue
            t = terms(st, f, target, p.act != "attack", p)
            out.append((p, hit_chance(t.dice, t.bonus, t.need)))
        return tuple(out)

    def _fighter_view(self, f: Fighter, square: Square | None, mine: bool) -> FighterView:
        st = self.state
        c = st.character(f)
        ranged = st.ranged(f)
        return FighterView(f.cid, f.name, f.template, f.side, f.hero, f.arena, square, f.wounds, tuple(f.marked),
                           f.members, f.status, st.awesome_of(f), mine, c.brawn, c.cunning, c.daring, c.commitment,
                           c.awareness, st.weapon(f).name, st.weapon(f).type, ranged.name if ranged else "",
                           st.armour(f), f.cornered_by is not None, f.no_move, ranged.type if ranged else "")

    def controlled_by(self, seat: str) -> list[str]:
        """The characters a seat decides for."""
        return [cid for cid in self.state.fighters if self.seat_of(cid).name == seat]

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """The events a seat may read, as each event class declares (game.core.privacy)."""
        known = frozenset(self.state.fighters)
        return events_for_seat(events, Sight(seat, known, frozenset(self.controlled_by(seat))))

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """Why an applied action may not be taken back: only a hero's sealed plan can be, while the round waits
        for more plans (it rolled no die and showed nobody anything); a declaration is told to the heroes."""
        if isinstance(action, Declare):
            return "a declaration is told to the heroes at once and cannot be taken back"
        if isinstance(action, (Suggest, DrawIn)):
            return "a suggestion and the game master's answer are said aloud and cannot be taken back"
        if any(isinstance(e, PlansRevealed) for e in events):
            return "the plans were revealed and the steps played out"
        return None

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each character's side, template, wounds marked and whether it died, for match statistics."""
        return {f.cid: {"side": f.side, "template": f.template, "wounds": len(f.marked), "dead": f.status == "dead"}
                for f in self.state.fighters.values()}

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Rebuild an action from its plain form."""
        return action_from_dict(data)
