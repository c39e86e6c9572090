"""The tactical policy: decides for a seat from its view alone, planning the rest of the turn at each decision."""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence

from game.core.battlefield import Battlefield, Square
from game.core.events import Action
from game.core.fields import plain_squares
from game.core.fov import SightMap
from game.core.geometry import distance
from game.core.paths import cheapest_path
from game.modes.grid.actions import EndTurn, Move, PickUp, Retreat, RollInitiative, Scan, UseAction
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
MAX_STEPS = 24  # actions in one turn before the policy ends it: a guard against plans that go nowhere


class TacticalPlayer:
    """Plays a seat of the grid mode well and quickly, knowing only what the seat's view shows.

    It keeps nothing between decisions: what the seat remembers (enemies last seen, the turn's actions so
    far) the match works out and the view shows, and the turn's plan is made again at every decision. Its
    random generator, reseeded for every decision from the match's seed, the seat and the decision's number
    (game.players.base.reseed), only varies among plans of about equal worth on the easier levels. What it
    does keep, lines of sight and the values of squares, it works out again the same from the view.
    """

    def __init__(self, seed: int, difficulty: str = DEFAULT_DIFFICULTY, content: GridContent | None = None) -> None:
        self.rng = random.Random(seed)
        self.skill: Skill = skill_for(difficulty)
        self.lore = Lore(content or load_content())
        self.planner = Planner(self.lore, self.skill, self.rng)
        self._sight: tuple[Battlefield, SightMap] | None = None  # a cache: lines of sight on the map
        self._ends: tuple[tuple[object, ...], dict[Square, tuple[float, float, float]]] | None = None  # a cache
        self._plan: list[Step] = []  # the rest of the plan made at the last decision, for planned_actions
        self.plans = 0  # turns (and parts of turns) planned so far, for benchmarks

    # -- the Player protocol -----------------------------------------------------------------------
    def choose(self, view: GridView, legal: Sequence[Action]) -> Action:
        """Pick the next action of the seat's turn: the first step of the plan for the rest of the turn.

        A side that has broken (game.modes.grid.ai.morale) plays the turn out, a last blow included, and
        retreats where it would end it: it leaves the fight rather than hide till the round limit.
        """
        self._plan = []
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
        if len(view.this_turn) >= MAX_STEPS:
            return self._fallback(legal)
        limits = Limits(stay=_closed_in(view))
        bumped = _forgotten_bumps(view, me)
        if bumped:
            # Only a match that forgets bumps has such squares: its moves walk the previewed path, which knows
            # nothing of them, so go only where that path keeps clear of them.
            limits.moves = self._clear_of(view, me, legal, bumped)
        # A move walks the path the mover knows of (ruling grid-move-knowledge), into an enemy that the seat
        # sees through an ally and the mover does not: plan around such enemies, and walk around them in legs.
        hidden = _hidden_squares(view)
        stand = losing(view, me.side)
        if me.acted and (me.movement <= 0 or self.lore.build(me).role == RUSHER):
            plan = [Step(EndTurn())]  # nothing left to do this turn: no need to weigh anything
        else:
            plan = self._make_plan(view, limits, hidden | bumped, stand)
        for _ in range(ATTEMPTS):
            step = plan[0] if plan else Step(EndTurn())
            if _is_legal(step.action, legal):
                self._plan = plan[1:]
                if hidden and isinstance(step.action, Move):
                    leg = self._leg(view, me, step.action.to, hidden)
                    if leg is not None and leg[0] != step.action.to and _is_legal(Move(leg[0]), legal):
                        # Walk the first leg; the next decision plans the rest from there.
                        self._plan = [step, *self._plan]
                        return Move(leg[0])
                return step.action
            self._restrict(limits, step.action, legal)
            plan = self._make_plan(view, limits, hidden | bumped, stand)
        return self._fallback(legal)

    def planned_actions(self) -> tuple[Action, ...]:
        """The actions the rest of the turn's plan holds after the one last chosen (none when it must plan again)."""
        return tuple(step.action for step in self._plan)

    # -- planning ----------------------------------------------------------------------------------
    def _make_plan(self, view: GridView, limits: Limits, avoid: set[Square], stand: bool) -> list[Step]:
        self.plans += 1
        # A side that can no longer win makes a last stand: no keeping out of reach, no hiding.
        board = Board(view, self.lore, self._sight_of(view.battlefield), self.skill, avoid,
                      0.0 if stand else self.planner.caution, self.planner.hides and not stand)
        # A plan after the last one with the same danger and the same position values (after an attack
        # that changed neither, say) reuses the values of the squares already weighed.
        key = board.ends_key()
        if self._ends is not None and self._ends[0] == key:
            board.ends = self._ends[1]
        else:
            self._ends = (key, board.ends)
        scanned = any(isinstance(action, Scan) for action, _ in view.this_turn)
        return self.planner.plan(board, self._goal, self._suspects(view, board.me), scanned, limits)

    def _sight_of(self, battlefield: Battlefield) -> SightMap:
        """Lines of sight on the match's map, computed once per origin."""
        if self._sight is None or self._sight[0] is not battlefield:
            self._sight = (battlefield, SightMap(battlefield, cache_size=SIGHT_CACHE))
        return self._sight[1]

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
    @staticmethod
    def _remembered(view: GridView) -> list[tuple[str, Square, int]]:
        """The enemies the seat saw and does not see now, where and in which round, less those it found gone."""
        return [(cid, c.square, seen) for cid, (c, seen) in view.last_seen.items()
                if c.square is not None and c.state != "dead" and cid not in view.gone]

    def _suspects(self, view: GridView, me: CombatantView) -> list[Square]:
        """Squares where a Scan may show an enemy that the mover could then strike this turn: in sight where an
        enemy stood lately and is no longer seen (it may have Hidden), and where an ally sees one whose Hidden
        beats the mover's Senses."""
        assert me.square is not None and me.movement is not None
        # Within reach after the Scan: its points left to walk, then the longest reach of its attacks.
        reach = me.movement - SCAN_COST + max((u.reach for u in self.lore.build(me).uses if u.kind == "attack"),
                                              default=1)
        vanished = [square for _, square, seen in self._remembered(view)
                    if square in view.visible and view.round - seen <= 1]
        return [sq for sq in vanished + sorted(_hidden_squares(view)) if distance(me.square, sq) <= reach]

    def _goal(self, board: Board) -> Square | None:
        """Where to head when no action reaches anything: the nearest enemy, else where one was seen, else search."""
        here = board.here
        if board.fighting:
            return min(board.fighting, key=lambda e: (distance(here, e.square), e.cid)).square
        if board.enemies:
            return min(board.enemies, key=lambda e: (distance(here, e.square), e.cid)).square
        remembered = [(-seen, distance(here, square), square) for _, square, seen in self._remembered(board.view)]
        if remembered:
            return min(remembered)[2]
        return self._search(board)

    @staticmethod
    def _search(board: Board) -> Square | None:
        """Where to search when no enemy is known: the other side's spawns, else the far end, else anywhere, each
        where the seat never looked, the nearest first; once it has seen every square, anywhere out of sight now.
        """
        view, here = board.view, board.here
        bf = view.battlefield
        # The other side started on the other spawns: the first side on the heroes' spawns, the second on the
        # monsters' (ruling grid-sides), whatever the sides are called.
        side = board.me.side
        ours_first = view.sides[0] == side if view.sides else side != "monsters"
        spawns = bf.monster_spawns if ours_first else bf.hero_spawns
        # The squares out of sight taken at once: on a big map the view's sight is kept as runs, slow to ask
        # square by square.
        hidden = bf.playable - plain_squares(view.visible)
        never = hidden - view.terrain_seen
        unseen = [s.square for s in spawns if s.square in never and bf.is_open(s.square)]
        if not unseen:
            # Without spawns the first side starts at the left end and the second at the right (placement rules).
            left = not ours_first
            edge = bf.width // 4
            unseen = [sq for sq in never if (sq[0] < edge if left else sq[0] >= bf.width - edge)] or list(never)
        if unseen:
            return min(unseen, key=lambda sq: (distance(sq, here), sq))
        if not hidden:
            return None
        # Seen everywhere, and the enemy moves: look where the seat does not see now, somewhere not right here.
        away = [sq for sq in hidden if distance(sq, here) > 2] or list(hidden)
        return _ranked(away, f"{view.seat}/{board.me.cid}/{view.round}")


def _ranked(squares: Sequence[Square], key: str) -> Square:
    """The square that ranks first for the key: a pick that looks random, and whose choice among the others
    stays when some of the others drop out."""
    return min(squares, key=lambda sq: zlib.crc32(f"{key}/{sq[0]},{sq[1]}".encode()))


def _closed_in(view: GridView) -> bool:
    """Whether the turn has already closed in: its last move went all the way, and no pick-up came after it.

    The moves a plan makes to act from are followed by the act, and those to treasure by picking it up; the
    others close in on a goal. Closing in again and again on goals that shift as the mover sees more would
    only walk in circles, so the rest of such a turn acts from there or nearby, or ends.
    """
    for action, after in reversed(view.this_turn):
        if isinstance(action, PickUp):
            return False
        if isinstance(action, Move):
            return after == action.to
    return False


def _forgotten_bumps(view: GridView, me: CombatantView) -> set[Square]:
    """In a match whose moves forget bumps (LEGACY_BUMPS), where unseen combatants stopped the mover's moves this
    turn: the next square of the way from where each stopped short, as the mover's view previews it."""
    if not view.legacy_bumps:
        return set()
    costs = step_cost_for_view(view, me.cid)
    if costs is None:
        return set()
    found: set[Square] = set()
    for action, after in view.this_turn:
        if isinstance(action, Move) and after is not None and after != action.to:
            way = cheapest_path(after, action.to, costs, straight=not view.legacy_ties)
            if way and way[0]:
                found.add(way[0][0])
    return found


def _hidden_squares(view: GridView) -> set[Square]:
    """The squares in sight of enemies the seat sees and the mover does not (their Hidden beats its Senses)."""
    unseen = view.hidden_from_current
    if not unseen:
        return set()
    return {c.square for c in view.combatants if c.cid in unseen and c.square is not None and c.square in view.visible}


def _is_legal(action: Action, legal: Sequence[Action]) -> bool:
    """Whether the action is among the legal ones."""
    return action in legal
