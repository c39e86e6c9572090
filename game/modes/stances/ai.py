"""The computer's policy for the stances mode: it reads only its seat's view and mixes its stances.

Stances are a game of guessing. For the fighters of an engagement the policy works out what each
stance is worth against every stance of every other fighter it can see (dice, weapon reach,
armour, hit points and wounds are all on the board), then lets every fighter, its own and the
enemy's, answer the others' mixtures over and over (fictitious play). The mixtures this settles
on are its guess of the enemy's stances and its own plan; its own stance is then drawn at random
from its plan with its own seeded generator, so the same situation does not always get the same
stance and a person cannot read it. Sealed stances are not in the view, so it cannot peek.
"""

from __future__ import annotations

import copy
import math
import operator
import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from game.core.battlefield import Square
from game.core.events import Action
from game.core.fov import SightMap
from game.core.geometry import distance
from game.modes.stances.actions import (
    Attack,
    ChooseStance,
    Dash,
    Engage,
    Forgo,
    GoUnconscious,
    Help,
    Join,
    KeepFighting,
    Pass,
    ShrugOff,
    Sidestep,
    SidestepFirst,
    StayOut,
    StayPut,
    TakeDamage,
    TreatWounds,
    UseAbility,
)
from game.modes.stances.chances import contest, expected_damage
from game.modes.stances.engagement import may_attack
from game.modes.stances.state import ATTACKING, STANCES
from game.modes.stances.view import FighterView, StancesView

if TYPE_CHECKING:
    class PlacedFighter(FighterView):
        """A fighter on the map (for the type checker only: never made)."""

        square: Square

ROUNDS_OF_PLAY = 40  # rounds of fictitious play before a stance is drawn
PLANNING_ROUNDS = 16  # fewer when only weighing whether to start an engagement
# payoffs() lays the stances out as STANCES lists them: the attacking ones in their order, then defensive.
assert STANCES == (*ATTACKING, "defensive")
REACHES_KEPT = 1 << 16  # pairs of squares whose reach a player remembers before starting afresh
GAMES_KEPT = 256  # engagements whose stance games are kept played out, so they are not played out again
UNPREDICTABLE = 0.06  # share of the stance draw spread evenly over all four stances
SHRUG_AT = 8  # damage worth a smaller heart die


def attack_dice(f: FighterView, stance: str) -> tuple[int, int, int]:
    """Heart die, the stance's ability die and the weapon die."""
    return (f.heart, getattr(f, stance), f.weapon_die)


def defence_dice(f: FighterView, stance: str) -> tuple[int, int]:
    """Heart die and the ability die of the attacker's stance."""
    return (f.heart, getattr(f, stance))


def threat(f: FighterView) -> float:
    """How much harm a fighter does in a strike, on average, with its best ability; 0 once it cannot fight."""
    if f.state != "up":
        return 0.0
    best = max(f.cunning, f.agility, f.might)
    return (f.heart + 1) / 2 + (best + 1) / 2 + (f.weapon_die + 1) / 2


def life(f: FighterView) -> int:
    """The hit points between a fighter and being out of the fight."""
    return max(1, f.hit_points) if f.hit_points > 0 else max(1, f.hit_points + f.maximum)


def worth(f: FighterView, damage: float) -> float:
    """What dealing ``damage`` to a fighter is worth: the share of its fight it takes away, weighed by its threat."""
    return threat(f) / 10 * min(1.0, damage / life(f)) + 0.01 * damage


def mean_damage(attacker: FighterView, stance: str, defender: FighterView, theirs: str | None,
                mutual: bool = True) -> float:
    """The damage an attack is expected to deal, with a contest when both took the same stance and reach each other."""
    if theirs == stance and mutual:
        return contest(attack_dice(attacker, stance), attack_dice(defender, stance))[0]
    bonus = attacker.might_bonus if stance == "might" and theirs == "cunning" else 0
    return expected_damage(attack_dice(attacker, stance), bonus, defence_dice(defender, stance), defender.armour,
                           theirs == "defensive")


Deals = tuple[tuple[str, str | None, float], ...]
_DEALS: dict[tuple[object, ...], Deals] = {}  # pair_deals by what they read of the two fighters
DEALS_KEPT = 1 << 14


def pair_deals(attacker: FighterView, defender: FighterView, mutual: bool) -> Deals:
    """What each attack the attacker may make in each attacking stance is worth against the defender in each of
    its stances (none while it is down), as (stance, theirs, worth); the same for the same dice, armour and hit
    points, so it is worked out once for them and not again in every stance game."""
    key = (attacker.heart, attacker.cunning, attacker.agility, attacker.might, attacker.weapon_die,
           attacker.might_bonus, defender.state, defender.heart, defender.cunning, defender.agility, defender.might,
           defender.weapon_die, defender.armour, defender.hit_points, defender.maximum, mutual)
    found = _DEALS.get(key)
    if found is None:
        targets = (None,) if defender.state != "up" else STANCES
        found = tuple((s, t, worth(defender, mean_damage(attacker, s, defender, t, mutual)))
                      for s in ATTACKING for t in targets if may_attack(s, t))
        if len(_DEALS) >= DEALS_KEPT:
            _DEALS.clear()
        _DEALS[key] = found
    return found


def game_key(f: FighterView) -> tuple[object, ...]:
    """Everything of a fighter a stance game reads: side, state, square, reach, dice, armour and hit points."""
    return (f.cid, f.side, f.state, f.square, f.reach, f.heart, f.cunning, f.agility, f.might, f.weapon_die,
            f.might_bonus, f.armour, f.hit_points, f.maximum)


class Board:
    """The fighters of a view and who reaches whom, from the view alone."""

    def __init__(self, view: StancesView, sight: SightMap,
                 known: dict[tuple[Square, Square, int], bool] | None = None) -> None:
        self.view = view
        self.sight = sight
        self.fighters = {f.cid: f for f in view.fighters}
        # Who reaches whom, by the squares and the reach: the same on the same map, so a player keeps it.
        self._reached = {} if known is None else known

    def reaches(self, a: FighterView, b: FighterView, from_square: Square | None = None) -> bool:
        """Whether b stands within a's weapon range and sight (from ``from_square`` if given)."""
        here = from_square or a.square
        there = b.square
        if here is None or there is None:
            return False
        key = (here, there, a.reach)
        found = self._reached.get(key)
        if found is None:
            found = self._reached[key] = distance(here, there) <= a.reach and self.sight.can_see(here, there)
        return found

    def enemies(self, f: FighterView) -> list[FighterView]:
        """Living fighters of the other side."""
        return [o for o in self.view.fighters if o.side != f.side and o.state != "dead"]

    def allies(self, f: FighterView) -> list[FighterView]:
        """Living fighters of its own side, itself left out."""
        return [o for o in self.view.fighters if o.side == f.side and o.cid != f.cid and o.state != "dead"]


class StanceGame:
    """The engagement as a game of stances between the fighters in it, played out by fictitious play."""

    def __init__(self, board: Board, participants: Sequence[str]) -> None:
        self.board = board
        self.ids = [c for c in participants if c in board.fighters and board.fighters[c].state != "dead"]
        self.up = [c for c in self.ids if board.fighters[c].state == "up"]
        fighters = board.fighters
        self.reach = {(x, y): board.reaches(fighters[x], fighters[y]) for x in self.ids for y in self.ids if x != y}
        self.foes = {x: [y for y in self.ids if fighters[y].side != fighters[x].side] for x in self.up}
        self.deal: dict[tuple[str, str, str, str | None], float] = {}
        for x in self.up:
            for y in self.foes[x]:
                if not self.reach[(x, y)]:
                    continue
                for s, t, value in pair_deals(fighters[x], fighters[y], self.reach[(y, x)]):
                    self.deal[(x, y, s, t)] = value
        self.crowd = {x: max(1, sum(self.reach[(x, y)] for y in self.foes[x])) for x in self.up}
        self.mix = {x: {s: 1.0 / len(STANCES) for s in STANCES} for x in self.up}
        self.rounds = 0  # rounds of play so far
        # What the payoffs read, laid out once: the damage values are fixed for the engagement,
        # only the mixtures change from round to round of play.
        self._aims: dict[tuple[str, str], list[tuple[str | None, tuple[float, ...]]]] = {}
        for x in self.up:
            for s in ATTACKING:
                aims: list[tuple[str | None, tuple[float, ...]]] = []
                for y in self.foes[x]:
                    if not self.reach[(x, y)]:
                        continue
                    if y not in self.mix:
                        aims.append((None, (self.deal.get((x, y, s, None), 0.0),)))
                    else:
                        aims.append((y, tuple(self.deal.get((x, y, s, t), 0.0) for t in STANCES)))
                self._aims[(x, s)] = aims
        # For x's attacks at several targets: each value any target can be worth, in rising order, with
        # the stances (by index) at which each target is worth exactly that.
        # Laid out flat, as (target, stance) pairs, target by target: one loop a level when the payoffs are read.
        self._levels: dict[tuple[str, str], list[tuple[float, tuple[tuple[int, int], ...]]]] = {}
        for key, aims in self._aims.items():
            if len(aims) > 1:
                levels = sorted({v for _, values in aims for v in values})
                self._levels[key] = [(v, tuple((i, t) for i, (_, values) in enumerate(aims)
                                               for t, w in enumerate(values) if w == v))
                                     for v in levels]
        # What foe y deals x in each of x's stances when y takes each attacking stance, y's attack shared
        # among all it reaches: a row per attacking stance of y, a column per stance of x.
        self._threats: dict[str, list[tuple[str, tuple[tuple[float, ...], ...]]]] = {
            x: [(y, tuple(tuple(self.deal.get((y, x, t, s), 0.0) / self.crowd[y] for s in STANCES) for t in ATTACKING))
                for y in self.foes[x] if y in self.mix and self.reach[(y, x)]]
            for x in self.up}

    def payoff(self, x: str, s: str) -> float:
        """What stance ``s`` is worth to fighter x against everyone else's current mixtures."""
        return self.payoffs(x)[STANCES.index(s)]

    def payoffs(self, x: str) -> tuple[float, ...]:
        """What each stance, in the order of STANCES, is worth to x: the best attack it makes less what it takes."""
        return self._payoffs(x, {y: tuple(mixture.values()) for y, mixture in self.mix.items()})

    def _payoffs(self, x: str, chances: dict[str, tuple[float, ...]]) -> tuple[float, ...]:
        """``payoffs`` from every mixture's chances in the order of STANCES (gathered once per round of play)."""
        taken0 = taken1 = taken2 = taken3 = 0.0
        for y, rows in self._threats[x]:
            theirs = chances[y]
            for k, (a, b, c, d) in enumerate(rows):  # ATTACKING is STANCES but "defensive"
                p = theirs[k]
                if p:
                    taken0 += p * a
                    taken1 += p * b
                    taken2 += p * c
                    taken3 += p * d
        dealt = self._dealt
        return (dealt(x, "cunning", chances) - taken0, dealt(x, "agility", chances) - taken1,
                dealt(x, "might", chances) - taken2, -taken3)  # "defensive" makes no attack

    def _dealt(self, x: str, s: str, chances: dict[str, tuple[float, ...]] | None = None) -> float:
        """The expected best attack x can make in attacking stance s, each target's stance unknown."""
        aims = self._aims[(x, s)]
        if not aims:
            return 0.0
        if chances is None:
            chances = {y: tuple(mixture.values()) for y, mixture in self.mix.items()}
        if len(aims) == 1:  # the best of one target is that target
            y, values = aims[0]
            return values[0] if y is None else sum(map(operator.mul, values, chances[y]))
        # The best of several: E[max] is the sum over each value v the targets can be worth of v times
        # the rise, at v, of the chance that every target is worth at most v. Each target's chance of
        # being worth at most v grows, level by level, by the chances of its stances worth exactly v.
        odds = [chances[y] if y is not None else (1.0,) for y, _ in aims]
        at_most = [0.0] * len(aims)
        expected, below = 0.0, 0.0
        for v, reached in self._levels[(x, s)]:
            for i, t in reached:
                at_most[i] += odds[i][t]
            every = math.prod(at_most)
            expected += v * (every - below)
            below = every
        return expected

    def play(self, rounds: int) -> None:
        """Let every fighter answer the others' mixtures with its best stance, averaging as it goes, until
        ``rounds`` rounds have been played."""
        for k in range(self.rounds + 1, rounds + 1):
            best = {}
            # The mixtures change only between rounds: their chances are gathered once a round for every payoff.
            chances = {y: tuple(mixture.values()) for y, mixture in self.mix.items()}
            for x in self.up:
                values = self._payoffs(x, chances)
                best[x] = STANCES[values.index(max(values))]  # the first of equals, as STANCES lists them
            for x, b in best.items():
                for s in STANCES:
                    self.mix[x][s] += ((1.0 if s == b else 0.0) - self.mix[x][s]) / (k + 1)
        self.rounds = max(self.rounds, rounds)

    def copy(self) -> StanceGame:
        """The same game, its mixtures its own: playing on in it leaves this one as it is."""
        twin = copy.copy(self)
        twin.mix = {x: dict(mixture) for x, mixture in self.mix.items()}
        return twin

    def value_for(self, side: str) -> float:
        """The side's expected gain from the engagement under the settled mixtures."""
        total = 0.0
        for x in self.up:
            v = sum(map(operator.mul, self.mix[x].values(), self.payoffs(x)))
            total += v if self.board.fighters[x].side == side else 0.0
        return total


class StancesPlayer:
    """Plays the stances mode from a seat's view: positions, engages, and draws its stances from a mixture."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._sight: tuple[int, SightMap] | None = None
        self._games: OrderedDict[tuple[object, ...], dict[int, StanceGame]] = OrderedDict()  # by rounds played
        self._reached: dict[tuple[Square, Square, int], bool] = {}  # Board.reaches on the map of _sight

    def _board(self, view: StancesView) -> Board:
        if self._sight is None or self._sight[0] != id(view.battlefield):
            self._sight = (id(view.battlefield), SightMap(view.battlefield))
            self._games.clear()
            self._reached = {}
        if len(self._reached) > REACHES_KEPT:
            self._reached.clear()
        return Board(view, self._sight[1], self._reached)

    def played(self, board: Board, participants: Sequence[str], rounds: int) -> StanceGame:
        """The stance game between these fighters played out for ``rounds``, kept while nothing it reads changes.

        Several fighters of a seat choose stances in the same engagement, and every Engage or Join
        weighed in a turn plays out a game between much the same fighters: one played game serves
        them all. The fighters are put in one order, so the same engagement is the same game.
        """
        ids = sorted(participants)
        key = tuple(game_key(board.fighters[c]) if c in board.fighters else c for c in ids)
        games = self._games.get(key)
        if games is None:
            games = self._games[key] = {}
            if len(self._games) > GAMES_KEPT:
                self._games.popitem(last=False)
        else:
            self._games.move_to_end(key)
        game = games.get(rounds)
        if game is None:
            # A game played for fewer rounds is the start of this one: play on from a copy of it.
            fewer = [n for n in games if n < rounds]
            game = games[max(fewer)].copy() if fewer else StanceGame(board, ids)
            game.play(rounds)
            games[rounds] = game
        return game

    def choose(self, view: StancesView, legal: Sequence[Action]) -> Action:
        """Pick one of the legal actions from the seat's view."""
        if len(legal) == 1:
            return legal[0]
        board = self._board(view)
        kind = view.decision.kind if view.decision is not None else "priority"
        choose = {"stance": self._stance, "declare": self._declare, "sidestep": self._sidestep,
                  "damage": self._damage, "fall": self._fall, "join": self._join}.get(kind, self._priority)
        action = choose(board, legal)
        return action if action in legal else legal[0]

    # -- stances ---------------------------------------------------------------------------------
    def stance_mixture(self, board: Board, cid: str) -> dict[str, float]:
        """The mixture the fighter's stance is drawn from."""
        e = board.view.engagement
        assert e is not None
        game = self.played(board, e.participants, ROUNDS_OF_PLAY)
        if cid not in game.mix:
            return {s: 1.0 / len(STANCES) for s in STANCES}
        return {s: (1 - UNPREDICTABLE) * p + UNPREDICTABLE / len(STANCES) for s, p in game.mix[cid].items()}

    def _stance(self, board: Board, legal: Sequence[Action]) -> Action:
        cid = board.view.decision.cid  # type: ignore[union-attr]
        assert cid is not None  # a stance decision names the fighter choosing
        mixture = self.stance_mixture(board, cid)
        stances = list(mixture)
        pick = self.rng.choices(stances, [mixture[s] for s in stances])[0]
        return ChooseStance(cid, pick)

    # -- attacks ---------------------------------------------------------------------------------
    def _declare(self, board: Board, legal: Sequence[Action]) -> Action:
        cid = board.view.decision.cid  # type: ignore[union-attr]
        assert cid is not None  # a declare decision names the fighter declaring
        me = board.fighters[cid]
        stance = me.stance or "might"
        best: Action | None = None
        best_value = 0.0
        for action in legal:
            if not isinstance(action, Attack):
                continue
            target = board.fighters[action.target]
            theirs = target.stance if target.state == "up" else None
            damage = mean_damage(me, stance, target, theirs)
            if action.execute:
                if damage < 4 or (target.hit_points > 2 * damage and damage < 6):
                    continue
                damage *= 2
            if action.push and not self._worth_pushing(stance, target):
                continue
            value = worth(target, damage) + (0.001 if action.push else 0.0) + (0.002 if action.execute else 0.0)
            if value > best_value:
                best, best_value = action, value
        if best is not None:
            return best
        step = next((a for a in legal if isinstance(a, SidestepFirst)), None)
        if step is not None and self._step_finds_target(board, me, stance):
            return step
        # One that sidestepped first must attack if it can (ruling stances-sidestep-attack): no Forgo then.
        return next((a for a in legal if isinstance(a, Forgo)), legal[0])

    @staticmethod
    def _worth_pushing(stance: str, target: FighterView) -> bool:
        """A push helps when the target's own stance has yet to attack: it may leave it nobody to reach."""
        theirs = target.stance
        return target.state == "up" and theirs in ATTACKING and ATTACKING.index(theirs) > ATTACKING.index(stance)

    def _step_finds_target(self, board: Board, me: FighterView, stance: str) -> bool:
        assert me.square is not None
        for enemy in board.enemies(me):
            theirs = enemy.stance if enemy.state == "up" else None
            if enemy.in_engagement and may_attack(stance, theirs) and enemy.square is not None \
                    and distance(me.square, enemy.square) <= me.reach + 1:
                return True
        return False

    def _sidestep(self, board: Board, legal: Sequence[Action]) -> Action:
        cid = board.view.decision.cid  # type: ignore[union-attr]
        assert cid is not None  # a sidestep decision names the fighter that may step
        me = board.fighters[cid]
        e = board.view.engagement
        assert e is not None
        stance = me.stance or "agility"
        if cid in e.holders:
            def gain(square: Square | None) -> float:
                return max([worth(y, mean_damage(me, stance, y, y.stance if y.state == "up" else None))
                            for y in board.enemies(me) if y.in_engagement and may_attack(stance, y.stance
                            if y.state == "up" else None) and board.reaches(me, y, square)] or [0.0])
        else:
            here = me.square
            assert here is not None  # a fighter asked to sidestep has squares to step to, so stands on one

            def gain(square: Square | None) -> float:
                # after attacking, step out of reach of enemies still to attack (those sidestepping first)
                return -sum(1.0 for y in board.enemies(me) if y.cid in e.holders and y.state == "up"
                            and y.square is not None and distance(square or here, y.square) <= y.reach)
        best: Action = StayPut(cid)
        best_value = gain(None)
        for action in legal:
            if isinstance(action, Sidestep):
                value = gain(tuple(action.to))  # type: ignore[arg-type]
                if value > best_value + 1e-9:
                    best, best_value = action, value
        return best

    # -- damage and falling ----------------------------------------------------------------------
    def _damage(self, board: Board, legal: Sequence[Action]) -> Action:
        decision = board.view.decision
        assert decision is not None and decision.cid is not None
        me = board.fighters[decision.cid]
        amount = decision.amount or 0
        half = -(-amount // 2)
        shrug = amount >= SHRUG_AT or (me.hit_points > 0 >= me.hit_points - amount) or (amount >= 10 > half) \
            or me.hit_points - amount <= -me.maximum < me.hit_points - half
        return ShrugOff(me.cid) if shrug and ShrugOff(me.cid) in legal else TakeDamage(me.cid)

    def _fall(self, board: Board, legal: Sequence[Action]) -> Action:
        cid = board.view.decision.cid  # type: ignore[union-attr]
        assert cid is not None  # a fall decision names the fighter falling
        me = board.fighters[cid]
        others = [a for a in board.allies(me) if a.state == "up" and a.hit_points > 0]
        # "If you go unconscious, people usually won't view you as a threat": unless it is the last one up
        return GoUnconscious(cid) if others else KeepFighting(cid)

    # -- joining ---------------------------------------------------------------------------------
    def _join(self, board: Board, legal: Sequence[Action]) -> Action:
        e = board.view.engagement
        assert e is not None
        best: Action = StayOut()
        best_value = 0.0
        for action in legal:
            if not isinstance(action, Join):
                continue
            mine = board.fighters[action.cid].side
            value = self.engagement_value(board, [*e.participants, action.cid], mine) - \
                self.engagement_value(board, e.participants, mine)
            if value > best_value:
                best, best_value = action, value
        return best

    # -- priority --------------------------------------------------------------------------------
    def _priority(self, board: Board, legal: Sequence[Action]) -> Action:
        best: Action = Pass()
        best_value = 0.0
        engage_values: dict[str, float] = {}
        for action in legal:
            if isinstance(action, Engage):
                value = self._engage_value(board, action)
                engage_values[action.cid] = max(engage_values.get(action.cid, 0.0), value)
            elif isinstance(action, UseAbility):
                value = self._heal_value(board, action)
            elif isinstance(action, TreatWounds):
                target = board.fighters[action.target]
                value = 0.002 * sum(rank for _, rank, treated in target.wounds if not treated)
            else:
                continue
            if value > best_value:
                best, best_value = action, value
        for action in legal:
            if isinstance(action, Help) and action.cid not in engage_values:
                value = 0.25 * engage_values.get(action.ally, 0.0)
                if value > best_value:
                    best, best_value = action, value
        dash, dash_value = self._best_dash(board, legal)
        if dash is not None and dash_value > best_value:
            best = dash
        if isinstance(best, Pass):
            # Nothing better to do: finish a fallen enemy in reach rather than pass round after round, since it
            # could be healed or wake, and its body may stand between this side and the last enemy up.
            finish = [(self.engagement_value(board, self._likely_participants(board, a), board.fighters[a.cid].side), a)
                      for a in legal if isinstance(a, Engage) and board.fighters[a.target].state == "unconscious"]
            value, action = max(finish, key=lambda pair: pair[0], default=(0.0, best))
            if value > 0:
                best = action
        return best

    def _engage_value(self, board: Board, action: Engage) -> float:
        if board.fighters[action.target].state != "up":
            return 0.0
        return self.engagement_value(board, self._likely_participants(board, action), board.fighters[action.cid].side)

    @staticmethod
    def _likely_participants(board: Board, action: Engage) -> list[str]:
        """The two engaged and every fighter up and yet to act that reaches an enemy among them (it may join)."""
        participants = [action.cid, action.target]
        for other in board.view.fighters:
            if other.state != "up" or other.acted or other.cid in participants:
                continue
            if any(board.reaches(other, board.fighters[p]) for p in participants
                   if board.fighters[p].side != other.side):
                participants.append(other.cid)
        return participants

    def engagement_value(self, board: Board, participants: Sequence[str], side: str) -> float:
        """A side's expected gain from an engagement between these fighters, stances played out."""
        return self.played(board, participants, PLANNING_ROUNDS).value_for(side)

    def _heal_value(self, board: Board, action: UseAbility) -> float:
        target = board.fighters[action.target]
        room = target.heal_cap - target.hit_points
        if room <= 0:
            return 0.0
        if target.state == "unconscious":
            return 0.6 * threat_if_up(target) / 10 if target.hit_points + 4.5 > 0 else 0.05
        if target.hit_points > 0.6 * target.maximum:
            return 0.0
        return threat(target) / 10 * min(room, 4.5) / max(8, target.maximum) * 2

    def _best_dash(self, board: Board, legal: Sequence[Action]) -> tuple[Action | None, float]:
        best: Action | None = None
        best_value = 0.0
        places: dict[str, tuple[Callable[[Square], float], float]] = {}
        for action in legal:
            if not isinstance(action, Dash):
                continue
            if action.cid not in places:
                me = board.fighters[action.cid]
                place = place_value(board, me)
                places[action.cid] = (place, place(me.square))  # type: ignore[arg-type]
            place, here = places[action.cid]
            value = place(tuple(action.to)) - here  # type: ignore[arg-type]
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best, best_value


def place_value(board: Board, me: FighterView) -> Callable[[Square], float]:
    """How good a square is for the fighter: enemies worth striking in reach, and melee threats kept away.

    What each strike is worth does not depend on the square, so it is worked out once for every square
    the fighter may dash to.
    """
    # Fighters on the map, typed so once here rather than at every use of their squares.
    enemies = cast("list[PlacedFighter]", [y for y in board.enemies(me) if y.state == "up" and y.square is not None])
    strikes = [(y, pair_value(me, y)) for y in enemies]
    ranged = me.reach > 2
    threats = [(y, pair_value(y, me)) for y in enemies if y.reach <= 2] if ranged else []

    def value(square: Square) -> float:
        if not enemies:
            return 0.0
        best = max([v for y, v in strikes if board.reaches(me, y, square)] or [0.0])
        nearest = min(distance(square, y.square) for y in enemies)
        if ranged:
            danger = sum(v for y, v in threats if distance(square, y.square) <= y.speed + y.reach)
            return best - 0.5 * danger - (0.01 * nearest if best == 0 else 0.0)
        return best + 0.05 * (best > 0) - 0.02 * nearest
    return value


def pair_value(attacker: FighterView, defender: FighterView) -> float:
    """What one of the attacker's strikes is worth against the defender, in its best stance, the defender unknown."""
    stance = max(ATTACKING, key=lambda s: getattr(attacker, s))
    return worth(defender, expected_damage(attack_dice(attacker, stance), 0, defence_dice(defender, stance),
                                           defender.armour))


def threat_if_up(f: FighterView) -> float:
    """A fighter's threat as if it were awake (what waking it gives back)."""
    best = max(f.cunning, f.agility, f.might)
    return (f.heart + 1) / 2 + (best + 1) / 2 + (f.weapon_die + 1) / 2
