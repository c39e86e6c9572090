"""Plans in plain words, for the log, the round board and the declarations the heroes are told."""

from __future__ import annotations

from game.modes.arenas.plans import Plan
from game.modes.arenas.state import ArenasState

ACT_WORDS = {"defend": "defend", "protect": "protect", "shoot": "shoot", "aim": "aim", "focus": "focus",
             "impede": "impede", "move": "move", "attack": "attack", "assist": "assist", "push": "push",
             "wait": "hold back", "break": "break"}


def name_of(st: ArenasState, cid: str) -> str:
    """A character's shown name (or the id, for one the match does not hold)."""
    f = st.fighters.get(cid)
    return f.name if f is not None else cid


def plan_words(st: ArenasState, p: Plan) -> str:
    """A plan as a sentence without a subject: "attack Orc brute (parry +2)"."""
    words = ACT_WORDS[p.act]
    if p.act == "focus":
        words = f"focus: {st.content.abilities[p.ability].name} on {name_of(st, p.target)}"
    elif p.act == "move":
        words = f"move to {p.arena}" + (" (1 Awesome: one arena further)" if p.extra else "")
    elif p.act == "break":
        words = f"break {p.arena}"
    elif p.act == "push":
        words = f"push {', '.join(name_of(st, t) for t in p.targets)} into {p.arena}"
    elif p.target:
        words = f"{words} {name_of(st, p.target)}"
    if p.act == "assist" and p.extra:
        shift = f"attack {name_of(st, p.foe)}" if p.foe else "protect it"
        words += f" (or, for 1 Awesome, {shift})"
    if p.parry == "plus2":
        words += " (parry: +2)"
    elif p.parry == "lowest":
        words += " (parry: the lowest wound)"
    elif p.parry == "daring":
        words += f" (parry: Daring against {name_of(st, p.foe)})"
    return words
