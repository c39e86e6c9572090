"""The beats mode in words: each choice as a button says it, and each event as the log says it."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.events import Action, Event
from game.core.secret import ChoiceSealed
from game.modes.beats import events as ev
from game.modes.beats.actions import (
    Act,
    Allow,
    Counter,
    FirstAid,
    Onward,
    Present,
    Reroll,
    Shift,
    Substitute,
    Surrender,
    UseSpecial,
)
from game.modes.beats.content import BeatsContent
from game.modes.beats.state import wound_word
from game.modes.beats.view import BeatsView
from game.ui.eventtext import LogContext, LogLine

VERBS = {"attack": "Attack", "disarm": "Disarm", "disadvantage": "Disadvantage", "arm": "Arm with",
         "kick": "Kick away", "throw": "Throw", "hold": "Hold (do something else)"}


def _name(view: BeatsView, cid: str) -> str:
    who = view.member(cid)
    return who.name if who is not None else cid


def _item(view: BeatsView, item: str) -> str:
    for member in view.members:
        for key, name, _trait in member.tools:
            if key == item:
                return name
    return dict(view.ground).get(item, item.split(":")[-1].split("-")[0].title())


def choice_words(action: Action, view: BeatsView) -> str:
    """A choice as its button says it."""
    if isinstance(action, Present):
        who = view.member(action.cid)
        size, value, _used = who.dice[action.slot] if who else (0, 0, False)
        return f"Present d{size} showing {value}"
    if isinstance(action, Act):
        target = f" {_name(view, action.target)}" if action.target and action.kind != "throw" else ""
        item = f" {_item(view, action.item)}" if action.item else ""
        if action.kind == "throw":
            return f"Throw{item} to {_name(view, action.target)}"
        if action.kind == "disarm":
            return f"Disarm{target} of{item}"
        return f"{VERBS[action.kind]}{target}{item}"
    if isinstance(action, Counter):
        return "Counter with this die"
    if isinstance(action, Substitute):
        who = view.member(action.cid)
        size, value, _used = who.dice[action.slot] if who else (0, 0, False)
        return f"Counter with d{size} showing {value} instead"
    if isinstance(action, Allow):
        return "Let it stand"
    if isinstance(action, Surrender):
        return "Surrender"
    if isinstance(action, Reroll):
        return "Spark: reroll this die"
    if isinstance(action, Shift):
        return f"Spark: move a point from die {action.source + 1} to die {action.dest + 1}"
    if isinstance(action, UseSpecial):
        return f"Special: {action.special.replace('_', ' ').title()}"
    if isinstance(action, FirstAid):
        return f"{_name(view, action.tender)} tends {_name(view, action.patient)}"
    if isinstance(action, Onward):
        return "On to the next fight"
    return type(action).__name__


def _dice(dice: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"d{size} {value}" for size, value in dice)


class BeatsLogContext(LogContext):
    """The log's names: on the table nobody is unseen, and a foe of an earlier fight keeps its name."""

    shown: dict[str, str]

    def __init__(self, content: BeatsContent | None, names: dict[str, str], own: frozenset[str],
                 known: frozenset[str]) -> None:
        super().__init__(names, own, known)
        fighters = {} if content is None else {**content.heroes, **content.foes}
        self.shown = {key: fighter.name for key, fighter in fighters.items()}

    def name(self, cid: str | None) -> str:
        """A combatant's name: as the match named it, else its template's (a number after a second one)."""
        if cid is None:
            return "nobody"
        if cid in self.names:
            return self.names[cid]
        key, _dash, number = cid.rpartition("-")
        if key in self.shown and number.isdigit():
            return f"{self.shown[key]} {number}"
        return self.shown.get(cid, cid)


def log_lines(events: Sequence[Event], context: LogContext) -> list[LogLine]:
    """Every die and every substitution in the log, in plain words (a sealed die is never named)."""
    n = context.name
    out: list[LogLine] = []
    for e in events:
        if isinstance(e, ev.FightBegan):
            out.append(LogLine(f"Fight {e.fight} begins at {e.location.title()}", kind="round"))
        elif isinstance(e, ev.DiceRolled):
            down = e.wound_steps + e.disadvantage_steps
            out.append(LogLine(f"{n(e.cid)} rolls {_dice(e.dice)}" + (f" (turned down {down})" if down else "")))
        elif isinstance(e, ChoiceSealed):
            out.append(LogLine(f"{n(e.seat)} selects a die in secret"))
        elif isinstance(e, ev.DicePresented):
            shown = ", ".join(f"{n(c)} {value} (d{size})" for c, _slot, size, value in e.presented)
            details = tuple(f"tie reroll: {n(c)} {v}" for c, v in e.rolloffs)
            out.append(LogLine(f"Beat {e.beat}: {shown}; {n(e.order[0])} acts first", details, "round"))
        elif isinstance(e, ev.ActionDeclared):
            target = f" {n(e.target)}" if e.target else ""
            out.append(LogLine(f"{n(e.cid)} ({e.value}): {e.kind}{target}"))
        elif isinstance(e, ev.Countered):
            swap = "" if e.put_aside < 0 else f", substituting die {e.slot + 1} and putting die {e.put_aside + 1} aside"
            out.append(LogLine(f"{n(e.cid)} counters {n(e.actor)}: {e.value} beats {e.actor_value}{swap}"))
        elif isinstance(e, ev.CounterDeclined):
            out.append(LogLine(f"{n(e.cid)} lets it stand"))
        elif isinstance(e, ev.Surrendered):
            out.append(LogLine(f"{n(e.cid)} surrenders and leaves the fight", kind="bad"))
        elif isinstance(e, ev.WoundTaken):
            words = f" ({e.wound})" if e.wound else ""
            out.append(LogLine(f"{n(e.cid)} is {wound_word(e.level)}{words}", kind="bad"))
        elif isinstance(e, ev.WoundsReopened):
            out.append(LogLine(f"{n(e.cid)}'s tended wound opens again: {wound_word(e.level)}", kind="bad"))
        elif isinstance(e, ev.ToolMoved):
            out.append(LogLine(f"{n(e.cid)}: {e.kind} {e.item.split(':')[-1].split('-')[0]}"))
        elif isinstance(e, ev.Disadvantaged):
            out.append(LogLine(f"{n(e.cid)} is disadvantaged ({e.steps} down on the next roll)"))
        elif isinstance(e, ev.SparkSpent):
            what = "rerolls" if e.dest < 0 else "shifts a point on"
            out.append(LogLine(f"{n(e.cid)} spends a spark and {what} its dice: now {e.values}"))
        elif isinstance(e, ev.SpecialActivated):
            special = e.special.replace("_", " ")
            out.append(LogLine(f"{n(e.cid)} activates {special}: +{e.roll} (d{e.size}) = {e.total}"))
        elif isinstance(e, ev.FirstAidGiven):
            result = "works" if e.worked else "fails"
            out.append(LogLine(f"{n(e.tender)} tends {n(e.patient)}: {_dice(e.tender_dice)} against "
                               f"{_dice(e.gm_dice)}, {result}"))
        elif isinstance(e, ev.FightEnded):
            out.append(LogLine(f"Fight {e.fight} is won by the {e.winner}", kind="round"))
        elif isinstance(e, ev.RunEnded):
            out.append(LogLine(f"The run is over: {e.reason}", kind="round"))
    return out
