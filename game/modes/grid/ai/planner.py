"""Planning one combatant's turn from its seat's view: where to stand, what to do, what to do with the points left.

A turn is planned once, as a list of steps (moves and options, then one action, then End Turn),
and replayed; the player plans again only when the view turns out other than expected. Before
the action the planner weighs every square the combatant can reach: the best action it could
take from there (exact odds, focus fire, areas that spare allies, heals and buffs that matter)
plus how safe and useful the square is. After the action it plans what the points left are
worth: stepping back out of reach, Inspire, Hide.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING

from game.core import odds
from game.core.battlefield import Square
from game.core.geometry import distance
from game.modes.grid.actions import EndTurn, Hide, Inspire, Move, PickUp, Scan, StandUp, UseAction
from game.modes.grid.ai.board import Board, rush_target
from game.modes.grid.ai.gear import better_gear, better_weapon, treasure
from game.modes.grid.ai.lore import ABLE, RUSHER, Lore, Use
from game.modes.grid.ai.routes import around, route
from game.modes.grid.ai.skill import Skill
from game.modes.grid.ai.steps import Limits, Option, Step
from game.modes.grid.ai.values import (
    NO_HEALS,
    buff_value,
    condition_value,
    heal_value,
    known_attack_value,
)
from game.modes.grid.items import PICK_UP_COST
from game.modes.grid.options import HIDE_COST, INSPIRE_COST, INSPIRE_NEEDS, SCAN_COST, STAND_UP_COST
from game.modes.grid.preview import hit_chances
from game.modes.grid.view import CombatantView

if TYPE_CHECKING:
    pass

ALLY_HIT = 1.5  # hitting an ally with an area costs more than hitting an enemy gains
MOVE_COST = 0.002  # a point of movement spent for nothing is a small loss: stand still when it is all the same
PROGRESS = 0.03  # worth of one square of progress towards the enemy
ENGAGED = 8  # enemies this close to an ally will fight it next round
INSPIRE_WORTH = 0.25  # Inspire when the allies it may free are worth at least this much



class Planner:
    """Plans whole turns for one seat's combatants."""

    def __init__(self, lore: Lore, skill: Skill, rng: random.Random) -> None:
        self.lore = lore
        self.skill = skill
        self.rng = rng
        # Knobs for weighing one style of play against another (as bench experiments do); the
        # defaults are the policy as tuned: danger counted by role, Hide used, PROGRESS per square.
        self.caution = 1.0
        self.hides = True
        self.progress = PROGRESS * skill.pace

    # -- the turn ----------------------------------------------------------------------------------
    def plan(self, board: Board, goal: Callable[[Board], Square | None], suspects: list[Square], scanned: bool,
             limits: Limits) -> list[Step]:
        """The steps of the rest of the mover's turn."""
        me, skill = board.me, self.skill
        movement = me.movement or 0
        rusher = board.mine.role == RUSHER
        if me.state == "prone" and movement >= STAND_UP_COST and not me.acted:
            # Every step costs double while Prone (ruling grid-stand-up: 2 points to get up).
            return [Step(StandUp())]
        if me.acted:
            return self._after_action(board, limits)
        if skill.tricks and not rusher and movement >= INSPIRE_COST and self._inspire_value(board) > INSPIRE_WORTH:
            # A stunned ally in sight loses its whole turn; freeing it is worth more than most attacks.
            return [Step(Inspire())]
        if skill.tricks and not rusher and not limits.no_options:
            swap = better_weapon(board, self.lore, self.skill) or better_gear(board, self.lore)
            if swap:
                return swap
        if skill.tricks and not rusher and not scanned and suspects and movement >= SCAN_COST + 1 \
                and not self._options(board, limits, near_only=True):
            # An enemy vanished where we can see: it Hid. Scan may find it before it strikes.
            return [Step(Scan())]
        options = [] if limits.no_options else self._options(board, limits)
        if options:
            chosen = self._best_square(board, options, limits)
            if chosen is not None:
                # Acting beats keeping out of reach: danger chooses the square to act from and where to step
                # back to, never whether to act. Combatants that let an option go to stay safe lost more
                # matches than they saved, at every level and on both sides (bench/bench_ai.py, levels).
                _, square, option, cost = chosen
                steps = [] if square == board.here else [Step(Move(square), square, movement - cost)]
                return steps + [Step(self._use(option))]
        return self._approach(board, goal(board), limits)

    # -- options -----------------------------------------------------------------------------------
    def _options(self, board: Board, limits: Limits, near_only: bool = False) -> list[Option]:
        """Every use of the mover's action cards on every target worth something, best first."""
        lore, skill, me, mine = self.lore, self.skill, board.me, board.mine
        movement = me.movement or 0
        here = board.here
        out: list[Option] = []
        rusher = mine.role == RUSHER
        nearest: str | None = None
        # An enemy whose Hidden beats the mover's Senses "can't be seen", so it cannot be attacked, wherever
        # the mover stands (an ally sees it: the view says so).
        unseen = board.view.hidden_from_current
        targets = [e for e in board.enemies if e.cid not in unseen] if unseen else board.enemies
        if rusher and targets:
            # Beasts and the Mindless go for the closest enemy, not the cleverest choice.
            nearest = rush_target(here, targets)
        hx, hy = here
        banned, builds, revive, later = limits.banned, board.builds, board.revive, board.later
        exact, focus = skill.exact_odds, skill.focus_fire
        follow = board.follow_ups() if skill.coordinates else {}
        heals = board.heals() if skill.knows_heals else {}
        for use in mine.uses:
            span = use.reach + movement + use.area
            if use.kind == "attack" and use.target == "enemy":
                for e in targets:
                    # geometry.distance, spelt out: this runs for every use on every enemy in every plan.
                    ex, ey = e.square
                    dx = ex - hx if ex > hx else hx - ex
                    dy = ey - hy if ey > hy else hy - ey
                    if (dx if dx > dy else dy) > span or (banned and (use.action, e.cid, None) in banned):
                        continue
                    if nearest is not None and e.cid != nearest:
                        continue
                    value = known_attack_value(lore, mine, use, e, builds[e.cid], exact, focus, revive[e.cid],
                                               later is not None and e.cid in later, follow.get(e.cid, ()),
                                               heals.get(e.cid, NO_HEALS))
                    if value > 0.0:
                        out.append(Option(value, use, e.cid, e.square, False, 0.0))
            elif use.kind == "attack" and use.target == "square":
                if not rusher:
                    out += self._areas(board, use, span, limits)
            elif near_only:
                continue
            elif use.kind == "heal" or use.kind == "buff":
                for a in board.allies:
                    assert a.square is not None
                    mine_too = a.cid == me.cid
                    if not mine_too and distance(here, a.square) > span:
                        continue
                    if (use.action, a.cid, None) in limits.banned:
                        continue
                    value = self._support_value(board, use, a)
                    if value > 0.0:
                        out.append(Option(value, use, a.cid, a.square, mine_too, 0.0))
            elif use.kind == "aura" and (use.action, None, None) not in limits.banned:
                value = self._aura_value(board, use)
                if value > 0.0:
                    out.append(Option(value, use, None, here, True, 0.0))
        out.sort(key=lambda o: -o.value)
        return out

    def _areas(self, board: Board, use: Use, span: int, limits: Limits) -> list[Option]:
        """Area attacks centred on and around enemies, worth what they do to enemies less what they do to allies."""
        lore, skill, mine = self.lore, self.skill, board.mine
        bf = board.view.battlefield
        centres: dict[Square, None] = {}
        for e in board.fighting:
            assert e.square is not None
            if distance(board.here, e.square) > span:
                continue
            x, y = e.square
            for dy in range(-use.area, use.area + 1):
                for dx in range(-use.area, use.area + 1):
                    c = (x + dx, y + dy)
                    if c in bf.squares and not bf.blocks_sight(c):
                        centres[c] = None
        out = []
        hits: dict[str, float] = {}  # what the area does to each one caught: the same whatever the centre
        penalty: float | None = None
        me = board.me
        # Everyone an area may catch besides its user, in the order their worths are summed: ruling grid-area,
        # only those the user sees (an enemy whose Hidden beats its Senses is spared).
        unseen = board.view.hidden_from_current
        others = [(other, other.square) for other in board.enemies + board.allies
                  if other.cid != me.cid and other.square is not None and other.cid not in unseen]
        area, banned, visible_from = use.area, limits.banned, board.sight.visible_from
        follow = board.follow_ups() if skill.coordinates else {}
        heals = board.heals() if skill.knows_heals else {}
        for c in centres:
            if banned and (use.action, None, c) in banned:
                continue
            around = visible_from(c)
            cx, cy = c
            value = 0.0
            for other, sq in others:
                # geometry.distance, spelt out: this runs for everyone at every centre.
                sx, sy = sq
                dx = sx - cx if sx > cx else cx - sx
                dy = sy - cy if sy > cy else cy - sy
                if (dx if dx > dy else dy) > area or sq not in around:
                    continue
                # Ruling grid-area: friend or foe, everyone caught is rolled against.
                hit = hits.get(other.cid)
                if hit is None:
                    hit = hits[other.cid] = known_attack_value(lore, mine, use, other, board.builds[other.cid],
                                                               skill.exact_odds, skill.focus_fire,
                                                               board.revive.get(other.cid, 0.0),
                                                               board.later is not None and other.cid in board.later,
                                                               follow.get(other.cid, ()),
                                                               heals.get(other.cid, NO_HEALS))
                value += hit if other.side != me.side else -ALLY_HIT * hit
            if value > 0.0:
                if penalty is None:  # what catching its own user costs: the same for every centre
                    penalty = ALLY_HIT * known_attack_value(lore, mine, use, me, mine, skill.exact_odds,
                                                            skill.focus_fire)
                out.append(Option(value, use, None, c, False, penalty))
        return out

    def _support_value(self, board: Board, use: Use, ally: CombatantView) -> float:
        """What a heal or a buff on this ally is worth now."""
        build = board.builds[ally.cid]
        if use.kind == "heal":
            return heal_value(ally, build, use.heal)
        if not use.condition:
            return 0.0
        assert ally.square is not None
        x, y = ally.square
        near = []
        for e in board.fighting:
            # geometry.distance, spelt out: this runs for every enemy and every ally a buff may go to.
            ex, ey = e.square
            dx = ex - x if ex > x else x - ex
            dy = ey - y if ey > y else y - ey
            d = dx if dx > dy else dy
            if d <= ENGAGED:
                near.append((d, e.cid, e))  # cids differ: the views themselves are never compared
        near.sort()
        builds, skill = board.builds, self.skill
        enemies = [(e, builds[cid]) for _, cid, e in near]
        # All that buff_value reads: the builds (made by the Lore, so their identities will do), the scores and
        # conditions of the ally and of the enemies near it, in their order.
        own = ally.cid == board.me.cid
        key = ("buff", id(build), ally.state, ally.damage, ally.wounds, ally.resolve, ally.conditions, use.condition,
               use.condition_rank, skill.exact_odds, skill.focus_fire, own,
               tuple((id(b), e.state, e.damage, e.wounds, e.resolve, e.conditions) for e, b in enemies))
        values = self.lore.values
        found = values.get(key)
        if found is None:
            found = values[key] = buff_value(self.lore, ally, build, use.condition, use.condition_rank, enemies,
                                             skill.exact_odds, skill.focus_fire, own)
        return found

    def _aura_value(self, board: Board, use: Use) -> float:
        """What raising an aura is worth: it lasts, so count who is near now and some of what is to come."""
        if not use.aura or any(aura == use.aura for aura, _ in board.me.auras):
            return 0.0  # ruling grid-aura-bearer: raising an aura one already bears does nothing
        definition = self.lore.content.auras[use.aura]
        value = 0.0
        for c in board.fighting if definition.affects == "enemies" else board.allies:
            assert c.square is not None
            if distance(c.square, board.here) > definition.radius + 2:
                continue
            build = board.builds[c.cid]
            if definition.heal:
                value += 0.15 * build.worth * (2.0 if c.wounds else 0.5)
            if definition.condition and c.side != board.me.side:
                value += 1.5 * condition_value(self.lore, c, build, definition.condition, definition.condition_rank,
                                               self.skill.focus_fire)
            if definition.automatic_damage is not None and c.side != board.me.side:
                spec = definition.automatic_damage
                _, wound = hit_chances(spec.rank, spec.bonus - build.resist.get(spec.type, 0), c.damage,
                                       build.rank("Endurance"), build.mod("Endurance"), build.drone)
                value += 1.5 * wound * build.worth
        return value

    @staticmethod
    def _use(option: Option) -> UseAction:
        use = option.use
        if use.target == "square":
            return UseAction(use.action, None, option.centre, use.weapon)
        if use.target == "self":
            return UseAction(use.action, None, None, use.weapon)
        return UseAction(use.action, option.target, None, use.weapon)

    # -- where to act from -------------------------------------------------------------------------
    def _best_square(self, board: Board, options: list[Option], limits: Limits
                     ) -> tuple[float, Square, Option, int] | None:
        """The square to act from and the option to take there, weighing the action and the square."""
        sight = board.sight
        opaque = board.view.battlefield.opaque
        allowed = limits.moves
        sights = {o.centre: sight.visible_from(o.centre) for o in options if not o.anywhere}
        keep_points = board.caution > 0 and self.skill.keeps_range
        candidates: dict[Square, None] = {}
        if all(not o.anywhere and o.use.reach <= 1 for o in options):
            # Hand to hand: only the squares next to targets matter, and only their costs are searched for.
            playable = board.view.battlefield.playable
            near = {(cx + dx, cy + dy) for o in options for cx, cy in (o.centre,) for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)}
            near = {sq for sq in near if sq in playable and board.free(sq, allowed)}
            reach = board.costs_to(near)
            candidates = dict.fromkeys(sorted(reach, key=lambda sq: (sq[1], sq[0])))
        elif any(o.anywhere for o in options):
            reach = board.reach()
            candidates = dict.fromkeys(reach)
        else:
            reach = board.reach()
            squares = list(reach)
            xs = [sq[0] for sq in squares]
            ys = [sq[1] for sq in squares]
            low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
            gathered: dict[Square, int] = {}  # the widest range already gathered around each centre
            # Only squares within some option's range of its target.
            for o in options:
                r = o.use.reach
                if gathered.get(o.centre, -1) >= r:
                    continue  # a wider range around the same centre already added all these squares
                gathered[o.centre] = r
                cx, cy = o.centre
                if (2 * r + 1) ** 2 <= len(reach):
                    for dy in range(-r, r + 1):
                        for dx in range(-r, r + 1):
                            square = (cx + dx, cy + dy)
                            if square in reach:
                                candidates[square] = None
                elif cx - r <= low_x and high_x <= cx + r and cy - r <= low_y and high_y <= cy + r:
                    candidates.update(dict.fromkeys(squares))  # the range covers every square reached
                else:
                    candidates.update(dict.fromkeys(
                        [sq for sq in squares if cx - r <= sq[0] <= cx + r and cy - r <= sq[1] <= cy + r]))
                if len(candidates) == len(reach):
                    break  # every square reached is in: the options left add nothing
        # What the scoring loop reads of each option, unpacked once.
        reads = [(o.value, o.anywhere, o.centre, o.use.reach, o.use.area, o.self_penalty,
                  sights.get(o.centre), o.centre in opaque, o) for o in options]
        scored, top_extra = self._scored(board, reads, candidates, reach, allowed, keep_points)
        if not scored:
            return None
        return self._pick(board, scored, top_extra, reads, candidates, reach, allowed, keep_points)

    @staticmethod
    def _scored(board: Board, reads: list[tuple], candidates: dict[Square, None], reach: dict[Square, int],
                allowed: set[Square] | None, keep_points: bool
                ) -> tuple[list[tuple[float, Square, Option, int]], float]:
        """Each free candidate square with the best of the options that reach from it, scored with the square.

        Also the most the square itself added to any score (its end value, less the points spent).
        """
        scored: list[tuple[float, Square, Option, int]] = []
        top_extra = float("-inf")
        here, taken = board.here, board.taken
        end_value, caution = board.end_value, board.caution
        movement = board.me.movement or 0
        opaque = board.view.battlefield.opaque
        visible_from = board.sight.visible_from
        for square in candidates:
            # board.free, spelt out: this loop runs for every square in reach.
            if square != here and (square in taken or (allowed is not None and square not in allowed)):
                continue
            best = 0.0
            chosen: Option | None = None
            x, y = square
            square_opaque = square in opaque
            for o_value, anywhere, centre, r, area, self_penalty, seen_from, centre_opaque, o in reads:
                if o_value <= best:
                    break
                if anywhere:
                    value = o_value
                else:
                    # geometry.distance, spelt out: this runs for every option at every candidate square.
                    cx, cy = centre
                    dx = cx - x if cx > x else x - cx
                    dy = cy - y if cy > y else y - cy
                    d = dx if dx > dy else dy
                    if d > r:
                        continue
                    if square_opaque or centre_opaque:
                        # Sight is symmetric only between clear squares.
                        if centre not in visible_from(square):
                            continue
                    elif square not in seen_from:
                        continue
                    value = o_value - (self_penalty if area and d <= area else 0.0)
                if value > best:
                    best, chosen = value, o
            if chosen is None:
                continue
            cost = reach[square]
            extra = end_value(square, movement - cost)[0] - MOVE_COST * cost
            if keep_points:
                # Points kept are points to step back or Hide with after acting.
                extra += 0.01 * min(movement - cost, 6) * caution
            if extra > top_extra:
                top_extra = extra
            scored.append((best + extra, square, chosen, cost))
        return scored, top_extra

    def _pick(self, board: Board, scored: list[tuple[float, Square, Option, int]], top_extra: float,
              reads: list[tuple], candidates: dict[Square, None], reach: dict[Square, int],
              allowed: set[Square] | None, keep_points: bool) -> tuple[float, Square, Option, int]:
        """The best-scored plan, or on easier levels another at random: any plan, or another option near the best."""
        best = max(scored, key=itemgetter(0))
        skill = self.skill
        if skill.blunder and self.rng.random() < skill.blunder:
            return scored[self.rng.randrange(len(scored))]
        if skill.slack:
            floor = best[0] - skill.slack * max(abs(best[0]), 0.05)
            # The slack is in what to do, never in where to do it from: another square for the same option only
            # spends points (a brute paid 4 more to step round the hero it could strike from where it stood).
            # So each option near the best is taken from its own best square.
            near = [best]
            for read in reads:
                option = read[-1]
                if read[0] + top_extra < floor:
                    break  # options come best first: none after this one can reach the floor
                if option is best[2]:
                    continue
                alone, _ = self._scored(board, [read], candidates, reach, allowed, keep_points)
                if alone:
                    own = max(alone, key=itemgetter(0))
                    if own[0] >= floor:
                        near.append(own)
            return near[self.rng.randrange(len(near))]
        return best

    # -- moving without acting ---------------------------------------------------------------------
    def _safest(self, board: Board, limits: Limits) -> tuple[float, Square, bool]:
        """The square to step back to after acting, and whether to Hide there.

        Safe from the enemies' next blows, and still within the mover's own reach of one next turn: the
        safest square alone lay ever further off (a ranger ran to the far side of the map after each shot,
        and spent its next turn walking back).
        """
        movement = board.me.movement or 0
        here, taken, allowed = board.here, board.taken, limits.moves
        best: tuple[float, Square, bool] = (float("-inf"), here, False)
        top = best[0]
        end_value, offence = board.end_value, board.offence
        # Board.free, spelt out: this runs for every square in reach.
        for square, cost in board.reach().items():
            if square != here and (square in taken or (allowed is not None and square not in allowed)):
                continue
            value, hide = end_value(square, movement - cost)
            value += offence(square) - MOVE_COST * cost
            if value > top:
                best, top = (value, square, hide), value
        return best

    def _approach(self, board: Board, goal: Square | None, limits: Limits) -> list[Step]:
        """Move without acting: close in on the goal along a cheap route, or keep safe, Hiding if it pays."""
        movement = board.me.movement or 0
        rusher = board.mine.role == RUSHER
        here, taken, allowed = board.here, board.taken, limits.moves
        # Board.free, spelt out: this runs for every square in reach.
        free = {sq: c for sq, c in board.reach().items()
                if sq == here or (sq not in taken and (allowed is None or sq in allowed))}
        candidates: list[tuple[int, Square]] = [(0, here)]
        if limits.stay:
            pass  # closing in again and again on shifting goals would only walk in circles
        elif goal is not None and goal != here:
            path = route(board.view, here, goal, taken)
            if path:
                candidates += [(i + 1, sq) for i, sq in enumerate(path) if sq in free]
            else:
                gx, gy = goal  # geometry.distance, spelt out
                candidates += [(-max(abs(x - gx), abs(y - gy)), (x, y)) for x, y in free]
        elif board.caution:
            candidates += [(0, sq) for sq in free]
        weight = 1.0 if rusher else self.progress * board.mine.worth
        best: tuple[float, Square, bool] = (float("-inf"), here, False)
        top = best[0]
        end_value = board.end_value
        cost: int | None  # a square's cost: below, free.get finds none for a square out of reach
        for progress, square in candidates:
            cost = free[square]
            value, hide = end_value(square, movement - cost)
            value += weight * progress - MOVE_COST * cost
            if value > top:
                best, top = (value, square, hide), value
        # Treasure in sight worth having: walk next to its pile and pick it up, if that beats the above.
        grab: tuple[float, Square, str, Square] | None = None
        for gain, item, pile in treasure(board, self.lore, self.skill, limits):
            for square in around(pile):
                cost = free.get(square)
                if cost is None or movement - cost < PICK_UP_COST:
                    continue
                value, _ = board.end_value(square, movement - cost - PICK_UP_COST)
                value += gain - MOVE_COST * cost
                if value > best[0] and (grab is None or value > grab[0]):
                    grab = (value, square, item, pile)
        if grab is not None:
            _, square, item, pile = grab
            left = movement - free[square]
            steps = [] if square == board.here else [Step(Move(square), square, left)]
            return steps + [Step(PickUp(item, pile))]  # then plan the rest with the item in the pack
        _, square, hide = best
        left = movement - free[square]
        steps = [] if square == board.here else [Step(Move(square), square, left, closing=True)]
        return steps + self._spare_points(board, square, left, hide)

    def _after_action(self, board: Board, limits: Limits) -> list[Step]:
        """The action is spent: use the points left to step out of reach (at a level that does), Inspire or Hide."""
        movement = board.me.movement or 0
        skill = self.skill
        if movement <= 0 or board.mine.role == RUSHER or not (skill.steps_back or skill.tricks):
            return [Step(EndTurn())]
        if skill.tricks and movement >= INSPIRE_COST and self._inspire_value(board) > INSPIRE_WORTH:
            return [Step(Inspire())]
        if skill.steps_back and board.caution > 0:
            _, square, hide = self._safest(board, limits)
        else:
            square, (_, hide) = board.here, board.end_value(board.here, movement)
        left = movement - board.reach()[square]
        steps = [] if square == board.here else [Step(Move(square), square, left)]
        return steps + self._spare_points(board, square, left, hide)

    def _spare_points(self, board: Board, square: Square, left: int, hide: bool) -> list[Step]:
        """Inspire and Hide with the points left on the square the turn ends on, then End Turn."""
        steps: list[Step] = []
        if self.skill.tricks and left >= INSPIRE_COST and square == board.here \
                and self._inspire_value(board) > INSPIRE_WORTH:
            return [Step(Inspire())]  # the view changes (allies freed): plan the rest again
        if hide:
            steps.append(Step(Hide(), square, left - HIDE_COST))
            left -= HIDE_COST
            if left >= HIDE_COST:
                # Hidden adds up: a second roll on top makes the Senses that could beat it rarer.
                steps.append(Step(Hide(), square, left - HIDE_COST))
        return steps + [Step(EndTurn())]

    def _inspire_value(self, board: Board) -> float:
        """What Inspire is worth: stunned allies in sight whose turn is still to come this round."""
        view, me, builds = board.view, board.me, board.builds
        # Asked at every plan, and most of the time no ally is stunned: the turn order is read only when one is.
        stunned = [a for a in board.allies if builds[a.cid].stunned and a.cid != me.cid]
        if not stunned:
            return 0.0
        order = view.order
        if me.cid not in order:
            return 0.0
        after = set(order[order.index(me.cid) + 1:])
        freed = sum(builds[a.cid].worth for a in stunned
                    if a.cid in after and a.state in ABLE and a.square in view.visible)
        if not freed:
            return 0.0
        mine = board.mine
        # "Roll your Presence rank; on a result of 8 or higher, any allies you can see are no longer Stunned"
        return 0.8 * freed * odds.p_at_least(mine.rank("Presence"), INSPIRE_NEEDS, mine.mod("Presence"))
