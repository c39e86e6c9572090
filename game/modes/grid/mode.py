"""The grid mode (text 003): one object per match implementing the mode protocol."""

from __future__ import annotations

from collections import Counter
from typing import Any

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
from game.core.seats import HEROES, MONSTERS, deciding_seat, default_seats, not_deciding, seat_for_side, seat_named
from game.core.seats import controls as seat_controls
from game.core.world import MatchWorld, entity_table
from game.modes.grid import movement, stats
from game.modes.grid.actions import (
    EndTurn,
    Move,
    Retreat,
    RollInitiative,
    action_from_dict,
)
from game.modes.grid.auras import innate_auras
from game.modes.grid.components import PRONE, STANDING, Combatant, Gear, Health, Pile, Ranks, Traits, TurnScores
from game.modes.grid.content import GridContent, load_content
from game.modes.grid.events import (
    EncounterBegan,
    EncounterEnded,
    MoveStopped,
    Retreated,
    TurnSkipped,
)
from game.modes.grid.memory import SeatMemory
from game.modes.grid.movement import Plan
from game.modes.grid.skirmish import DEFAULT_MONSTERS
from game.modes.grid.spec import LEGACY_ALLIES, LEGACY_BUMPS, LEGACY_CORNERS, LEGACY_GRID_RULES, LEGACY_TIES
from game.modes.grid.state import GridState, able_to_fight
from game.modes.grid.turn_actions import TURN_RULES, check_turn_action, offered, turn_actions
from game.modes.grid.turns import end_turn, may_get_up, roll_initiative, start_turn
from game.modes.grid.view import GridView, make_view
from game.modes.grid.watching import Watch, read_with_watching, watchers

ABLE = (STANDING, PRONE)  # state.able_to_fight
__all__ = ["GridMode", "HEROES", "MONSTERS", "default_seats"]


class GridMode(ModeBase):
    """A running grid match: its own esper world, its state, and the protocol's methods."""

    name = "grid"
    undoable = True

    def __init__(self, setup: MatchSetup, dice: Dice, content: GridContent | None = None) -> None:
        self.setup = setup
        self.seats = setup.seats or default_seats()
        self.content = content or load_content()
        battlefield = setup.options.get("battlefield")
        if battlefield is None and "map" in setup.options:
            battlefield = resolve_map(str(setup.options["map"]), "grid")
        if not isinstance(battlefield, Battlefield):
            raise ValueError("the grid mode needs a 'map' (or a 'battlefield') option")
        self.world = MatchWorld("grid")
        self.state = GridState(self.content, battlefield, dice, SightMap(battlefield))
        self.state.max_rounds = setup.options.get("max_rounds")
        self.state.legacy_ties = bool(setup.options.get(LEGACY_TIES))
        self.state.legacy_bumps = bool(setup.options.get(LEGACY_BUMPS))
        self.state.legacy_rules = bool(setup.options.get(LEGACY_GRID_RULES))
        self.state.legacy_allies = bool(setup.options.get(LEGACY_ALLIES))
        self.state.legacy_corners = bool(setup.options.get(LEGACY_CORNERS))
        self.retreated: str | None = None
        # What the seat whose turn it is has seen this turn, for undo: (seat, round, current), squares, combatants.
        self.turn_seen: tuple[tuple[str, int, str | None], frozenset[Square], frozenset[str]] = \
            (("", -1, None), frozenset(), frozenset())
        # Bumped by every apply: what was judged at one revision holds only until the next action.
        self.revision = 0
        # The last action is_legal found legal, for whom and at which revision, with the path it
        # planned for a move: the runner asks is_legal and then applies, so the check runs once.
        self._judged: tuple[int, str, Action, Plan | None] | None = None
        # Seats never change and the roster is complete once started, so who decides for each
        # combatant (and who rolls initiative) is found once.
        self._deciders: dict[str, str] = {}
        self._initiative_seat: str | None = None
        # The last act's combatant and the seats that saw it begin, with the events it gave (log_events).
        self._watched: tuple[Watch, tuple[Event, ...]] | None = None
        # What each seat remembers (game.modes.grid.memory), noted after the start and after every action.
        self.memories: dict[str, SeatMemory] = {seat.name: SeatMemory() for seat in self.seats}
        # The current turn, (round, place in the order), and its actions so far with where the mover stood after
        # each: its seat's view shows them, so a player needs to remember nothing of its turn.
        self.turn_log: tuple[tuple[int, int] | None, tuple[tuple[Action, Square | None], ...]] = (None, ())

    # -- the world -------------------------------------------------------------------------------
    def _enter(self) -> None:
        """Make this match's esper world the current one (only the match switches worlds)."""
        self.world.enter()

    def close(self) -> None:
        """Drop this match's esper world."""
        self.world.close()

    # -- setting up ------------------------------------------------------------------------------
    def start(self) -> list[Event]:
        """Place the heroes, the monsters and the treasure; the first round waits for initiative."""
        self._enter()
        bf = self.state.battlefield
        self.sides = self._sides(bf)
        placed = place_sides(bf, [(side, len(templates)) for side, templates in self.sides],
                             front_first=not self.state.legacy_ties)
        counts = Counter(t for _, templates in self.sides for t in templates)
        seen: Counter[str] = Counter()
        for side, templates in self.sides:
            for template, square in zip(templates, placed[side], strict=True):
                seen[template] += 1
                self._create(template, side, square, counts[template], seen[template])
        for treasure in bf.treasure:
            if treasure.item in self.content.items:  # unknown items were reported when the map loaded
                esper.create_entity(Pile(treasure.square, [treasure.item]))
        listing = tuple(
            (who.cid, who.name, who.side, square_of(ent)) for ent, who in self.state.combatants()
        )
        self.note_seen()
        return [EncounterBegan(bf.name, listing)]  # type: ignore[arg-type]

    def _sides(self, bf: Battlefield) -> list[tuple[str, list[str]]]:
        """The sides in order, each with its combatants' templates.

        Either ``sides`` (a list of [name, [templates]]; two hero parties may fight each other)
        or ``heroes`` and ``monsters``; monsters default to the ones the map's spawns name.
        """
        given = self.setup.options.get("sides")
        if given:
            return [(str(name), list(templates)) for name, templates in given]
        heroes = list(self.setup.options.get("heroes") or [])
        monsters = list(self.setup.options.get("monsters") or [])
        if not monsters:
            # Spawns naming a monster the game does not know were reported when the map loaded.
            monsters = [s.monster for s in bf.monster_spawns if s.monster in self.content.monsters]
        if not monsters:
            monsters = list(DEFAULT_MONSTERS)
        return [(HEROES, heroes), (MONSTERS, monsters)]

    def _create(self, template: str, side: str, square: Square, count: int, number: int) -> None:
        t = self.content.combatant(template)
        cid = template if count == 1 else f"{template}#{number}"
        name = t.name if count == 1 else f"{t.name} {number}"
        who = Combatant(cid, template, name, side, template in self.content.heroes)
        ent = esper.create_entity(
            who,
            Position(square),
            Ranks({**{k: 0 for k in ("Brawl", "Perception", "Presence", "Reactions", "Spellcasting", "Stealth",
                                     "Weapon")}, **t.skills, **t.traits}),
            Health(),
            TurnScores(),
            Gear(list(t.items), list(t.equipped)),
            Traits(frozenset(t.keywords), t.actions, dict(t.resistance), t.role),
        )
        self.state.add(ent, who)
        innate_auras(self.state, ent, t.auras)

    # -- whose decision --------------------------------------------------------------------------
    def seat(self, name: str) -> Seat:
        """A seat by name."""
        return seat_named(self.seats, name)

    def _members(self, side: str) -> list[str]:
        return [who.cid for _, who in self.state.combatants() if who.side == side]

    def seat_for_side(self, side: str) -> Seat:
        """The seat that controls a side (or the first seat controlling any of its combatants)."""
        return seat_for_side(self.seats, side, self._members(side))

    def pending_seat(self) -> str | None:
        """Who decides now: the heroes' seat rolls initiative; the current combatant's seat acts."""
        if self.state.outcome is not None:
            return None
        self._enter()
        st = self.state
        if st.phase == "initiative":
            if self._initiative_seat is None:
                self._initiative_seat = self.seat_for_side(self.sides[0][0]).name
            return self._initiative_seat
        ent = st.current_entity()
        assert ent is not None
        cid = st.order[st.current]  # type: ignore[index]
        name = self._deciders.get(cid)
        if name is None:
            who = get(ent, Combatant)
            # The side's members are read only when no seat names the side or the combatant: listed lazily.
            members = (other.cid for _, other in st.combatants() if other.side == who.side)
            name = self._deciders[cid] = deciding_seat(self.seats, who.side, who.cid, members).name
        return name

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, seat: str) -> list[Action]:
        """Every legal action for the seat now, in a fixed order."""
        if self.pending_seat() != seat:
            return []
        self._enter()
        if self.state.phase == "initiative":
            return [RollInitiative(), *self._retreats(seat)]
        ent = self.state.current_entity()
        assert ent is not None
        st = self.state
        out: list[Action] = []
        if stats.is_stunned(st, ent):
            return [EndTurn(), *self._retreats(seat)]
        out += turn_actions(st, ent)
        out.append(EndTurn())
        return out + self._retreats(seat)

    def is_legal(self, action: Action, seat: str) -> bool:
        """Whether the action is among ``legal_actions(seat)``, without listing them all."""
        listed, plan = self._judge(action, seat)
        if listed:
            # A listed move's path was planned from the same knowledge that walking it uses.
            self._judged = (self.revision, seat, action, plan)
        return listed

    def _judge(self, action: Action, seat: str) -> tuple[bool, Plan | None]:
        """Whether the action is listed, following the list's own rules, and for a listed move its path."""
        if self.pending_seat() != seat:
            return False, None
        self._enter()
        st = self.state
        if isinstance(action, Retreat):
            return action in self._retreats(seat), None
        if st.phase == "initiative":
            return isinstance(action, RollInitiative), None
        ent = st.current_entity()
        assert ent is not None
        if isinstance(action, EndTurn):
            return True, None
        if stats.is_stunned(st, ent):
            return False, None
        return offered(st, ent, action)

    def _judged_legal(self, action: Action, seat: str) -> Plan | None | bool:
        """False unless is_legal found this action legal at this revision; then a move's planned path, else None."""
        judged = self._judged
        if judged is None or judged[0] != self.revision or judged[1] != seat or judged[2] != action:
            return False
        return judged[3]

    def _retreats(self, seat: str) -> list[Action]:
        names = [side for side, _ in self.sides]
        return [Retreat(side) for side in self.seat(seat).sides if side in names]

    # -- checking and applying -------------------------------------------------------------------
    def check(self, action: Action, seat: str) -> str | None:
        """Why the action is illegal for the seat now, or None; never changes anything."""
        if self._judged_legal(action, seat) is not False:
            return None  # is_legal listed it at this revision: nothing has changed since
        if self.state.outcome is not None:
            return "the encounter has ended"
        if self.pending_seat() != seat:
            return not_deciding(seat)
        self._enter()
        st = self.state
        if isinstance(action, Retreat):
            return None if action.side in self.seat(seat).sides else f"{seat} does not command the {action.side}"
        if st.phase == "initiative":
            return None if isinstance(action, RollInitiative) else "the round begins with Roll Initiative"
        if isinstance(action, RollInitiative):
            return "initiative has already been rolled this round"
        ent = st.current_entity()
        assert ent is not None
        if isinstance(action, EndTurn):
            return None
        if stats.is_stunned(st, ent):
            return "Stunned: can do nothing this round"
        return check_turn_action(st, ent, action)

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Carry out a checked action; then end the encounter or move the turn on as needed.

        The seats then note what they see (their memories), and the turn's log takes a turn action.
        """
        self._enter()
        turn = self._turn()
        mover = self.state.current_entity()
        watch = watchers(self.state, self.seats, action)
        events = self._apply(action, seat)
        self._watched = None if watch is None else (watch, tuple(events))
        if turn is not None and mover is not None and not isinstance(action, (EndTurn, Retreat, RollInitiative)):
            key, taken = self.turn_log
            self.turn_log = (turn, (*(taken if key == turn else ()), (action, square_of(mover))))
        self.note_seen()
        return events

    def _turn(self) -> tuple[int, int] | None:
        """The turn running now: the round and the place in the order of the combatant whose turn it is."""
        st = self.state
        return None if st.phase != "turn" or st.current is None else (st.round, st.current)

    def note_seen(self) -> None:
        """Let every seat remember what its view shows now (after the start and every action)."""
        st = self.state
        table = entity_table()
        for seat in self.seats:
            memory = self.memories.setdefault(seat.name, SeatMemory())
            memory.note(make_view(st, seat, others_only=True))
            # view.make_view: a combatant sees while it can fight (state.able_to_fight).
            memory.look((table[ent][Position].square for ent, who in st.roster
                         if Position in table[ent] and table[ent][Health].state in ABLE
                         and seat_controls(seat, who.side, who.cid)), st.sight)

    def _apply(self, action: Action, seat: str) -> list[Event]:
        st = self.state
        plan = self._judged_legal(action, seat)
        self.revision += 1
        if isinstance(action, Retreat):
            self.retreated = action.side
            events: list[Event] = [Retreated(action.side)]
            return events + self._end_if_over()
        if isinstance(action, RollInitiative):
            if st.max_rounds is not None and st.round >= st.max_rounds:
                st.phase = "over"
                st.outcome = Outcome(None, round_limit_reason(st.max_rounds), st.round)
                return [EncounterEnded(None, st.outcome.reason, st.round)]
            events = roll_initiative(st)
            st.phase = "turn"
            return events + self._advance()
        ent = st.current_entity()
        assert ent is not None
        if isinstance(action, EndTurn):
            events = end_turn(st, ent)
            over = self._end_if_over()
            return events + (over or self._advance())
        if type(action) is Move and plan:
            # The path is_legal planned in this very state: walking it needs no second search.
            events = movement.move(st, ent, action.to, planned=plan)  # type: ignore[arg-type]
        else:
            events = TURN_RULES[type(action)].apply(st, ent, action)
        over = self._end_if_over()
        if over:
            return events + over
        if not able_to_fight(ent):
            # Ruling grid-fall-on-own-turn: a combatant that falls during its own turn (its own
            # fireball, say) can do nothing more, so its turn ends at once.
            events += end_turn(st, ent)
            return events + (self._end_if_over() or self._advance())
        return events

    def _advance(self) -> list[Event]:
        """Start the next turn that needs a decision, running the ones that need none."""
        st = self.state
        events: list[Event] = []
        while True:
            st.current = 0 if st.current is None else st.current + 1
            while st.current < len(st.order) and get(st.ent(st.order[st.current]), Health).state == "dead":
                st.current += 1
            if st.current >= len(st.order):
                st.phase = "initiative"
                st.current = None
                return events
            ent = st.ent(st.order[st.current])
            started, goes_on = start_turn(st, ent)
            events += started
            over = self._end_if_over()
            if over:
                return events + over
            if goes_on and stats.is_stunned(st, ent):
                # "If you're Stunned, you can't do anything for one round"
                events.append(TurnSkipped(st.order[st.current], "Stunned"))
                goes_on = False
            elif not goes_on and get(ent, Health).state == "unconscious":
                events.append(TurnSkipped(st.order[st.current], "Unconscious"))
            if goes_on:
                return events
            if get(ent, Health).state != "dead":
                events += end_turn(st, ent)
            else:
                from game.modes.grid.events import TurnEnded

                events.append(TurnEnded(st.order[st.current]))
            over = self._end_if_over()
            if over:
                return events + over

    def _end_if_over(self) -> list[Event]:
        """End the encounter when a side retreated or has nobody left able to fight."""
        st = self.state
        if st.outcome is not None:
            return []
        standing = {side: False for side, _ in self.sides}
        # Every combatant comes from one of the sides: once each of two or more sides has somebody
        # able to fight, and nobody retreated, the encounter goes on whoever else is left.
        waiting = len(standing) if len(standing) > 1 and self.retreated is None else -1
        # able_to_fight read straight from the current world's table as the view does: this runs
        # after every action and every turn started.
        table = entity_table()
        for ent, who in st.roster:
            if not standing[who.side] and table[ent][Health].state in ABLE:
                standing[who.side] = True
                waiting -= 1
                if waiting == 0:
                    return []
        if self.retreated is None and not st.legacy_rules and any(
                not standing[who.side] and may_get_up(st, ent) for ent, who in st.roster):
            # Ruling grid-able-to-fight: a side whose last are down but may get up at their own turn
            # start (an Undead's "chance to reanimate") is not beaten yet. Not in matches of the fifth
            # save format and older (LEGACY_GRID_RULES).
            return []
        if self.retreated is not None:
            others = [side for side in standing if side != self.retreated]
            winner = others[0] if len(others) == 1 else None
            reason = f"the {self.retreated} retreated"
        else:
            ended = last_side_standing(standing)
            if ended is None:
                return []
            winner, reason = ended
        st.phase = "over"
        st.outcome = Outcome(winner, reason, st.round)
        return [EncounterEnded(winner, reason, st.round)]

    # -- reading ---------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The result once the encounter has ended."""
        return self.state.outcome

    def view(self, seat: str) -> GridView:
        """What one seat may know now, and what it remembers."""
        self._enter()
        memory = self.memories.get(seat)
        key, taken = self.turn_log
        return make_view(self.state, self.seat(seat), tuple(side for side, _ in self.sides),
                         memory.seen if memory else None, memory.gone if memory else frozenset(),
                         taken if key is not None and key == self._turn() else (),
                         terrain_seen=memory.terrain if memory else frozenset())

    def spectator_view(self, name: str = "spectator") -> GridView:
        """What a spectator of every side knows now (replays): every combatant, the current one's sight."""
        self._enter()
        sides = tuple(dict.fromkeys(who.side for _, who in self.state.combatants()))
        return make_view(self.state, Seat(name, sides), tuple(side for side, _ in self.sides))

    def events_for(self, seat: str, events: list[Event]) -> list[Event]:
        """The events a seat may read in its log: nothing about combatants it cannot see.

        Each event class declares who reads it (game.core.privacy): its own combatants' events are all
        kept; another seat's rolls for movement points, Senses, Scan and Hide are private scores and never
        shown; events about others are kept only while the seat sees every combatant they name; lists of
        combatants are cut down to the ones it knows of. The turn of a combatant it cannot see is kept
        without its name.
        """
        return events_for_seat(events, self._sight(seat))

    def log_events(self, seat: str, events: list[Event]) -> list[Event]:
        """What a seat's log shows of the events just applied: those it may read (events_for), and what it saw of an
        act it may not read whole (game.modes.grid.watching): every act of a combatant it saw as the act began."""
        return read_with_watching(events, self._sight(seat), self._watched)

    def _sight(self, seat: str) -> Sight:
        """What the seat knows of the combatants now."""
        view = self.view(seat)
        return Sight(seat, frozenset(c.cid for c in view.combatants),
                     frozenset(c.cid for c in view.combatants if c.controlled))

    def undo_block(self, action: Action, events: list[Event], before: GridView, after: GridView) -> str | None:
        """Why an applied action may not be taken back, or None.

        A person may take back movement of the current turn "as long as no die has been rolled
        and no new square or enemy has been revealed since".
        """
        if not isinstance(action, Move):
            return f"{type(action).__name__} cannot be taken back: only movement can"
        if any(isinstance(e, MoveStopped) for e in events):
            return "the move ran into an unseen combatant"
        # "New" is new to the seat this turn: a step back to where the turn began, or onto ground seen from a
        # square walked over earlier in the turn, shows nothing that was not already seen.
        turn = (before.seat, before.round, before.current)
        if self.turn_seen[0] != turn:
            self.turn_seen = (turn, frozenset(before.visible), frozenset(c.cid for c in before.combatants))
        _, squares, seen = self.turn_seen
        shown = frozenset(after.visible)
        met = frozenset(c.cid for c in after.combatants)
        self.turn_seen = (turn, squares | shown, seen | met)
        if shown - squares:
            return "the move revealed new squares"
        if met - seen:
            return "the move revealed an enemy"
        return None

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each combatant's side, template, wounds and whether it died, for match statistics."""
        out = {}
        for ent, who in self.state.combatants():
            health = get(ent, Health)
            out[who.cid] = {"side": who.side, "template": who.template, "wounds": health.wounds,
                            "dead": health.state == "dead"}
        return out

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """Rebuild an action from its plain form."""
        return action_from_dict(data)
