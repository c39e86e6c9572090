"""Events as lines a player reads in the log, each with the dice behind it; actions as intentions.

Only what the watching seat may know is written: events about combatants it cannot see are left
out, and an enemy's private scores (movement points, Senses, Hidden) are not shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.core.geometry import distance
from game.core.pools import PoolRoll
from game.core.wording import counted
from game.modes.grid import events as ev
from game.modes.grid.actions import (
    Drop,
    EndTurn,
    Equip,
    Hide,
    Inspire,
    Move,
    PickUp,
    Retreat,
    RollInitiative,
    Scan,
    StandUp,
    Unequip,
    UseAction,
)
from game.modes.grid.content import GridContent
from game.modes.grid.view import GridView


@dataclass(frozen=True)
class LogLine:
    """One line of the log: its text, the lines shown when it is expanded, and its kind (for colour)."""

    text: str
    details: tuple[str, ...] = ()
    kind: str = "info"


@dataclass
class LogContext:
    """What the log needs to name things and to know what the watching seat may see."""

    content: GridContent
    names: dict[str, str] = field(default_factory=dict)
    own: frozenset[str] = frozenset()
    known: frozenset[str] = frozenset()

    def name(self, cid: str | None) -> str:
        """A combatant's name, or a placeholder for one the seat does not know."""
        if cid is None:
            return "nobody"
        if cid not in self.own and cid not in self.known:
            return "someone unseen"
        return self.names.get(cid, cid)

    def item(self, item: str | None) -> str:
        """An item's name."""
        if item is None:
            return ""
        found = self.content.items.get(item)
        return found.name if found else item

    def action(self, action: str) -> str:
        """An action card's name."""
        found = self.content.actions.get(action)
        return found.name if found else action

    def condition(self, condition: str) -> str:
        """A condition's name."""
        found = self.content.conditions.get(condition)
        return found.name if found else condition

    def aura(self, aura: str) -> str:
        """An aura's name."""
        found = self.content.auras.get(aura)
        return found.name if found else aura


def signed(amount: int) -> str:
    """A modifier as +2 or −2."""
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def roll_lines(roll: PoolRoll, who: str = "") -> list[str]:
    """Every die of a pool roll, its explosions, what was kept, each modifier and its source."""
    head = f"{who}: " if who else ""
    rank = f"{roll.label} rank {roll.rank}"
    if roll.rank_modifiers:
        base = roll.rank - sum(m.amount for m in roll.rank_modifiers)
        parts = ", ".join(f"{signed(m.amount)} {m.source}" for m in roll.rank_modifiers)
        rank += f" ({base} {parts})"
    dice = ", ".join(_die(d.chain) for d in roll.dice)
    lines = [f"{head}{rank}: rolled {dice}"]
    if roll.halved:
        lines.append(f"  rank 0: one die halved, rounding down: {roll.natural}")
    elif len(roll.dice) > 1:
        lines.append(f"  highest die kept: {roll.natural}")
    for m in roll.modifiers:
        lines.append(f"  {signed(m.amount)} from {m.source}")
    if roll.modifiers:
        lines.append(f"  result {roll.result}")
    return lines


def _die(chain: tuple[int, ...]) -> str:
    """One die: a plain value, or an explosion chain such as 10+10+3 (=23)."""
    if len(chain) == 1:
        return str(chain[0])
    return "+".join(str(v) for v in chain) + f" (={sum(chain)}, exploded)"


def _subjects(event: Event) -> list[str]:
    """The combatants an event is about."""
    return [v for v in (getattr(event, f, None) for f in ("cid", "attacker", "target")) if isinstance(v, str)]


def log_line(event: Event, ctx: LogContext) -> LogLine | None:
    """The readable line for an event as the watching seat may know it, or None to leave it out."""
    if isinstance(event, ev.TurnStarted) and event.cid == ev.UNSEEN:
        return LogLine("Someone out of sight takes a turn.", kind="dim")
    subjects = _subjects(event)
    if subjects and not any(s in ctx.own or s in ctx.known for s in subjects):
        return None
    mine = all(s in ctx.own for s in subjects) if subjects else True
    n = ctx.name
    match event:
        case ev.EncounterBegan():
            return LogLine(f"The encounter begins: {event.map_name}.", kind="round")
        case ev.InitiativeRolled():
            shown = [cid for cid in event.order if cid in ctx.own or cid in ctx.known]
            details = tuple(line for cid, roll in event.rolls if cid in shown for line in roll_lines(roll, n(cid)))
            order = ", ".join(n(cid) for cid in shown)
            return LogLine(f"Round {event.round}: initiative sets the order {order}.", details, "round")
        case ev.TurnStarted():
            return LogLine(f"{n(event.cid)}'s turn.", kind="turn")
        case ev.MovementPointsSet():
            if not mine:
                return None
            return LogLine(f"{n(event.cid)} has {counted(event.points, 'movement point')}.",
                           tuple(roll_lines(event.roll)), "dim")
        case ev.SensesSet():
            if not mine:
                return None
            return LogLine(f"{n(event.cid)}'s Senses are {event.senses}; Hidden is back to 0.",
                           tuple(roll_lines(event.roll)), "dim")
        case ev.ResolveRolled():
            outcome = "and dies" if event.died else "and rises again" if event.reanimated else "and holds on"
            return LogLine(f"{n(event.cid)}, Unconscious, rolls Resolve {event.roll.result} {outcome}.",
                           tuple(roll_lines(event.roll)), "death" if event.died else "info")
        case ev.TurnSkipped():
            return LogLine(f"{n(event.cid)} can do nothing this turn ({event.reason}).", kind="dim")
        case ev.Moved():
            what = counted(len(event.path), "square")
            if mine:
                costs = " + ".join(str(c) for c in event.costs)
                spent = sum(event.costs)
                return LogLine(f"{n(event.cid)} moves {what} for {counted(spent, 'movement point')} "
                               f"({event.movement_left} left).", (f"step costs: {costs}",), "move")
            return LogLine(f"{n(event.cid)} moves {what}.", kind="move")
        case ev.MoveStopped():
            return LogLine(f"{n(event.cid)} stops: {event.reason}.", kind="move")
        case ev.StoodUp():
            return LogLine(f"{n(event.cid)} stands up ({counted(event.cost, 'movement point')}).", kind="move")
        case ev.Inspired():
            result = f"and frees {', '.join(n(c) for c in event.freed)}" if event.freed else "" if not event.success \
                else "but nobody needed it"
            verdict = "succeeds" if event.success else "fails"
            return LogLine(f"{n(event.cid)} tries to Inspire: {event.roll.result} against {event.needed} "
                           f"{verdict} {result}".rstrip() + ".", tuple(roll_lines(event.roll)), "info")
        case ev.Scanned():
            if not mine:
                return LogLine(f"{n(event.cid)} scans the surroundings.", kind="info")
            return LogLine(f"{n(event.cid)} scans: Senses now {event.senses}.", tuple(roll_lines(event.roll)), "info")
        case ev.Hid():
            if not mine:
                return LogLine(f"{n(event.cid)} tries to hide.", kind="info")
            return LogLine(f"{n(event.cid)} hides: Hidden now {event.hidden}.", tuple(roll_lines(event.roll)), "info")
        case ev.PickedUp():
            return LogLine(f"{n(event.cid)} picks up the {ctx.item(event.item)}.", kind="item")
        case ev.Equipped():
            return LogLine(f"{n(event.cid)} equips the {ctx.item(event.item)}.", kind="item")
        case ev.Unequipped():
            return LogLine(f"{n(event.cid)} unequips the {ctx.item(event.item)}.", kind="item")
        case ev.Dropped():
            return LogLine(f"{n(event.cid)} drops the {ctx.item(event.item)}.", kind="item")
        case ev.ActionUsed():
            target = f" on {n(event.target)}" if event.target and event.target != event.cid else ""
            weapon = f" with the {ctx.item(event.weapon)}" if event.weapon else ""
            return LogLine(f"{n(event.cid)} uses {ctx.action(event.action)}{target}{weapon}.", kind="action")
        case ev.WeaponFailed():
            return LogLine(f"{n(event.cid)}'s {ctx.item(event.weapon)} fails: Unreliable roll {event.roll.result} "
                           f"is {event.fails_at} or more.", tuple(roll_lines(event.roll)), "miss")
        case ev.AttackRolled():
            a, d = event.attack.result, event.defence.result
            if event.hit:
                verdict = f"hits {n(event.target)} ({a} beats {d})"
            elif a == d:
                verdict = f"misses {n(event.target)} ({a} ties {d}; a tie misses)"
            else:
                verdict = f"misses {n(event.target)} ({a} against {d})"
            details = tuple(roll_lines(event.attack, n(event.attacker)) + roll_lines(event.defence, n(event.target)))
            return LogLine(f"{n(event.attacker)}'s {ctx.action(event.action)} {verdict}.", details,
                           "hit" if event.hit else "miss")
        case ev.DamageRolled():
            resist = sum(m.amount for m in event.resistance)
            lines = roll_lines(event.roll)
            lines += [f"  {signed(-m.amount)} resistance ({m.source})" for m in event.resistance]
            sums = f"{event.roll.result} {event.damage_type}" + (f" {signed(-resist)} resistance" if resist else "")
            return LogLine(f"Damage to {n(event.target)}: {sums} = {event.amount}.", tuple(lines), "damage")
        case ev.DamageTaken():
            return LogLine(f"{n(event.target)} takes {event.amount} damage (Damage now {event.damage}).", kind="damage")
        case ev.EnduranceRolled():
            verdict = "less: a wound" if event.wounded else "enough: no wound"
            return LogLine(f"{n(event.target)} rolls Endurance {event.roll.result} against Damage {event.damage}: "
                           f"{verdict}.", tuple(roll_lines(event.roll)), "damage")
        case ev.Wounded():
            return LogLine(f"{n(event.target)} is wounded: Wounds {event.wounds} of Resolve {event.resolve}.",
                           kind="wound")
        case ev.FellUnconscious():
            return LogLine(f"{n(event.cid)} falls Unconscious.", kind="death")
        case ev.Died():
            return LogLine(f"{n(event.cid)} dies ({event.reason}).", kind="death")
        case ev.Healed() if not event.amount:
            return LogLine(f"{n(event.cid)} has no wound to heal ({event.source}).", kind="heal")
        case ev.Healed():
            return LogLine(f"{n(event.cid)} heals {counted(event.amount, 'wound')} ({event.source}): Wounds now "
                           f"{event.wounds}.", kind="heal")
        case ev.Woke():
            return LogLine(f"{n(event.cid)} regains consciousness, Prone.", kind="heal")
        case ev.Reanimated():
            return LogLine(f"{n(event.cid)} rises again, Prone, with {counted(event.wounds, 'wound')}.", kind="death")
        case ev.ConditionApplied():
            return LogLine(f"{n(event.cid)} is {ctx.condition(event.condition)} (rank {event.rank}) from "
                           f"{event.source}.", kind="condition")
        case ev.ConditionChecked():
            name = ctx.condition(event.condition)
            if event.removed:
                text = f"{name} ends on {n(event.cid)}."
            else:
                text = f"{name} on {n(event.cid)} drops from rank {event.rank_before} to {event.rank}."
            details = tuple(roll_lines(event.roll, n(event.cid))) if event.roll is not None else \
                ("beneficial: its rank falls by 1",)
            return LogLine(text, details, "condition")
        case ev.ConditionRemoved():
            return LogLine(f"{ctx.condition(event.condition)} ends on {n(event.cid)} ({event.source}).",
                           kind="condition")
        case ev.AuraRaised():
            return LogLine(f"{n(event.cid)} raises {ctx.aura(event.aura)} (radius {event.radius}).", kind="condition")
        case ev.AuraEnded():
            return LogLine(f"{ctx.aura(event.aura)} around {n(event.cid)} ends.", kind="condition")
        case ev.TurnEnded():
            return None  # the next "turn" line says as much; keeping the log short keeps it readable
        case ev.Retreated():
            return LogLine(f"The {event.side} retreat from the encounter!", kind="round")
        case ev.EncounterEnded():
            who = f"the {event.winner} win" if event.winner else "nobody wins"
            rounds = counted(event.rounds, "round")
            return LogLine(f"The encounter is over after {rounds}: {who} ({event.reason}).",
                           kind="round")
    return LogLine(type(event).__name__, kind="dim")


def log_lines(events: Iterable[Event], ctx: LogContext) -> list[LogLine]:
    """The lines of several events, leaving out what the seat may not know."""
    return [line for line in (log_line(e, ctx) for e in events) if line is not None]


def describe_intent(action: Action, actor: str, view: GridView, ctx: LogContext) -> str:
    """What a combatant is about to do, in words, naming only what the watching seat knows."""
    name = ctx.name(actor)
    match action:
        case RollInitiative():
            return "Roll initiative for the next round."
        case EndTurn():
            return f"{name} will end the turn."
        case Retreat():
            return f"The {action.side} will retreat."
        case Move():
            where = heading_words(view.combatant(actor), view.combatants, cast(Square, tuple(action.to)), ctx, "move")
            return f"{name} will {where}."
        case StandUp():
            return f"{name} will stand up."
        case Inspire():
            return f"{name} will try to Inspire its allies."
        case Scan():
            return f"{name} will scan the surroundings."
        case Hide():
            return f"{name} will try to hide."
        case PickUp():
            return f"{name} will pick up the {ctx.item(action.item)}."
        case Equip():
            return f"{name} will equip the {ctx.item(action.item)}."
        case Unequip():
            return f"{name} will unequip the {ctx.item(action.item)}."
        case Drop():
            return f"{name} will drop the {ctx.item(action.item)}."
        case UseAction():
            card = ctx.action(action.action)
            if action.target and action.target != actor and (action.target in ctx.known or action.target in ctx.own):
                return f"{name} will use {card} on {ctx.name(action.target)}."
            if action.square is not None:
                return f"{name} will use {card} on an area."
            return f"{name} will use {card}."
    return f"{name} will act."


def heading_words(mover: Any, members: Iterable[Any], to: Square, ctx: LogContext, fallback: str) -> str:
    """Where a move leads, told by the nearest enemy the watching seat knows rather than by coordinates.

    ``mover`` and ``members`` are combatants of a view (any mode's: each with ``cid``, ``side``,
    ``square`` and ``state``); ``fallback`` is said when there is nobody to tell it by.
    """
    if mover is None or mover.square is None:
        return fallback
    foes = [(c.cid, c.square) for c in members if c.side != mover.side and c.square is not None
            and c.state != "dead"]
    if not foes:
        return fallback
    nearest, square = min(foes, key=lambda foe: distance(foe[1], to))
    before, after = distance(mover.square, square), distance(to, square)
    if after < before:
        return f"advance on {ctx.name(nearest)}"
    if after > before:
        return f"fall back from {ctx.name(nearest)}"
    return "reposition"
