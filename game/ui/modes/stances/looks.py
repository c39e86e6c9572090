"""What the stances screen shows of a fighter and a decision: colours, stance badges, the words of a decision."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.battlefield import Battlefield
from game.core.events import Action
from game.core.fov import SightMap
from game.core.geometry import distance
from game.core.rolls import step_down
from game.modes.stances import actions as act
from game.modes.stances.view import EngagementView, FighterView
from game.ui import theme
from game.ui.modes.stances.log import (
    SIDE_INTENTS,
    stance_word,
)
from game.ui.panels import TextLine

STANCES = ("cunning", "agility", "might", "defensive")
STANCE_COLOURS = {"cunning": (150, 200, 255), "agility": (140, 230, 150), "might": (255, 170, 90),
                  "defensive": (210, 210, 220)}
SIDE_COLOURS = {"heroes": (110, 170, 255), "monsters": (235, 96, 80)}
HERO_COLOURS = ((86, 140, 230), (80, 190, 150), (220, 190, 80), (190, 120, 220), (90, 200, 220), (230, 140, 90))
KIND_WORDS = {"priority": "has priority", "join": "may join the engagement", "stance": "picks a stance in secret",
              "declare": "declares in secret", "sidestep": "may sidestep", "damage": "takes damage",
              "fall": "is at 0 hit points or fewer"}

# The toolbar's status line is short (about 400 pixels at 1280 wide): the words of each decision there
# are the shortest that still say it; the panel on the right says it in full.
STATUS_WORDS = {"priority": "has priority", "join": "may join", "stance": "picks a stance", "declare": "declares",
                "sidestep": "may sidestep", "damage": "takes damage", "fall": "has no HP left"}


def status_words(round_: int, kind: str, who: str, side: bool, mine: bool, hit_points: int | None = None) -> str:
    """The status line for a pending decision, e.g. "Round 3 · monsters may join (computer)"; a fighter deciding
    whether it falls says its real hit points, below zero too ("Priest is at -2 HP")."""
    words = STATUS_WORDS.get(kind, kind)
    if kind == "fall" and hit_points is not None:
        words = f"is at {hit_points} HP"
    if side:
        words = words.replace("has ", "have ")  # a side: the plural verb
    return f"Round {round_} \u00b7 {who} {words} ({'you' if mine else 'computer'})"


def intent_lines(lines: list[TextLine]) -> list[TextLine]:
    """The computer's intention: a side's reads as one sentence ("Intends to pass"), a fighter's after "Intends to:"."""
    for i, line in enumerate(lines[:-1]):
        if line.text == "Intends to:" and lines[i + 1].text in SIDE_INTENTS.values():
            merged = TextLine(f"Intends to {lines[i + 1].text}", "body", theme.TEXT, gap=line.gap)
            return [*lines[:i], merged, *lines[i + 2:]]
    return lines


def damage_choices(f: FighterView, amount: int) -> list[tuple[str, Action, str]]:
    """Shrug off or take it all, the sensible one first: a shrug that saves nothing only costs a heart die size."""
    smaller = step_down(f.heart)
    taken = -(-amount // 2)  # "you take half as much damage" (ruling stances-shrug-rounding: rounding up)
    take = (f"Take all {amount}", act.TakeDamage(f.cid), "Keep the heart die")
    if not smaller:
        shrug = ("Shrug off (at d4: full damage)", act.ShrugOff(f.cid), "At d4 the heart die cannot fall")
        return [shrug, take]
    tip = "Halve the damage, rounding up; the heart die falls a size"
    if taken >= amount:  # still allowed by the text, but half of 1 rounded up is 1
        shrug = (f"Shrug off: saves nothing, heart d{f.heart} to d{smaller}", act.ShrugOff(f.cid),
                 f"{tip}: half of {amount} rounded up is still {taken}")
        return [take, shrug]
    return [(f"Shrug off: take {taken}, heart d{f.heart} to d{smaller}", act.ShrugOff(f.cid), tip), take]


def hero_colour(hero: str, party: Sequence[str]) -> tuple[int, int, int]:
    """A hero's token colour: by its place in the party, as the screen gives it (the next free one if not in it)."""
    index = list(party).index(hero) if hero in party else len(party)
    return HERO_COLOURS[index % len(HERO_COLOURS)]


def stance_mark(f: FighterView, engagement: EngagementView | None) -> str:
    """What a fighter in the engagement is doing about its stance now, as far as the seat may know it."""
    if not f.in_engagement or engagement is None:
        return ""
    if f.state != "up" or (engagement.stances_revealed and f.stance is None):
        return "no stance"  # ruling stances-no-stance: "An unconscious fighter ... takes no stance"
    if engagement.stances_revealed:
        return stance_word(f.stance)
    if engagement.stage == "joining":
        return "engaged"  # nobody picks a stance until the joining is over
    if f.stance is not None:
        return f"{stance_word(f.stance)} (sealed)"  # the seat's own: "sealed until ... revealed together"
    return "stance chosen" if f.chose_stance else "choosing a stance"


def stance_badge(f: FighterView, engagement: EngagementView | None) -> tuple[str, tuple[int, int, int]] | None:
    """The short word on a fighter's token for its stance now, with its colour; None when it has none to show."""
    mark = stance_mark(f, engagement)
    if mark in ("", "no stance", "engaged"):
        return None
    if mark == "stance chosen":
        return "chosen", theme.TEXT_DIM
    if mark == "choosing a stance":
        return "\u2026", theme.TEXT_DIM
    return stance_word(f.stance), STANCE_COLOURS.get(f.stance or "", theme.TEXT_DIM)


_SIGHT: list[tuple[Battlefield, SightMap]] = []  # the last map's sight, worked out once


def in_reach(battlefield: Battlefield, a: FighterView, b: FighterView) -> bool:
    """Whether b stands within a's weapon range and in its sight, as the rules judge an attack (ruling
    stances-range: "walls that block sight block an attack too")."""
    if a.square is None or b.square is None or distance(a.square, b.square) > a.reach:
        return False
    if not _SIGHT or _SIGHT[0][0] is not battlefield:
        _SIGHT[:] = [(battlefield, SightMap(battlefield))]
    return _SIGHT[0][1].can_see(a.square, b.square)


def declaration_choice(action: Action) -> str:
    """A declaration as its option says it under its target's name (the whole sentence, with the target, would
    be cut short in the controls)."""
    match action:
        case act.Attack():
            return "Attack to push" if action.push else "Attack to execute" if action.execute else "Attack"
        case act.Grapple():
            return f"Grapple with {'one hand' if action.hands == 1 else 'both hands'}"
        case act.Climb():
            return "Climb onto it"
        case act.SidestepFirst():
            return "Sidestep first"
        case act.Forgo():
            return "Make no attack"
    return type(action).__name__
