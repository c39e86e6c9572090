"""The tactical policy: a player that decides for a seat from its view, planning each turn once."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.core.battlefield import Battlefield, Square
from game.core.events import Action
from game.core.fields import plain_squares
from game.core.fov import SightMap
from game.core.geometry import distance
from game.core.paths import cheapest_path
from game.modes.grid.actions import EndTurn, Move, PickUp, Retreat, RollInitiative, UseAction
from game.modes.grid.ai.board import Board
from game.modes.grid.ai.lore import RUSHER, Lore
from game.modes.grid.ai.morale import breaks, losing
from game.modes.grid.ai.planner import Planner
from game.modes.grid.ai.skill import DEFAULT_DIFFICULTY, Skill, skill_for
from game.modes.grid.ai.steps import Limits, Step
from game.modes.grid.content import GridContent, load_content
from game.modes.grid.options import SCAN_COST
from game.modes.grid.view import CombatantView, GridView
from game.modes.grid.viewpaths import path_for_view, step_cost_for_view

SIGHT_CACHE = 1024  # fields of view remembered per map: every token's square and every target's
ATTEMPTS = 4  # plans tried against the legal actions before falling back on End Turn
MAX_STEPS = 24  # decisions in one turn before the policy ends it: a guard against plans that go nowhere
Signature = tuple[Any, ...]


class TacticalPlayer:
    """Plays a seat of the grid mode well and quickly, knowing only what the seat's view shows.

    It has its own random generator (seeded from the match seed), used only to vary among plans of
    about equal worth on the easier levels and to pick squares to search when no enemy is known.
    """

    def __init__(self, seed: int, difficulty: str = DEFAULT_DIFFICULTY, content: GridContent | None = None) -> None:
        self.rng = random.Random(seed)
        self.skill: Skill = skill_for(difficulty)
        self.lore = Lore(content or load_content())
        self.planner = Planner(self.lore, self.skill, self.rng)
        self._sight: tuple[Battlefield, SightMap] | None = None
        self.memory: dict[str, tuple[Square, int]] = {}  # enemies last seen: where and in which round
        self._explore: Square | None = None
        self._start: Square | None = None  # where the seat's first combatant to act stood: its side's start
        self._turn: tuple[str, int] | None = None
        self._plan: list[Step] = []
        self._expect: Signature | None = None
        self._scanned = False
        self._bumped: set[Square] = set()
        self._steps = 0
        self._moving_to: Square | None = None
        self._closed_in = False
        self._stand = False  # the side can no longer win: a last stand (game.modes.grid.ai.morale)
        self._ends: tuple[tuple[object, ...], dict[Square, tuple[float, float, float]]] | None = None
        self.plans = 0  # turns (and parts of turns) planned so far, for benchmarks

    # -- the Player protocol -----------------------------------------------------------------------
    def choose(self, view: GridView, legal: Sequence[Action]) -> Action:
        """Pick the next action of the seat's turn: the next step of the turn's plan, planned again if need be.

        A side that has broken (game.modes.grid.ai.morale) plays the turn out, a last blow included, and
        retreats where it would end it: it leaves the fight rather than hide till the round limit.
        """
        action = self._choose(view, legal)
        me = view.combatant(view.current) if isinstance(action, EndTurn) and view.current is not None else None
        if me is not None and breaks(view, me.side) and Retreat(me.side) in legal:
            return Retreat(me.side)
        return action

    def _choose(self, view: GridView, legal: Sequence[Action]) -> Action:
        if view.phase != "turn" or view.current is None:
            for action in legal:
                if isinstance(action, RollInitiative):
                    return action
            return self._fallback(legal)
        me = view.combatant(view.current)
        if me is None or me.square is None or me.movement is None:
            return self._fallback(legal)
        self._remember(view, me)
        if self._start is None:
            self._start = me.square
        turn = (me.cid, view.round)
        if turn != self._turn:
            self._turn, self._plan, self._expect, self._scanned = turn, [], None, False
            self._bumped, self._steps, self._moving_to, self._closed_in = set(), 0, None, False
        self._steps += 1
        self._stand = losing(view, me.side)
        if self._steps > MAX_STEPS:
            return self._fallback(legal)
        signature = _signature(view, me)
        limits = Limits(stay=self._closed_in)
        if self._moving_to is not None and self._expect is not None and me.square != self._expect[0]:
            if view.legacy_bumps:
                self._note_bump(view, me, self._moving_to)
            limits.stay = False  # stopped short by someone unseen: find another way
        if self._bumped:
            # Only a match that forgets bumps fills _bumped: its moves walk the previewed path, which knows
            # nothing of them, so go only where that path keeps clear of them.
            limits.moves = self._clear_of(view, me, legal, self._bumped)
        # A move walks the path the mover knows of (ruling grid-move-knowledge), into an enemy that the seat
        # sees through an ally and the mover does not: plan around such enemies, and walk around them in legs.
        hidden = _hidden_squares(view)
        if me.acted and (me.movement <= 0 or self.lore.build(me).role == RUSHER):
            self._plan = [Step(EndTurn())]  # nothing left to do this turn: no need to weigh anything
        elif not self._plan or self._expect is None or signature != self._expect:
            self._plan = self._make_plan(view, limits, hidden)
        for _ in range(ATTEMPTS):
            step = self._plan[0] if self._plan else Step(EndTurn())
            if _is_legal(step.action, legal):
                self._plan = self._plan[1:]
                self._expect = None if step.square is None else (step.square, step.movement, *signature[2:])
                if hidden and isinstance(step.action, Move):
                    leg = self._leg(view, me, step.action.to, hidden)
                    if leg is not None and leg[0] != step.action.to and _is_legal(Move(leg[0]), legal):
                        # Walk the first leg, then go on with the same step.
                        self._plan = [step, *self._plan]
                        self._expect = (leg[0], me.movement - leg[1], *signature[2:])
                        step = Step(Move(leg[0]), leg[0], me.movement - leg[1])
                self._moving_to = step.action.to if isinstance(step.action, Move) else None
                self._closed_in = self._closed_in or step.closing
                if type(step.action).__name__ == "Scan":
                    self._scanned = True
                return step.action
            self._restrict(limits, step.action, legal)
            self._plan = self._make_plan(view, limits, hidden)
        self._plan, self._expect = [], None
        return self._fallback(legal)

    def planned_actions(self) -> tuple[Action, ...]:
        """The actions the rest of the turn's plan holds after the one last chosen (none when it must plan again)."""
        return tuple(step.action for step in self._plan)

    # -- planning ----------------------------------------------------------------------------------
    def _make_plan(self, view: GridView, limits: Limits, hidden: set[Square]) -> list[Step]:
        self.plans += 1
        # A side that can no longer win makes a last stand: no keeping out of reach, no hiding.
        board = Board(view, self.lore, self._sight_of(view.battlefield), self.skill, self._bumped | hidden,
                      0.0 if self._stand else self.planner.caution, self.planner.hides and not self._stand)
        # A plan after the last one with the same danger and the same position values (after an attack
        # that changed neither, say) reuses the values of the squares already weighed.
        key = board.ends_key()
        if self._ends is not None and self._ends[0] == key:
            board.ends = self._ends[1]
        else:
            self._ends = (key, board.ends)
        return self.planner.plan(board, self._goal, self._suspects(view, board.me), self._scanned, limits)

    def _sight_of(self, battlefield: Battlefield) -> SightMap:
        """Lines of sight on the match's map, computed once per origin."""
        if self._sight is None or self._sight[0] is not battlefield:
            self._sight = (battlefield, SightMap(battlefield, cache_size=SIGHT_CACHE))
        return self._sight[1]

    def _note_bump(self, view: GridView, me: CombatantView, goal: Square) -> None:
        """A move stopped short in a match that forgets it: someone unseen stands on the next square of the way.

        The rules walk the path the view previews, which leaves out what this player remembers.
        """
        assert me.square is not None
        if me.square == goal:
            return
        found = path_for_view(view, me.cid, goal)
        if found and found[0]:
            self._bumped.add(found[0][0])

    @staticmethod
    def _leg(view: GridView, me: CombatantView, goal: Square, avoid: set[Square]) -> tuple[Square, int] | None:
        """How far towards the goal a move can go along a way around the squares to avoid, the rules walking
        their own path there, and what that leg costs; None if there is no such way.
        """
        assert me.square is not None and me.movement is not None
        walked = path_for_view(view, me.cid, goal)
        if walked is not None and avoid.isdisjoint(walked[0]):
            return goal, walked[1]
        costs = step_cost_for_view(view, me.cid)
        assert costs is not None

        def around(a: Square, b: Square) -> int | None:
            return None if b in avoid else costs(a, b)

        found = cheapest_path(me.square, goal, around, me.movement, straight=not view.legacy_ties)
        if found is None:
            return None
        for square in reversed(found[0]):
            walked = path_for_view(view, me.cid, square)
            if walked is not None and avoid.isdisjoint(walked[0]):
                return square, walked[1]
        return None

    @staticmethod
    def _clear_of(view: GridView, me: CombatantView, legal: Sequence[Action], avoid: set[Square]) -> set[Square]:
        """The legal destinations whose path, as the rules will walk it, steps on none of the squares to avoid."""
        clear = set()
        for action in legal:
            if isinstance(action, Move):
                found = path_for_view(view, me.cid, action.to)
                if found is not None and avoid.isdisjoint(found[0]):
                    clear.add(action.to)
        return clear

    def _restrict(self, limits: Limits, action: Action, legal: Sequence[Action]) -> None:
        """Learn from an illegal plan: moves only to listed squares, no second try of a refused use."""
        if isinstance(action, Move):
            listed = {a.to for a in legal if isinstance(a, Move)}
            limits.moves = listed if limits.moves is None else limits.moves & listed
        elif isinstance(action, PickUp):
            limits.banned.add(("pick_up", action.item, action.square))
        elif isinstance(action, UseAction):
            limits.banned.add((action.action, action.target, action.square))
        else:
            limits.no_options = True

    @staticmethod
    def _fallback(legal: Sequence[Action]) -> Action:
        """End Turn if it is allowed, else the first legal action that is not a retreat."""
        for action in legal:
            if isinstance(action, EndTurn):
                return action
        for action in legal:
            if not isinstance(action, Retreat):
                return action
        return legal[0]

    # -- what the seat remembers -------------------------------------------------------------------
    def _remember(self, view: GridView, me: CombatantView) -> None:
        """Note where the seat last saw each enemy; forget those seen dead or missing from where they were."""
        known = set()
        for c in view.combatants:
            if c.side == me.side:
                continue
            known.add(c.cid)
            if c.state == "dead" or c.square is None:
                self.memory.pop(c.cid, None)
            else:
                self.memory[c.cid] = (c.square, view.round)
        for cid, (square, seen) in list(self.memory.items()):
            if cid not in known and square in view.visible and view.round - seen > 1:
                del self.memory[cid]  # we look where it was long ago and it is gone

    def _suspects(self, view: GridView, me: CombatantView) -> list[Square]:
        """Squares where a Scan may show an enemy that the mover could then strike this turn: in sight where an
        enemy stood lately and is no longer seen (it may have Hidden), and where an ally sees one whose Hidden
        beats the mover's Senses."""
        assert me.square is not None and me.movement is not None
        # Within reach after the Scan: its points left to walk, then the longest reach of its attacks.
        reach = me.movement - SCAN_COST + max((u.reach for u in self.lore.build(me).uses if u.kind == "attack"),
                                              default=1)
        known = {c.cid for c in view.combatants}
        vanished = [square for cid, (square, seen) in self.memory.items()
                    if cid not in known and square in view.visible and view.round - seen <= 1]
        return [sq for sq in vanished + sorted(_hidden_squares(view)) if distance(me.square, sq) <= reach]

    def _goal(self, board: Board) -> Square | None:
        """Where to head when no action reaches anything: the nearest enemy, else where one was seen, else search."""
        here = board.here
        if board.fighting:
            return min(board.fighting, key=lambda e: (distance(here, e.square), e.cid)).square
        if board.enemies:
            return min(board.enemies, key=lambda e: (distance(here, e.square), e.cid)).square
        known = {c.cid for c in board.view.combatants}
        remembered = [(-seen, distance(here, square), square) for cid, (square, seen) in self.memory.items()
                      if cid not in known]
        if remembered:
            return min(remembered)[2]
        return self._search(board)

    def _search(self, board: Board) -> Square | None:
        """Where to search when no enemy is known: the other side's spawns, else the far end, else anywhere unseen."""
        view, here = board.view, board.here
        if self._explore is not None and distance(self._explore, here) > 2 and self._explore not in view.visible:
            return self._explore
        bf = view.battlefield
        # The other side started on the other spawns: the first side on the heroes' spawns, the second on the
        # monsters' (ruling grid-sides), whatever the sides are called.
        ours_first = self._started_first(bf, board.me.side)
        spawns = bf.monster_spawns if ours_first else bf.hero_spawns
        unseen = [s.square for s in spawns if s.square not in view.visible and bf.is_open(s.square)]
        if not unseen:
            # Without spawns the first side starts at the left end and the second at the right (placement rules).
            left = not ours_first
            edge = bf.width // 4
            # The squares out of sight taken at once: on a big map the view's sight is kept as runs, slow to ask
            # square by square.
            hidden = bf.playable - plain_squares(view.visible)
            unseen = sorted(sq for sq in hidden if (sq[0] < edge if left else sq[0] >= bf.width - edge))
            if not unseen:
                unseen = sorted(hidden)
        self._explore = unseen[self.rng.randrange(len(unseen))] if unseen else None
        return self._explore

    def _started_first(self, bf: Battlefield, side: str) -> bool:
        """Whether the seat's side started where the first side does rather than where the second does."""
        start = self._start
        if start is None:
            return side != "monsters"
        # The first side starts on the heroes' spawns, else at the left end; the second on the monsters' spawns,
        # else at the right end (placement rules).
        first = min((distance(start, s.square) for s in bf.hero_spawns), default=start[0])
        second = min((distance(start, s.square) for s in bf.monster_spawns), default=bf.width - 1 - start[0])
        return first <= second


def _signature(view: GridView, me: CombatantView) -> Signature:
    """What a planned step is expected to leave unchanged or set: the mover's square and points, the enemies seen."""
    return (me.square, me.movement, me.acted, me.state,
            tuple((c.cid, c.square, c.state) for c in view.combatants if c.side != me.side))


def _hidden_squares(view: GridView) -> set[Square]:
    """The squares in sight of enemies the seat sees and the mover does not (their Hidden beats its Senses)."""
    unseen = view.hidden_from_current
    if not unseen:
        return set()
    return {c.square for c in view.combatants if c.cid in unseen and c.square is not None and c.square in view.visible}


def _is_legal(action: Action, legal: Sequence[Action]) -> bool:
    """Whether the action is among the legal ones."""
    return action in legal
