"""Every plan a character may choose for the round, from where everyone stands when it chooses."""

from __future__ import annotations

from game.modes.arenas.content import ATTACK_DICE, BOWS, PARRIES_WITH
from game.modes.arenas.plans import Plan
from game.modes.arenas.state import ArenasState, Fighter
from game.modes.arenas.walls import break_plans

# "Bows or slings can shoot out to [2 x Brawn] arenas when aimed, with short bows or slings having a max range
# of 4 arenas, long bows 8 arenas. Crossbows can shoot to 6 arenas when aimed."
AIM_CAP = {"short_bow": 4, "sling": 4, "long_bow": 8}
CROSSBOW_RANGE = 6
SHOT_RANGE = 1  # "someone in your arena or an adjacent arena"


def aim_range(weapon_type: str, brawn: int) -> int | None:
    """How many arenas away an aimed shot reaches, or None for a weapon that cannot aim (thrown, melee)."""
    if weapon_type == "crossbow":
        return CROSSBOW_RANGE
    if weapon_type in BOWS:
        return min(2 * brawn, AIM_CAP[weapon_type])
    return None


def parries(st: ArenasState, f: Fighter) -> bool:
    """Whether it fights with a parrying weapon: a shield or parrying weapon with a light, hand or heavy main one."""
    off = st.offhand(f)
    return off is not None and (off.parrying or off.type == "shield") and st.weapon(f).type in PARRIES_WITH


def attack_dice(st: ArenasState, f: Fighter, ranged: bool) -> int:
    """The d10s it rolls to hit: a minion group one per minion standing, else by weapon, one fewer with a
    parrying weapon; an unarmed attack rolls only the face die."""
    if st.character(f).minions > 1:
        return f.members
    weapon = st.ranged(f) if ranged else st.weapon(f)
    assert weapon is not None
    if weapon.id == "unarmed":
        return 1  # "For unarmed attacks, the only die is a Face Die."
    count = ATTACK_DICE[weapon.type]
    return max(1, count - 1) if not ranged and parries(st, f) else count


def options(st: ArenasState, f: Fighter) -> list[Plan]:
    """Every plan open to an able character now (ruling arenas-one-action: one of the seven a round)."""
    if not f.able:
        return []
    here = st.in_arena(f.arena)
    friends = [o for o in here if o.side == f.side and o.cid != f.cid]
    foes = [o for o in here if o.side != f.side]
    out: list[Plan] = [Plan("wait"), Plan("defend")]
    out += [Plan("protect", o.cid) for o in friends]
    ranged = st.ranged(f)
    if ranged is not None:
        out += [Plan("shoot", o.cid) for o in st.foes(f) if _distance(st, f.arena, o.arena) <= SHOT_RANGE]
        reach = aim_range(ranged.type, st.character(f).brawn)
        if reach is not None:
            out += [Plan("aim", o.cid) for o in st.foes(f) if _distance(st, f.arena, o.arena) <= reach]
    for ability in st.character(f).abilities:
        if st.content.abilities[ability].effect == "heal":
            hurt = [o for o in st.fighters.values() if o.side == f.side and o.arena == f.arena and o.marked
                    and o.status != "dead"]
            out += [Plan("focus", o.cid, ability=ability) for o in hurt]
        else:
            out += [Plan("focus", o.cid, ability=ability) for o in foes]
    out += [Plan("impede", o.cid) for o in foes]
    if not f.no_move:
        out += [Plan("move", arena=a) for a in st.arenas.within(f.arena, 1) if a != f.arena]
        if st.awesome_of(f) >= 1 and f.cornered_by is None:
            near = set(st.arenas.within(f.arena, 1))
            out += [Plan("move", arena=a, extra=True) for a in st.arenas.within(f.arena, 2) if a not in near]
    out += [Plan("attack", o.cid) for o in foes]
    out += break_plans(st, f)
    for o in friends:
        out.append(Plan("assist", o.cid))
        if st.awesome_of(f) >= 1:
            out += [Plan("assist", o.cid, extra=True, foe=e.cid) for e in foes]
            out.append(Plan("assist", o.cid, extra=True))  # or to protect the ally
    groups = [(o.cid,) for o in foes] + ([tuple(o.cid for o in foes)] if len(foes) > 1 else [])
    for a in st.arenas.within(f.arena, 1):
        if a != f.arena:
            out += [Plan("push", arena=a, targets=g) for g in groups]
    if parries(st, f):
        out += _parry_variants(out, [o.cid for o in foes])
    return out


def _parry_variants(plans: list[Plan], foes: list[str]) -> list[Plan]:
    """The plans again with the round's one use of the parrying weapon: +2 or the lowest wound on an attack
    with the main weapon, or its Daring against a chosen foe's attack roll."""
    out: list[Plan] = []
    for p in plans:
        if p.act in ("attack", "move") or (p.act == "focus" and p.target in foes):
            out += [_with(p, "plus2", ""), _with(p, "lowest", "")]
        if not (p.act == "assist" and p.extra):  # its foe is the one it shifts to attack
            out += [_with(p, "daring", foe) for foe in foes]
    return out


def _with(p: Plan, parry: str, foe: str) -> Plan:
    return Plan(p.act, p.target, p.arena, p.targets, p.extra, parry, foe if parry == "daring" else p.foe, p.ability)


def _distance(st: ArenasState, a: str, b: str) -> int:
    d = st.arenas.distance(a, b)
    return 10**6 if d is None else d
