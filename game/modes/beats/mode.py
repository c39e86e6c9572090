"""The beats mode (text 004) on the plugin contract: seats decide for their combatants, the run does the rest."""

from __future__ import annotations

from typing import Any, ClassVar

from game.core.battlefield import Battlefield
from game.core.dice import Dice
from game.core.errors import GameError
from game.core.events import Action, Event
from game.core.mapref import resolve_map
from game.core.mode import MatchSetup, ModeBase, Outcome, Pending
from game.core.seats import deciding_seat, seat_for_side
from game.core.secret import ChoiceSealed
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
    action_from_dict,
)
from game.modes.beats.choices import choices, refusal, side_of_decision
from game.modes.beats.content import load_content
from game.modes.beats.gauntlet import encounters
from game.modes.beats.onmap import map_place
from game.modes.beats.run import AID, FOES, HEROES, OVER, Run
from game.modes.beats.view import BeatsView, view_of

DEFAULT_HEROES = ("bruiser", "cutpurse")
DEFAULT_MONSTERS = ("thug", "footpad", "hound")
DEFAULT_FIGHTS = 2
DEFAULT_MAX_ROUNDS = 100


def played_on(options: dict[str, Any]) -> Battlefield | None:
    """The map a match is played on: one given whole, else one named by the "map" option, else none (the table)."""
    battlefield = options.get("battlefield")
    if battlefield is None and options.get("map"):
        battlefield = resolve_map(str(options["map"]), "beats")
    if battlefield is not None and not isinstance(battlefield, Battlefield):
        raise ValueError("the beats mode's 'battlefield' option is not a map")
    return battlefield


class BeatsMode(ModeBase):
    """A run of fights of three dice and three beats a round."""

    name = "beats"
    undoable: ClassVar[bool] = True

    def __init__(self, setup: MatchSetup, dice: Dice) -> None:
        content = load_content()
        options = setup.options
        heroes = list(options.get("heroes") or DEFAULT_HEROES)
        foes = list(options.get("monsters") or DEFAULT_MONSTERS)
        for key in heroes:
            if key not in content.heroes:
                raise GameError(f"the beats mode has no hero {key!r} (heroes: {', '.join(content.heroes)})")
        for key in foes:
            if key not in content.foes:
                raise GameError(f"the beats mode has no foe {key!r} (foes: {', '.join(content.foes)})")
        fights = encounters(foes, int(options.get("fights", DEFAULT_FIGHTS)))
        self.battlefield = played_on(options)
        place = None if self.battlefield is None else map_place(self.battlefield, content)
        self.run = Run(content, dice, heroes, fights, int(options.get("max_rounds") or DEFAULT_MAX_ROUNDS), place)
        self.seats = setup.seats

    def start(self) -> list[Event]:
        """The first fight begins and its first round is rolled."""
        return self.run.begin_fight()

    def seat_of(self, side: str, cid: str | None) -> str:
        """The seat deciding for a combatant (one naming it, else its side's), or for its side between fights."""
        members = [c for c, who in self.run.combatants.items() if who.side == side]
        if cid is None:
            return seat_for_side(self.seats, side, members).name
        return deciding_seat(self.seats, side, cid, members).name

    def pending(self) -> Pending | None:
        """The decision awaited: its kind, seat and combatant."""
        side = side_of_decision(self.run)
        if side is None:
            return None
        cid = self.run.deciding()
        return Pending(self.run.phase, self.seat_of(side, cid), cid, side)

    def pending_seat(self) -> str | None:
        """The seat whose decision the run waits for."""
        pending = self.pending()
        return None if pending is None else pending.seat

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action the seat may take now."""
        return choices(self.run) if self.pending_seat() == seat else []

    def check(self, action: Action, seat: str) -> str | None:
        """Why the action may not be taken now, or None."""
        if self.pending_seat() != seat:
            return f"it is not {seat}'s decision"
        if action not in choices(self.run):
            return refusal(self.run, action)
        return None

    def apply(self, action: Action, seat: str) -> list[Event]:
        """Play a legal action."""
        run = self.run
        if isinstance(action, Present):
            return run.present(action.cid, action.slot)
        if isinstance(action, Act):
            return run.act(action)
        if isinstance(action, Counter):
            return run.counter(action.cid, None)
        if isinstance(action, Substitute):
            return run.counter(action.cid, action.slot)
        if isinstance(action, Allow):
            return run.allow(action.cid)
        if isinstance(action, Surrender):
            return run.surrender(action.cid)
        if isinstance(action, Reroll):
            return run.reroll(action.cid)
        if isinstance(action, Shift):
            return run.shift(action.cid, action.source, action.dest)
        if isinstance(action, UseSpecial):
            return run.special(action.cid, action.special)
        if isinstance(action, FirstAid):
            return run.tend(action.tender, action.patient)
        if isinstance(action, Onward):
            return run.onward()
        raise ValueError(f"not an action of the beats mode: {action!r}")

    def outcome(self) -> Outcome | None:
        """Who won the run, once it is over."""
        if self.run.phase != OVER:
            return None
        return Outcome(self.run.winner, self.run.reason, self.run.total_rounds)

    def view(self, seat: str) -> BeatsView:
        """What the seat may know: the table, its own sealed dice, nobody else's."""
        named = next((s for s in self.seats if s.name == seat), None)
        mine = {c for c, who in self.run.combatants.items()
                if named is not None and self.seat_of(who.side, c) == named.name}
        return view_of(self.run, seat, frozenset(mine), self.pending(), self.outcome())

    def undo_block(self, action: Action, events: list[Event], before: Any, after: Any) -> str | None:
        """Only a die selected in secret, before the reveal, may be taken back: it rolled nothing, showed nothing."""
        if not isinstance(action, Present):
            return "only a die selected before the reveal can be taken back"
        if any(not isinstance(e, ChoiceSealed) for e in events):
            return "the dice have been shown"
        return None

    def casualties(self) -> dict[str, dict[str, Any]]:
        """Each hero's wounds by the end, and whether it lies helpless (the foes change every fight)."""
        return {cid: {"side": HEROES, "template": who.template.id, "wounds": who.wounds, "dead": who.helpless}
                for cid, who in self.run.combatants.items() if who.side == HEROES}

    def action_from_dict(self, data: dict[str, Any]) -> Action:
        """An action back from its saved form."""
        return action_from_dict(data)


__all__ = ["AID", "FOES", "HEROES", "BeatsMode"]
