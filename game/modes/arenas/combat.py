"""Attacks and what they do: protectors, the attack roll and its modifiers, the face die, parrying, damage dice
marking wounds, the tests that follow, collateral damage and counter-attacks."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.events import Event
from game.modes.arenas.arenas import arena_bonus, collateral
from game.modes.arenas.choices import attack_dice
from game.modes.arenas.dice import FACE_DIE_DAMAGE, HIT_NUMBER, roll_attack, roll_test
from game.modes.arenas.events import AttackRolled, AttributeTested, StatusChanged, WoundMarked
from game.modes.arenas.plans import Plan
from game.modes.arenas.state import BLEEDING, DEAD, INCAPACITATED, OUT, UP, ArenasState, Fighter
from game.modes.arenas.wounds import dead, incapacitated, must_test_to_continue, two_highest, wound_to_mark

DEFEND_PENALTY = 2  # "Foes are -2 to hit you."
SHIELD_PENALTY = 4  # "(-4 with a shield.)"


@dataclass(frozen=True)
class Terms:
    """What an attack roll would be: how many d10s, each modifier by name, and the number to reach."""

    dice: int
    modifiers: tuple[tuple[str, int], ...]
    need: int

    @property
    def bonus(self) -> int:
        """The modifiers added up."""
        return sum(v for _, v in self.modifiers)


def protector_of(st: ArenasState, attacker: Fighter, target: Fighter) -> Fighter | None:
    """Who takes an attack on the target: "Attacks in this round that target a chosen friend in your arena attack
    you instead"."""
    for p in st.fighters.values():
        if p.able and p.protecting == target.cid and p.arena == target.arena and p is not attacker:
            return p
    return None


def terms(st: ArenasState, attacker: Fighter, target: Fighter, ranged: bool, plan: Plan | None,
          assist: int = 0) -> Terms:
    """The dice, modifiers and number to hit of an attack, as it would be rolled now (nothing is changed)."""
    weapon = st.ranged(attacker) if ranged else st.weapon(attacker)
    assert weapon is not None
    mods: list[tuple[str, int]] = []
    bonus = arena_bonus(weapon.type, st.kind(attacker.arena), st.kind(target.arena))
    if bonus:
        mods.append((f"{st.kind(target.arena if weapon.ranged else attacker.arena)} arena", bonus))
    if plan is not None and plan.parry == "plus2" and not ranged and not attacker.parry_used:
        mods.append(("parry", 2))
    if target.defending:
        shield = st.offhand(target)
        mods.append(("defending", -(SHIELD_PENALTY if shield is not None and shield.type == "shield"
                                    else DEFEND_PENALTY)))
    for p in st.fighters.values():
        if p.able and p.daring_on == attacker.cid:
            mods.append((f"{p.name}'s parry", -st.character(p).daring))
    dice = attack_dice(st, attacker, ranged) + assist
    if assist:
        mods.append((f"{assist} assisting", 0))
    return Terms(dice, tuple(mods), HIT_NUMBER + st.armour(target))


def attack(st: ArenasState, attacker: Fighter, target: Fighter, kind: str, ranged: bool = False,
           plan: Plan | None = None, assist: int = 0, extra_damage: int = 0) -> tuple[list[Event], bool]:
    """Roll an attack and apply it; the events and whether it marked a wound on the one it struck."""
    events: list[Event] = []
    instead = ""
    cover = protector_of(st, attacker, target)
    if cover is not None:
        instead, target = target.cid, cover
    t = terms(st, attacker, target, ranged, plan, assist)
    weapon = st.ranged(attacker) if ranged else st.weapon(attacker)
    assert weapon is not None
    roll = roll_attack(st.dice, t.dice, t.bonus, t.need)
    events.append(AttackRolled(attacker.cid, target.cid, weapon.name, kind, roll.dice, t.modifiers, t.need,
                               roll.total, roll.hit, instead))
    parry = plan.parry if plan is not None and not ranged and not attacker.parry_used else ""
    if parry in ("plus2", "lowest"):
        attacker.parry_used = True  # "in each round you may choose one time"
    for p in st.fighters.values():
        if p.daring_on == attacker.cid:
            p.daring_on = None  # the Daring penalty is on one attack roll
    wounded = False
    if roll.hit:
        dice = [(sides, "damage") for sides in list(weapon.damage) + list(weapon.damage[:1]) * extra_damage]
        if roll.face_ten:
            dice.append((FACE_DIE_DAMAGE, "face die"))  # "an extra 1d3 damage that is added to the normal damage"
        rolls = [(sides, st.dice.roll(sides), why) for sides, why in dice]
        if parry == "lowest":
            rolls.append((0, 0, "parry"))  # "mark your target's lowest unmarked wound"
        more, wounded = mark_wounds(st, target, rolls)
        events += more
    elif collateral(weapon.type, st.kind(attacker.arena)) and not ranged:
        events += _collateral(st, attacker, target, weapon.damage[0])
    if (roll.hit and not ranged and kind != "counter-attack" and target.able and target.arena == attacker.arena
            and (target.defending or target.protecting is not None) and attacker.able):
        # "Both can counter-attack those that successfully hit you in melee combat", once per group of minions.
        more, _ = attack(st, target, attacker, "counter-attack")
        events += more
    return events, wounded


def _collateral(st: ArenasState, attacker: Fighter, target: Fighter, sides: int) -> list[Event]:
    """Ruling arenas-collateral: a Dense arena's heavy blow that misses lands on someone else there (1dN of them
    in order), marking the wound of one die of its damage."""
    others = [o for o in st.in_arena(attacker.arena) if o is not attacker and o is not target]
    if not others:
        return []
    struck = others[st.dice.roll(len(others)) - 1] if len(others) > 1 else others[0]
    events, _ = mark_wounds(st, struck, [(sides, st.dice.roll(sides), "collateral")])
    return events


def mark_wounds(st: ArenasState, f: Fighter, rolls: list[tuple[int, int, str]]) -> tuple[list[Event], bool]:
    """Mark a wound for each damage die (sides, rolled, why; sides 0 the lowest unmarked), then what follows."""
    events: list[Event] = []
    highest = set(two_highest(f.wounds))
    touched_top = False
    marked_any = False
    for sides, rolled, why in rolls:
        wound = wound_to_mark(f.wounds, f.marked, rolled) if sides else \
            next((w for w in range(1, f.wounds + 1) if w not in f.marked), None)
        if wound is None:
            break
        f.marked.append(wound)
        marked_any = True
        touched_top = touched_top or wound in highest
        f.wounded_since_focus = True
        events.append(WoundMarked(f.cid, sides, rolled, wound, why))
        if dead(f.wounds, f.marked):
            # "When all of a character's wounds are marked, they die"; a minion's death ends the damage roll.
            return events + _lose(st, f, DEAD, "every wound is marked"), True
    events += after_wounds(st, f, touched_top)
    return events, marked_any


def after_wounds(st: ArenasState, f: Fighter, touched_top: bool) -> list[Event]:
    """Incapacitation and its Commitment test, or the test to go on fighting, after wounds were marked."""
    if f.status == DEAD or not f.marked:
        return []
    if incapacitated(f.wounds, f.marked) and f.status == UP:
        if st.character(f).minions > 1:
            return _lose(st, f, INCAPACITATED, "its two highest wounds are marked")
        f.status = INCAPACITATED
        events: list[Event] = [StatusChanged(f.cid, INCAPACITATED, "its two highest wounds are marked", 0)]
        c = st.character(f)
        # "must test Commitment against the total number of wounds marked off"
        roll = roll_test(st.dice, c.commitment, len(f.marked))
        events.append(AttributeTested(f.cid, "commitment", roll.die, roll.attribute, roll.against, roll.success,
                             "incapacitated"))
        if not roll.success:
            f.status = BLEEDING
            events.append(StatusChanged(f.cid, BLEEDING, "failed the Commitment test", 0))
        return events
    if touched_top and f.status == UP and must_test_to_continue(f.wounds, f.marked):
        c = st.character(f)
        # "test Daring or Commitment": ruling arenas-continue-test, the better of the two, against TEST_NUMBER.
        name, value = ("daring", c.daring) if c.daring >= c.commitment else ("commitment", c.commitment)
        roll = roll_test(st.dice, value)
        events = [AttributeTested(f.cid, name, roll.die, roll.attribute, roll.against, roll.success,
                                  "to go on fighting")]
        if not roll.success:
            events += _lose(st, f, OUT, "did not test well enough to go on fighting")
        return events
    return []


def _lose(st: ArenasState, f: Fighter, status: str, why: str) -> list[Event]:
    """A character leaves the fight in the given state; in a group of minions only the one wounded does, and the
    next one stands in its place with no wound marked (ruling arenas-minions)."""
    if st.character(f).minions > 1 and f.members > 1:
        f.members -= 1
        f.marked = []
        return [StatusChanged(f.cid, status, f"one of them: {why}", f.members)]
    f.members = 0 if st.character(f).minions > 1 else f.members
    f.status = status
    return [StatusChanged(f.cid, status, why, 0)]
