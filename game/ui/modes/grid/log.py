"""The grid mode's log: each event as a line a seat reads, keyed by event type, and the computer's intentions.

Only what the watching seat may know is written: events about combatants it cannot see are left
out, and an enemy's private scores (movement points, Senses, Hidden) are not shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast

from game.core.battlefield import Square
from game.core.events import Action, Event
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
from game.ui.eventtext import LogContext, LogLine, heading_words, roll_lines, signed


@dataclass
class GridLogContext(LogContext):
    """The shared context with the grid's content, to name items, action cards, conditions and auras."""

    content: GridContent | None = None

    def item(self, item: str | None) -> str:
        """An item's name."""
        if item is None:
            return ""
        found = self.content.items.get(item) if self.content else None
        return found.name if found else item

    def action(self, action: str) -> str:
        """An action card's name."""
        found = self.content.actions.get(action) if self.content else None
        return found.name if found else action

    def condition(self, condition: str) -> str:
        """A condition's name."""
        found = self.content.conditions.get(condition) if self.content else None
        return found.name if found else condition

    def aura(self, aura: str) -> str:
        """An aura's name."""
        found = self.content.auras.get(aura) if self.content else None
        return found.name if found else aura


def grid_context(content: Any, names: dict[str, str], own: frozenset[str], known: frozenset[str]) -> GridLogContext:
    """The context a seat's log is written with."""
    return GridLogContext(names, own, known, content)


def _subjects(event: Event) -> list[str]:
    """The combatants an event is about."""
    return [v for v in (getattr(event, f, None) for f in ("cid", "attacker", "target")) if isinstance(v, str)]


def _encounter_began(event: ev.EncounterBegan, _ctx: GridLogContext, _mine: bool) -> LogLine | None:
    return LogLine(f"The encounter begins: {event.map_name}.", kind="round")


def _initiative_rolled(event: ev.InitiativeRolled, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    shown = [cid for cid in event.order if cid in ctx.own or cid in ctx.known]
    details = tuple(line for cid, roll in event.rolls if cid in shown for line in roll_lines(roll, n(cid)))
    order = ", ".join(n(cid) for cid in shown)
    return LogLine(f"Round {event.round}: initiative sets the order {order}.", details, "round")


def _turn_started(event: ev.TurnStarted, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)}'s turn.", kind="turn")


def _movement_points_set(event: ev.MovementPointsSet, ctx: GridLogContext, mine: bool) -> LogLine | None:
    n = ctx.name
    if not mine:
        return None
    return LogLine(f"{n(event.cid)} has {counted(event.points, 'movement point')}.",
                   tuple(roll_lines(event.roll)), "dim")


def _senses_set(event: ev.SensesSet, ctx: GridLogContext, mine: bool) -> LogLine | None:
    n = ctx.name
    if not mine:
        return None
    return LogLine(f"{n(event.cid)}'s Senses are {event.senses}; Hidden is back to 0.",
                   tuple(roll_lines(event.roll)), "dim")


def _resolve_rolled(event: ev.ResolveRolled, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    outcome = "and dies" if event.died else "and rises again" if event.reanimated else "and holds on"
    return LogLine(f"{n(event.cid)}, Unconscious, rolls Resolve {event.roll.result} {outcome}.",
                   tuple(roll_lines(event.roll)), "death" if event.died else "info")


def _turn_skipped(event: ev.TurnSkipped, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} can do nothing this turn ({event.reason}).", kind="dim")


def _moved(event: ev.Moved, ctx: GridLogContext, mine: bool) -> LogLine | None:
    n = ctx.name
    what = counted(len(event.path), "square")
    if mine:
        costs = " + ".join(str(c) for c in event.costs)
        spent = sum(event.costs)
        return LogLine(f"{n(event.cid)} moves {what} for {counted(spent, 'movement point')} "
                       f"({event.movement_left} left).", (f"step costs: {costs}",), "move")
    return LogLine(f"{n(event.cid)} moves {what}.", kind="move")


def _move_stopped(event: ev.MoveStopped, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} stops: {event.reason}.", kind="move")


def _stood_up(event: ev.StoodUp, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} stands up ({counted(event.cost, 'movement point')}).", kind="move")


def _inspired(event: ev.Inspired, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    result = f"and frees {', '.join(n(c) for c in event.freed)}" if event.freed else "" if not event.success \
        else "but nobody needed it"
    verdict = "succeeds" if event.success else "fails"
    return LogLine(f"{n(event.cid)} tries to Inspire: {event.roll.result} against {event.needed} "
                   f"{verdict} {result}".rstrip() + ".", tuple(roll_lines(event.roll)), "info")


def _scanned(event: ev.Scanned, ctx: GridLogContext, mine: bool) -> LogLine | None:
    n = ctx.name
    if not mine:
        return LogLine(f"{n(event.cid)} scans the surroundings.", kind="info")
    return LogLine(f"{n(event.cid)} scans: Senses now {event.senses}.", tuple(roll_lines(event.roll)), "info")


def _hid(event: ev.Hid, ctx: GridLogContext, mine: bool) -> LogLine | None:
    n = ctx.name
    if not mine:
        return LogLine(f"{n(event.cid)} tries to hide.", kind="info")
    return LogLine(f"{n(event.cid)} hides: Hidden now {event.hidden}.", tuple(roll_lines(event.roll)), "info")


def _seen_acting(event: ev.SeenActing, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    # The seat saw the combatant as it began to act, so it may name it even when it sees it no more.
    name = ctx.names.get(event.cid, event.cid)
    if event.act == "move":
        return LogLine(f"{name} moves out of sight.", kind="move")
    if event.act == "scan":
        return LogLine(f"{name} scans the surroundings.", kind="info")
    return LogLine(f"{name} hides: out of sight now." if event.lost else f"{name} tries to hide.", kind="info")


def _picked_up(event: ev.PickedUp, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} picks up the {ctx.item(event.item)}.", kind="item")


def _equipped(event: ev.Equipped, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} equips the {ctx.item(event.item)}.", kind="item")


def _unequipped(event: ev.Unequipped, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} unequips the {ctx.item(event.item)}.", kind="item")


def _dropped(event: ev.Dropped, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} drops the {ctx.item(event.item)}.", kind="item")


def _action_used(event: ev.ActionUsed, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    target = f" on {n(event.target)}" if event.target and event.target != event.cid else ""
    weapon = f" with the {ctx.item(event.weapon)}" if event.weapon else ""
    return LogLine(f"{n(event.cid)} uses {ctx.action(event.action)}{target}{weapon}.", kind="action")


def _weapon_failed(event: ev.WeaponFailed, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)}'s {ctx.item(event.weapon)} fails: Unreliable roll {event.roll.result} "
                   f"is {event.fails_at} or more.", tuple(roll_lines(event.roll)), "miss")


def _attack_rolled(event: ev.AttackRolled, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
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


def _damage_rolled(event: ev.DamageRolled, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    resist = sum(m.amount for m in event.resistance)
    lines = roll_lines(event.roll)
    lines += [f"  {signed(-m.amount)} resistance ({m.source})" for m in event.resistance]
    sums = f"{event.roll.result} {event.damage_type}" + (f" {signed(-resist)} resistance" if resist else "")
    return LogLine(f"Damage to {n(event.target)}: {sums} = {event.amount}.", tuple(lines), "damage")


def _damage_taken(event: ev.DamageTaken, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.target)} takes {event.amount} damage (Damage now {event.damage}).", kind="damage")


def _endurance_rolled(event: ev.EnduranceRolled, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    verdict = "less: a wound" if event.wounded else "enough: no wound"
    return LogLine(f"{n(event.target)} rolls Endurance {event.roll.result} against Damage {event.damage}: "
                   f"{verdict}.", tuple(roll_lines(event.roll)), "damage")


def _wounded(event: ev.Wounded, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.target)} is wounded: Wounds {event.wounds} of Resolve {event.resolve}.",
                   kind="wound")


def _fell_unconscious(event: ev.FellUnconscious, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} falls Unconscious.", kind="death")


def _died(event: ev.Died, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} dies ({event.reason}).", kind="death")


def _healed(event: ev.Healed, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    if not event.amount:
        return LogLine(f"{n(event.cid)} has no wound to heal ({event.source}).", kind="heal")
    return LogLine(f"{n(event.cid)} heals {counted(event.amount, 'wound')} ({event.source}): Wounds now "
                   f"{event.wounds}.", kind="heal")


def _woke(event: ev.Woke, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} regains consciousness, Prone.", kind="heal")


def _reanimated(event: ev.Reanimated, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} rises again, Prone, with {counted(event.wounds, 'wound')}.", kind="death")


def _condition_applied(event: ev.ConditionApplied, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} is {ctx.condition(event.condition)} (rank {event.rank}) from "
                   f"{event.source}.", kind="condition")


def _condition_checked(event: ev.ConditionChecked, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    name = ctx.condition(event.condition)
    if event.removed:
        text = f"{name} ends on {n(event.cid)}."
    else:
        text = f"{name} on {n(event.cid)} drops from rank {event.rank_before} to {event.rank}."
    details = tuple(roll_lines(event.roll, n(event.cid))) if event.roll is not None else \
        ("beneficial: its rank falls by 1",)
    return LogLine(text, details, "condition")


def _condition_removed(event: ev.ConditionRemoved, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{ctx.condition(event.condition)} ends on {n(event.cid)} ({event.source}).",
                   kind="condition")


def _aura_raised(event: ev.AuraRaised, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} raises {ctx.aura(event.aura)} (radius {event.radius}).", kind="condition")


def _aura_ended(event: ev.AuraEnded, ctx: GridLogContext, _mine: bool) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{ctx.aura(event.aura)} around {n(event.cid)} ends.", kind="condition")


def _turn_ended(_event: ev.TurnEnded, _ctx: GridLogContext, _mine: bool) -> LogLine | None:
    return None  # the next "turn" line says as much; keeping the log short keeps it readable


def _retreated(event: ev.Retreated, _ctx: GridLogContext, _mine: bool) -> LogLine | None:
    return LogLine(f"The {event.side} retreat from the encounter!", kind="round")


def _encounter_ended(event: ev.EncounterEnded, _ctx: GridLogContext, _mine: bool) -> LogLine | None:
    who = f"the {event.winner} win" if event.winner else "nobody wins"
    rounds = counted(event.rounds, "round")
    return LogLine(f"The encounter is over after {rounds}: {who} ({event.reason}).",
                   kind="round")


Wording = Callable[[Any, GridLogContext, bool], LogLine | None]  # (event, context, all its subjects the seat's own)
# Each event type's line; an event's type names the function that words it.
WORDS: dict[type[Event], Wording] = {
    ev.EncounterBegan: _encounter_began,
    ev.InitiativeRolled: _initiative_rolled,
    ev.TurnStarted: _turn_started,
    ev.MovementPointsSet: _movement_points_set,
    ev.SensesSet: _senses_set,
    ev.ResolveRolled: _resolve_rolled,
    ev.TurnSkipped: _turn_skipped,
    ev.Moved: _moved,
    ev.MoveStopped: _move_stopped,
    ev.StoodUp: _stood_up,
    ev.Inspired: _inspired,
    ev.Scanned: _scanned,
    ev.Hid: _hid,
    ev.SeenActing: _seen_acting,
    ev.PickedUp: _picked_up,
    ev.Equipped: _equipped,
    ev.Unequipped: _unequipped,
    ev.Dropped: _dropped,
    ev.ActionUsed: _action_used,
    ev.WeaponFailed: _weapon_failed,
    ev.AttackRolled: _attack_rolled,
    ev.DamageRolled: _damage_rolled,
    ev.DamageTaken: _damage_taken,
    ev.EnduranceRolled: _endurance_rolled,
    ev.Wounded: _wounded,
    ev.FellUnconscious: _fell_unconscious,
    ev.Died: _died,
    ev.Healed: _healed,
    ev.Woke: _woke,
    ev.Reanimated: _reanimated,
    ev.ConditionApplied: _condition_applied,
    ev.ConditionChecked: _condition_checked,
    ev.ConditionRemoved: _condition_removed,
    ev.AuraRaised: _aura_raised,
    ev.AuraEnded: _aura_ended,
    ev.TurnEnded: _turn_ended,
    ev.Retreated: _retreated,
    ev.EncounterEnded: _encounter_ended,
}


def log_line(event: Event, ctx: LogContext) -> LogLine | None:
    """The readable line for an event as the watching seat may know it, or None to leave it out."""
    if isinstance(event, ev.TurnStarted) and event.cid == ev.UNSEEN:
        return LogLine("Someone out of sight takes a turn.", kind="dim")
    if isinstance(event, ev.SeenActing):
        return _seen_acting(event, ctx if isinstance(ctx, GridLogContext) else GridLogContext(ctx.names), False)
    subjects = _subjects(event)
    if subjects and not any(s in ctx.own or s in ctx.known for s in subjects):
        return None
    mine = all(s in ctx.own for s in subjects) if subjects else True
    wording = next((WORDS[kind] for kind in type(event).__mro__ if kind in WORDS), None)
    if wording is None:
        return LogLine(type(event).__name__, kind="dim")
    grid_ctx = ctx if isinstance(ctx, GridLogContext) else GridLogContext(ctx.names, ctx.own, ctx.known)
    return wording(event, grid_ctx, mine)


def log_lines(events: Iterable[Event], ctx: LogContext) -> list[LogLine]:
    """The lines of several events, leaving out what the seat may not know."""
    return [line for line in (log_line(e, ctx) for e in events) if line is not None]


def describe_intent(action: Action, actor: str, view: GridView, ctx: GridLogContext) -> str:
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
