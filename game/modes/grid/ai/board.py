"""What one decision knows of the battlefield: the mover, its allies, the enemies it knows, and what squares are worth.

The Board reads a seat's view once per decision: which squares the mover can reach, how
dangerous a square is (each known enemy's expected harm there, if its movement roll gets it
close enough), what the allies acting after the mover can add, which wounds will heal before
their bearer's turn, and how likely a fallen enemy is to fight again. The planner weighs its
options on it.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, cast

from game.core import odds
from game.core.battlefield import Square
from game.core.fov import SightMap
from game.core.geometry import distance
from game.modes.grid.ai.lore import ABLE, RUSHER, Build, Lore
from game.modes.grid.ai.routes import Mover
from game.modes.grid.ai.skill import Skill
from game.modes.grid.ai.values import (
    FINISH_UNCONSCIOUS,
    UNAIDED,
    known_attack_value,
    revive_chance,
    wound_chance,
)
from game.modes.grid.auras import affects_side
from game.modes.grid.options import HIDE_COST
from game.modes.grid.view import CombatantView, GridView

if TYPE_CHECKING:
    class PlacedView(CombatantView):
        """A combatant on the map, as the Board keeps them (for the type checker only: never made)."""

        square: Square

FAR = 40  # beyond this many squares an enemy is no danger this round
# How much the danger of a square counts against it, by role: archers and casters keep out of reach.
CAUTION = {"archer": 1.0, "caster": 1.0, "support": 0.9, "skirmisher": 0.6, "brute": 0.3, RUSHER: 0.0}
FRAGILE = ("archer", "caster", "support")
PIN = 0.08  # a brute next to an enemy that threatens our fragile allies holds it there (+4 to leave)
# An enemy that has had its turn this round strikes before the mover's next turn only if the next round's
# order puts it first ("At the beginning of each round, you'll be asked to Roll Initiative"): about half the time.
ACTED = 0.5


def rush_target(square: Square, enemies: list[PlacedView]) -> str:
    """The enemy a Beast or a Mindless combatant on the square goes for: the closest, those still fighting first."""
    return min(enemies, key=lambda e: (e.state not in ABLE, distance(square, e.square), e.cid)).cid


class Board:
    """One decision's reading of the view: the mover, its allies, the enemies it knows and their numbers."""

    def __init__(self, view: GridView, lore: Lore, sight: SightMap, skill: Skill,
                 bumped: set[Square] | frozenset[Square] = frozenset(), caution: float = 1.0, hides: bool = True
                 ) -> None:
        me = view.combatant(view.current) if view.current else None
        assert me is not None and me.square is not None and me.movement is not None
        self.view = view
        self.lore = lore
        self.sight = sight
        self.skill = skill
        self.me = me
        self.here: Square = me.square
        build = lore.build
        self.mine = mine = build(me)
        allies: list[CombatantView] = []
        enemies: list[CombatantView] = []
        # Squares where a move stopped this turn hold someone unseen: plan around them, as the rules
        # walk around them (ruling grid-move-knowledge; ``bumped`` adds those a first- or second-format
        # match forgets).
        bumped = frozenset(bumped).union(me.bumped or ())
        taken: set[Square] = set(bumped)
        side, my_cid = me.side, me.cid
        for c in view.combatants:
            square = c.square
            if square is None or c.state == "dead":
                continue
            (allies if c.side == side else enemies).append(c)
            if c.cid != my_cid:
                taken.add(square)
        # Only combatants on the map went in: typed so, once here rather than at every use of their squares.
        self.allies, self.enemies, self.taken = allies, cast("list[PlacedView]", enemies), taken
        self.builds = builds = {c.cid: build(c) for c in allies}
        fighting: list[CombatantView] = []
        healers = False
        for e in enemies:
            builds[e.cid] = found = build(e)
            if e.state in ABLE:
                fighting.append(e)
                if not healers:
                    for u in found.uses:
                        if u.kind == "heal":
                            healers = True
                            break
        self.fighting = cast("list[PlacedView]", fighting)  # on the map, as the enemies
        # How likely each fallen enemy is to fight again: at a level that knows heals, as likely as the likeliest
        # of its side's healers reaches it.
        by_reach = healers and skill.knows_heals
        self.revive = {e.cid: self._revive_by_reach(e) if by_reach and e.state == "unconscious"
                       else revive_chance(builds[e.cid], healers) for e in self.enemies}
        self.mover = Mover(view, me, bumped)
        self._reach: dict[Square, int] | None = None
        # Auras that matter where the mover ends its turn: its own against enemies, the enemies' against it.
        harmful = self._harmful
        self.own_auras = [radius for aura, radius in me.auras if harmful(aura)] if me.auras else []
        self.enemy_auras = [(e.square, radius) for e in fighting if e.auras for aura, radius in e.auras
                            if harmful(aura)]
        self.fragile_near: dict[str, int] = {}
        if mine.role == "brute" and not mine.drone:
            for e in fighting:
                assert e.square is not None
                self.fragile_near[e.cid] = sum(
                    1 for a in allies if a.cid != my_cid and builds[a.cid].role in FRAGILE
                    and a.square is not None and distance(a.square, e.square) <= 4)
        # Whether position_value can be other than 0.
        self.positional = bool(self.fragile_near or self.own_auras or self.enemy_auras)
        self.caution = caution * CAUTION.get(self.mine.role, 0.6) if skill.counts_danger else 0.0
        if self.mine.drone and self.caution:
            self.caution = max(self.caution, 0.6) * 1.5  # one hit of any kind kills a Drone
        if view.round > 15:
            # A match that drags on is not won by waiting: caution fades, and is gone by round 35, so that two
            # sides keeping out of each other's reach close in at last rather than wait for the round limit.
            self.caution *= max(0.0, 1.0 - 0.05 * (view.round - 15))
        self._danger_tables: list[tuple[Square, tuple[float, ...], float]] | None = None
        # Whose turn is still to come this round, for a policy that weighs it (None: one that does not).
        self.later = self._still_to_act() if skill.tempo else None
        self._danger: list[tuple[int, int, tuple[float, ...], float]] | None = None  # the same, flat, for end
        self._offence: list[tuple[Square, tuple[float, ...]]] | None = None  # per fighting enemy, for offence
        self._follow: dict[str, tuple[float, ...]] | None = None  # per fighting enemy, for follow_ups
        self._heals: dict[str, tuple[int, int]] | None = None  # per enemy, for heals
        self.ends: dict[Square, tuple[float, float, float]] = {}  # Board.end of each square asked about
        # Hiding pays only against enemies; Beasts and the Mindless do not bother.
        self.can_hide = hides and skill.tricks and self.mine.role != RUSHER and bool(self.fighting) and self.caution > 0

    def ends_key(self) -> tuple[object, ...]:
        """Everything Board.end reads besides the square: boards with equal keys value every square alike."""
        positional: tuple[object, ...] = ()
        if self.positional:
            positional = (tuple(self.fragile_near.items()), tuple(self.own_auras), tuple(self.enemy_auras),
                          self.mine.worth, tuple((e.cid, e.square, self.builds[e.cid].worth) for e in self.fighting))
        return self.caution, positional, tuple(self.danger_tables()) if self.caution else ()

    def _harmful(self, aura: str) -> bool:
        definition = self.lore.content.auras[aura]
        return definition.affects != "allies" and bool(definition.condition or definition.automatic_damage)

    def reach(self) -> dict[Square, int]:
        """Every square the mover can reach with its movement points, and the cheapest cost."""
        if self._reach is None:
            self._reach = self.mover.reach(self.here, self.me.movement or 0)
        return self._reach

    def costs_to(self, squares: set[Square]) -> dict[Square, int]:
        """The cheapest cost of each of the squares the mover can reach (a search that stops when all are found)."""
        if self._reach is not None:
            full = self._reach
        else:
            full = self.mover.reach(self.here, self.me.movement or 0, squares)
        return {sq: full[sq] for sq in squares if sq in full}

    def free(self, square: Square, allowed: set[Square] | None) -> bool:
        """Whether the mover may end a move on the square (its own square counts)."""
        return square == self.here or (square not in self.taken and (allowed is None or square in allowed))

    # -- danger ------------------------------------------------------------------------------------
    def danger_tables(self) -> list[tuple[Square, tuple[float, ...], float]]:
        """Per fighting enemy: its square, its harm to the mover by distance, its chance to see through Hide.

        At a level that weighs it, the harm counts at ACTED for an enemy that has had its turn this
        round, and is shared among the mover and the allies standing where the enemy strikes at least
        half as hard: it strikes one of them a turn.
        """
        if self._danger_tables is not None:
            return self._danger_tables
        out = []
        me, mine, tables, builds = self.me, self.mine, self.lore.tables, self.builds
        # Builds stand for their Lore.key (one build per key, kept as long as the Lore): a cheaper key.
        mover = (id(mine), me.state, me.damage, me.wounds, me.resolve, self.skill.name)
        later = self.later
        shares = self.skill.shares
        for e in self.fighting:
            build = builds[e.cid]
            if build.stunned or e.square is None:
                continue  # "If you're Stunned, you can't do anything for one round"
            key = (id(build), mover)
            found = tables.get(key)
            if found is None:
                seen = 1.0 - odds.p_beats(mine.rank("Stealth"), build.rank("Perception"), mine.mod("Stealth"),
                                          build.mod("Perception"))
                table = self._table(build, me, mine)
                # How far it strikes at least half as hard as next to it: allies in there may draw its blow.
                radius = max((d for d, harm in enumerate(table) if harm >= 0.5 * table[0] > 0.0), default=-1)
                found = tables[key] = (table, seen, radius)
            table, seen, radius = found
            weight = 1.0 if later is None or e.cid in later else ACTED
            if shares and radius >= 0:
                ex, ey = e.square
                weight /= 1 + sum(1 for a in self.allies if a.cid != me.cid and a.state in ABLE and a.square
                                  and max(abs(a.square[0] - ex), abs(a.square[1] - ey)) <= radius)
            if weight != 1.0:
                scaled_key = (key, weight)
                scaled = tables.get(scaled_key)
                if scaled is None:
                    scaled = tables[scaled_key] = tuple(weight * harm for harm in table)
                table = scaled
            found = (table, seen)
            out.append((e.square, *found))
        self._danger_tables = out
        # For Board.end: squares unpacked, tables long enough for any two squares of the map. The zeros added
        # stand for "beyond FAR, no danger": adding 0.0 leaves every sum as it was.
        bf = self.view.battlefield
        pad = (0.0,) * (max(bf.width, bf.height) - FAR - 1)
        self._danger = [(ex, ey, table + pad if pad else table, seen) for (ex, ey), table, seen in out]
        return out

    def offence(self, square: Square) -> float:
        """What the mover's best attack next turn is worth from a square: its worth, if its movement gets it there.

        The mirror of the danger tables: each fighting enemy's worth as a target by distance, times the chance
        that the mover's next movement roll brings it within reach of it.
        """
        tables = self._offence
        if tables is None:
            tables = self._offence = [(e.square, self._table(self.mine, e, self.builds[e.cid], self.revive[e.cid]))
                                      for e in self.fighting]
        best = 0.0
        x, y = square
        for (ex, ey), table in tables:
            # geometry.distance, spelt out: asked for every square in reach.
            dx = ex - x if ex > x else x - ex
            dy = ey - y if ey > y else y - ey
            d = dx if dx > dy else dy
            if d <= FAR and table[d] > best:
                best = table[d]
        return best

    def _turns_after(self) -> list[str]:
        """The combatants whose turn comes after the mover's this round, in their order."""
        order = self.view.order
        return list(order[order.index(self.me.cid) + 1:]) if self.me.cid in order else list(order)

    def _still_to_act(self) -> set[str]:
        """The combatants whose turn comes after the mover's this round."""
        return set(self._turns_after())

    def _table(self, attacker: Build, target: CombatantView, build: Build, revive: float = FINISH_UNCONSCIOUS
               ) -> tuple[float, ...]:
        """An attacker's expected harm to a target by distance: its best attack, if its movement gets it there."""
        table = [0.0] * (FAR + 1)
        for use in attacker.uses:
            if use.kind != "attack":
                continue
            value = known_attack_value(self.lore, attacker, use, target, build, self.skill.exact_odds,
                                       self.skill.focus_fire, revive)
            if value <= 0.0:
                continue
            chances = self._walks(attacker, use.reach)
            table = [value * p if value * p > most else most for p, most in zip(chances, table, strict=True)]
        return tuple(table)

    def _walks(self, attacker: Build, reach: int) -> tuple[float, ...]:
        """By distance: the chance that an attacker's movement roll brings a target within ``reach``."""
        speed = attacker.rank("Speed")
        speed_mod = attacker.mod("Speed") + attacker.mod("movement")
        key = (speed, speed_mod, reach)
        walks = self.lore.walks
        chances = walks.get(key)
        if chances is None:
            # It must walk d - reach squares to strike: its movement roll must reach that far.
            chances = walks[key] = tuple(1.0 if d <= reach else odds.p_at_least(speed, d - reach, speed_mod)
                                         for d in range(FAR + 1))
        return chances

    def follow_ups(self) -> dict[str, tuple[float, ...]]:
        """Per fighting enemy: the chance that each ally who acts after the mover and before it wounds it.

        Those allies are the mover's side's turns still to come this round, up to the enemy's own if it is
        still to come: each can strike the enemy if its movement roll gets it there.
        """
        if self._follow is not None:
            return self._follow
        follow: dict[str, tuple[float, ...]] = {}
        self._follow = follow
        if not self.fighting:
            return follow  # no enemy to strike: nobody follows up on anyone
        after = self._turns_after()
        turn = {cid: i for i, cid in enumerate(after)}
        # The allies still to act, by their turn, each with the one enemy it will go for if it is a Beast or
        # Mindless.
        strikers: list[tuple[int, Square, Build, str | None]] = []
        for ally in self.allies:
            striker = self.builds[ally.cid]
            if ally.cid not in turn or ally.state not in ABLE or ally.square is None or striker.stunned:
                continue
            rushed = rush_target(ally.square, self.fighting) if striker.role == RUSHER else None
            strikers.append((turn[ally.cid], ally.square, striker, rushed))
        strikers.sort(key=itemgetter(0))
        for e in self.fighting:
            build = self.builds[e.cid]
            own_turn = turn.get(e.cid, len(after))
            chances = []
            for i, there, striker, rushed in strikers:
                if i > own_turn:
                    break  # its own turn comes first: what comes after it does not spare it
                if rushed is not None and rushed != e.cid:
                    continue
                d = min(FAR, distance(there, e.square))
                best = max((wound_chance(striker, use, e, build) * self._walks(striker, use.reach)[d]
                            for use in striker.uses if use.kind == "attack" and use.target == "enemy"), default=0.0)
                if best > 0.0:
                    chances.append(best)
            if chances:
                # Sorted: the same chances in any order make the same value, remembered once.
                follow[e.cid] = tuple(sorted(chances))
        return follow

    def _revive_by_reach(self, fallen: PlacedView) -> float:
        """The chance a fallen enemy comes back: that the likeliest of its side's healers reaches it, by its
        movement roll (or that it rises by itself, if Undead)."""
        build = self.builds[fallen.cid]
        best = revive_chance(build, False) if build.undead else UNAIDED
        for healer in self.fighting:
            heals = self.builds[healer.cid]
            if heals.stunned:
                continue
            d = min(FAR, distance(healer.square, fallen.square))
            for use in heals.uses:
                if use.kind == "heal":
                    best = max(best, self._walks(heals, use.reach)[d])
        return best

    def heals(self) -> dict[str, tuple[int, int]]:
        """Per enemy that heals by itself at the start of its next turn: the wounds it heals, standing and fallen.

        Auras heal whoever they cover then, conditions their bearer (ruling grid-aura-when); a fallen bearer's
        auras end (ruling grid-aura-bearer), so its own do not wake it.
        """
        if self._heals is not None:
            return self._heals
        content = self.lore.content
        healing = [(c, c.square, radius, definition)
                   for c in self.enemies + self.allies if c.state in ABLE and c.auras and c.square is not None
                   for aura, radius in c.auras if (definition := content.auras[aura]).heal]
        heals: dict[str, tuple[int, int]] = {}
        for e in self.enemies:
            own = sum(content.conditions[name].heal for name, _ in e.conditions)
            standing = fallen = own
            for bearer, there, radius, definition in healing:
                if distance(there, e.square) > radius or not affects_side(definition, bearer.side == e.side):
                    continue
                standing += definition.heal
                if bearer.cid != e.cid:
                    fallen += definition.heal
            if standing or fallen:
                heals[e.cid] = (standing, fallen)
        self._heals = heals
        return heals

    def end_value(self, square: Square, left: int) -> tuple[float, bool]:
        """How good it is to end the turn on a square with ``left`` points to spare, and whether to Hide there."""
        found = self.ends.get(square)
        if found is None:
            found = self.ends[square] = self.end(square)
        value, plain, hidden = found
        if self.can_hide and left >= HIDE_COST and hidden < plain:
            return value - self.caution * hidden, True
        return value - self.caution * plain, False

    def end(self, square: Square) -> tuple[float, float, float]:
        """A square's value besides danger, and the danger there in plain sight and Hidden."""
        # position_value only when something besides danger can differ between squares: asked for every square reached.
        value = self.position_value(square) if self.positional else 0.0
        if not self.caution:
            return value, 0.0, 0.0
        x, y = square
        plain = hidden = 0.0
        danger = self._danger
        if danger is None:
            self.danger_tables()
            danger = self._danger
            assert danger is not None
        for ex, ey, table, seen in danger:
            dx = ex - x if ex > x else x - ex
            dy = ey - y if ey > y else y - ey
            harm = table[dx if dx > dy else dy]
            plain += harm
            hidden += harm * seen
        return value, plain, hidden

    def position_value(self, square: Square) -> float:
        """How good a square is for the mover besides danger: enemies pinned, auras."""
        value = 0.0
        if not (self.fragile_near or self.own_auras or self.enemy_auras):
            return value  # most combatants pin nobody and meet no aura: asked for every square reached
        if self.fragile_near:
            # A Drone does not shield others: one blow kills it. Other brutes pin enemies near our
            # fragile allies, since leaving a square next to an opponent costs them 4 more.
            for e in self.fighting:
                near = self.fragile_near.get(e.cid, 0)
                if near and distance(e.square, square) <= 1:
                    value += PIN * near * self.builds[e.cid].worth
        for radius in self.own_auras:
            value += 0.1 * sum(self.builds[e.cid].worth for e in self.fighting
                               if distance(e.square, square) <= radius)
        for there, radius in self.enemy_auras:
            if distance(there, square) <= radius:  # type: ignore[arg-type]
                value -= 0.1 * self.mine.worth
        return value
