"""The stances mode in words: events as log lines with every die behind them, actions as intentions."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from game.core.battlefield import Square
from game.core.events import Action, Event
from game.core.rolls import SumRoll
from game.core.secret import ChoiceSealed, ChoicesRevealed
from game.modes.stances import actions as act
from game.modes.stances import events as ev
from game.modes.stances.view import StancesView
from game.ui.eventtext import LogContext, LogLine, heading_words, signed

STANCE_WORDS = {"cunning": "Cunning", "agility": "Agility", "might": "Might", "defensive": "Defensive"}
def stance_word(stance: str | None) -> str:
    """A stance's name as the screen writes it."""
    return STANCE_WORDS.get(stance or "", stance or "")


def sum_lines(roll: SumRoll, who: str = "") -> list[str]:
    """Every die of a summed roll with its source, each modifier, the attempts advantage set aside, the result."""
    head = f"{who}: " if who else ""
    dice = " + ".join(f"d{d.sides} {d.source} {d.value}" for d in roll.dice)
    lines = [f"{head}{roll.label}: {dice} = {roll.natural}"]
    for m in roll.modifiers:
        lines.append(f"  {signed(m.amount)} from {m.source}")
    if roll.advantage:
        word = "advantage" if roll.advantage > 0 else "disadvantage"
        lines.append(f"  {abs(roll.advantage)} level{'s' if abs(roll.advantage) > 1 else ''} of {word}: "
                     f"the {'best' if roll.advantage > 0 else 'worst'} of {1 + abs(roll.advantage)} kept")
        for attempt in roll.set_aside:
            shown = " + ".join(f"d{d.sides} {d.value}" for d in attempt)
            lines.append(f"  set aside: {shown} = {sum(d.value for d in attempt)}")
    if roll.halved:
        lines.append("  halved, rounding up")
    if roll.modifiers or roll.halved:
        lines.append(f"  result {roll.result}")
    return lines


COMPASS = {(0, -1): "north", (1, -1): "north-east", (1, 0): "east", (1, 1): "south-east", (0, 1): "south",
           (-1, 1): "south-west", (-1, 0): "west", (-1, -1): "north-west"}


def step_words(origin: Square | None, to: Square) -> str:
    """Which way one step went, by the map's compass (north at the top), e.g. "one square north-east"."""
    if origin is None:
        return "one square"
    delta = ((to[0] > origin[0]) - (to[0] < origin[0]), (to[1] > origin[1]) - (to[1] < origin[1]))
    return f"one square {COMPASS[delta]}" if delta in COMPASS else "one square"


def declaration_words(action: Action, ctx: LogContext) -> str:
    """A revealed declaration as words."""
    n = ctx.name
    match action:
        case act.Attack():
            how = " (to push)" if action.push else " (to execute)" if action.execute else ""
            return f"{n(action.cid)} attacks {n(action.target)}{how}"
        case act.Grapple():
            hands = "one hand" if action.hands == 1 else "both hands"
            return f"{n(action.cid)} grapples {n(action.target)} with {hands}"
        case act.Climb():
            return f"{n(action.cid)} climbs onto {n(action.target)}"
        case act.SidestepFirst():
            return f"{n(action.cid)} sidesteps first"
        case act.Forgo():
            return f"{n(action.cid)} makes no attack"
    return f"{n(getattr(action, 'cid', None))}: {type(action).__name__}"


SEALED = "Sealed until everyone of this stance has declared"


def declaration_tip(action: Action, stance: str | None, push: int) -> str:
    """What a declaration does, from text 001, for its option's tooltip; ``push`` is the weapon's push in squares."""
    roll = f"heart + {stance or 'stance'} die + weapon die against its defence roll; it takes the difference"
    match action:
        case act.Attack() if action.push:
            what = (f"Attack ({roll}); on a hit that deals damage, push it up to {push} square"
                    f"{'s' if push != 1 else ''} straight away from you, after this stance's damage")
        case act.Attack() if action.execute:
            what = f"Attack ({roll}); Execute doubles the damage after the defence roll, once per fight"
        case act.Attack():
            what = f"Attack: {roll}"
        case act.Grapple():
            half = "; one hand halves your check, rounding up" if action.hands == 1 else ""
            what = (f"Instead of attacking: your might check against its might or agility; higher and it is "
                    f"grappled, after all attack rolls{half}")
        case act.Climb():
            what = ("Instead of attacking: your agility check against its might or agility; on it, your attacks "
                    "on it have advantage; after all attack rolls")
        case act.SidestepFirst():
            what = ("Sidestep first, then choose whom to attack: those who attack before moving attack before "
                    "you")
        case act.Forgo():
            what = "Make no attack this time" + (" (and no sidestep)" if stance == "agility" else "")
        case _:
            what = declaration_words(action, LogContext())
    return f"{what}. {SEALED}"


def _encounter_began(event: ev.EncounterBegan, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"The encounter begins: {event.map_name}.", kind="round")


def _round_began(event: ev.RoundBegan, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"Round {event.round} begins: the {event.side} have priority.", kind="round")


def _round_ended(event: ev.RoundEnded, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"Round {event.round} ends.", kind="round")


def _priority_passed(event: ev.PriorityPassed, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"Priority passes to the {event.side} ({event.reason}).", kind="turn")


def _passed(event: ev.Passed, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"The {event.side} pass.", kind="dim")


def _dashed(event: ev.Dashed, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} dashes {len(event.path)} square{'s' if len(event.path) != 1 else ''}.",
                   tuple(f"  through {x},{y}" for x, y in event.path))


def _helped(event: ev.Helped, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} helps {n(event.ally)}: advantage on its next roll this round.")


def _healed(event: ev.Healed, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} heals {n(event.target)} for {event.gained}: {event.hit_points} hit "
                   f"points (at most {event.cap}).", tuple(sum_lines(event.roll)), "good")


def _wounds_treated(event: ev.WoundsTreated, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    parts = [f"{d} {before} to {'gone' if after < 0 else after}" for d, before, after in event.wounds]
    return LogLine(f"{n(event.cid)} treats {n(event.target)}'s wounds: {', '.join(parts) or 'none'}.",
                   tuple(sum_lines(event.roll)), "good")


def _engagement_entered(event: ev.EngagementEntered, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} engages {n(event.target)}.", kind="turn")


def _joined(event: ev.Joined, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} joins the engagement.")


def _stayed_out(event: ev.StayedOut, _ctx: LogContext) -> LogLine | None:
    # Joining goes back and forth until both sides stay out one after the other (ruling stances-join),
    # so a side that stays out now may still join later: "no more" would be wrong.
    return LogLine(f"The {event.side} let the chance to join pass.", kind="dim")


def _choice_sealed(event: ChoiceSealed, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    waiting = f" (waiting for {', '.join(n(c) for c in event.waiting_for)})" if event.waiting_for else ""
    done = "declared" if event._what == "declaration" else "chosen"
    return LogLine(f"{n(event.seat)} has {done} in secret{waiting}.", kind="dim")


def _choices_revealed(event: ChoicesRevealed, ctx: LogContext) -> LogLine | None:
    return _revealed(event, ctx)


def _stance_step_began(event: ev.StanceStepBegan, _ctx: LogContext) -> LogLine | None:
    part = f" ({event.part})" if event.part else ""
    return LogLine(f"{stance_word(event.stance)} attacks{part}.", kind="turn")


def _no_attack(event: ev.NoAttack, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} cannot attack: {event.reason}.", kind="dim")


def _attack_rolled(event: ev.AttackRolled, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    extra = " (executed: doubled)" if event.execute else ""
    halved = ", halved by the defensive stance" if event.defensive else ""
    head = (f"{n(event.attacker)} attacks {n(event.target)} ({event.stance}): {event.attack.result} against "
            f"{event.defence.result}, {event.damage} damage{extra}{halved}.")
    return LogLine(head, tuple(sum_lines(event.attack) + sum_lines(event.defence)),
                   "hit" if event.damage else "miss")


def _contest_rolled(event: ev.ContestRolled, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    who = f"{n(event.loser)} loses by {event.damage}" if event.loser else "a tie: no damage"
    head = (f"{n(event.attacker)} and {n(event.target)} clash ({event.stance}): {event.attack.result} against "
            f"{event.counter.result}, {who}.")
    return LogLine(head, tuple(sum_lines(event.attack) + sum_lines(event.counter)),
                   "hit" if event.loser else "miss")


def _damage_taken(event: ev.DamageTaken, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    how = f", shrugged off (heart die now d{event.heart})" if event.shrugged else ""
    return LogLine(f"{n(event.cid)} takes {event.amount} damage{how}: {event.hit_points} hit points left.",
                   kind="hit" if event.amount else "miss")


def _wounded(event: ev.Wounded, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} is wounded: {event.description} (rank {event.rank}).", kind="hit")


def _fell_to_zero(event: ev.FellToZero, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} is at {event.hit_points} hit points.", kind="hit")


def _kept_fighting(event: ev.KeptFighting, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} keeps fighting.")


def _went_unconscious(event: ev.WentUnconscious, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} goes unconscious ({event.reason}).", kind="hit")


def _woke(event: ev.Woke, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} wakes.", kind="good")


def _died(event: ev.Died, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} dies.", kind="hit")


def _pushed(event: ev.Pushed, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.by)} pushes {n(event.cid)} back {len(event.path)} square"
                   f"{'s' if len(event.path) != 1 else ''}.")


def _push_blocked(event: ev.PushBlocked, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.by)} cannot push {n(event.cid)}: {event.reason}.", kind="dim")


def _sidestepped(event: ev.Sidestepped, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} sidesteps {step_words(event._origin, event.to)}.")


def _stayed_put(event: ev.StayedPut, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} stays put.", kind="dim")


def _offensive_rolled(event: ev.OffensiveRolled, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    verb = "grapples" if event.kind == "grapple" else "climbs onto"
    result = "succeeds" if event.success else "fails"
    return LogLine(f"{n(event.cid)} {verb} {n(event.target)}: {event.check.result} against "
                   f"{event.resist.result}, {result}.", tuple(sum_lines(event.check) + sum_lines(event.resist)),
                   "hit" if event.success else "miss")


def _offensive_failed(event: ev.OffensiveFailed, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)} cannot {event.kind} {n(event.target)}: {event.reason}.", kind="dim")


def _hold_ended(event: ev.HoldEnded, ctx: LogContext) -> LogLine | None:
    n = ctx.name
    return LogLine(f"{n(event.cid)}'s {event.kind} on {n(event.target)} ends: {event.reason}.")


def _engagement_ended(event: ev.EngagementEnded, _ctx: LogContext) -> LogLine | None:
    return LogLine(f"The engagement ends; the {event.priority} have priority.", kind="turn")


def _encounter_ended(event: ev.EncounterEnded, _ctx: LogContext) -> LogLine | None:
    won = f"the {event.winner} win" if event.winner else "nobody wins"
    return LogLine(f"The encounter ends after {event.rounds} rounds: {won} ({event.reason}).", kind="round")


# Each event type's line, by the event's type; an event not listed leaves nothing in the log.
WORDS: dict[type[Event], Callable[[Any, LogContext], LogLine | None]] = {
    ev.EncounterBegan: _encounter_began,
    ev.RoundBegan: _round_began,
    ev.RoundEnded: _round_ended,
    ev.PriorityPassed: _priority_passed,
    ev.Passed: _passed,
    ev.Dashed: _dashed,
    ev.Helped: _helped,
    ev.Healed: _healed,
    ev.WoundsTreated: _wounds_treated,
    ev.EngagementEntered: _engagement_entered,
    ev.Joined: _joined,
    ev.StayedOut: _stayed_out,
    ChoiceSealed: _choice_sealed,
    ChoicesRevealed: _choices_revealed,
    ev.StanceStepBegan: _stance_step_began,
    ev.NoAttack: _no_attack,
    ev.AttackRolled: _attack_rolled,
    ev.ContestRolled: _contest_rolled,
    ev.DamageTaken: _damage_taken,
    ev.Wounded: _wounded,
    ev.FellToZero: _fell_to_zero,
    ev.KeptFighting: _kept_fighting,
    ev.WentUnconscious: _went_unconscious,
    ev.Woke: _woke,
    ev.Died: _died,
    ev.Pushed: _pushed,
    ev.PushBlocked: _push_blocked,
    ev.Sidestepped: _sidestepped,
    ev.StayedPut: _stayed_put,
    ev.OffensiveRolled: _offensive_rolled,
    ev.OffensiveFailed: _offensive_failed,
    ev.HoldEnded: _hold_ended,
    ev.EngagementEnded: _engagement_ended,
    ev.EncounterEnded: _encounter_ended,
}


def log_line(event: Event, ctx: LogContext) -> LogLine | None:
    """The readable line for one event of a stances match."""
    wording = next((WORDS[kind] for kind in type(event).__mro__ if kind in WORDS), None)
    return wording(event, ctx) if wording is not None else None


def _revealed(event: ChoicesRevealed, ctx: LogContext) -> LogLine:
    """The reveal of stances, or of one step's declarations."""
    if all(isinstance(choice, str) for _cid, choice in event.choices):
        parts = [f"{ctx.name(cid)} {stance_word(choice)}" for cid, choice in event.choices]
        return LogLine("Stances revealed: " + ", ".join(parts) + ".", kind="round")
    parts = [declaration_words(choice, ctx) for _cid, choice in event.choices]
    return LogLine("Declared: " + "; ".join(parts) + ".", kind="turn")


def log_lines(events: Iterable[Event], ctx: LogContext) -> list[LogLine]:
    """The readable lines for several events."""
    return [line for e in events if (line := log_line(e, ctx)) is not None]


# What a side (not one fighter) intends, worded to follow "Intends to": the screen writes "Intends to pass".
SIDE_INTENTS = {"Pass": "pass", "StayOut": "let the chance to join pass"}


def describe_intent(action: Action, ctx: LogContext, view: StancesView) -> str:
    """What the computer is about to do, keeping a secret choice secret; where it goes told by the nearest enemy."""
    n = ctx.name

    def heading(cid: str, to: Square) -> str:
        return heading_words(view.fighter(cid), view.fighters, cast(Square, tuple(to)), ctx, "another square")

    match action:
        case act.ChooseStance():
            return f"{n(action.cid)} picks a stance in secret"
        case act.Attack() | act.Grapple() | act.Climb() | act.SidestepFirst() | act.Forgo():
            return f"{n(action.cid)} declares in secret what it does"
        case act.Dash():
            return f"{n(action.cid)} dashes to {heading(action.cid, action.to)}"
        case act.Engage():
            return f"{n(action.cid)} engages {n(action.target)}"
        case act.Help():
            return f"{n(action.cid)} helps {n(action.ally)}"
        case act.UseAbility():
            return f"{n(action.cid)} uses {action.ability} on {n(action.target)}"
        case act.TreatWounds():
            return f"{n(action.cid)} treats {n(action.target)}'s wounds"
        case act.Join():
            return f"{n(action.cid)} joins the engagement"
        case act.StayOut():
            return SIDE_INTENTS["StayOut"]
        case act.Pass():
            return SIDE_INTENTS["Pass"]
        case act.Sidestep():
            return f"{n(action.cid)} sidesteps to {heading(action.cid, action.to)}"
        case act.StayPut():
            return f"{n(action.cid)} stays put"
        case act.ShrugOff():
            return f"{n(action.cid)} shrugs the damage off"
        case act.TakeDamage():
            return f"{n(action.cid)} takes the damage"
        case act.GoUnconscious():
            return f"{n(action.cid)} goes unconscious"
        case act.KeepFighting():
            return f"{n(action.cid)} keeps fighting"
    return type(action).__name__

