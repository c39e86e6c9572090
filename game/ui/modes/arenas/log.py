"""The arenas mode's log: every event in words, with every die (the face die marked) in its details."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.events import Event
from game.modes.arenas import events as ev
from game.modes.arenas.plans import STEPS
from game.ui.eventtext import LogContext, LogLine, signed

STATUS_WORDS = {"out": "is out of the fight", "incapacitated": "is incapacitated", "bleeding": "is bleeding out",
                "dead": "is dead", "up": "fights on"}


def _attack(e: ev.AttackRolled, c: LogContext) -> LogLine:
    instead = f" (taking it for {c.name(e.instead_of)})" if e.instead_of else ""
    verb = {"counter-attack": "counter-attacks", "shot": "shoots at", "aimed shot": "lands an aimed shot on",
            "forced": "attacks, to get past,", "strike": "strikes"}.get(e.kind, "attacks")
    result = "hits" if e.hit else "misses"
    kept = sorted(e.dice, reverse=True)[:2]
    dice = ", ".join(f"[{d}]" if i == 0 else str(d) for i, d in enumerate(e.dice))
    details = [f"{e.weapon}: rolled {dice} ([ ] the face die), kept {' + '.join(map(str, kept))}"]
    details += [f"  {signed(v)} {what}" if v else f"  {what}" for what, v in e.modifiers]
    details.append(f"  total {e.total} against {e.need}: {result}")
    if e.hit and e.dice and e.dice[0] == 10:
        details.append("  a 10 on the face die: 1d3 more damage")
    return LogLine(f"{c.name(e.attacker)} {verb} {c.name(e.target)}{instead}: {e.total} vs {e.need}, {result}",
                   tuple(details), "hit" if e.hit else "miss")


def _wound(e: ev.WoundMarked, c: LogContext) -> LogLine:
    if e.die:
        how = f"d{e.die} rolled {e.rolled}" + (" (face die)" if e.why == "face die" else "")
        why = f" ({e.why})" if e.why not in ("damage", "face die") else ""
        return LogLine(f"{c.name(e.cid)} marks wound {e.wound}{why}", (how,), "damage")
    return LogLine(f"{c.name(e.cid)} marks wound {e.wound} ({e.why})", (), "damage")


def _tested(e: ev.AttributeTested, c: LogContext) -> LogLine:
    result = "passes" if e.success else "fails"
    return LogLine(f"{c.name(e.cid)} tests {e.attribute.title()} ({e.why}): {e.die} + {e.value} = "
                   f"{e.die + e.value} against {e.against}, {result}", (f"1d10 rolled {e.die}",),
                   "info" if e.success else "bad")


def _contest(e: ev.Contested, c: LogContext) -> LogLine:
    penalty = f" {signed(-e.penalty)}" if e.penalty else ""
    mine = e.die + e.value - e.penalty
    theirs = e.their_die + e.their_value
    result = "wins" if e.won else "loses (a tie goes to the one tested against)" if mine == theirs else "loses"
    return LogLine(f"{c.name(e.cid)} tries to {e.what} {c.name(e.target)}: {mine} against {theirs}, {result}",
                   (f"{e.attribute.title()} {e.value} + {e.die}{penalty}",
                    f"{e.their_attribute.title()} {e.their_value} + {e.their_die}"), "info")


def _line(e: Event, c: LogContext) -> LogLine | None:
    n = c.name
    if isinstance(e, ev.EncounterBegan):
        return LogLine(f"The fight begins on {e.map_name}", tuple(f"{n(cid)} in {arena}" for cid, _, _, arena
                                                                  in e.fighters), "turn")
    if isinstance(e, ev.RoundBegan):
        return LogLine(f"Round {e.round}: the game master declares ({e.gm_awesome} Awesome in the bowl)", (), "turn")
    if isinstance(e, ev.ArenaChanged):
        return LogLine(f"{e.arena} changes: {e.was} becomes {e.kind}", (), "turn")
    if isinstance(e, ev.TacticsDeclared):
        told = {"secret": "keeps its tactics secret", "step": f"will act in step {e.step}: {STEPS[e.step - 1]}"
                if e.step else "will do nothing", "all": f"will {e.plan}"}[e.shown]
        return LogLine(f"{n(e.cid)} {told}", (), "info")
    if isinstance(e, ev.TacticsChosen):
        return LogLine(f"(Only you know) {n(e.cid)} will {e.plan}", (f"shown: {e.shown}",), "dim")
    if isinstance(e, ev.AwesomePaid):
        to = ", ".join(n(cid) for cid in e.to) or "the bowl"
        payer = e.payer if e.payer == "game master" else n(e.payer)
        return LogLine(f"The {payer} pays {e.points} Awesome to {to} {e.why}"
                       if e.payer == "game master" else f"{payer} spends {e.points} Awesome {e.why}", (), "info")
    if isinstance(e, ev.PlanSealed):
        return LogLine(f"{n(e.cid)} has chosen (sealed)", (), "dim")
    if isinstance(e, ev.PlanChosen):
        return LogLine(f"(Sealed) {n(e.cid)} will {e.plan}", (), "dim")
    if isinstance(e, ev.PlansRevealed):
        return LogLine("The plans are revealed", tuple(f"{n(cid)}: {words}" for cid, words in e.plans), "turn")
    if isinstance(e, ev.StepBegan):
        return LogLine(f"Step {e.step}: {e.name}", (", ".join(n(cid) for cid in e.actors),), "turn")
    if isinstance(e, ev.InitiativeRolled):
        return LogLine("Initiative: " + ", ".join(f"{n(cid)} {d + a}" for cid, d, a in e.rolls),
                       tuple(f"{n(cid)}: 1d10 rolled {d} + Awareness {a}" for cid, d, a in e.rolls), "info")
    if isinstance(e, ev.Defending):
        return LogLine(f"{n(e.cid)} defends: foes {signed(-e.penalty)} to hit", (), "info")
    if isinstance(e, ev.Protecting):
        return LogLine(f"{n(e.cid)} protects {n(e.friend)}", (), "info")
    if isinstance(e, ev.AttackRolled):
        return _attack(e, c)
    if isinstance(e, ev.WoundMarked):
        return _wound(e, c)
    if isinstance(e, ev.AttributeTested):
        return _tested(e, c)
    if isinstance(e, ev.Contested):
        return _contest(e, c)
    if isinstance(e, ev.Impeded):
        return LogLine(f"{n(e.target)} is impeded by {n(e.cid)}, and cornered", (), "info")
    if isinstance(e, ev.Moved):
        return LogLine(f"{n(e.cid)} {'is hurled' if e.how == 'pushed' else e.how} from {e.came_from} to {e.to}",
                       (), "move")
    if isinstance(e, ev.Held):
        return LogLine(f"{n(e.cid)} cannot {e.act}: {e.why}", (), "dim")
    if isinstance(e, ev.FocusBegan):
        return LogLine(f"{n(e.cid)} focuses: {e.ability.replace('_', ' ')} on {n(e.target)}", (), "info")
    if isinstance(e, ev.Focused):
        went = "goes off" if e.went_off else "is lost"
        return LogLine(f"{n(e.cid)}'s {e.ability.replace('_', ' ')} {went}", (), "info")
    if isinstance(e, ev.Healed):
        wound = f", healing wound {e.wound}" if e.wound else ""
        return LogLine(f"{n(e.healer)} heals {n(e.cid)}{wound}", (), "info")
    if isinstance(e, ev.StatusChanged):
        left = f" ({e.members} left)" if e.members > 1 or e.why.startswith("one of them") else ""
        return LogLine(f"{n(e.cid)} {STATUS_WORDS.get(e.status, e.status)}: {e.why}{left}", (),
                       "bad" if e.status != "up" else "info")
    if isinstance(e, ev.WallBroken):
        told = "the map says" if e.told_by == "the map" else "the game master says"
        return LogLine(f"{n(e.cid)} breaks {e.wall}: the rubble-strewn hole is {e.kind} ({told})",
                       (f"a new arena beside {', '.join(e.beside) or 'nothing'}",), "turn")
    if isinstance(e, ev.ArenaSuggested):
        return LogLine(f"{n(e.cid)} suggests {e.arena} as a {e.kind} arena", (), "info")
    if isinstance(e, ev.SuggestionAnswered):
        if e.drawn:
            return LogLine(f"The game master draws {e.arena} in: a {e.kind} arena beside {', '.join(e.beside)}",
                           (f"suggested by {n(e.cid)}",), "turn")
        return LogLine(f"The game master does not draw {e.arena} in", (f"suggested by {n(e.cid)}",), "dim")
    if isinstance(e, ev.RoundEnded):
        return LogLine(f"Round {e.round} ends", (), "dim")
    if isinstance(e, ev.EncounterEnded):
        who = f"The {e.winner} win" if e.winner else "Nobody wins"
        return LogLine(f"{who}: {e.reason}", (), "turn")
    return None


def log_lines(events: Sequence[Event], context: LogContext) -> list[LogLine]:
    """The events in the arenas mode's words."""
    return [line for e in events if (line := _line(e, context)) is not None]
