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

import random
from collections.abc import Sequence

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

ROUNDS_OF_PLAY = 40  # rounds of fictitious play before a stance is drawn
PLANNING_ROUNDS = 16  # fewer when only weighing whether to start an engagement
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


class Board:
    """The fighters of a view and who reaches whom, from the view alone."""

    def __init__(self, view: StancesView, sight: SightMap) -> None:
        self.view = view
        self.sight = sight
        self.fighters = {f.cid: f for f in view.fighters}

    def reaches(self, a: FighterView, b: FighterView, from_square: Square | None = None) -> bool:
        """Whether b stands within a's weapon range and sight (from ``from_square`` if given)."""
        here = from_square or a.square
        if here is None or b.square is None:
            return False
        return distance(here, b.square) <= a.reach and self.sight.can_see(here, b.square)

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
                targets = (None,) if fighters[y].state != "up" else STANCES
                for s in ATTACKING:
                    for t in targets:
                        if may_attack(s, t):
                            damage = mean_damage(fighters[x], s, fighters[y], t, self.reach[(y, x)])
                            self.deal[(x, y, s, t)] = worth(fighters[y], damage)
        self.crowd = {x: max(1, sum(self.reach[(x, y)] for y in self.foes[x])) for x in self.up}
        self.mix = {x: {s: 1.0 / len(STANCES) for s in STANCES} for x in self.up}
        # What _dealt and _taken read, laid out once: the damage values are fixed for the engagement,
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
        self._threats: dict[tuple[str, str], list[tuple[str, tuple[float, ...], int]]] = {}
        for x in self.up:
            for s in STANCES:
                self._threats[(x, s)] = [(y, tuple(self.deal.get((y, x, t, s), 0.0) for t in STANCES), self.crowd[y])
                                         for y in self.foes[x] if y in self.mix and self.reach[(y, x)]]

    def payoff(self, x: str, s: str) -> float:
        """What stance ``s`` is worth to fighter x against everyone else's current mixtures."""
        return self._dealt(x, s) - self._taken(x, s)

    def _dealt(self, x: str, s: str) -> float:
        """The expected best attack x can make: the largest of its targets' values, each target's stance unknown."""
        if s == "defensive":
            return 0.0
        aims = self._aims[(x, s)]
        if not aims:
            return 0.0
        # Each target is a set of (value, chance) over its stances; the best attack's expectation comes
        # from the chance that every target's value is at most v, for each value v in turn.
        mix = self.mix
        options = [tuple(zip(values, mix[y].values(), strict=True)) if y is not None else ((values[0], 1.0),)
                   for y, values in aims]
        expected, below = 0.0, 0.0
        for v in sorted({v for option in options for v, _ in option}):
            at_most = 1.0
            for option in options:
                share = 0
                for w, p in option:
                    if w <= v:
                        share += p
                at_most *= share
            expected += v * (at_most - below)
            below = at_most
        return expected

    def _taken(self, x: str, s: str) -> float:
        """What the enemies are expected to take from x, each sharing its attack among those it reaches."""
        taken = 0.0
        for y, values, crowd in self._threats[(x, s)]:
            for t, p, value in zip(STANCES, self.mix[y].values(), values, strict=True):
                if p and t != "defensive":
                    taken += p * value / crowd
        return taken

    def play(self, rounds: int) -> None:
        """Let every fighter answer the others' mixtures with its best stance, averaging as it goes."""
        for k in range(1, rounds + 1):
            best = {}
            for x in self.up:
                values = {s: self.payoff(x, s) for s in STANCES}
                best[x] = max(STANCES, key=lambda s: values[s])
            for x, b in best.items():
                for s in STANCES:
                    self.mix[x][s] += ((1.0 if s == b else 0.0) - self.mix[x][s]) / (k + 1)

    def value_for(self, side: str) -> float:
        """The side's expected gain from the engagement under the settled mixtures."""
        total = 0.0
        for x in self.up:
            v = sum(p * self.payoff(x, s) for s, p in self.mix[x].items())
            total += v if self.board.fighters[x].side == side else 0.0
        return total


class StancesPlayer:
    """Plays the stances mode from a seat's view: positions, engages, and draws its stances from a mixture."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._sight: tuple[int, SightMap] | None = None

    def _board(self, view: StancesView) -> Board:
        if self._sight is None or self._sight[0] != id(view.battlefield):
            self._sight = (id(view.battlefield), SightMap(view.battlefield))
        return Board(view, self._sight[1])

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
        game = StanceGame(board, e.participants)
        if cid not in game.mix:
            return {s: 1.0 / len(STANCES) for s in STANCES}
        game.play(ROUNDS_OF_PLAY)
        return {s: (1 - UNPREDICTABLE) * p + UNPREDICTABLE / len(STANCES) for s, p in game.mix[cid].items()}

    def _stance(self, board: Board, legal: Sequence[Action]) -> Action:
        cid = board.view.decision.cid  # type: ignore[union-attr]
        mixture = self.stance_mixture(board, cid)
        stances = list(mixture)
        pick = self.rng.choices(stances, [mixture[s] for s in stances])[0]
        return ChooseStance(cid, pick)

    # -- attacks ---------------------------------------------------------------------------------
    def _declare(self, board: Board, legal: Sequence[Action]) -> Action:
        me = board.fighters[board.view.decision.cid]  # type: ignore[union-attr]
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
        return next(a for a in legal if isinstance(a, Forgo))

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
            def gain(square: Square | None) -> float:
                # after attacking, step out of reach of enemies still to attack (those sidestepping first)
                return -sum(1.0 for y in board.enemies(me) if y.cid in e.holders and y.state == "up"
                            and y.square is not None and distance(square or me.square, y.square) <= y.reach)
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
            value = engagement_value(board, [*e.participants, action.cid], mine) - \
                engagement_value(board, e.participants, mine)
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
        return best

    def _engage_value(self, board: Board, action: Engage) -> float:
        me, target = board.fighters[action.cid], board.fighters[action.target]
        if target.state != "up":
            return 0.0
        participants = [me.cid, target.cid]
        for other in board.view.fighters:
            if other.state != "up" or other.acted or other.cid in participants:
                continue
            if any(board.reaches(other, board.fighters[p]) for p in participants
                   if board.fighters[p].side != other.side):
                participants.append(other.cid)
        return engagement_value(board, participants, me.side)

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
        here: dict[str, float] = {}
        for action in legal:
            if not isinstance(action, Dash):
                continue
            me = board.fighters[action.cid]
            if action.cid not in here:
                here[action.cid] = self._place_value(board, me, me.square)
            value = self._place_value(board, me, tuple(action.to)) - here[action.cid]  # type: ignore[arg-type]
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best, best_value

    def _place_value(self, board: Board, me: FighterView, square: Square | None) -> float:
        """How good a square is for the fighter: enemies worth striking in reach, and melee threats kept away."""
        assert square is not None
        enemies = [y for y in board.enemies(me) if y.state == "up" and y.square is not None]
        if not enemies:
            return 0.0
        best = max([pair_value(me, y) for y in enemies if board.reaches(me, y, square)] or [0.0])
        nearest = min(distance(square, y.square) for y in enemies)  # type: ignore[arg-type]
        ranged = me.reach > 2
        if ranged:
            danger = sum(pair_value(y, me) for y in enemies
                         if y.reach <= 2 and distance(square, y.square) <= y.speed + y.reach)  # type: ignore[arg-type]
            return best - 0.5 * danger - (0.01 * nearest if best == 0 else 0.0)
        return best + 0.05 * (best > 0) - 0.02 * nearest


def engagement_value(board: Board, participants: Sequence[str], side: str) -> float:
    """A side's expected gain from an engagement between these fighters, stances played out."""
    game = StanceGame(board, participants)
    game.play(PLANNING_ROUNDS)
    return game.value_for(side)


def pair_value(attacker: FighterView, defender: FighterView) -> float:
    """What one of the attacker's strikes is worth against the defender, in its best stance, the defender unknown."""
    stance = max(ATTACKING, key=lambda s: getattr(attacker, s))
    return worth(defender, expected_damage(attack_dice(attacker, stance), 0, defence_dice(defender, stance),
                                           defender.armour))


def threat_if_up(f: FighterView) -> float:
    """A fighter's threat as if it were awake (what waking it gives back)."""
    best = max(f.cunning, f.agility, f.might)
    return (f.heart + 1) / 2 + (best + 1) / 2 + (f.weapon_die + 1) / 2
