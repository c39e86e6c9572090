"""Gear in the grid computer's plans: a better weapon in hand, better armour on, and treasure worth picking up."""

from __future__ import annotations

from game.core.battlefield import Square
from game.core.geometry import distance
from game.modes.grid.actions import Equip, Unequip
from game.modes.grid.ai.board import Board
from game.modes.grid.ai.lore import RUSHER, Build, Lore
from game.modes.grid.ai.skill import Skill
from game.modes.grid.ai.steps import Limits, Step
from game.modes.grid.ai.values import gear_gain, known_attack_value, wearing
from game.modes.grid.items import EQUIP_COST

GEAR_WORTH = 0.02  # an item is worth picking up or putting on when it adds this share of the wearer's worth


def better_weapon(board: Board, lore: Lore, skill: Skill) -> list[Step]:
    """Unequip and Equip steps that put a carried weapon in hand when it beats what is held, else nothing.

    Judged against the nearest enemy with the action cards each weapon allows; worth a swap only
    when the new best attack is clearly better and the swap leaves points to act with.
    """
    me = board.me
    items = lore.content.items
    carried, equipped = list(me.carried or ()), list(me.equipped)
    spare = [i for i in dict.fromkeys(carried)
             if items[i].kind == "weapon" and carried.count(i) > equipped.count(i)]
    if not spare or not board.fighting:
        return []
    here = board.here
    enemy = min(board.fighting, key=lambda e: (distance(here, e.square), e.cid))
    enemy_build = board.builds[enemy.cid]

    def best(build: Build) -> float:
        return max((known_attack_value(lore, build, u, enemy, enemy_build, skill.exact_odds,
                                       skill.focus_fire)
                    for u in build.uses if u.kind == "attack" and u.target == "enemy"), default=0.0)

    now = best(board.mine)
    chosen: tuple[float, tuple[str, ...], str] | None = None
    for weapon in spare:
        off = wearing(lore, me.equipped, weapon)
        if off is None:
            continue
        kept = tuple(i for i in equipped if i not in off) + (weapon,)
        value = best(lore.build_wearing(me, kept))
        cost = EQUIP_COST * (len(off) + 1)  # each Unequip and the Equip
        if value > 1.3 * now + 0.02 and (me.movement or 0) >= cost + 2 and (chosen is None or value > chosen[0]):
            chosen = (value, off, weapon)
    if chosen is None:
        return []
    _, off, weapon = chosen
    return swap(board, off, weapon)  # then plan again with the weapon in hand


def better_gear(board: Board, lore: Lore) -> list[Step]:
    """Unequip and Equip steps that put on a carried item worth wearing, else nothing.

    Armour, shields and trinkets by what they add; weapons too while no enemy able to fight is
    in sight (with one in sight, better_weapon judges them against it). The change must leave
    two points to spare when an enemy is in sight.
    """
    me = board.me
    items = lore.content.items
    spare = list(me.carried or ())
    for item in me.equipped:
        if item in spare:
            spare.remove(item)
    chosen: tuple[float, tuple[str, ...], str] | None = None
    for item in dict.fromkeys(spare):
        if board.fighting and items[item].kind == "weapon":
            continue
        gain, off = gear_gain(lore, me, board.mine, item)
        cost = EQUIP_COST * (len(off) + 1)
        if (me.movement or 0) < cost + (2 if board.fighting else 0):
            continue
        if gain > GEAR_WORTH * board.mine.worth and (chosen is None or gain > chosen[0]):
            chosen = (gain, off, item)
    if chosen is None:
        return []
    _, off, item = chosen
    return swap(board, off, item)  # then plan again with it on


def swap(board: Board, off: tuple[str, ...], item: str) -> list[Step]:
    """Unequip what must come off, each step expected to cost EQUIP_COST where the mover stands, then Equip."""
    left = board.me.movement or 0
    steps = []
    for worn in off:
        left -= EQUIP_COST
        steps.append(Step(Unequip(worn), board.here, left))
    return steps + [Step(Equip(item))]


def treasure(board: Board, lore: Lore, skill: Skill, limits: Limits) -> list[tuple[float, str, Square]]:
    """Items in sight worth picking up: what each would add to the mover, its name, the pile it lies in."""
    if not skill.tricks or board.mine.role == RUSHER or limits.no_options:
        return []
    out = []
    for square, items in board.view.piles:
        for item in dict.fromkeys(items):
            if ("pick_up", item, square) in limits.banned:
                continue
            gain, _ = gear_gain(lore, board.me, board.mine, item)
            if gain > GEAR_WORTH * board.mine.worth:
                out.append((gain, item, square))
    return out
